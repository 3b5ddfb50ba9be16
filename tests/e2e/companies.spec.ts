import type { APIRequestContext, Request } from "@playwright/test";
import { count, eq } from "drizzle-orm";
import { accounts, companies, trailers, users } from "#db/schema";
import type { Database } from "#app/lib/db.server";
import { csrfTokenOf, expect, expectConsoleErrors, failedLoad, submitAndWait, test, visit } from "./fixtures";

const LOCATION_FORMAT = 'Location must be in format "City, ST" (e.g., "Boston, MA")';

async function send(api: APIRequestContext, method: "POST" | "PUT" | "DELETE", path: string, data?: unknown) {
  const response = await api.fetch(path, { method, data: data ?? {}, headers: { "X-CSRF-Token": await csrfTokenOf(api) } });
  return { status: response.status(), body: await response.json(), text: JSON.stringify(await response.json()) };
}

async function companyNamed(db: Database, name: string) {
  const [company] = await db.select().from(companies).where(eq(companies.companyName, name));
  return company;
}

async function accountNamed(db: Database, name: string) {
  const [account] = await db.select().from(accounts).where(eq(accounts.accountName, name));
  return account;
}

test("an admin creates a company, adds an account (a bad location first), edits it, renames the company and deletes the empty account", async ({
  page,
  newUser,
  signInAs,
}) => {
  await signInAs(page, (await newUser("admin")).email);
  await visit(page, "/companies");
  await expect(page.getByRole("button", { name: "Seed Test Company" })).toHaveCount(0);
  await page.getByRole("link", { name: "Add New Company" }).click();
  await expect(page.getByRole("heading", { name: "Create New Company" })).toBeVisible();
  await page.getByRole("button", { name: "Create Company" }).click();
  await expect(page.getByText("Company name is required").first()).toBeVisible();
  const name = `Harbor ${Date.now()}`;
  await page.getByLabel("Company Name").fill(`  ${name}  `);
  await submitAndWait(page.getByRole("button", { name: "Create Company" }), { url: /\/companies$/ });
  const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name, exact: true }) });
  await expect(card).toContainText("No accounts");
  await expect(card).toContainText(/Created [A-Z][a-z]{2} \d{1,2}, \d{4}/);
  await card.getByRole("link", { name: "Edit" }).click();

  await expect(page.getByText("No accounts found for this company.")).toBeVisible();
  await page.getByRole("link", { name: "Add Account" }).click();
  const addDialog = page.getByRole("dialog", { name: "Add Account" });
  await addDialog.getByLabel("Account Name").fill("Harbor Savannah");
  await addDialog.getByLabel("Location").fill("Savannah");
  await addDialog.getByRole("button", { name: "Save Account" }).click();
  await expect(addDialog.getByText(LOCATION_FORMAT)).toBeVisible();
  await addDialog.getByLabel("Location").fill("Savannah, GA");
  await addDialog.getByLabel("Yards").fill("2");
  await submitAndWait(addDialog.getByRole("button", { name: "Save Account" }));
  await expect(addDialog).toBeHidden();
  const row = page.getByRole("row").filter({ hasText: "Harbor Savannah" });
  await expect(row.getByRole("cell")).toHaveText(["Harbor Savannah", "Savannah, GA", "2", "0", /Edit\s*Delete/]);

  await row.getByRole("link", { name: "Edit Harbor Savannah" }).click();
  const editDialog = page.getByRole("dialog", { name: "Edit Account" });
  await expect(editDialog.getByLabel("Location")).toHaveValue("Savannah, GA");
  await editDialog.getByLabel("Buildings").fill("-1");
  await editDialog.getByRole("button", { name: "Save Account" }).click();
  await expect(editDialog.getByText("Building count must be 0 or greater")).toBeVisible();
  await editDialog.getByLabel("Buildings").fill("3");
  await submitAndWait(editDialog.getByRole("button", { name: "Save Account" }));
  await expect(editDialog).toBeHidden();
  await expect(row.getByRole("cell").nth(3)).toHaveText("3");

  await page.getByLabel("Company Name").fill(`${name} Lines`);
  await submitAndWait(page.getByRole("button", { name: "Save", exact: true }), { shows: page.getByRole("status") });
  await expect(page.getByRole("status")).toHaveText("Company saved");
  await visit(page, "/companies");
  await expect(page.getByRole("listitem").filter({ hasText: `${name} Lines` })).toContainText("1 account");

  await page.getByRole("link", { name: `Edit ${name} Lines` }).click();
  page.once("dialog", (dialog) => void dialog.accept());
  await submitAndWait(page.getByRole("button", { name: "Delete Harbor Savannah" }), {
    shows: page.getByText("No accounts found for this company."),
  });
});

test("deleting an account that still holds yard data asks first, then is refused with what remains", async ({
  page,
  newUser,
  signInAs,
  db,
}) => {
  await signInAs(page, (await newUser("admin")).email);
  const acme = await companyNamed(db, "Acme Logistics");
  await visit(page, `/companies/${acme.id}/edit`);
  const newark = page.getByRole("row").filter({ hasText: "Acme Newark" });
  await expect(newark.getByRole("cell").nth(1)).toHaveText("Newark, NJ");

  const posts: string[] = [];
  const recordPost = (request: Request) => void (request.method() === "POST" && posts.push(request.url()));
  page.on("request", recordPost);
  page.once("dialog", (dialog) => void dialog.dismiss());
  await page.getByRole("button", { name: "Delete Acme Newark" }).click();
  page.off("request", recordPost);
  expect(posts).toEqual([]);
  await expect(page.getByRole("alert")).toHaveCount(0);

  const messages: string[] = [];
  page.once("dialog", (dialog) => {
    messages.push(dialog.message());
    void dialog.accept();
  });
  expectConsoleErrors(failedLoad(409, `/companies/${acme.id}/edit`));
  await submitAndWait(page.getByRole("button", { name: "Delete Acme Newark" }), { shows: page.getByRole("alert") });
  await expect(page.getByRole("alert")).toContainText(
    /This account still has \d+ users, \d+ trailers, \d+ trucks, \d+ yards, \d+ buildings and \d+ moves\. Move or remove them before deleting the account\./,
  );
  expect(messages).toEqual(["Are you sure you want to delete this account?"]);
  expect(await accountNamed(db, "Acme Newark")).toBeDefined();
  await expect(newark).toBeVisible();
});

test("a missing company shows 'Company not found' and 'Company with ID {id} not found' with a way back", async ({
  page,
  newUser,
  signInAs,
}) => {
  await signInAs(page, (await newUser("admin")).email);
  expectConsoleErrors(failedLoad(404, "/companies/999999/edit"));
  const response = await visit(page, "/companies/999999/edit");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Company not found" })).toBeVisible();
  await expect(page.getByRole("alert")).toContainText("Company with ID 999999 not found");
  await page.getByRole("link", { name: "Back to Companies" }).click();
  await expect(page).toHaveURL(/\/companies$/);
});

test("an admin opens the debug information of the company list", async ({ page, newUser, signInAs }) => {
  const admin = await newUser("admin");
  await signInAs(page, admin.email);
  await visit(page, "/companies");
  const debug = page.locator("pre");
  await expect(debug).toBeHidden();
  await page.getByText("Show Debug Info").click();
  await expect(debug).toContainText(`"email": "${admin.email}"`);
  await expect(debug).toContainText('"company_name": "Blue Ridge Transport"');
  await expect(page.getByText("Hide Debug Info")).toBeVisible();
});

test("a non-admin sees only its own company on the list, without admin controls, and is sent home from the admin pages", async ({
  page,
  newUser,
  signInAs,
  db,
}) => {
  const manager = await newUser("super_manager", { account: "Blue Ridge Charlotte" });
  await signInAs(page, manager.email);
  await page.goto("/companies");
  await expect(page.getByRole("listitem")).toHaveCount(1);
  await expect(page.getByRole("listitem")).toContainText("Blue Ridge Transport");
  await expect(page.getByRole("listitem")).toContainText("1 account");
  await expect(page.getByText("Acme Logistics")).toHaveCount(0);
  for (const hidden of ["Add New Company", "Edit"]) await expect(page.getByRole("link", { name: hidden })).toHaveCount(0);
  await expect(page.getByText("Show Debug Info")).toHaveCount(0);

  const blueRidge = await companyNamed(db, "Blue Ridge Transport");
  for (const path of ["/companies/new", `/companies/${blueRidge.id}/edit`]) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/$/);
  }
});

test("tenant isolation: a Blue Ridge Charlotte manager reaches no other company or account through any endpoint", async ({
  newUser,
  apiAs,
  db,
}) => {
  const acme = await companyNamed(db, "Acme Logistics");
  const boston = await accountNamed(db, "Acme Boston");
  const charlotte = await accountNamed(db, "Blue Ridge Charlotte");
  const manager = await newUser("manager", { account: "Blue Ridge Charlotte" });
  const api = await apiAs(manager.email);
  const read = async (path: string) => {
    const response = await api.get(path);
    const text = await response.text();
    expect(text, path).not.toContain("Acme");
    return { status: response.status(), body: JSON.parse(text) };
  };

  for (const path of ["/api/companies", "/api/companies/"]) {
    const { status, body } = await read(path);
    expect(status).toBe(200);
    expect(body).toMatchObject([{ id: charlotte.companyId, company_name: "Blue Ridge Transport", account_count: 1 }]);
  }
  expect(await read(`/api/companies/${acme.id}`)).toEqual({
    status: 404,
    body: { error: "Company not found", errors: ["Company not found"] },
  });
  expect((await read(`/api/companies/${charlotte.companyId}`)).body.accounts).toMatchObject([{ id: charlotte.id }]);
  expect((await read("/api/companies/test")).body).toMatchObject({
    count: 1,
    sample: [{ id: charlotte.companyId, name: "Blue Ridge Transport" }],
    is_admin: false,
    current_user: { email: manager.email, is_admin: false },
  });
  for (const path of ["/api/accounts/", `/api/accounts/?company_id=${acme.id}`]) {
    expect(
      (await read(path)).body.map((account: { id: number }) => account.id),
      path,
    ).toEqual([charlotte.id]);
  }
  expect((await read(`/api/accounts/${boston.id}`)).status).toBe(404);
  expect((await read(`/api/accounts/${charlotte.id}`)).body).toMatchObject({ id: charlotte.id, account_name: "Blue Ridge Charlotte" });
  expect((await read("/api/admin/")).status).toBe(403);

  const writes = [
    await send(api, "PUT", `/api/companies/${acme.id}`, { company_name: "Taken" }),
    await send(api, "PUT", `/api/companies/${charlotte.companyId}`, { company_name: "Renamed" }),
    await send(api, "POST", "/api/companies/", { company_name: "Mine Now" }),
    await send(api, "POST", "/api/companies/seed-test"),
    await send(api, "POST", "/api/accounts/", { company_id: acme.id, account_name: "Forged", location: "Boston, MA" }),
    await send(api, "PUT", `/api/accounts/${charlotte.id}`, { company_id: acme.id, account_name: "Moved", location: "Boston, MA" }),
    await send(api, "PUT", `/api/accounts/${boston.id}`, { account_name: "Stolen", location: "Boston, MA" }),
    await send(api, "DELETE", `/api/accounts/${boston.id}`),
    await send(api, "DELETE", `/api/accounts/${charlotte.id}`),
  ];
  for (const write of writes) {
    expect(write.status).toBe(403);
    expect(write.text).not.toContain("Acme");
  }
  expect(await companyNamed(db, "Acme Logistics")).toEqual(acme);
  expect(await accountNamed(db, "Acme Boston")).toEqual(boston);
  expect(await accountNamed(db, "Blue Ridge Charlotte")).toEqual(charlotte);
  expect(await accountNamed(db, "Forged")).toBeUndefined();
  expect(await companyNamed(db, "Mine Now")).toBeUndefined();
});

test("the admin-only endpoints answer 403 to a super manager", async ({ newUser, apiAs, db }) => {
  const charlotte = await accountNamed(db, "Blue Ridge Charlotte");
  const api = await apiAs((await newUser("super_manager", { account: "Blue Ridge Charlotte" })).email);
  expect((await api.get("/api/admin/")).status()).toBe(403);
  const account = { account_name: "Charlotte", location: "Charlotte, NC", company_id: charlotte.companyId };
  for (const [method, path, data] of [
    ["POST", "/api/companies/", { company_name: "Blue Ridge Two" }],
    ["PUT", `/api/companies/${charlotte.companyId}`, { company_name: "Blue Ridge Renamed" }],
    ["POST", "/api/companies/seed-test", {}],
    ["POST", "/api/accounts/", account],
    ["PUT", `/api/accounts/${charlotte.id}`, account],
    ["DELETE", `/api/accounts/${charlotte.id}`, {}],
  ] as const) {
    const { status, body } = await send(api, method, path, data);
    expect(status, `${method} ${path}`).toBe(403);
    expect(body.error).toBe("Only administrators can manage companies and accounts.");
  }
  expect(await accountNamed(db, "Blue Ridge Charlotte")).toEqual(charlotte);
});

test("the company and account API for an admin: create, read, update, refuse and delete", async ({ newUser, apiAs, db }) => {
  const api = await apiAs((await newUser("admin")).email);
  expect(await send(api, "POST", "/api/companies/", { company_name: " " })).toMatchObject({
    status: 400,
    body: { error: "Company name is required", errors: ["Company name is required"] },
  });
  const created = await send(api, "POST", "/api/companies/", { company_name: ` Gulf Carriers ${Date.now()} ` });
  expect(created.status).toBe(201);
  const company = created.body;
  expect(company).toMatchObject({ company_name: expect.stringMatching(/^Gulf Carriers \d+$/), account_count: 0 });
  expect((await send(api, "PUT", `/api/companies/${company.id}`, { company_name: `${company.company_name} Inc` })).body).toMatchObject({
    company_name: `${company.company_name} Inc`,
    accounts: [],
  });

  const invalidAccount = await send(api, "POST", "/api/accounts/", {
    company_id: company.id,
    account_name: "",
    location: "Houston",
    yard_count: -2,
  });
  expect(invalidAccount).toMatchObject({
    status: 400,
    body: { errors: ["Account name is required", LOCATION_FORMAT, "Yard count must be 0 or greater"] },
  });
  expect((await send(api, "POST", "/api/accounts/", { company_id: 999999, account_name: "Nowhere", location: "Houston, TX" })).status).toBe(
    404,
  );
  const account = await send(api, "POST", "/api/accounts/", {
    company_id: company.id,
    account_name: "Gulf Houston",
    location: "Houston, TX",
    yard_count: 1,
  });
  expect(account).toMatchObject({
    status: 201,
    body: { company_id: company.id, account_name: "Gulf Houston", yard_count: 1, building_count: 0 },
  });
  const id = account.body.id;
  expect(
    (await send(api, "PUT", `/api/accounts/${id}`, { account_name: "Gulf Houston", location: "Houston, TX", building_count: 4 })).body,
  ).toMatchObject({
    building_count: 4,
    // Left out of the PUT: kept.
    yard_count: 1,
  });
  expect((await (await api.get(`/api/accounts/?company_id=${company.id}`)).json()).map((row: { id: number }) => row.id)).toEqual([id]);
  expect((await (await api.get(`/api/companies/${company.id}`)).json()).accounts).toMatchObject([{ id, building_count: 4 }]);

  const boston = await accountNamed(db, "Acme Boston");
  const refused = await send(api, "DELETE", `/api/accounts/${boston.id}`);
  expect(refused.status).toBe(409);
  expect(refused.body.error).toMatch(
    /^This account still has \d+ users, \d+ trailers.* Move or remove them before deleting the account\.$/,
  );
  expect(await send(api, "DELETE", `/api/accounts/${id}`)).toMatchObject({ status: 200, body: { id } });
  expect((await send(api, "DELETE", `/api/accounts/${id}`)).status).toBe(404);

  for (const path of ["/api/companies/abc", "/api/companies/99999999999", "/api/accounts/abc"]) {
    expect((await api.get(path)).status(), path).toBe(404);
  }
  expect((await send(api, "PUT", "/api/accounts/abc", { account_name: "X", location: "Boston, MA" })).status).toBe(404);
  const malformed = await api.fetch("/api/companies/", {
    method: "POST",
    data: "{not json",
    headers: { "X-CSRF-Token": await csrfTokenOf(api), "Content-Type": "application/json" },
  });
  expect(malformed.status()).toBe(400);
  expect((await send(api, "POST", "/api/companies/seed-test")).status).toBe(409);
});

test("admins read every list from /api/admin/ whole, streamed, without password hashes", async ({ newUser, apiAs, db }) => {
  const api = await apiAs((await newUser("admin")).email);
  // More trailers than one batch of the export (1,000), in an account of their own, removed after.
  const [boston] = await db.select().from(accounts).where(eq(accounts.accountName, "Acme Boston"));
  const [exported] = await db
    .insert(accounts)
    .values({ accountName: `Export ${Date.now()}`, location: "Boston, MA", companyId: boston.companyId })
    .returning();
  await db.insert(trailers).values(
    Array.from({ length: 1_100 }, (_, index) => ({
      accountId: exported.id,
      trailerNumber: `XP${index}`,
      trailerLocation: "Road",
      companyOwner: "ACME",
    })),
  );
  const stored = { trailers: 0, users: 0, companies: 0 };
  const response = await api.get("/api/admin/").finally(async () => {
    for (const [name, table] of [
      ["trailers", trailers],
      ["users", users],
      ["companies", companies],
    ] as const) {
      stored[name] = (await db.select({ rows: count() }).from(table))[0].rows;
    }
    await db.delete(trailers).where(eq(trailers.accountId, exported.id));
    await db.delete(accounts).where(eq(accounts.id, exported.id));
  });
  expect(response.headers()["content-type"]).toContain("application/json");
  const body = await response.json();
  expect(Object.keys(body).sort()).toEqual(["accounts", "buildings", "companies", "trailers", "trucks", "users", "yards"]);
  for (const name of ["trailers", "users", "companies"] as const) expect(body[name], name).toHaveLength(stored[name]);
  expect(body.trailers.length).toBeGreaterThan(1_000);
  expect(JSON.stringify(body)).not.toMatch(/password|scrypt\$/);
  expect(body.users[0]).toHaveProperty("alpha_code");
  expect(body.trailers[0]).toHaveProperty("trailer_number");
  expect(body.companies.map((company: { company_name: string }) => company.company_name)).toEqual(
    expect.arrayContaining(["Acme Logistics", "Blue Ridge Transport"]),
  );
});

test("DELETE /api/accounts/{id} needs a CSRF token too", async ({ newUser, apiAs, db }) => {
  const boston = await accountNamed(db, "Acme Boston");
  const api = await apiAs((await newUser("admin")).email);
  const response = await api.delete(`/api/accounts/${boston.id}`);
  expect(response.status()).toBe(403);
  expect((await response.json()).error).toBe("CSRF token missing or invalid");
});

test("on a 390 px phone the company pages do not scroll sideways; the accounts table scrolls in its own box", async ({
  page,
  newUser,
  signInAs,
  db,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, (await newUser("admin")).email);
  const acme = await companyNamed(db, "Acme Logistics");
  const pages = [
    ["/companies", page.getByRole("heading", { name: "Company List" })],
    ["/companies/new", page.getByRole("heading", { name: "Create New Company" })],
    [`/companies/${acme.id}/edit`, page.getByRole("heading", { name: "Edit Company" })],
    [`/companies/${acme.id}/edit?account=new`, page.getByRole("dialog", { name: "Add Account" })],
  ] as const;
  for (const [path, landmark] of pages) {
    await page.goto(path);
    await expect(landmark).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
  await page.goto(`/companies/${acme.id}/edit`);
  const tableBox = page.locator("div.overflow-x-auto").filter({ has: page.getByRole("table") });
  await tableBox.evaluate((box) => (box.scrollLeft = box.scrollWidth));
  await expect(page.getByRole("button", { name: "Delete Acme Boston" })).toBeInViewport();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("an admin adds an account through the plain form and reads the server's messages", async ({ page, newUser, signInAs, apiAs }) => {
    const admin = await newUser("admin");
    const api = await apiAs(admin.email);
    const company = (await send(api, "POST", "/api/companies/", { company_name: `Plain Form ${Date.now()}` })).body;
    await signInAs(page, admin.email);
    await page.goto(`/companies/${company.id}/edit`);
    await page.getByRole("link", { name: "Add Account" }).click();
    await expect(page).toHaveURL(/\?account=new$/);
    await page.getByLabel("Account Name").fill("Plain Dock");
    await page.getByLabel("Location").fill("Portland, oregon");
    expectConsoleErrors(failedLoad(400, `/companies/${company.id}/edit`));
    await page.getByRole("button", { name: "Save Account" }).click();
    await expect(page.getByText(LOCATION_FORMAT)).toBeVisible();
    await page.getByLabel("Location").fill("Portland, OR");
    await submitAndWait(page.getByRole("button", { name: "Save Account" }), {
      url: new RegExp(`/companies/${company.id}/edit$`),
      shows: page.getByRole("cell", { name: "Plain Dock", exact: true }),
    });
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });
});
