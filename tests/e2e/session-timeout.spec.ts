import { eq, sql } from "drizzle-orm";
import { expect, test } from "./fixtures";
import { sessions, settings } from "#db/schema";

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

test("a page loaded after a long idle warns at once, counting down what the server has left", async ({ page, db, newUser, signInAs }) => {
  test.setTimeout(90_000);
  await db.update(settings).set({ timeoutHours: 0.01 });
  const user = await newUser("manager");
  await signInAs(page, user.email);
  // The session has been idle 15 of its 36 seconds when the page is loaded (a reload, a new tab).
  await db
    .update(sessions)
    .set({ lastActivity: sql`now() - interval '15 seconds'` })
    .where(eq(sessions.userId, user.id));
  await page.goto("/");
  const warning = page.getByRole("dialog", { name: "Session Timeout Warning" });
  await expect(warning).toBeVisible({ timeout: 5_000 });
  const left = Number(await warning.getByTestId("session-countdown").textContent());
  expect(left).toBeGreaterThan(0);
  expect(left).toBeLessThanOrEqual(22);
});
