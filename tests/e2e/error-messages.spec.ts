import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Page, Route } from "@playwright/test";
import { settings } from "#db/schema";
import { FAILURE_MESSAGES } from "#app/domain/failures";
import { FAULT_HEADER, type Fault } from "#app/lib/faults.server";
import { MOVE_MESSAGES } from "#app/domain/moves";
import { MESSAGES } from "#app/domain/auth";
import { addMove, addTrailer, expect, expectConsoleErrors, failedLoad, hydrated, test, UNREADABLE_DATA_ANSWER, visit } from "./fixtures";

/**
 * When loading or saving fails — the server errs or cannot be reached — each screen says so with
 * the spec's message for it and offers to try again; once the server answers, trying again works.
 * The failures are made in the browser: Remix's data requests (`….data`) are aborted (no answer)
 * or answered with a bare 500 or a proxy's error page; or by the server, whose writes fail when
 * the request carries the fault header.
 */

/** No answer, a bare 500, a proxy's HTML error page (502 Bad Gateway), or a write the server itself fails (`X-Yardline-Fault`). */
type Failure = "abort" | "500" | "proxy-502" | Fault;
/** The path of any of Remix's data requests. */
const DATA = /[^?]*\.data/;

const CONSOLE_ERRORS: Record<Failure, RegExp[]> = {
  abort: [failedLoad("net::ERR_INTERNET_DISCONNECTED", DATA)],
  "500": [failedLoad(500, DATA), UNREADABLE_DATA_ANSWER],
  "proxy-502": [failedLoad(502, DATA), UNREADABLE_DATA_ANSWER],
  "write-500": [failedLoad(500, DATA)],
  "write-503": [failedLoad(503, DATA)],
};

/** Makes the page's data requests matching `matches` fail (only `method` ones, when given) until `restore` is called. */
async function failRequests(page: Page, matches: (url: URL) => boolean, how: Failure, method?: string) {
  // The page's failed loads, and for an answer that is not data Remix's error reading it.
  expectConsoleErrors(...CONSOLE_ERRORS[how]);
  const handler = (route: Route) => {
    const request = route.request();
    if (method && request.method() !== method) return route.continue();
    if (how === "abort") return route.abort("internetdisconnected");
    if (how === "500") return route.fulfill({ status: 500, body: "Internal Server Error" });
    if (how === "proxy-502") return route.fulfill({ status: 502, contentType: "text/html", body: "<h1>502 Bad Gateway</h1>" });
    return route.continue({ headers: { ...request.headers(), [FAULT_HEADER.toLowerCase()]: how } });
  };
  const pattern = (url: URL) => url.pathname.endsWith(".data") && matches(url);
  await page.route(pattern, handler);
  return () => page.unroute(pattern, handler);
}

const anyData = () => true;
const LIST_FAILED_TRAILERS = "Failed to fetch trailers";
const header = (page: Page) => page.getByRole("link", { name: "Yardline home" });

test("the Trailers tab that fails to load says 'Failed to fetch trailers' under the header, and Retry brings the list back", async ({
  page,
  newUser,
  signInAs,
}) => {
  const manager = await newUser("manager");
  await signInAs(page, manager.email);
  await visit(page, "/?tab=trucks");

  const restore = await failRequests(page, anyData, "abort");
  await page.getByRole("link", { name: "Trailers", exact: true }).click();
  const alert = page.getByRole("alert");
  await expect(alert.getByRole("heading")).toHaveText(LIST_FAILED_TRAILERS);
  await expect(alert).toContainText("The server could not be reached.");
  await expect(header(page)).toBeVisible();

  // Still failing: Retry says so again.
  await alert.getByRole("button", { name: "Retry" }).click();
  await expect(alert.getByRole("heading")).toHaveText(LIST_FAILED_TRAILERS);

  await restore();
  await alert.getByRole("button", { name: "Retry" }).click();
  await expect(page.getByRole("alert")).toHaveCount(0);
  await expect(page.locator("table tbody tr").first()).toBeVisible();
  await expect(page.getByRole("link", { name: "Trailers", exact: true })).toHaveAttribute("aria-current", "page");
});

test("a server error on another tab names that list and never shows the raw answer", async ({ page, newUser, signInAs }) => {
  const manager = await newUser("manager");
  await signInAs(page, manager.email);
  await visit(page, "/");
  const restore = await failRequests(page, anyData, "500");
  await page.getByRole("link", { name: "Users", exact: true }).click();
  const alert = page.getByRole("alert");
  await expect(alert.getByRole("heading")).toHaveText("Failed to fetch users");
  await expect(page.getByText("Internal Server Error")).toHaveCount(0);
  await expect(header(page)).toBeVisible();
  await restore();
  await alert.getByRole("button", { name: "Retry" }).click();
  await expect(page.getByRole("alert")).toHaveCount(0);
  await expect(page.locator("table tbody tr").first()).toBeVisible();
});

test("a trailer's page that fails to load says 'Error loading trailer'; a truck's and a user's their own; Retry shows the page", async ({
  page,
  newUser,
  signInAs,
}) => {
  const manager = await newUser("manager");
  await signInAs(page, manager.email);
  const cases = [
    { tab: "/", detail: /\/trailers\/\d+$/, message: FAILURE_MESSAGES.trailer, heading: /^Trailer / },
    { tab: "/?tab=trucks", detail: /\/trucks\/\d+$/, message: FAILURE_MESSAGES.truck, heading: /^Truck / },
    { tab: "/?tab=users", detail: /\/users\/\d+$/, message: FAILURE_MESSAGES.user, heading: /@/ },
  ];
  for (const { tab, detail, message, heading } of cases) {
    await visit(page, tab);
    const restore = await failRequests(page, anyData, "abort");
    await page.locator("table tbody tr").first().getByRole("link").first().click();
    await expect(page).toHaveURL(detail);
    const alert = page.getByRole("alert");
    await expect(alert.getByRole("heading")).toHaveText(message);
    await expect(header(page)).toBeVisible();
    await restore();
    await alert.getByRole("button", { name: "Retry" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
    await expect(page.getByRole("alert")).toHaveCount(0);
  }
});

test("an admin's accounts that fail to load say 'Failed to fetch accounts'; Edit Company's data, 'Failed to load company data: …'; Retry shows each", async ({
  page,
  newUser,
  signInAs,
}) => {
  await signInAs(page, (await newUser("admin")).email);
  await visit(page, "/companies");
  let restore = await failRequests(page, anyData, "abort");
  await page.getByRole("banner").getByRole("link", { name: "Admin Dashboard" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  let alert = page.getByRole("alert");
  await expect(alert.getByRole("heading")).toHaveText("Failed to fetch accounts");
  await restore();
  await alert.getByRole("button", { name: "Retry" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Admin Dashboard");

  await visit(page, "/companies");
  restore = await failRequests(page, anyData, "abort");
  await page
    .getByRole("link", { name: /^Edit / })
    .first()
    .click();
  await expect(page).toHaveURL(/\/companies\/\d+\/edit$/);
  alert = page.getByRole("alert");
  await expect(alert.getByRole("heading")).toHaveText("Failed to load company data: The server could not be reached.");
  await restore();
  await alert.getByRole("button", { name: "Retry" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Edit Company");
});

test("Create Move's trailers that fail to load say 'Failed to load available trailers'; Retry lists them", async ({
  page,
  newUser,
  apiAs,
  signInAs,
}) => {
  const superManager = await apiAs((await newUser("super_manager")).email);
  const prefix = `EM${randomBytes(3).toString("hex").toUpperCase()}`;
  const number = await addTrailer(superManager, "Yard A", prefix);
  const manager = await newUser("manager");
  await signInAs(page, manager.email);
  await visit(page, "/");
  await page.getByRole("link", { name: "Create Move" }).click();
  const dialog = page.getByRole("dialog", { name: "Create Move" });
  await expect(dialog.getByLabel("Move 1 from")).toBeVisible();

  const restore = await failRequests(page, (url) => url.pathname === "/moves/new.data", "abort");
  await dialog.getByLabel("Move 1 from").selectOption("Yard A");
  const alert = dialog.getByRole("alert");
  await expect(alert).toContainText(MOVE_MESSAGES.loadTrailersFailed);
  await expect(dialog.getByText("Loading trailers...")).toHaveCount(0);
  // The page stays: the dialog and what was chosen in it.
  await expect(dialog.getByLabel("Move 1 from")).toHaveValue("Yard A");

  await restore();
  await alert.getByRole("button", { name: "Retry" }).click();
  await dialog.getByLabel("Move 1 trailer search").fill(number);
  await expect(dialog.getByRole("radiogroup", { name: "Move 1 trailer" }).getByRole("radio", { name: new RegExp(number) })).toBeVisible();
  await expect(dialog.getByRole("alert")).toHaveCount(0);
});

test("a Create Move the server fails to take says 'Failed to create move' and keeps the form", async ({
  page,
  newUser,
  apiAs,
  signInAs,
}) => {
  const superManager = await apiAs((await newUser("super_manager")).email);
  const number = await addTrailer(superManager, "Yard A", `EC${randomBytes(2).toString("hex").toUpperCase()}`);
  const manager = await newUser("manager");
  await signInAs(page, manager.email);
  await visit(page, "/");
  await page.getByRole("link", { name: "Create Move" }).click();
  const dialog = page.getByRole("dialog", { name: "Create Move" });
  await dialog.getByLabel("Move 1 from").selectOption("Yard A");
  await dialog.getByLabel("Move 1 trailer search").fill(number);
  await dialog
    .getByRole("radiogroup", { name: "Move 1 trailer" })
    .getByRole("radio", { name: new RegExp(number) })
    .check();
  await dialog.getByLabel("Move 1 to").selectOption("North-3");

  const restore = await failRequests(page, (url) => url.pathname === "/moves/new.data", "500", "POST");
  await dialog.getByRole("button", { name: "Create Move" }).click();
  await expect(dialog.getByRole("alert")).toHaveText(MOVE_MESSAGES.createFailed);
  await expect(dialog.getByLabel("Move 1 to")).toHaveValue("North-3");

  await restore();
  await dialog.getByRole("button", { name: "Create Move" }).click();
  await expect(page.getByText(/^Move #\d+ requested$/)).toBeVisible();
});

test("a move action says 'Failed to accept move' ('finish', 'cancel') when the server fails it, 'Error: Failed to accept the move' without an answer, 'Server error: 502 Bad Gateway' for a proxy's page; Accept again works", async ({
  page,
  newUser,
  apiAs,
  signInAs,
}) => {
  const superManager = await apiAs((await newUser("super_manager")).email);
  const number = await addTrailer(superManager, "Yard A", `EA${randomBytes(2).toString("hex").toUpperCase()}`);
  const moveId = await addMove(superManager, "Yard A", "North-3", number);

  const driver = await newUser("yard_driver");
  await signInAs(page, driver.email);
  await visit(page, "/");
  const entry = page.getByRole("region", { name: "Move Status" }).locator(`[data-move-id="${moveId}"]`);
  const accept = entry.getByRole("button", { name: `Accept move #${moveId}` });
  await expect(accept).toBeVisible();

  const isAccept = (url: URL) => url.pathname === `/moves/${moveId}/accept.data`;
  let restore = await failRequests(page, isAccept, "abort");
  await accept.click();
  await expect(entry.getByRole("alert")).toHaveText(`${MOVE_MESSAGES.actionFailed("accept")}. ${FAILURE_MESSAGES.unreachable}`);
  await expect(accept).toBeVisible();
  await restore();

  restore = await failRequests(page, isAccept, "500");
  await accept.click();
  await expect(entry.getByRole("alert")).toHaveText("Server error: 500 Internal Server Error");
  await restore();

  restore = await failRequests(page, isAccept, "proxy-502");
  await accept.click();
  await expect(entry.getByRole("alert")).toHaveText("Server error: 502 Bad Gateway");
  await restore();

  restore = await failRequests(page, isAccept, "write-500");
  await accept.click();
  await expect(entry.getByRole("alert")).toHaveText("Failed to accept move");
  await restore();

  await accept.click();
  await expect(page.getByText(`Move #${moveId} accepted`)).toBeVisible();

  // Finish and Cancel that the server fails, each in its words.
  page.on("dialog", (dialog) => void dialog.accept());
  for (const [action, message] of [
    ["finish", "Failed to finish move"],
    ["cancel", "Failed to cancel move"],
  ] as const) {
    restore = await failRequests(page, (url) => url.pathname === `/moves/${moveId}/${action}.data`, "write-500");
    await entry.getByRole("button", { name: `${action[0].toUpperCase()}${action.slice(1)} move #${moveId}` }).click();
    await expect(entry.getByRole("alert")).toHaveText(message);
    await restore();
  }
});

test("deactivating a user answered by a proxy's error page says 'Server error: 502 Bad Gateway'; deactivating again works", async ({
  page,
  newUser,
  signInAs,
}) => {
  const driver = await newUser("yard_driver");
  await signInAs(page, (await newUser("super_manager")).email);
  await visit(page, `/users/${driver.id}`);
  page.on("dialog", (dialog) => void dialog.accept());

  const restore = await failRequests(page, (url) => url.pathname === `/users/${driver.id}.data`, "proxy-502", "POST");
  await page.getByRole("button", { name: "Deactivate" }).click();
  await expect(page.getByRole("alert")).toContainText("Server error: 502 Bad Gateway");
  await restore();

  await page.getByRole("button", { name: "Deactivate" }).click();
  await expect(page.getByText("Inactive", { exact: true }).first()).toBeVisible();
});

test("a settings save that fails says so, keeps what was typed, and saving again works", async ({ page, db, newUser, signInAs }) => {
  const [before] = await db.select().from(settings);
  const admin = await newUser("admin");
  await signInAs(page, admin.email);
  await visit(page, "/settings");
  const field = page.getByLabel("Auto-logout timeout (hours)");
  const typed = String(before.timeoutHours === 5.25 ? 5.5 : 5.25);
  await field.fill(typed);

  const isSettings = (url: URL) => url.pathname === "/settings.data";
  let restore = await failRequests(page, isSettings, "abort", "POST");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("alert")).toHaveText(`${FAILURE_MESSAGES.saveSettingsUnexpected}. ${FAILURE_MESSAGES.unreachable}`);
  await expect(field).toHaveValue(typed);
  await restore();

  restore = await failRequests(page, isSettings, "500", "POST");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("alert")).toHaveText("Failed to update timeout setting");
  await expect(field).toHaveValue(typed);
  await restore();
  expect((await db.select().from(settings))[0].timeoutHours).toBe(before.timeoutHours);

  try {
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText(MESSAGES.timeoutUpdated)).toBeVisible();
    await expect(page.getByRole("alert")).toHaveCount(0);
    await expect.poll(async () => (await db.select().from(settings))[0].timeoutHours).toBe(Number(typed));
  } finally {
    await db.update(settings).set({ timeoutHours: before.timeoutHours }).where(eq(settings.id, before.id));
  }
});

test("a truck delete and a user deactivation that fail say so on the page, whose buttons stay", async ({ page, newUser, signInAs }) => {
  const superManager = await newUser("super_manager");
  await signInAs(page, superManager.email);
  page.on("dialog", (dialog) => void dialog.accept());

  await visit(page, "/?tab=trucks");
  await page.locator("table tbody tr").first().getByRole("link").first().click();
  await expect(page).toHaveURL(/\/trucks\/\d+$/);
  await expect(page.getByRole("button", { name: "Delete" })).toBeVisible();
  let restore = await failRequests(page, anyData, "abort", "POST");
  await page.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByRole("alert")).toContainText(FAILURE_MESSAGES.deleteTruck);
  await expect(page.getByRole("button", { name: "Delete" })).toBeVisible();
  await restore();

  const driver = await newUser("yard_driver");
  await visit(page, `/users/${driver.id}`);
  restore = await failRequests(page, anyData, "write-500", "POST");
  await page.getByRole("button", { name: "Deactivate" }).click();
  await expect(page.getByRole("alert")).toContainText("An error occurred while deactivating the user.");
  await expect(page.getByRole("button", { name: "Deactivate" })).toBeVisible();
  await restore();
});

test("a truck update that fails says 'Failed to update truck. Please try again.' above the form, which keeps what was typed", async ({
  page,
  newUser,
  signInAs,
}) => {
  const superManager = await newUser("super_manager");
  await signInAs(page, superManager.email);
  await visit(page, "/?tab=trucks");
  await page.locator("table tbody tr").first().getByRole("link").first().click();
  await expect(page).toHaveURL(/\/trucks\/\d+$/);
  await page.getByRole("link", { name: "Update" }).click();
  await expect(page).toHaveURL(/\/trucks\/\d+\/edit$/);
  await hydrated(page);
  const make = page.getByLabel("Make", { exact: true });
  const typed = `Make ${randomBytes(2).toString("hex")}`;
  await make.fill(typed);

  const restore = await failRequests(page, anyData, "abort", "POST");
  await page.getByRole("button", { name: "Update" }).click();
  const alert = page.getByRole("alert");
  await expect(alert).toContainText(`${FAILURE_MESSAGES.updateTruck} ${FAILURE_MESSAGES.unreachable}`);
  await expect(make).toHaveValue(typed);
  await expect(page).toHaveURL(/\/edit$/);
  await restore();
});
