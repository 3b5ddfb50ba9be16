import { expect, test } from "./fixtures";
import { settings } from "../../db/schema";

test.afterEach(async ({ db }) => {
  await db.update(settings).set({ timeoutHours: 4 });
});

test("with the timeout at 0.01 h the warning counts down from 30 s and the session ends", async ({ page, db, newUser, signInAs }) => {
  test.setTimeout(120_000);
  await db.update(settings).set({ timeoutHours: 0.01 });
  const user = await newUser("manager");
  await signInAs(page, user.email);
  await page.goto("/");
  const warning = page.getByRole("dialog", { name: "Session Timeout Warning" });
  await expect(warning).toBeVisible({ timeout: 15_000 });
  await expect(warning.getByTestId("session-countdown")).toHaveText(/^(30|29|28|27|26|25)$/);

  // Continue Session keeps it alive: the warning closes and the page stays.
  await warning.getByRole("button", { name: "Continue Session" }).click();
  await expect(warning).toBeHidden();
  await expect(page).toHaveURL(/\/$/);

  // Untouched, it ends: the page logs out with the timeout message, and the server agrees.
  await expect(page).toHaveURL(/\/login\?reason=timeout$/, { timeout: 60_000 });
  await expect(page.getByRole("status")).toHaveText("Your session has timed out due to inactivity.");
  const check = await page.request.get("/api/auth/check-session");
  expect(check.status()).toBe(401);
});
