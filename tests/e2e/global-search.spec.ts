import { randomBytes } from "node:crypto";
import type { APIRequestContext, Page } from "@playwright/test";
import { eq, sql } from "drizzle-orm";
import { trailers } from "#db/schema";
import { addTrailer, csrfTokenOf, expect, expectConsoleErrors, failedLoad, signedInPage, test, visit } from "./fixtures";

/**
 * The header's global search through the Worker and Chromium: it narrows the Move Status lists
 * (the list the page came with and one opened on demand), `GET /api/moves`, the company list and
 * the admin dashboard's account cards; from a page with nothing to search it searches the account
 * dashboard. Other specs share the database, so only rows of this spec's own are counted.
 */

const searchBox = (page: Page) => page.getByRole("search").getByRole("searchbox", { name: "Search" });

/** Types a search into the header and waits for the page it lands on. */
async function search(page: Page, text: string, lands: RegExp) {
  await searchBox(page).fill(text);
  await searchBox(page).press("Enter");
  await page.waitForURL(lands);
}

/** A requested single move of the caller's account: `trailer` from where it stands to `to`. */
async function requestMove(api: APIRequestContext, trailer: string, from: string, to: string): Promise<number> {
  const created = await api.post("/api/moves", {
    headers: { "X-CSRF-Token": await csrfTokenOf(api) },
    data: { move_details: { type: "single", moves: [{ from, to, trailer }] } },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { id: number }).id;
}

/** Two requested moves of Acme Boston whose trailers share a prefix of this test's own. */
async function twoMoves(
  newUser: (role: "super_manager" | "manager") => Promise<{ email: string }>,
  apiAs: (email: string) => Promise<APIRequestContext>,
) {
  const prefix = `GS${randomBytes(3).toString("hex").toUpperCase()}`;
  const superManager = await apiAs((await newUser("super_manager")).email);
  const [first, second] = [await addTrailer(superManager, "Yard A", prefix), await addTrailer(superManager, "Overflow Lot", prefix)];
  const manager = await newUser("manager");
  const api = await apiAs(manager.email);
  const ids = [await requestMove(api, first, "Yard A", "North-3"), await requestMove(api, second, "Overflow Lot", "North-4")];
  return { prefix, trailers: [first, second], ids, manager, api };
}

test("searching narrows the Move Status list the page opens with and one opened on demand, and the API agrees", async ({
  page,
  newUser,
  apiAs,
  signInAs,
}) => {
  const { prefix, trailers: numbers, ids, manager } = await twoMoves(newUser, apiAs);
  await signInAs(page, manager.email);
  const panel = page.getByRole("region", { name: "Move Status" });
  const requested = panel.getByRole("list", { name: "Requested moves" });

  // The list the page comes with (the open card in the address): one trailer's number finds its move only.
  await visit(page, "/?move_list=requested");
  await expect(requested.locator(`[data-move-id="${ids[0]}"]`)).toBeVisible();
  await search(page, numbers[0].toLowerCase(), /[?&]q=/);
  expect(new URL(page.url()).searchParams.get("move_list")).toBe("requested");
  await expect(requested.locator("[data-move-id]")).toHaveCount(1);
  await expect(requested.locator(`[data-move-id="${ids[0]}"]`)).toContainText(numbers[0]);
  await expect(panel.getByText(`1 move matches "${numbers[0].toLowerCase()}"`)).toBeVisible();

  // A card opened on demand is fetched with the search: both moves by their shared prefix, then the move number.
  await visit(page, `/?q=${prefix}`);
  await panel.getByRole("button", { name: /^Requested/ }).click();
  await expect(requested.locator("[data-move-id]")).toHaveCount(2);
  await expect(panel.getByText(`2 moves match "${prefix}"`)).toBeVisible();
  // The open card stays open through a new search and its list follows it.
  await search(page, `#${ids[1]}`, /[?&]q=%23/);
  await expect(requested.locator("[data-move-id]")).toHaveCount(1);
  await expect(requested.locator(`[data-move-id="${ids[1]}"]`)).toContainText("North-4");

  // Nothing found: the no-match text; the cards keep the account's counts.
  await search(page, `${prefix}-none`, /[?&]q=/);
  await expect(panel.getByText("No moves match your search")).toBeVisible();
  const count = Number(await panel.locator('[data-count="requested"]').textContent());
  expect(count).toBeGreaterThanOrEqual(2);

  // The API the panel reads: the same moves, whatever account a manager names (another manager of the account: one session per user).
  const reader = await apiAs((await newUser("manager")).email);
  const answer = await reader.get(`/api/moves?state=requested&q=${encodeURIComponent(prefix.toLowerCase())}&envelope=1`);
  expect(answer.status()).toBe(200);
  const body = (await answer.json()) as { moves: { id: number }[]; total: number };
  expect(body.moves.map((move) => move.id).sort()).toEqual([...ids].sort());
  expect(body.total).toBe(2);
  const byLocation = (await (await reader.get("/api/moves?state=requested&q=north-4&page_size=500")).json()) as { id: number }[];
  expect(byLocation.map((move) => move.id)).toContain(ids[1]);
  expect(byLocation.map((move) => move.id)).not.toContain(ids[0]);
  const other = await apiAs("manager@blueridge.test");
  const foreign = await other.get(`/api/moves?state=requested&account_id=1&q=${prefix}`);
  expect([await foreign.json(), foreign.headers()["x-total-count"]]).toEqual([[], "0"]);
});

test("when the open list fails to load, the panel says so and Retry loads it", async ({ page, newUser, apiAs, signInAs }) => {
  const { prefix, ids, manager } = await twoMoves(newUser, apiAs);
  await signInAs(page, manager.email);
  await visit(page, `/?q=${prefix}`);
  let failing = true;
  expectConsoleErrors(failedLoad(500, "/api/moves"));
  await page.route(/\/api\/moves\?/, (route) => (failing ? route.fulfill({ status: 500, body: "{}" }) : route.fallback()));
  const panel = page.getByRole("region", { name: "Move Status" });
  await panel.getByRole("button", { name: /^Requested/ }).click();
  await expect(panel.getByRole("alert")).toContainText("Failed to load data. Please try again later.");
  failing = false;
  await panel.getByRole("button", { name: "Retry" }).click();
  await expect(panel.getByRole("list", { name: "Requested moves" }).locator(`[data-move-id="${ids[0]}"]`)).toBeVisible();
});

test("searching narrows the company list by a company's or an account's name", async ({ page, newUser, signInAs }) => {
  await signInAs(page, (await newUser("admin")).email);
  await visit(page, "/companies");
  const list = page.getByRole("main").getByRole("list");
  await expect(list.getByRole("heading", { name: "Acme Logistics" })).toBeVisible();
  await search(page, "charlotte", /\/companies\?q=charlotte$/);
  await expect(list.getByRole("heading", { name: "Blue Ridge Transport" })).toBeVisible();
  await expect(list.getByRole("heading", { name: "Acme Logistics" })).toHaveCount(0);
  await search(page, "ACME log", /\/companies\?q=ACME\+log$/);
  await expect(list.getByRole("heading", { name: "Acme Logistics" })).toBeVisible();
  await expect(list.getByRole("heading", { name: "Blue Ridge Transport" })).toHaveCount(0);
  await search(page, `no-such-${randomBytes(3).toString("hex")}`, /\/companies\?q=/);
  await expect(page.getByText("No companies match your search.")).toBeVisible();
  // Cleared, the whole list is back.
  await search(page, "", /\/companies$/);
  await expect(list.getByRole("heading", { name: "Blue Ridge Transport" })).toBeVisible();
});

test("when the company list fails to load, it shows the Error loading companies panel, and Retry loads it", async ({
  page,
  newUser,
  signInAs,
  db,
}) => {
  await signInAs(page, (await newUser("admin")).email);
  await visit(page, "/companies");
  // The companies table held locked: the list's statement waits out its time limit and the page answers 503.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let locked!: () => void;
  const isLocked = new Promise<void>((resolve) => (locked = resolve));
  let done = false;
  void released.then(() => (done = true));
  const holding = db.transaction(async (tx) => {
    await tx.execute(sql`lock table companies in access exclusive mode`);
    locked();
    while (!done) await tx.execute(sql`select pg_sleep(0.5)`);
  });
  await isLocked;
  expectConsoleErrors(failedLoad(503, "/companies"));
  await searchBox(page).fill("blue");
  await searchBox(page).press("Enter");
  const alert = page.getByRole("alert");
  await expect(alert).toContainText("Error loading companies:", { timeout: 25_000 });
  release();
  await holding;
  await alert.getByRole("button", { name: "Retry" }).click();
  await expect(page.getByRole("main").getByRole("heading", { name: "Blue Ridge Transport" })).toBeVisible();
});

test("searching narrows the admin dashboard's account cards, the analytics keep their scope", async ({ page, newUser, signInAs }) => {
  await signInAs(page, (await newUser("admin")).email);
  await visit(page, "/admin/dashboard");
  const cards = page.getByRole("list", { name: "Accounts" });
  await expect(cards.getByRole("link", { name: "Blue Ridge Charlotte", exact: true })).toBeVisible();
  await search(page, "newark", /\/admin\/dashboard\?q=newark$/);
  await expect(cards.getByRole("link", { name: "Acme Newark", exact: true })).toBeVisible();
  await expect(cards.getByRole("link", { name: "Acme Boston", exact: true })).toHaveCount(0);
  await expect(cards.getByRole("link", { name: "Blue Ridge Charlotte", exact: true })).toHaveCount(0);
  await expect(page.getByText(/the analytics below cover All Companies/)).toBeVisible();
  await expect(page.getByRole("heading", { name: "Analytics · All Companies" })).toBeVisible();
  // A company's name finds its accounts; the search stays when an account is chosen for the analytics.
  await search(page, "blue ridge", /\/admin\/dashboard\?q=blue\+ridge$/);
  await expect(cards.getByRole("link", { name: "Blue Ridge Charlotte", exact: true })).toBeVisible();
  await expect(cards.getByRole("link", { name: "Acme Newark", exact: true })).toHaveCount(0);
  await cards.getByRole("link", { name: "Blue Ridge Charlotte", exact: true }).click();
  await page.waitForURL(/account=\d+.*q=blue\+ridge/);
  await expect(page.getByRole("heading", { name: "Analytics · Blue Ridge Charlotte" })).toBeVisible();
  await search(page, "zzz-none", /q=zzz-none/);
  await expect(page.getByText(/No accounts match your search/)).toBeVisible();
  await expect(page.getByRole("heading", { name: "Analytics · Blue Ridge Charlotte" })).toBeVisible();
});

test("from a trailer's page the search lands on the account dashboard, narrowed; the dashboard keeps its tab", async ({
  page,
  browser,
  newUser,
  apiAs,
  signInAs,
  db,
}) => {
  const prefix = `GT${randomBytes(3).toString("hex").toUpperCase()}`;
  const superManager = await newUser("super_manager");
  const number = await addTrailer(await apiAs(superManager.email), "Yard A", prefix);
  await addTrailer(await apiAs(superManager.email), "Yard A", `GU${randomBytes(3).toString("hex").toUpperCase()}`);
  const [trailer] = await db.select().from(trailers).where(eq(trailers.trailerNumber, number));
  await signInAs(page, superManager.email);

  await visit(page, `/trailers/${trailer.id}`);
  await search(page, prefix, new RegExp(`/\\?q=${prefix}$`));
  await expect(page.getByRole("row").filter({ hasText: number })).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: /^GU/ })).toHaveCount(0);

  // On the dashboard the search stays, with the tab.
  await visit(page, "/?tab=trucks");
  await search(page, "zz", /\/\?tab=trucks&q=zz$/);

  // Without JavaScript it is a plain form to the same places.
  const { context, page: plain } = await signedInPage(browser, db, superManager.email, { javaScriptEnabled: false });
  await plain.goto(`/trailers/${trailer.id}/edit`);
  await searchBox(plain).fill(number);
  await searchBox(plain).press("Enter");
  await plain.waitForURL(new RegExp(`/\\?q=${number}$`));
  await expect(plain.getByRole("row").filter({ hasText: number })).toBeVisible();
  await plain.goto("/?tab=yards&q=old&page=2");
  await searchBox(plain).fill("new");
  await searchBox(plain).press("Enter");
  await plain.waitForURL(/\/\?tab=yards&q=new$/);
  await context.close();
});
