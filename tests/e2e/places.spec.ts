import { eq } from "drizzle-orm";
import { buildings, trailers, yards } from "#db/schema";
import type { Page } from "@playwright/test";
import { csrfTokenOf, expect, expectConsoleErrors, failedLoad, signedInPage, submitAndWait, test, visit } from "./fixtures";

test("a super manager adds a building and a yard, and cannot strand trailers by lowering the door count", async ({
  page,
  newUser,
  signInAs,
  db,
}) => {
  const superManager = await newUser("super_manager");
  await signInAs(page, superManager.email);
  await visit(page, "/?tab=buildings");
  await page.getByRole("link", { name: "Add New Building" }).click();
  await page.getByRole("button", { name: "Add Building" }).click();
  await expect(page.getByRole("alert")).toContainText("Building name is required");
  await expect(page.getByRole("alert")).toContainText("Door number is required");
  const name = `Annex${Date.now() % 100000}`;
  await page.getByLabel("Building Name").fill(name);
  await page.getByLabel("Number of Dock Doors").fill("12");
  await submitAndWait(page.getByRole("button", { name: "Add Building" }), { url: /\/$/ });

  await visit(page, "/?tab=buildings");
  await page.getByRole("link", { name, exact: true }).click();
  await expect(page.getByText("12", { exact: true })).toBeVisible();

  const [north] = await db.select().from(buildings).where(eq(buildings.buildingName, "North"));
  await visit(page, `/buildings/${north.id}/edit`);
  expectConsoleErrors(failedLoad(409, `/buildings/${north.id}/edit`));
  await page.getByLabel("Number of Dock Doors").fill("1");
  const refusal = page.getByRole("alert");
  await submitAndWait(page.getByRole("button", { name: "Update" }), { shows: refusal });
  await expect(refusal).toContainText("This change would remove locations still in use");
  await expect(refusal).toContainText(/North-\d+: trailer ACB/);

  await visit(page, "/?tab=yards");
  await page.getByRole("link", { name: "Add New Yard" }).click();
  await page.getByLabel("Yard Name").fill(`Lot ${name}`);
  await page.getByLabel("Parking Location").fill("Gate 9");
  await page.getByLabel("Parking Spots Available").check();
  await submitAndWait(page.getByRole("button", { name: "Add Yard" }), { url: /\/$/ });
  await visit(page, "/?tab=yards");
  await expect(page.getByRole("listitem").filter({ hasText: `Lot ${name}` })).toContainText("Parking Spots Available");
});

test("building and yard endpoints stay within the caller's account", async ({ newUser, apiAs, db }) => {
  const [north] = await db.select().from(buildings).where(eq(buildings.buildingName, "North"));
  const outsider = await apiAs((await newUser("super_manager", { account: "Blue Ridge Charlotte" })).email);
  const token = await csrfTokenOf(outsider);
  expect((await outsider.get(`/api/buildings/${north.id}`)).status()).toBe(404);
  expect(
    (
      await outsider.put(`/api/buildings/${north.id}`, {
        headers: { "X-CSRF-Token": token },
        data: { building_name: "Mine", building_door_number: 1 },
      })
    ).status(),
  ).toBe(404);
  expect((await outsider.delete(`/api/buildings/${north.id}`, { headers: { "X-CSRF-Token": token } })).status()).toBe(404);
  const listed = await (await outsider.get(`/api/buildings/?account_id=${north.accountId}`)).json();
  expect(listed.every((row: { account_id: number }) => row.account_id !== north.accountId)).toBe(true);
  const created = await outsider.post("/api/yards/new", {
    headers: { "X-CSRF-Token": token },
    data: { name: "Forged Lot", account_id: north.accountId },
  });
  expect(created.status()).toBe(201);
  expect((await created.json()).account_id).not.toBe(north.accountId);
  const bad = await outsider.post("/api/buildings/new", { headers: { "X-CSRF-Token": token }, data: {} });
  expect(bad.status()).toBe(400);
  expect((await bad.json()).errors).toEqual(["Building name is required", "Door number is required"]);
});

test("yard endpoints and the account-wide history stay within the caller's account", async ({ newUser, apiAs, db }) => {
  const [acmeYard] = await db.select().from(yards).where(eq(yards.name, "Overflow Lot"));
  const outsider = await apiAs((await newUser("super_manager", { account: "Blue Ridge Charlotte" })).email);
  const token = await csrfTokenOf(outsider);
  expect((await outsider.get(`/api/yards/${acmeYard.id}`)).status()).toBe(404);
  expect((await outsider.put(`/api/yards/${acmeYard.id}`, { headers: { "X-CSRF-Token": token }, data: { name: "Mine" } })).status()).toBe(
    404,
  );
  expect((await outsider.delete(`/api/yards/${acmeYard.id}`, { headers: { "X-CSRF-Token": token } })).status()).toBe(404);

  const acmeTrailerIds = new Set(
    (await db.select({ id: trailers.id }).from(trailers).where(eq(trailers.accountId, acmeYard.accountId))).map((row) => row.id),
  );
  const history = await (await outsider.get(`/api/accounts/${acmeYard.accountId}/trailers-location-history`)).json();
  const keys = Object.keys(history).map(Number);
  expect(keys.length).toBeGreaterThan(0);
  expect(keys.some((id) => acmeTrailerIds.has(id))).toBe(false);
  const truckHistory = await outsider.get(`/api/accounts/${acmeYard.accountId}/trucks-location-history`);
  expect(truckHistory.status()).toBe(200);
});

test("a missing building or yard answers 404 with its 'not found' page, on its detail and its edit page", async ({
  page,
  newUser,
  signInAs,
}) => {
  await signInAs(page, (await newUser("super_manager")).email);
  for (const [path, message] of [
    ["/buildings/999999", "Building not found"],
    ["/buildings/999999/edit", "Building not found"],
    ["/yards/999999", "Yard not found"],
    ["/yards/999999/edit", "Yard not found"],
  ] as const) {
    expectConsoleErrors(failedLoad(404, path));
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole("heading", { name: message })).toBeVisible();
  }
  await page.getByRole("link", { name: "Back" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("a place's times reach the page as ISO text: the viewer's zone with JavaScript, labelled UTC without", async ({
  browser,
  newUser,
  db,
}) => {
  const superManager = await newUser("super_manager");
  const [building] = await db.select().from(buildings).where(eq(buildings.accountId, superManager.accountId!));
  const created = building.createdAt;
  const row = (page: Page) => page.locator("dl > div", { hasText: "Created" }).locator("dd");

  const chicago = await signedInPage(browser, db, superManager.email, { timezoneId: "America/Chicago" });
  await visit(chicago.page, `/buildings/${building.id}`);
  await expect(row(chicago.page)).toHaveText(created.toLocaleString("en-US", { timeZone: "America/Chicago" }));
  await expect(row(chicago.page).locator("time")).toHaveAttribute("datetime", created.toISOString());
  await chicago.context.close();

  const noScript = await signedInPage(browser, db, superManager.email, { timezoneId: "America/Chicago", javaScriptEnabled: false });
  await noScript.page.goto(`/buildings/${building.id}`);
  await expect(row(noScript.page)).toHaveText(created.toLocaleString("en-US", { timeZone: "UTC", timeZoneName: "short" }));
  await noScript.context.close();
});

/** The value of a detail page's row named `label`. */
const row = (page: Page, label: string) =>
  page
    .locator("dl > div")
    .filter({ has: page.locator("dt").getByText(label, { exact: true }) })
    .locator("dd");

test("a yard's address and description are filled in its form, checked, and shown on its page", async ({ page, newUser, signInAs }) => {
  await signInAs(page, (await newUser("super_manager")).email);
  await visit(page, "/yards/new");
  const name = `Harbor Lot ${Date.now() % 100000}`;
  await page.getByLabel("Yard Name").fill(name);
  await page.getByLabel("Street Address").fill("40 Harbor Street");
  await page.getByLabel("City").fill("Boston");
  await page.getByLabel("State").selectOption("MA");
  await page.getByLabel("Zip Code").fill("2128");
  await page.getByLabel("Description").fill("Reefer plugs on row C");
  await page.getByRole("button", { name: "Add Yard" }).click();
  await expect(page.getByRole("alert")).toContainText("Zip code must be 5 digits");
  await expect(page.getByLabel("Street Address")).toHaveValue("40 Harbor Street");
  await page.getByLabel("Zip Code").fill("02128");
  await submitAndWait(page.getByRole("button", { name: "Add Yard" }), { url: /\/$/ });

  await visit(page, "/?tab=yards");
  await page.getByRole("link", { name, exact: true }).click();
  await expect(row(page, "Address")).toHaveText("40 Harbor Street, Boston, MA 02128");
  await expect(row(page, "Description")).toHaveText("Reefer plugs on row C");
});
