import { request as playwrightRequest, type APIRequestContext } from "@playwright/test";
import {
  BASE_URL,
  csrfTokenOf,
  expect,
  expectConsoleErrors,
  failedLoad,
  hydrated,
  logIn,
  newBrowser,
  submitAndWait,
  test,
  visit,
} from "./fixtures";

async function send(api: APIRequestContext, method: string, path: string, data?: unknown) {
  const response = await api.fetch(path, { method, data: data ?? {}, headers: { "X-CSRF-Token": await csrfTokenOf(api) } });
  return { status: response.status(), body: await response.json() };
}

test("an admin adds a manager, who signs in with the temporary password and must change it first", async ({
  page,
  browser,
  newUser,
  signInAs,
}) => {
  const admin = await newUser("admin");
  await signInAs(page, admin.email);
  await visit(page, "/signup");
  await page.getByRole("button", { name: "Add User" }).click();
  await expect(page.getByRole("alert")).toContainText("Please fix the following errors:");
  await expect(page.getByRole("alert")).toContainText("Please select a role");

  await page.getByRole("radio", { name: "Manager", exact: true }).check();
  await page.getByLabel("Account", { exact: true }).selectOption({ label: "Acme Logistics · Acme Newark" });
  await page.getByLabel("Alpha Code").fill("nwk7");
  await expect(page.getByLabel("Alpha Code")).toHaveValue("NWK7");
  const email = `New.Manager.${Date.now()}@Example.test`;
  await page.getByLabel("Email").fill(email);
  const status = page.getByRole("status");
  await submitAndWait(page.getByRole("button", { name: "Add User" }), { shows: status });
  await expect(status).toContainText("was added as Manager");
  const temporaryPassword = (await page.getByTestId("temporary-password").textContent())!.trim();
  expect(temporaryPassword).toMatch(/^\w{4}-\w{4}-\w{4}$/);
  // Once the password is taken down, the way home (the spec's Add New User ends on /).
  await page.getByRole("link", { name: "Done: back to the dashboard" }).click();
  await expect(page).toHaveURL(`${BASE_URL}/`);

  const managerPage = await (await newBrowser(browser)).newPage();
  await logIn(managerPage, email, temporaryPassword, { url: /\/change-password$/ });
  await hydrated(managerPage);
  await managerPage.getByLabel("New Password").fill("Newark#Dock9");
  await managerPage.getByLabel("Confirm Password").fill("Newark#Dock9");
  await submitAndWait(managerPage.getByRole("button", { name: "Change Password" }), { url: /\/$/ });
  await expect(managerPage.getByRole("heading", { name: "Acme Newark Dashboard" })).toBeVisible();
  await managerPage.context().close();
});

test("a manager may only add worker roles, in its own account", async ({ page, newUser, signInAs }) => {
  const manager = await newUser("manager", { account: "Blue Ridge Charlotte" });
  await signInAs(page, manager.email);
  await visit(page, "/signup");
  const labels = await page.locator("fieldset label").allTextContents();
  expect(labels).toEqual(["Yard Driver", "Road Driver", "Mechanic", "Security"]);
  await expect(page.getByLabel("Account", { exact: true })).toHaveCount(0);
  await page.getByRole("radio", { name: "Yard Driver" }).check();
  await page.getByLabel("Alpha Code").fill("BRX1");
  await page.getByLabel("Email").fill(`driver.${Date.now()}@example.test`);
  await page.getByLabel("Driver Number").fill("12x");
  await page.getByRole("button", { name: "Add User" }).click();
  await expect(page.getByRole("alert")).toContainText("Driver number must be a valid number");
});

test("user detail: a super manager deactivates a driver after confirming; only an admin may reactivate", async ({
  page,
  newUser,
  signInAs,
}) => {
  const superManager = await newUser("super_manager");
  const driver = await newUser("yard_driver");
  await signInAs(page, superManager.email);
  await visit(page, `/users/${driver.id}`);
  await expect(page.getByText("Active", { exact: true }).first()).toBeVisible();
  page.once("dialog", (dialog) => {
    expect(dialog.message()).toBe("Are you sure you want to deactivate this user?");
    void dialog.accept();
  });
  await submitAndWait(page.getByRole("button", { name: "Deactivate" }), { shows: page.getByText("Inactive", { exact: true }).first() });
  // An inactive user shows only Reactivate, and only to an admin: no Update for anyone.
  await expect(page.getByRole("button", { name: "Reactivate" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Update" })).toHaveCount(0);
  await page.goto(`/users/${driver.id}/edit`);
  await expect(page).toHaveURL(`${BASE_URL}/users/${driver.id}`);

  await page.goto(`/users/${superManager.id}`);
  await expect(page.getByRole("button", { name: "Deactivate" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Update" })).toBeVisible();
});

test("an inactive user's page shows an admin only Reactivate; the API refuses to update an inactive user until it is reactivated", async ({
  page,
  newUser,
  signInAs,
  apiAs,
}) => {
  const admin = await newUser("admin");
  const driver = await newUser("yard_driver");
  // Another admin's API client: a user has one live session, and the page signs the first one in.
  const api = await apiAs((await newUser("admin")).email);
  expect((await send(api, "DELETE", `/api/users/${driver.id}`)).status).toBe(200);

  await signInAs(page, admin.email);
  await visit(page, `/users/${driver.id}`);
  await expect(page.getByText("Inactive", { exact: true }).first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Reactivate" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Update" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Deactivate" })).toHaveCount(0);

  const refused = await send(api, "PUT", `/api/users/${driver.id}`, { email: driver.email, driver_number: "9" });
  expect(refused).toEqual({
    status: 409,
    body: {
      error: "This user is inactive: reactivate it before updating it.",
      errors: ["This user is inactive: reactivate it before updating it."],
    },
  });
  page.once("dialog", (dialog) => void dialog.accept());
  await submitAndWait(page.getByRole("button", { name: "Reactivate" }), { shows: page.getByRole("link", { name: "Update" }) });
  expect((await send(api, "PUT", `/api/users/${driver.id}`, { email: driver.email, driver_number: "9" })).status).toBe(200);
});

test("edit user: password rules, then the change lands on the detail page", async ({ page, newUser, signInAs }) => {
  const admin = await newUser("admin");
  const target = await newUser("mechanic");
  await signInAs(page, admin.email);
  await visit(page, `/users/${target.id}/edit`);
  await page.getByLabel("New Password (optional)").fill("abc");
  await page.getByLabel("Confirm Password").fill("abd");
  await page.getByRole("button", { name: "Update" }).click();
  await expect(page.getByRole("alert")).toContainText("Password and Confirm Password must match");
  await expect(page.getByRole("alert")).toContainText("Password must be at least 8 characters long");
  await page.getByLabel("New Password (optional)").fill("");
  await page.getByLabel("Confirm Password").fill("");
  await page.getByLabel("Driver Number").fill("4242");
  await submitAndWait(page.getByRole("button", { name: "Update" }), { url: new RegExp(`/users/${target.id}$`) });
  await expect(page.getByText("4242")).toBeVisible();
});

test("tenant isolation: a manager of another account reaches none of these users through any endpoint", async ({ newUser, apiAs }) => {
  const acmeDriver = await newUser("yard_driver", { account: "Acme Boston" });
  const outsider = await newUser("manager", { account: "Blue Ridge Charlotte" });
  const api = await apiAs(outsider.email);

  expect((await api.get(`/api/users/${acmeDriver.id}`)).status()).toBe(404);
  expect((await send(api, "PUT", `/api/users/${acmeDriver.id}`, { email: "stolen@x.test", alpha_code: "STOLE" })).status).toBe(404);
  expect((await send(api, "DELETE", `/api/users/${acmeDriver.id}`)).status).toBe(404);
  expect((await send(api, "PUT", `/api/users/${acmeDriver.id}/reactivate`)).status).toBe(403);

  const list = await (await api.get(`/api/users/?account_id=${acmeDriver.accountId}&page_size=200`)).json();
  expect(list.every((user: { account_id: number }) => user.account_id === outsider.accountId)).toBe(true);

  const created = await send(api, "POST", "/api/auth/signup", {
    email: `forged.${Date.now()}@x.test`,
    alpha_code: `F${Date.now() % 100000}`,
    is_security: true,
    account_id: acmeDriver.accountId,
  });
  expect(created.status).toBe(201);
  expect(created.body.user.account_id).toBe(outsider.accountId);
  expect(created.body.user.first_login).toBe(true);

  const escalate = await send(api, "POST", "/api/auth/signup", { email: `esc.${Date.now()}@x.test`, alpha_code: "ESC1", is_admin: true });
  expect(escalate.status).toBe(403);
});

test("the user endpoints need a session and a CSRF token", async ({ newUser, apiAs }) => {
  const admin = await apiAs((await newUser("admin")).email);
  const target = await newUser("security");
  for (const [method, path] of [
    ["POST", "/api/auth/signup"],
    ["PUT", `/api/users/${target.id}`],
    ["DELETE", `/api/users/${target.id}`],
    ["PUT", `/api/users/${target.id}/reactivate`],
  ] as const) {
    const response = await admin.fetch(path, { method, data: {} });
    expect(response.status(), `${method} ${path}`).toBe(403);
    expect((await response.json()).error).toBe("CSRF token missing or invalid");
  }
  const anonymous = await playwrightRequest.newContext({ baseURL: BASE_URL });
  expect((await anonymous.get("/api/users/")).status()).toBe(401);
  await anonymous.dispose();
});

test("a user out of reach answers 404 'User not found' with a way back to the dashboard", async ({ page, newUser, signInAs }) => {
  const elsewhere = await newUser("yard_driver", { account: "Blue Ridge Charlotte" });
  await signInAs(page, (await newUser("manager")).email);
  expectConsoleErrors(failedLoad(404, `/users/${elsewhere.id}`));
  const response = await page.goto(`/users/${elsewhere.id}`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "User not found" })).toBeVisible();
  await page.getByRole("link", { name: "Back to the dashboard" }).click();
  await expect(page).toHaveURL(/\/$/);
});
