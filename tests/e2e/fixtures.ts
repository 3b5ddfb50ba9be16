import { test as base, expect, type Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import { openDatabase, type Database } from "../../app/lib/db.server";
import { hashToken, newToken, SESSION_COOKIE } from "../../app/lib/session.server";
import { sessions, users } from "../../db/schema";
import { E2E_DATABASE_URL } from "../../playwright.config";

export const DEMO_PASSWORD = "Yardline#2025";

interface Fixtures {
  /** The end-to-end server's database. */
  db: Database;
  /** Signs a user in by creating a session row and setting its cookie (no login page). */
  signInAs(page: Page, email: string): Promise<{ userId: number; accountId: number | null; sessionId: number }>;
}

export const test = base.extend<Fixtures>({
  // eslint-disable-next-line no-empty-pattern
  db: async ({}, use) => {
    const database = openDatabase({ DATABASE_URL: E2E_DATABASE_URL });
    await use(database.db);
    await database.close();
  },
  signInAs: async ({ db, baseURL }, use) => {
    await use(async (page, email) => {
      const [user] = await db.select().from(users).where(eq(users.email, email));
      if (!user) throw new Error(`no user ${email}`);
      const token = newToken();
      await db.update(sessions).set({ endedAt: new Date(), endReason: "replaced" }).where(eq(sessions.userId, user.id));
      const [session] = await db
        .insert(sessions)
        .values({ userId: user.id, tokenHash: await hashToken(token), csrfSecret: newToken(), userAgent: "Playwright" })
        .returning();
      await page.context().addCookies([{ name: SESSION_COOKIE, value: token, url: baseURL! }]);
      return { userId: user.id, accountId: user.accountId, sessionId: session.id };
    });
  },
});

export { expect };
