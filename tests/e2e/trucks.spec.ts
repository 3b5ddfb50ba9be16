import { eq } from "drizzle-orm";
import { trucks } from "#db/schema";
import { csrfTokenOf, expect, expectConsoleErrors, failedLoad, signedInPage, submitAndWait, test, visit } from "./fixtures";
import { choose } from "./pickers";

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

test("Add Truck lists every rule's message, then adds the truck; Update Truck's status radio moves it to the Shop", async ({
  page,
  newUser,
  signInAs,
  db,
}) => {
  const superManager = await newUser("super_manager");
  await signInAs(page, superManager.email);
  await visit(page, "/?tab=trucks");
  await page.getByRole("link", { name: "Add New Truck" }).click();
  await page.getByLabel("Year").fill("1899");
  await page.getByLabel("Last Inspection").fill(day(3));
  await page.getByLabel("Next Maintenance").fill(day(-3));
  await page.getByLabel("Red Tagged").check();
  await page.getByRole("button", { name: "Add Truck" }).click();
  const summary = page.getByRole("alert");
  for (const message of [
    "Truck number is required",
    "Truck location is required",
    "License plate is required",
    "Truck type is required",
    "Year must be between 1900 and next year",
    "Make is required",
    "Model is required",
    "Last inspection date cannot be in the future",
    "Next maintenance date must be in the future",
  ]) {
    await expect(summary).toContainText(message);
  }
  const number = `TK${Date.now() % 100000}`;
  await page.getByLabel("Truck Number").fill(number);
  await page.getByLabel("Location").fill("Yard A");
  await choose(page, "Type", "Sleeper 2 Axle", "sleeper");
  await page.getByLabel("Year").fill("2021");
  await page.getByLabel("Make").fill("Volvo");
  await page.getByLabel("Model").fill("VNL 760");
  await page.getByLabel("License Plate").fill("trk900");
  await page.getByLabel("License State").fill("MA");
  await page.getByLabel("Last Inspection").fill(day(0));
  await page.getByLabel("Next Maintenance").fill(day(30));
  await page.getByRole("button", { name: "Add Truck" }).click();
  await expect(summary).toContainText("Tagged description is required when truck is tagged");
  await page.getByLabel("Tagged Description").fill("Brake light out");
  await submitAndWait(page.getByRole("button", { name: "Add Truck" }), { url: /\/$/ });
  const [created] = await db.select().from(trucks).where(eq(trucks.truckNumber, number));
  expect(created).toMatchObject({ truckLocation: "Yard A", redTagged: true, year: 2021, licensePlate: "TRK900" });

  await visit(page, `/trucks/${created.id}/edit`);
  await page.getByLabel("Shop", { exact: true }).check();
  await expect(page.getByLabel("Location")).toHaveValue("Shop");
  await submitAndWait(page.getByRole("button", { name: "Update" }), { url: new RegExp(`/trucks/${created.id}$`) });
  await expect(page.getByTestId("current-location")).toHaveText("Shop");
  const [moved] = await db.select().from(trucks).where(eq(trucks.id, created.id));
  expect(moved).toMatchObject({ inShop: true, redTagged: false, yellowTagged: false });
});

test("Update Truck on a phone: the Year takes digits only and no later year; empty fields say 'Please fill out all required fields'; a tag needs its description", async ({
  page,
  newUser,
  signInAs,
  db,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const superManager = await newUser("super_manager");
  const [truck] = await db.select().from(trucks).where(eq(trucks.accountId, superManager.accountId!)).limit(1);
  await signInAs(page, superManager.email);
  await visit(page, `/trucks/${truck.id}/edit`);

  const year = page.getByLabel("Year");
  await year.fill("");
  await year.pressSequentially("2a0-1x9");
  await expect(year).toHaveValue("2019");
  const next = String(new Date().getUTCFullYear() + 1);
  await year.fill("");
  await year.pressSequentially(next);
  await expect(year).toHaveValue(next);
  await expect(page.getByRole("alert")).toContainText("Year cannot be later than the current year");

  await year.fill("");
  await page.getByLabel("Make").fill("");
  await page.getByLabel("Red Tagged").check();
  await page.getByLabel("Tagged Description").fill("");
  await page.getByRole("button", { name: "Update" }).click();
  const summary = page.getByRole("alert");
  await expect(summary).toContainText("Please fill out all required fields");
  await expect(summary).toContainText("Year is required");
  await expect(summary).toContainText("Make is required");

  await year.fill(String(truck.year));
  await page.getByLabel("Make").fill(truck.make);
  await page.getByRole("button", { name: "Update" }).click();
  await expect(summary).toHaveText(/Tagged description is required when a truck is tagged/);
  await expect(summary).not.toContainText("Please fill out all required fields");
  await page.getByLabel("Tagged Description").fill("Mirror cracked");
  await submitAndWait(page.getByRole("button", { name: "Update" }), { url: new RegExp(`/trucks/${truck.id}$`) });
  const [saved] = await db.select().from(trucks).where(eq(trucks.id, truck.id));
  expect(saved).toMatchObject({ redTagged: true, taggedDescription: "Mirror cracked" });
});

test("truck endpoints stay within the caller's account", async ({ newUser, apiAs, db }) => {
  const [acmeTruck] = await db.select().from(trucks).where(eq(trucks.truckNumber, "ACB-T101"));
  const outsider = await apiAs((await newUser("super_manager", { account: "Blue Ridge Charlotte" })).email);
  const token = await csrfTokenOf(outsider);
  expect((await outsider.get(`/api/trucks/${acmeTruck.id}`)).status()).toBe(404);
  expect((await outsider.get(`/api/trucks/${acmeTruck.id}/location-history`)).status()).toBe(404);
  expect((await outsider.put(`/api/trucks/${acmeTruck.id}`, { headers: { "X-CSRF-Token": token }, data: {} })).status()).toBe(404);
  expect((await outsider.delete(`/api/trucks/${acmeTruck.id}`, { headers: { "X-CSRF-Token": token } })).status()).toBe(404);
  const list = await (await outsider.get(`/api/trucks/?account_id=${acmeTruck.accountId}`)).json();
  expect(list.length).toBeGreaterThan(0);
  expect(list.every((row: { account_id: number }) => row.account_id !== acmeTruck.accountId)).toBe(true);
  const bad = await outsider.post("/api/trucks/", { headers: { "X-CSRF-Token": token }, data: { year: 3000 } });
  expect(bad.status()).toBe(400);
  expect((await bad.json()).errors).toContain("Year must be between 1900 and next year");
});

test("Add Truck: ticking Shop fills the Shop location and typed codes show in capitals", async ({ page, newUser, signInAs }) => {
  const superManager = await newUser("super_manager");
  await signInAs(page, superManager.email);
  await visit(page, "/trucks/new");
  await page.getByLabel("Location").fill("Yard A");
  await page.getByLabel("Shop", { exact: true }).check();
  await expect(page.getByLabel("Location")).toHaveValue("Shop");
  await page.getByLabel("Truck Number").pressSequentially("tk-a");
  await expect(page.getByLabel("Truck Number")).toHaveValue("TK-A");
  await page.getByLabel("License State").pressSequentially("ny");
  await expect(page.getByLabel("License State")).toHaveValue("NY");
  await expect(page.getByLabel("Assigned To")).toHaveAttribute("placeholder", "Search by name, email, alpha code or driver number");
});

test("Update Truck works without JavaScript: a refusal keeps the chosen status, then the truck is tagged", async ({
  browser,
  newUser,
  db,
}) => {
  const superManager = await newUser("super_manager");
  const [truck] = await db.select().from(trucks).where(eq(trucks.truckNumber, "ACB-T102"));
  const { context, page } = await signedInPage(browser, db, superManager.email, { javaScriptEnabled: false });
  await page.goto(`/trucks/${truck.id}/edit`);
  await page.getByLabel("Last Inspection").fill(day(-1));
  await page.getByLabel("Next Inspection").fill(day(60));
  await page.getByLabel("Last Maintenance").fill(day(-1));
  await page.getByLabel("Next Maintenance").fill(day(60));
  await page.getByLabel("Tagged Description").fill("");
  await page.getByLabel("Yellow Tagged").check();
  expectConsoleErrors(failedLoad(400, `/trucks/${truck.id}/edit`));
  await submitAndWait(page.getByRole("button", { name: "Update" }), { shows: page.getByRole("alert") });
  await expect(page.getByRole("alert")).toContainText("Tagged description is required when a truck is tagged");
  await expect(page.getByLabel("Yellow Tagged")).toBeChecked();
  await page.getByLabel("Tagged Description").fill("Mirror cracked");
  await submitAndWait(page.getByRole("button", { name: "Update" }), { url: new RegExp(`/trucks/${truck.id}$`) });
  const [stored] = await db.select().from(trucks).where(eq(trucks.id, truck.id));
  expect(stored).toMatchObject({ yellowTagged: true, redTagged: false, taggedDescription: "Mirror cracked" });
  await context.close();
});
