import {
  DEMO_PASSWORD,
  endSessionsOf,
  expect,
  expectConsoleErrors,
  failedLoad,
  listening,
  logIn,
  newBrowser,
  submitAndWait,
  test,
  visit,
} from "./fixtures";
import type { Browser } from "@playwright/test";

/**
 * Device A (Chrome on Linux) logs in; device B (an iPhone) then logs in as the same user and
 * should be shown the other-session dialog describing device A.
 */
async function logInOnTwoDevices(browser: Browser, user: { email: string; password: string }) {
  const first = await (
    await newBrowser(browser, {
      userAgent: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36",
    })
  ).newPage();
  await logIn(first, user.email, user.password, { url: /\/$/ });
  const second = await (
    await newBrowser(browser, { userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Safari/604.1" })
  ).newPage();
  await logIn(second, user.email, user.password);
  const dialog = second.getByRole("dialog", { name: "Account Already Logged In" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("Chrome on Linux");
  await expect(dialog).toContainText("127.0.0.1");
  return { first, second, dialog };
}

const DEMO_ROLES = [
  ["admin@yardline.test", /\/admin\/dashboard$/],
  ["super@acme.test", /\/$/],
  ["accountmgr@acme.test", /\/$/],
  ["manager@acme.test", /\/$/],
  ["yard@acme.test", /\/$/],
  ["road@acme.test", /\/$/],
  ["mechanic@acme.test", /\/$/],
  ["security@acme.test", /\/$/],
] as const;

for (const [email, landing] of DEMO_ROLES) {
  test(`${email} logs in and lands where the spec says; signed in, /login sends it on`, async ({ page, db }) => {
    // A demo user is shared with other tests: a session they left open would ask "log out the other session?".
    await endSessionsOf(db, email);
    await logIn(page, email, DEMO_PASSWORD, { url: landing });
    await visit(page, "/login");
    await expect(page, `${email} back on /login`).toHaveURL(landing);
    await page.getByRole("button", { name: "Profile menu" }).click();
    await submitAndWait(page.getByRole("menuitem", { name: "Log Out" }), { url: /\/login$/ });
  });
}

test("the Log In button stays disabled until the terms are ticked; the terms open from the link", async ({ page }) => {
  await visit(page, "/login");
  const logInButton = page.getByRole("button", { name: "Log In" });
  await page.getByLabel("Email", { exact: true }).fill("someone@example.test");
  await page.getByLabel("Password", { exact: true }).fill("whatever");
  await expect(logInButton).toBeDisabled();
  await page.getByRole("button", { name: "Terms of Use" }).click();
  const dialog = page.getByRole("dialog", { name: "Terms of Use" });
  await expect(dialog).toContainText("Version effective February 1, 2025");
  await dialog.getByRole("checkbox").check();
  await dialog.getByRole("button", { name: "Accept" }).click();
  await expect(page.getByRole("checkbox", { name: /agree/ })).toBeChecked();
  await expect(logInButton).toBeEnabled();
});

test("a wrong password shows one message that does not say which field was wrong", async ({ page, newUser }) => {
  const user = await newUser("manager");
  expectConsoleErrors(failedLoad(401, "/login"));
  await logIn(page, user.email, "not-the-password", { shows: page.getByRole("alert") });
  await expect(page.getByRole("alert")).toHaveText("Invalid email or password");
});

test("remember my email keeps the email, lowercased, for the next visit", async ({ page, newUser }) => {
  const user = await newUser("yard_driver");
  await visit(page, "/login");
  await page.getByLabel("Email", { exact: true }).fill(user.email.toUpperCase());
  await expect(page.getByLabel("Email", { exact: true })).toHaveValue(user.email);
  await page.getByLabel("Password", { exact: true }).fill(user.password);
  await page.getByLabel("Remember my email").check();
  await page.getByRole("checkbox", { name: /agree/ }).check();
  await submitAndWait(page.getByRole("button", { name: "Log In" }), { url: /\/$/ });
  await page.getByRole("button", { name: "Profile menu" }).click();
  await submitAndWait(page.getByRole("menuitem", { name: "Log Out" }), { url: /\/login$/ });
  await expect(page.getByLabel("Email", { exact: true })).toHaveValue(user.email);
  await expect(page.getByLabel("Remember my email")).toBeChecked();
});

test("first login: only the password change is possible, with a live checklist, then home", async ({ page, newUser }) => {
  const user = await newUser("manager", { firstLogin: true });
  await logIn(page, user.email, user.password, { url: /\/change-password$/ });
  await visit(page, "/");
  await expect(page).toHaveURL(/\/change-password$/);

  const checklist = page.getByRole("list", { name: "Password requirements" });
  const newPassword = page.getByLabel("New Password");
  await newPassword.fill("abc");
  await expect(checklist.getByRole("listitem").filter({ hasText: "One lowercase letter" })).toContainText("(met)");
  await expect(checklist.getByRole("listitem").filter({ hasText: "At least 8 characters" })).toContainText("(not met)");
  await page.getByLabel("Confirm Password").fill("abd");
  await page.getByRole("button", { name: "Change Password" }).click();
  await expect(page.getByText("Password must be at least 8 characters long")).toBeVisible();
  await expect(page.getByText("Passwords do not match")).toBeVisible();

  await newPassword.fill("Dock#Door17");
  await expect(checklist.getByText("(not met)")).toHaveCount(0);
  await page.getByLabel("Confirm Password").fill("Dock#Door17");
  await submitAndWait(page.getByRole("button", { name: "Change Password" }), { url: /\/$/ });
  await expect(page.getByRole("heading", { name: "Acme Boston Dashboard" })).toBeVisible();
});

test("a second device sees the other-session dialog, forces login, and the first device is told its session was invalidated", async ({
  browser,
  newUser,
}) => {
  const { first, second, dialog } = await logInOnTwoDevices(browser, await newUser("yard_driver"));
  // The first device hears of the forced login through its socket: it must be open before.
  await listening(first);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await submitAndWait(second.getByRole("button", { name: "Log In" }), { shows: dialog });
  await submitAndWait(dialog.getByRole("button", { name: "Log Out Other Session" }), { url: /\/$/ });

  const invalidated = first.getByRole("dialog", { name: "Session Invalidated" });
  await expect(invalidated).toContainText("Your session has been invalidated because your account was logged in from another device.");
  await invalidated.getByRole("button", { name: "Log Out" }).click();
  await expect(first).toHaveURL(/\/login$/);
  await first.context().close();
  await second.context().close();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a second device gets the other-session dialog from the server, cancels, then logs the other session out", async ({
    browser,
    newUser,
  }) => {
    const user = await newUser("road_driver");
    const { first, second, dialog } = await logInOnTwoDevices(browser, user);
    for (const text of ["Login time", "Last activity"]) await expect(dialog).toContainText(text);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(second).toHaveURL(/\/login\??$/);
    await expect(second.getByRole("dialog")).toHaveCount(0);

    await logIn(second, user.email, user.password, { shows: dialog });
    await submitAndWait(dialog.getByRole("button", { name: "Log Out Other Session" }), { url: /\/$/ });
    await expect(second.getByRole("heading", { name: "Acme Boston Dashboard" })).toBeVisible();

    await first.reload();
    await expect(first).toHaveURL(/\/login\?reason=invalidated$/);
    await expect(first.getByRole("status")).toHaveText(
      "Your session has been invalidated because your account was logged in from another device.",
    );
    await first.context().close();
    await second.context().close();
  });
});
