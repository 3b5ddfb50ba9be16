import { test as base, expect, request as playwrightRequest, type APIRequestContext, type Page } from "@playwright/test";
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { flagsFor, type Role } from "../../app/domain/roles";
import { openDatabase, type Database } from "../../app/lib/db.server";
import { hashPassword } from "../../app/lib/password.server";
import { hashToken, newToken, SESSION_COOKIE } from "../../app/lib/session.server";
import { accounts, sessions, users } from "../../db/schema";
import { E2E_DATABASE_URL, E2E_PORT } from "../../playwright.config";

export const DEMO_PASSWORD = "Yardline#2025";
export const BASE_URL = `http://localhost:${E2E_PORT}`;

export interface TestUser {
  id: number;
  email: string;
  password: string;
  accountId: number | null;
  alphaCode: string;
}

interface Fixtures {
  /** The end-to-end server's database. */
  db: Database;
  /** Signs a user in by creating a session row and setting its cookie (no login page). */
  signInAs(page: Page, email: string): Promise<{ userId: number; accountId: number | null; sessionId: number; token: string }>;
  /** A new user of its own for one test, so tests never end each other's sessions. */
  newUser(role: Role, options?: { account?: string; firstLogin?: boolean }): Promise<TestUser>;
  /** An API client signed in as a user (session cookie set directly). */
  apiAs(email: string): Promise<APIRequestContext>;
}

export async function createSession(db: Database, email: string) {
  const [user] = await db.select().from(users).where(eq(users.email, email));
  if (!user) throw new Error(`no user ${email}`);
  const token = newToken();
  await db.update(sessions).set({ endedAt: new Date(), endReason: "logout" }).where(eq(sessions.userId, user.id));
  const [session] = await db
    .insert(sessions)
    .values({ userId: user.id, tokenHash: await hashToken(token), csrfSecret: newToken(), userAgent: "Playwright" })
    .returning();
  return { user, session, token };
}

export const test = base.extend<Fixtures>({
  // eslint-disable-next-line no-empty-pattern
  db: async ({}, use) => {
    const database = openDatabase({ DATABASE_URL: E2E_DATABASE_URL });
    await use(database.db);
    await database.close();
  },
  signInAs: async ({ db }, use) => {
    await use(async (page, email) => {
      const { user, session, token } = await createSession(db, email);
      await page.context().addCookies([{ name: SESSION_COOKIE, value: token, url: BASE_URL }]);
      return { userId: user.id, accountId: user.accountId, sessionId: session.id, token };
    });
  },
  newUser: async ({ db }, use) => {
    await use(async (role, options = {}) => {
      const [account] = await db
        .select()
        .from(accounts)
        .where(eq(accounts.accountName, options.account ?? "Acme Boston"));
      const suffix = randomBytes(4).toString("hex");
      const password = `Pw#${suffix}Aa1`;
      const [user] = await db
        .insert(users)
        .values({
          ...flagsFor(role),
          accountId: role === "admin" ? null : account.id,
          email: `e2e-${role.replace(/_/g, "-")}-${suffix}@example.test`,
          alphaCode: `E${suffix.toUpperCase()}`,
          passwordHash: await hashPassword(password),
          driverNumber: ["yard_driver", "road_driver", "mechanic"].includes(role) ? 9000 : null,
          firstLogin: options.firstLogin ?? false,
        })
        .returning();
      return { id: user.id, email: user.email, password, accountId: user.accountId, alphaCode: user.alphaCode! };
    });
  },
  apiAs: async ({ db }, use) => {
    const contexts: APIRequestContext[] = [];
    await use(async (email) => {
      const { token } = await createSession(db, email);
      const context = await playwrightRequest.newContext({
        baseURL: BASE_URL,
        storageState: {
          cookies: [
            {
              name: SESSION_COOKIE,
              value: token,
              domain: "localhost",
              path: "/",
              expires: -1,
              httpOnly: true,
              secure: false,
              sameSite: "Lax",
            },
          ],
          origins: [],
        },
      });
      contexts.push(context);
      return context;
    });
    for (const context of contexts) await context.dispose();
  },
});

/** The CSRF token of an API client's browser (also sets the `csrf_token` cookie). */
export async function csrfTokenOf(api: APIRequestContext): Promise<string> {
  const response = await api.get("/api/csrf/restore");
  return ((await response.json()) as { csrf_token: string }).csrf_token;
}

export { expect };
