import { expect, submitAndWait, test, visit } from "./fixtures";

test("the home page sends a signed-out visitor to the login page", async ({ page }) => {
  await page.goto("/");
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("heading", { name: "Log In" })).toBeVisible();
});

test("an unknown path redirects to /login", async ({ page }) => {
  await page.goto("/no/such/place");
  await expect(page).toHaveURL(/\/login$/);
});

test("a manager logs in and the home route renders the account's dashboard through workerd", async ({ page, newUser }) => {
  const manager = await newUser("manager");
  await visit(page, "/login");
  await page.getByLabel("Email", { exact: true }).fill(manager.email.toUpperCase());
  await page.getByLabel("Password", { exact: true }).fill(manager.password);
  const logIn = page.getByRole("button", { name: "Log In" });
  await expect(logIn).toBeDisabled();
  await page.getByRole("checkbox", { name: /agree/ }).check();
  await submitAndWait(logIn, { url: /\/$/ });
  await expect(page.getByRole("heading", { name: "Acme Boston Dashboard" })).toBeVisible();
});

test("/healthz answers 200 with the database reachable", async ({ request }) => {
  const response = await request.get("/healthz");
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ status: "ok", database: "reachable" });
});
