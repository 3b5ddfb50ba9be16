import type { APIRequestContext } from "@playwright/test";
import { eq } from "drizzle-orm";
import { accounts, companies } from "../../db/schema";
import { csrfTokenOf, expect, test } from "./fixtures";

async function send(api: APIRequestContext, method: string, path: string, data?: unknown) {
  const response = await api.fetch(path, { method, data: data ?? {}, headers: { "X-CSRF-Token": await csrfTokenOf(api) } });
  return { status: response.status(), body: await response.json() };
}

test("an admin creates a company, adds an account with a bad then a good location, and renames the company", async ({ page, newUser, signInAs }) => {
  const admin = await newUser("admin");
  await signInAs(page, admin.email);
  await page.goto("/companies");
  await page.getByRole("link", { name: "Add New Company" }).click();
  await page.getByRole("button", { name: "Create Company" }).click();
  await expect(page.getByText("Company name is required").first()).toBeVisible();
  const name = `Harbor ${Date.now()}`;
  await page.getByLabel("Company Name").fill(`  ${name}  `);
  await page.getByRole("button", { name: "Create Company" }).click();
  await expect(page).toHaveURL(/\/companies$/);
  const card = page.getByRole("listitem").filter({ hasText: name });
  await expect(card).toContainText("No accounts");
  await card.getByRole("link", { name: "Edit" }).click();

  await expect(page.getByText("No accounts found for this company.")).toBeVisible();
  await page.getByRole("link", { name: "Add Account" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Account" });
  await dialog.getByLabel("Account Name").fill("Harbor Savannah");
  await dialog.getByLabel("Location").fill("Savannah");
  await dialog.getByRole("button", { name: "Save Account" }).click();
  await expect(dialog.getByText('Location must be in format "City, ST" (e.g., "Boston, MA")').first()).toBeVisible();
  await dialog.getByLabel("Location").fill("Savannah, GA");
  await dialog.getByRole("button", { name: "Save Account" }).click();
  await expect(page.getByRole("cell", { name: "Harbor Savannah", exact: true })).toBeVisible();
  await expect(page.getByRole("cell", { name: "Savannah, GA", exact: true })).toBeVisible();

  await page.getByLabel("Company Name").fill(`${name} Lines`);
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("status")).toHaveText("Company saved");
  await page.goto("/companies");
  await expect(page.getByRole("listitem").filter({ hasText: `${name} Lines` })).toContainText("1 account");
});

test("deleting an account that still holds yard data is refused with what remains", async ({ page, newUser, signInAs, db }) => {
  const admin = await newUser("admin");
  await signInAs(page, admin.email);
  const [acme] = await db.select().from(companies).where(eq(companies.companyName, "Acme Logistics"));
  await page.goto(`/companies/${acme.id}/edit`);
  page.once("dialog", (dialog) => {
    expect(dialog.message()).toBe("Are you sure you want to delete this account?");
    void dialog.accept();
  });
  await page.getByRole("button", { name: "Delete Acme Newark" }).click();
  await expect(page.getByRole("alert")).toContainText(/This account still has \d+ users, \d+ trailers, \d+ trucks, 2 yards, 2 buildings and \d+ moves/);
  expect(await db.select().from(accounts).where(eq(accounts.accountName, "Acme Newark"))).toHaveLength(1);
});

test("a missing company shows 'Company not found' with a way back", async ({ page, newUser, signInAs }) => {
  await signInAs(page, (await newUser("admin")).email);
  const response = await page.goto("/companies/999999/edit");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Company not found" })).toBeVisible();
  await page.getByRole("link", { name: "Back to Companies" }).click();
  await expect(page).toHaveURL(/\/companies$/);
});

test("tenant isolation: a Blue Ridge super manager reaches no other company or account through any endpoint", async ({ newUser, apiAs, db }) => {
  const [acme] = await db.select().from(companies).where(eq(companies.companyName, "Acme Logistics"));
  const [boston] = await db.select().from(accounts).where(eq(accounts.accountName, "Acme Boston"));
  const outsider = await newUser("super_manager", { account: "Blue Ridge Charlotte" });
  const api = await apiAs(outsider.email);

  const list = await (await api.get("/api/companies")).json();
  expect(list.map((company: { company_name: string }) => company.company_name)).toEqual(["Blue Ridge Transport"]);
  expect((await api.get("/api/companies/")).status()).toBe(200);
  expect((await api.get(`/api/companies/${acme.id}`)).status()).toBe(404);
  const accountsSeen = await (await api.get(`/api/accounts/?company_id=${acme.id}`)).json();
  expect(accountsSeen.map((account: { id: number }) => account.id)).toEqual([outsider.accountId]);
  expect((await api.get("/api/admin/")).status()).toBe(403);
  const test = await (await api.get("/api/companies/test")).json();
  expect(test).toMatchObject({ count: 1, is_admin: false, complete_data: [] });

  expect((await send(api, "PUT", `/api/companies/${acme.id}`, { company_name: "Taken" })).status).toBe(403);
  expect((await send(api, "POST", "/api/companies/", { company_name: "Mine Now" })).status).toBe(403);
  expect((await send(api, "POST", "/api/companies/seed-test")).status).toBe(403);
  expect((await send(api, "POST", "/api/accounts/", { company_id: acme.id, account_name: "X", location: "Boston, MA" })).status).toBe(403);
  expect((await send(api, "PUT", `/api/accounts/${boston.id}`, { account_name: "Stolen", location: "Boston, MA" })).status).toBe(403);
  expect((await send(api, "DELETE", `/api/accounts/${boston.id}`)).status).toBe(403);
  const [stillAcme] = await db.select().from(companies).where(eq(companies.id, acme.id));
  expect(stillAcme.companyName).toBe("Acme Logistics");
});

test("admins read everything from /api/admin/, without password hashes", async ({ newUser, apiAs }) => {
  const api = await apiAs((await newUser("admin")).email);
  const body = await (await api.get("/api/admin/")).json();
  expect(Object.keys(body).sort()).toEqual(["accounts", "buildings", "companies", "trailers", "trucks", "users", "yards"]);
  expect(body.trailers.length).toBeGreaterThanOrEqual(450);
  expect(JSON.stringify(body.users)).not.toContain("scrypt$");
  expect(body.users[0]).toHaveProperty("alpha_code");
});

test("the company and account endpoints need a CSRF token", async ({ newUser, apiAs, db }) => {
  const [boston] = await db.select().from(accounts).where(eq(accounts.accountName, "Acme Boston"));
  const api = await apiAs((await newUser("admin")).email);
  for (const [method, path] of [
    ["POST", "/api/companies/"],
    ["PUT", "/api/companies/1"],
    ["POST", "/api/companies/seed-test"],
    ["POST", "/api/accounts/"],
    ["PUT", `/api/accounts/${boston.id}`],
    ["DELETE", `/api/accounts/${boston.id}`],
  ] as const) {
    const response = await api.fetch(path, { method, data: {} });
    expect(response.status(), `${method} ${path}`).toBe(403);
    expect((await response.json()).error).toBe("CSRF token missing or invalid");
  }
});
