import { eq } from "drizzle-orm";
import { moveLegs, trailers } from "#db/schema";
import { randomBytes } from "node:crypto";
import {
  addTrailer,
  csrfTokenOf,
  expect,
  expectConsoleErrors,
  failedLoad,
  listening,
  signedInPage,
  submitAndWait,
  test,
  visit,
} from "./fixtures";
import { choose, option } from "./pickers";

test("a super manager adds a trailer: errors first, then the trailer with its first history entry", async ({
  page,
  newUser,
  signInAs,
  db,
}) => {
  const superManager = await newUser("super_manager");
  await signInAs(page, superManager.email);
  await visit(page, "/");
  await page.getByRole("link", { name: "Add New Trailer" }).click();
  await expect(page.getByLabel("Last Inspection")).toHaveValue(new Date().toISOString().slice(0, 10));
  await page.getByRole("button", { name: "Add Trailer" }).click();
  const summary = page.getByRole("alert");
  for (const message of [
    "Trailer number is required",
    "Trailer location is required",
    "License plate is required",
    "License state is required",
    "Trailer type is required",
    "Owner is required",
  ]) {
    await expect(summary).toContainText(message);
  }
  const number = `E2E${Date.now() % 1000000}`;
  await page.getByLabel("Trailer Number").fill(number.toLowerCase());
  await expect(page.getByLabel("Trailer Number")).toHaveValue(number);
  await page.getByLabel("Owner").fill("acme");
  await page.getByLabel("Location").fill("North-3");
  await choose(page, "Type", "Reefer 53", "reef");
  await page.getByLabel("License State").fill("ma");
  await page.getByLabel("License Plate").fill("abc1234");
  await page.getByLabel("Loaded", { exact: true }).check();
  await page.getByRole("button", { name: "Add Trailer" }).click();
  await expect(summary).toContainText("Load number is required when the trailer is loaded");
  await page.getByLabel("Load Number").fill("LD-55");
  await page.getByLabel("Assign User").fill("ydb");
  await submitAndWait(page.getByRole("button", { name: "Add Trailer" }), { url: /\/$/ });

  const [created] = await db.select().from(trailers).where(eq(trailers.trailerNumber, number));
  expect(created).toMatchObject({
    trailerLocation: "North-3",
    licenseState: "MA",
    licensePlate: "ABC1234",
    isLoaded: true,
    loadNumber: "LD-55",
    companyOwner: "ACME",
    lastUser: "YDB",
  });
  await page.goto(`/trailers/${created.id}`);
  await expect(page.getByTestId("current-location")).toHaveText("North-3");
  await expect(page.getByRole("cell", { name: "YDB" })).toBeVisible();
});

test("editing a trailer's location updates its history panel, and a second browser's dashboard without reload", async ({
  browser,
  page,
  newUser,
  apiAs,
  signInAs,
  db,
}) => {
  const admin = await newUser("admin");
  const watcher = await newUser("yard_driver");
  // A trailer of its own: the seeded ones stay where they are for the other tests.
  const number = await addTrailer(await apiAs((await newUser("super_manager")).email), "Yard A", "ED");
  const [trailer] = await db.select().from(trailers).where(eq(trailers.trailerNumber, number));

  const { context: phone, page: watcherPage } = await signedInPage(browser, db, watcher.email, { viewport: { width: 390, height: 844 } });
  await visit(watcherPage, `/?q=${number}`);
  const card = watcherPage.getByRole("row").filter({ hasText: number });
  await expect(card).toContainText("Yard A");
  await listening(watcherPage);

  await signInAs(page, admin.email);
  await visit(page, `/trailers/${trailer.id}/edit`);
  await page.getByLabel("Location").fill("Shop");
  await expect(page.getByLabel("Shop", { exact: true })).toBeChecked();
  await submitAndWait(page.getByRole("button", { name: "Update" }), { url: /\/$/ });
  await page.goto(`/trailers/${trailer.id}`);
  await expect(page.getByTestId("current-location")).toHaveText("Shop");
  await expect(page.getByText(`changed by ${admin.alphaCode}`)).toBeVisible();

  await expect(card).toContainText("Shop", { timeout: 5_000 });
  const [stored] = await db.select().from(trailers).where(eq(trailers.id, trailer.id));
  expect(stored.inShop).toBe(true);
  await phone.close();
});

test("trailer API: validation errors as {errors}, tenant isolation, and no deleting a trailer in an active move", async ({
  newUser,
  apiAs,
  db,
}) => {
  const outsider = await apiAs((await newUser("super_manager", { account: "Blue Ridge Charlotte" })).email);
  const [acmeTrailer] = await db.select().from(trailers).where(eq(trailers.trailerNumber, "ACB10001"));
  const token = await csrfTokenOf(outsider);
  expect((await outsider.get(`/api/trailers/${acmeTrailer.id}`)).status()).toBe(404);
  expect((await outsider.get(`/api/trailers/${acmeTrailer.id}/location-history`)).status()).toBe(404);
  expect((await outsider.put(`/api/trailers/${acmeTrailer.id}`, { headers: { "X-CSRF-Token": token }, data: {} })).status()).toBe(404);
  expect((await outsider.delete(`/api/trailers/${acmeTrailer.id}`, { headers: { "X-CSRF-Token": token } })).status()).toBe(404);
  const list = await (await outsider.get(`/api/trailers/?account_id=${acmeTrailer.accountId}&page_size=200`)).json();
  const [charlotteTrailer] = await db.select().from(trailers).where(eq(trailers.trailerNumber, "BRC10001"));
  expect(list.length).toBeGreaterThan(0);
  expect(list.every((row: { account_id: number }) => row.account_id === charlotteTrailer.accountId)).toBe(true);

  const bad = await outsider.post("/api/trailers/", { headers: { "X-CSRF-Token": token }, data: { account_id: acmeTrailer.accountId } });
  expect(bad.status()).toBe(400);
  expect((await bad.json()).errors).toEqual(
    expect.arrayContaining(["Trailer number is required", "Trailer location is required", "Owner is required"]),
  );
  const created = await outsider.post("/api/trailers/", {
    headers: { "X-CSRF-Token": token },
    data: {
      account_id: acmeTrailer.accountId,
      trailer_number: `brc-api-${randomBytes(3).toString("hex")}`,
      trailer_location: "east yard",
      license_plate: "x1",
      license_state: "nc",
      type: "dry_53",
      company_owner: "blue ridge",
    },
  });
  expect(created.status()).toBe(201);
  expect(await created.json()).toMatchObject({
    trailer_number: expect.stringMatching(/^BRC-API-[0-9A-F]{6}$/),
    trailer_location: "East Yard",
    account_id: charlotteTrailer.accountId,
  });

  const [activeLeg] = await db.select().from(moveLegs).where(eq(moveLegs.active, true)).limit(1);
  const admin = await apiAs((await newUser("admin")).email);
  const refused = await admin.delete(`/api/trailers/${activeLeg.trailerId}`, { headers: { "X-CSRF-Token": await csrfTokenOf(admin) } });
  expect(refused.status()).toBe(409);
  expect((await refused.json()).error).toBe("This trailer is in an active move and cannot be deleted.");
  expect(await db.select().from(trailers).where(eq(trailers.id, activeLeg.trailerId!))).toHaveLength(1);
});

test("an admin's Add New Trailer: the account's choices, Shop and the Shop location follow each other, and type-ahead lists", async ({
  page,
  newUser,
  signInAs,
  db,
}) => {
  const admin = await newUser("admin");
  const [acme] = await db.select().from(trailers).where(eq(trailers.trailerNumber, "ACB10001"));
  await signInAs(page, admin.email);
  await visit(page, `/?account=${acme.accountId}`);
  await page.getByRole("link", { name: "Add New Trailer" }).click();
  await expect(page).toHaveURL(new RegExp(`/trailers/new\\?account=${acme.accountId}$`));
  await expect(page.getByLabel("Account")).toHaveValue(String(acme.accountId));
  await expect(page.getByLabel("Account").locator("option").first()).toHaveText("Select an account");

  const location = page.getByLabel("Location");
  const shop = page.getByLabel("Shop", { exact: true });
  await location.fill("north-");
  await expect(option(page, "North-3")).toBeVisible();
  await location.fill("shop");
  await expect(shop).toBeChecked();
  await location.fill("Road");
  await expect(shop).not.toBeChecked();
  await shop.check();
  await expect(location).toHaveValue("Shop");
  // Unticked while it reads Shop: the trailer is leaving the Shop, and the form asks where to.
  await shop.uncheck();
  await expect(location).toHaveValue("");

  const state = page.getByLabel("License State");
  await state.pressSequentially("mass");
  await expect(option(page, "Massachusetts (MA)")).toBeVisible();
  await state.fill("");
  await state.pressSequentially("nj");
  await expect(state).toHaveValue("NJ");
  await choose(page, "Type", "Intermodal Pup", "pup");
  await expect(page.locator('input[type="hidden"][name="type"]')).toHaveValue("intermodal_pup");
});

test("Add New Trailer works without JavaScript: the server's errors, then the trailer", async ({ browser, newUser, db }) => {
  const superManager = await newUser("super_manager");
  const { context, page } = await signedInPage(browser, db, superManager.email, { javaScriptEnabled: false });
  const number = `nojs-${randomBytes(3).toString("hex")}`;
  expectConsoleErrors(failedLoad(400, "/trailers/new"));
  await page.goto("/trailers/new");
  await page.getByLabel("Trailer Number").fill(number);
  await submitAndWait(page.getByRole("button", { name: "Add Trailer" }), { shows: page.getByRole("alert") });
  await expect(page.getByRole("alert")).toContainText("Trailer location is required");
  await expect(page.getByLabel("Trailer Number")).toHaveValue(number);
  await page.getByLabel("Owner").fill("acme");
  await page.getByLabel("Location").fill("Yard A");
  await page.getByLabel("Type").selectOption({ label: "Dry 53" });
  await page.getByLabel("License State").fill("ma");
  await page.getByLabel("License Plate").fill("nj1");
  await page.getByLabel("Tray", { exact: true }).check();
  await page.getByLabel("Yellow Tagged").check();
  await submitAndWait(page.getByRole("button", { name: "Add Trailer" }), {
    shows: page.getByRole("alert").filter({ hasText: "Tray count is required when the trailer has trays" }),
  });
  await expect(page.getByLabel("Yellow Tagged")).toBeChecked();
  await expect(page.getByLabel("Location")).toHaveValue("Yard A");
  await page.getByLabel("Tray Count").fill("4");
  await submitAndWait(page.getByRole("button", { name: "Add Trailer" }), { url: /\/$/ });
  const [created] = await db.select().from(trailers).where(eq(trailers.trailerNumber, number.toUpperCase()));
  expect(created).toMatchObject({
    trailerLocation: "Yard A",
    licenseState: "MA",
    isTray: true,
    trayCount: 4,
    yellowTagged: true,
    companyOwner: "ACME",
  });
  await context.close();
});

test("Update Trailer red-tags a trailer that has no license state or type, as bulk upload leaves it", async ({
  page,
  newUser,
  apiAs,
  signInAs,
  db,
}) => {
  const superManager = await newUser("super_manager");
  const number = await addTrailer(await apiAs(superManager.email), "Yard A", "NS");
  const [trailer] = await db.update(trailers).set({ licenseState: null, type: null }).where(eq(trailers.trailerNumber, number)).returning();

  await signInAs(page, superManager.email);
  await visit(page, `/trailers/${trailer.id}/edit`);
  await expect(page.getByLabel("License State")).toHaveValue("");
  await page.getByLabel("Red Tagged").check();
  await page.getByLabel("Tagged Description").fill("Landing gear bent");
  await submitAndWait(page.getByRole("button", { name: "Update" }), { url: /\/$/ });

  const [stored] = await db.select().from(trailers).where(eq(trailers.id, trailer.id));
  expect([stored.redTagged, stored.taggedDescription, stored.licenseState, stored.type]).toEqual([true, "Landing gear bent", null, null]);
});

test("Update Trailer shows the trailer's User Assignment History under Assign User", async ({ page, newUser, apiAs, signInAs, db }) => {
  const superManager = await newUser("super_manager");
  const driver = await newUser("yard_driver");
  const number = await addTrailer(await apiAs(superManager.email), "Yard A", "AH");
  const [trailer] = await db.select().from(trailers).where(eq(trailers.trailerNumber, number));

  await signInAs(page, superManager.email);
  await visit(page, `/trailers/${trailer.id}/edit`);
  const history = page.getByRole("region", { name: "User Assignment History" });
  await expect(history).toContainText("No assignment history available.");
  await page.getByLabel("Assign User").fill(driver.alphaCode);
  await submitAndWait(page.getByRole("button", { name: "Update" }), { url: /\/$/ });

  await visit(page, `/trailers/${trailer.id}/edit`);
  await expect(history.getByRole("row").filter({ hasText: driver.alphaCode })).toContainText(superManager.alphaCode);
});
