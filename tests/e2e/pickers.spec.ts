import type { Locator, Page } from "@playwright/test";
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Role } from "#app/domain/roles";
import type { Database } from "#app/lib/db.server";
import { accounts, trailers, trucks, users } from "#db/schema";
import {
  addTrailer,
  csrfTokenOf,
  expect,
  expectConsoleErrors,
  failedLoad,
  signedInPage,
  submitAndWait,
  test,
  visit,
  type TestUser,
} from "./fixtures";
import { expectNoAxeViolations } from "./axe";
import { option, picker } from "./pickers";

/**
 * The pickers of the trailer and truck forms (location, type, license state, assignee): the
 * combobox by keyboard alone, with no axe violations while open, on a phone, and the select or
 * input that stands in for it without JavaScript; an admin's pickers follow the Account chosen in
 * the form, with and without JavaScript; anyone else's stay those of their own account.
 */

const NEWARK = "Acme Logistics · Acme Newark";
const CHARLOTTE = "Blue Ridge Transport · Blue Ridge Charlotte";

async function accountId(db: Database, name: string) {
  const [account] = await db.select().from(accounts).where(eq(accounts.accountName, name));
  return account.id;
}

/** The option the keyboard is on: shown selected, and named by the combobox as its active descendant. */
async function expectOn(box: Locator, text: string) {
  const active = option(box.page(), text);
  await expect(active).toHaveAttribute("aria-selected", "true");
  await expect(box).toHaveAttribute("aria-activedescendant", (await active.getAttribute("id"))!);
}

/** Clears a picker by keyboard: all of it selected, then deleted. */
async function clearByKeyboard(page: Page) {
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.press("Backspace");
}

/** Fills a form without JavaScript by its fields' labels: an input with the text, a select with the option of that text. */
async function fillIn(page: Page, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    const field = page.getByLabel(label, { exact: true });
    if ((await field.evaluate((element) => element.tagName)) === "SELECT") await field.selectOption({ label: value });
    else await field.fill(value);
  }
}

const newNumber = (prefix: string) => `${prefix}${randomBytes(3).toString("hex").toUpperCase()}`;

/** Opens `path` on `page` as a new user of `role` (of Acme Boston, but for an admin). */
async function openAs(
  role: Role,
  {
    page,
    newUser,
    signInAs,
  }: { page: Page; newUser: (role: Role) => Promise<TestUser>; signInAs: (page: Page, email: string) => Promise<unknown> },
  path: string,
) {
  await signInAs(page, (await newUser(role)).email);
  await visit(page, path);
}

test("Add New Trailer's pickers work by keyboard alone: open, arrows, Enter, Escape, and the empty text", async ({
  page,
  newUser,
  signInAs,
  db,
}) => {
  await openAs("super_manager", { page, newUser, signInAs }, "/trailers/new");
  const number = newNumber("KB");
  await page.getByLabel("Trailer Number").fill(number);
  await page.getByLabel("Owner").fill("acme");

  // Location: ArrowDown opens the whole list on its first entry, the arrows move, Escape closes.
  const location = picker(page, "Location");
  await location.focus();
  await page.keyboard.press("ArrowDown");
  await expect(location).toHaveAttribute("aria-expanded", "true");
  await expectOn(location, "Road");
  await page.keyboard.press("ArrowDown");
  await expectOn(location, "Shop");
  await page.keyboard.press("ArrowUp");
  await expectOn(location, "Road");
  await page.keyboard.press("Escape");
  await expect(location).toHaveAttribute("aria-expanded", "false");
  await expect(page.getByRole("option")).toHaveCount(0);
  await expect(location).toHaveValue("");
  // Nothing matches: the list says so, and Escape closes it, keeping what was typed.
  await page.keyboard.type("zz");
  await expect(page.getByRole("status").filter({ hasText: "No results found" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByText("No results found")).toBeHidden();
  await expect(location).toHaveValue("zz");
  // Typing filters by substring; the arrows move to an entry and Enter chooses it.
  await clearByKeyboard(page);
  await page.keyboard.type("nor");
  await expect(option(page, "North-1")).toBeVisible();
  await expect(option(page, "Road")).toHaveCount(0);
  for (let step = 0; step < 3; step += 1) await page.keyboard.press("ArrowDown");
  await expectOn(location, "North-3");
  await page.keyboard.press("Enter");
  await expect(location).toHaveValue("North-3");
  await expect(location).toHaveAttribute("aria-expanded", "false");

  // Type: Tab moves on; the first match is taken as it is typed, the arrows move from it.
  await page.keyboard.press("Tab");
  const type = picker(page, "Type");
  await expect(type).toBeFocused();
  await page.keyboard.type("zz");
  await expect(page.getByRole("status").filter({ hasText: "No results found" })).toBeVisible();
  await clearByKeyboard(page);
  await page.keyboard.type("reef");
  await expectOn(type, "Reefer 53");
  await page.keyboard.press("ArrowDown");
  await expectOn(type, "Reefer 48");
  await page.keyboard.press("Enter");
  await expect(type).toHaveValue("Reefer 48");

  // License State: found by name, typed in capitals, kept as its code.
  await page.keyboard.press("Tab");
  const state = picker(page, "License State");
  await expect(state).toBeFocused();
  await page.keyboard.type("qq");
  await expect(state).toHaveValue("QQ");
  await expect(page.getByRole("status").filter({ hasText: "No results found" })).toBeVisible();
  await clearByKeyboard(page);
  await page.keyboard.type("mass");
  await expect(state).toHaveValue("MASS");
  await page.keyboard.press("ArrowDown");
  await expectOn(state, "Massachusetts (MA)");
  await page.keyboard.press("Enter");
  await expect(state).toHaveValue("MA");
  await page.keyboard.press("Tab");
  await page.keyboard.type("kb1");

  // Assign User: found by first name (or last name, email, alpha code, driver number).
  const assignee = picker(page, "Assign User");
  await assignee.focus();
  await page.keyboard.type("yusuf");
  const yusuf = page.getByRole("option", { name: /^YDB · Yusuf Doyle/ });
  await expect(yusuf).toBeVisible();
  await page.keyboard.press("ArrowDown");
  await expect(yusuf).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("Enter");
  await expect(assignee).toHaveValue("YDB");

  await submitAndWait(page.getByLabel("License Plate"), { by: "Enter", url: /\/$/ });
  const [saved] = await db.select().from(trailers).where(eq(trailers.trailerNumber, number));
  const [yard] = await db.select().from(users).where(eq(users.email, "yard@acme.test"));
  expect(saved).toMatchObject({ trailerLocation: "North-3", type: "reefer_48", licenseState: "MA", licensePlate: "KB1", userId: yard.id });
});

test("Add New Trailer passes axe with a picker open, and its pickers work by touch on a 390 px phone", async ({ browser, newUser, db }) => {
  const phone = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };
  const { context, page } = await signedInPage(browser, db, (await newUser("super_manager")).email, phone);
  await visit(page, "/trailers/new");
  await expectNoAxeViolations(page);

  const location = picker(page, "Location");
  await location.tap();
  await expect(location).toHaveAttribute("aria-expanded", "true");
  const list = page.getByRole("listbox");
  await expect(list).toBeVisible();
  // The list stays within the phone's width and scrolls within its height (60 units: 15rem).
  const box = (await list.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  expect(box.height).toBeLessThanOrEqual(240);
  await expectNoAxeViolations(page);
  await option(page, "Yard A").tap();
  await expect(location).toHaveValue("Yard A");

  // The type's list is shorter (48 units: 12rem); the one with nothing to show passes axe too.
  const type = picker(page, "Type");
  await type.tap();
  await expect((await page.getByRole("listbox").boundingBox())!.height).toBeLessThanOrEqual(192);
  await type.fill("zz");
  await expect(page.getByRole("status").filter({ hasText: "No results found" })).toBeVisible();
  await expectNoAxeViolations(page);
  await type.fill("dry 4");
  await option(page, "Dry 42").tap();
  await expect(type).toHaveValue("Dry 42");
  await context.close();
});

test("Update Truck passes axe with a picker open; its type says 'No truck types found'", async ({ page, newUser, signInAs, db }) => {
  const [truck] = await db.select().from(trucks).where(eq(trucks.truckNumber, "ACB-T103"));
  await openAs("super_manager", { page, newUser, signInAs }, `/trucks/${truck.id}/edit`);
  await expectNoAxeViolations(page);

  const type = picker(page, "Type");
  await type.focus();
  await page.keyboard.press("ArrowDown");
  await expect(page.getByRole("listbox")).toBeVisible();
  await expectNoAxeViolations(page);
  await clearByKeyboard(page);
  await page.keyboard.type("reefer");
  await expect(page.getByRole("status").filter({ hasText: "No truck types found" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.keyboard.press("Escape");
  await expect(page.getByText("No truck types found")).toBeHidden();
  await clearByKeyboard(page);
  await page.keyboard.type("box");
  await page.keyboard.press("Enter");
  await expect(type).toHaveValue("Boxtruck");

  const state = picker(page, "License State");
  await state.focus();
  await clearByKeyboard(page);
  await page.keyboard.type("new");
  await expect(option(page, "New York (NY)")).toBeVisible();
  await expectNoAxeViolations(page);
  // A state's full name, typed and left, is kept as its code.
  await clearByKeyboard(page);
  await page.keyboard.type("vermont");
  await page.keyboard.press("Escape");
  await page.keyboard.press("Tab");
  await expect(state).toHaveValue("VT");

  await submitAndWait(page.getByRole("button", { name: "Update" }), { url: new RegExp(`/trucks/${truck.id}$`) });
  const [saved] = await db.select().from(trucks).where(eq(trucks.id, truck.id));
  expect(saved).toMatchObject({ type: "boxtruck", licenseState: "VT" });
});

test("without JavaScript the pickers are a select and inputs, and Add Truck and Update Trailer still save", async ({
  browser,
  newUser,
  apiAs,
  db,
}) => {
  const { context, page } = await signedInPage(browser, db, (await newUser("super_manager")).email, { javaScriptEnabled: false });
  const number = newNumber("NJ");
  await page.goto("/trucks/new");
  await expect(page.getByRole("combobox", { name: "Type" })).toHaveJSProperty("tagName", "SELECT");
  await page.getByLabel("Truck Number").fill(number);
  await expect(page.getByLabel("License State")).toHaveAttribute("maxlength", "2");
  await fillIn(page, {
    Location: "Overflow Lot",
    Type: "Daycab 2 Axle",
    "License State": "ri",
    "License Plate": "nj-1",
    Year: "2020",
    Make: "Mack",
    Model: "Anthem",
    "Assigned To": "rdb",
  });
  await submitAndWait(page.getByRole("button", { name: "Add Truck" }), { url: /\/$/ });
  const [truck] = await db.select().from(trucks).where(eq(trucks.truckNumber, number));
  const [road] = await db.select().from(users).where(eq(users.email, "road@acme.test"));
  expect(truck).toMatchObject({ truckLocation: "Overflow Lot", type: "daycab_2_axle", licenseState: "RI", assignedUserId: road.id });

  const [trailer] = await db
    .select()
    .from(trailers)
    .where(eq(trailers.trailerNumber, await addTrailer(await apiAs((await newUser("super_manager")).email), "Yard A", "NU")));
  await page.goto(`/trailers/${trailer.id}/edit`);
  await page.getByLabel("Type").selectOption({ label: "Liftgate 48" });
  await page.getByLabel("License State").fill("ct");
  await page.getByLabel("Location").fill("South-4");
  await submitAndWait(page.getByRole("button", { name: "Update" }), { url: /\/$/ });
  const [updated] = await db.select().from(trailers).where(eq(trailers.id, trailer.id));
  expect(updated).toMatchObject({ type: "liftgate_48", licenseState: "CT", trailerLocation: "South-4" });
  await context.close();
});

test("an admin's Add New Trailer pickers follow the Account chosen in the form, keeping what was typed", async ({
  page,
  newUser,
  signInAs,
  db,
}) => {
  const [newark, charlotte] = [await accountId(db, "Acme Newark"), await accountId(db, "Blue Ridge Charlotte")];
  await openAs("admin", { page, newUser, signInAs }, "/trailers/new");
  const number = newNumber("AS");
  await page.getByLabel("Trailer Number").fill(number);
  const location = picker(page, "Location");
  // No account chosen yet: nothing to offer.
  await location.fill("rail");
  await expect(page.getByRole("status").filter({ hasText: "No results found" })).toBeVisible();

  await page.getByLabel("Account").selectOption({ label: NEWARK });
  await expect(page).toHaveURL(new RegExp(`/trailers/new\\?account=${newark}$`));
  await location.fill("rail");
  await expect(option(page, "Rail Lot")).toBeVisible();
  await picker(page, "Assign User").fill("nico");
  await expect(page.getByRole("option", { name: /^YDN · Nico Young/ })).toBeVisible();

  await page.getByLabel("Account").selectOption({ label: CHARLOTTE });
  await expect(page).toHaveURL(new RegExp(`/trailers/new\\?account=${charlotte}$`));
  await expect(page.getByLabel("Trailer Number")).toHaveValue(number);
  await expect(picker(page, "Assign User")).toHaveValue("nico");
  await location.fill("rail lot");
  await expect(page.getByRole("status").filter({ hasText: "No results found" })).toBeVisible();
  await location.fill("east");
  await option(page, "East Yard").click();
  await picker(page, "Assign User").fill("cole");
  await page.getByRole("option", { name: /^YDC · Cole Yates/ }).click();

  await page.getByLabel("Owner").fill("blue ridge");
  await picker(page, "Type").fill("Dry 53");
  await picker(page, "License State").fill("nc");
  await page.getByLabel("License Plate").fill("as1");
  await submitAndWait(page.getByRole("button", { name: "Add Trailer" }), { url: /\/$/ });
  const [saved] = await db.select().from(trailers).where(eq(trailers.trailerNumber, number));
  const [cole] = await db.select().from(users).where(eq(users.email, "yard@blueridge.test"));
  expect(saved).toMatchObject({ accountId: charlotte, trailerLocation: "East Yard", userId: cole.id, type: "dry_53" });
});

test("without JavaScript an admin loads the chosen account's locations into Add Truck, keeping what was typed", async ({
  browser,
  newUser,
  db,
}) => {
  const admin = await newUser("admin");
  const newark = await accountId(db, "Acme Newark");
  const { context, page } = await signedInPage(browser, db, admin.email, { javaScriptEnabled: false });
  const offered = (value: string) => page.locator(`datalist option[value="${value}"]`);
  const number = newNumber("NL");
  await page.goto("/trucks/new");
  await expect(offered("Rail Lot")).toHaveCount(0);
  await page.getByLabel("Truck Number").fill(number);
  await page.getByLabel("Make").fill("Volvo");
  await page.getByLabel("Account").selectOption({ label: NEWARK });
  await submitAndWait(page.getByRole("button", { name: "Load this account's locations" }), { shows: page.getByLabel("Truck Number") });
  await expect(page.getByLabel("Truck Number")).toHaveValue(number);
  await expect(page.getByLabel("Make")).toHaveValue("Volvo");
  await expect(page.getByLabel("Account")).toHaveValue(String(newark));
  await expect(offered("Rail Lot")).toHaveCount(1);
  await expect(offered("Overflow Lot")).toHaveCount(0);
  await expect(offered("YDN")).toHaveCount(1);
  await expect(page.getByRole("alert")).toHaveCount(0);

  // Enter in a field sends the form itself (not the load button): its errors, with Newark's choices still.
  expectConsoleErrors(failedLoad(400, "/trucks/new"));
  await submitAndWait(page.getByLabel("Model"), { by: "Enter", shows: page.getByRole("alert") });
  await expect(page.getByRole("alert")).toContainText("Truck location is required");
  await expect(offered("Rail Lot")).toHaveCount(1);
  await expect(page.getByLabel("Truck Number")).toHaveValue(number);

  await fillIn(page, {
    Location: "Rail Lot",
    Type: "Boxtruck",
    Year: "2019",
    Model: "VNR",
    "License Plate": "nl1",
    "License State": "NJ",
    "Assigned To": "YDN",
  });
  await submitAndWait(page.getByRole("button", { name: "Add Truck" }), { url: /\/$/ });
  const [saved] = await db.select().from(trucks).where(eq(trucks.truckNumber, number));
  const [nico] = await db.select().from(users).where(eq(users.email, "yard@newark.test"));
  expect(saved).toMatchObject({ accountId: newark, truckLocation: "Rail Lot", assignedUserId: nico.id });
  await context.close();
});

test("a non-admin naming another account gets its own account's locations and users", async ({ page, newUser, signInAs, apiAs, db }) => {
  const manager = await newUser("super_manager");
  const charlotte = await accountId(db, "Blue Ridge Charlotte");
  await signInAs(page, manager.email);
  await visit(page, `/trailers/new?account=${charlotte}`);
  await expect(page.getByLabel("Account")).toHaveCount(0);
  const location = picker(page, "Location");
  await location.fill("east yard");
  await expect(page.getByRole("status").filter({ hasText: "No results found" })).toBeVisible();
  await location.fill("yard a");
  await expect(option(page, "Yard A")).toBeVisible();
  const assignee = picker(page, "Assign User");
  await assignee.fill("ydc");
  await expect(page.getByRole("status").filter({ hasText: "No results found" })).toBeVisible();
  await assignee.fill("ydb");
  await expect(page.getByRole("option", { name: /^YDB/ })).toBeVisible();

  // The load button's post, sent by hand with the other account: still its own account's choices.
  const api = await apiAs(manager.email);
  for (const path of ["/trailers/new", "/trucks/new"]) {
    const answer = await api.post(path, {
      form: { csrf: await csrfTokenOf(api), intent: "load-account", account_id: String(charlotte), trailer_number: "X1" },
    });
    expect(answer.status()).toBe(200);
    const html = await answer.text();
    expect(html).toContain('value="Overflow Lot"');
    expect(html).not.toContain('value="East Yard"');
    expect(html).not.toContain('value="YDC"');
  }
});
