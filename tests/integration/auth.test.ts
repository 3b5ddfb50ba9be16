import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loginAttempts, sessions, settings, users } from "#db/schema";
import { MESSAGES } from "#app/domain/auth";
import type { LoginInput } from "#app/domain/auth-schemas";
import type { Database } from "#app/lib/db.server";
import { resolveSession } from "#app/lib/session.server";
import { verifyPassword } from "#app/lib/password.server";
import type { UserRow } from "#app/lib/session.server";
import {
  changeOwnPassword,
  type ClientInfo,
  LOGIN_LIMITS,
  logIn,
  logInReplacingOther,
  logOut,
  PENDING_LOGIN_MINUTES,
  refreshSession,
} from "#app/services/auth.server";
import type { SystemContext } from "#app/services/context.server";
import type { AfterCommit } from "#app/domain/realtime-events";
import { readTimeoutHours, updateTimeoutHours } from "#app/services/settings.server";
import { everyValue, race, sessionsEndedFirst, whileCommitsAreSlow } from "./concurrency";
import { createTestDatabase, type TestDatabase } from "./database";
import { contextFor, createAccount, createUser, recordingSink, TEST_PASSWORD_COST, refusal } from "./fixtures";

let test: TestDatabase;
let accountId: number;
beforeAll(async () => {
  test = await createTestDatabase();
  accountId = (await createAccount(test.db)).id;
});
afterAll(async () => test.close());

const PASSWORD = "Secret#123";
let ip = 0;
/** A client of its own per test (an address Cloudflare reported), so the limits of one test do not reach another. */
const client = (): ClientInfo => ({
  userAgent: "Mozilla/5.0 (Windows NT 10.0) Chrome/120.0",
  ipAddress: `10.0.0.${++ip}`,
  addressTrusted: true,
});
const input = (email: string, extra: Partial<LoginInput> = {}): LoginInput => ({
  email,
  password: PASSWORD,
  agreed_to_terms: true,
  force_login: false,
  ...extra,
});
/**
 * Signing in and out happen before and after anyone is the actor: a context of the database and an
 * event sink only (which records, and given `committed` checks, what is sent).
 */
function systemContext(db: Database = test.db, committed?: (effects: readonly AfterCommit[]) => Promise<void>) {
  return { db, ...recordingSink(committed) } satisfies SystemContext;
}

/** Runs `work` with a context whose sink checks that each session whose sockets it closes had ended, committed, by then. */
const closingAfterCommit = <T>(work: (ctx: ReturnType<typeof systemContext>) => Promise<T>) =>
  whileCommitsAreSlow(test, ["sessions"], async (observer) => {
    const ctx = systemContext(test.db, sessionsEndedFirst(observer));
    const outcome = await work(ctx);
    await ctx.settled();
    return outcome;
  });

const liveSessions = (userId: number) =>
  test.db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.endedAt)));

describe("login", () => {
  it("signs in with the right password, lowercasing the email", async () => {
    const user = await createUser(test.db, { role: "manager", accountId, email: "lower@x.test" });
    const outcome = await logIn(systemContext(), input("LOWER@X.TEST"), client());
    expect(outcome.kind).toBe("signed_in");
    if (outcome.kind !== "signed_in") return;
    expect(outcome.user.id).toBe(user.id);
    const state = await resolveSession(test.db, outcome.token);
    expect(state.state).toBe("live");
    const [stored] = await test.db.select().from(sessions).where(eq(sessions.id, outcome.session.id));
    expect(stored.tokenHash).not.toContain(outcome.token);
  });

  it("a wrong password and an unknown email get the same 401 message", async () => {
    await createUser(test.db, { role: "manager", accountId, email: "known@x.test" });
    const wrongPassword = await logIn(systemContext(), input("known@x.test", { password: "nope" }), client());
    const unknownEmail = await logIn(systemContext(), input("nobody@x.test"), client());
    expect(wrongPassword).toEqual({ kind: "refused", status: 401, error: MESSAGES.invalidCredentials });
    expect(unknownEmail).toEqual(wrongPassword);
  });

  it("an inactive user cannot sign in", async () => {
    const user = await createUser(test.db, { role: "yard_driver", accountId, email: "gone@x.test" });
    await test.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    expect((await logIn(systemContext(), input("gone@x.test"), client())).kind).toBe("refused");
  });

  it(`after ${LOGIN_LIMITS.freeFailures} failures for one email, that client gets 429 with a retry time, even with the right password`, async () => {
    await createUser(test.db, { role: "manager", accountId, email: "target@x.test" });
    const guesser = client();
    for (let i = 0; i < LOGIN_LIMITS.freeFailures; i++) {
      expect((await logIn(systemContext(), input("target@x.test", { password: "guess" }), guesser)).kind).toBe("refused");
    }
    const blocked = await logIn(systemContext(), input("target@x.test"), guesser);
    expect(blocked).toMatchObject({ kind: "refused", status: 429 });
    if (blocked.kind === "refused") {
      expect(blocked.error).toBe("Too many failed login attempts. Please try again in 1 minute.");
      expect(blocked.retryAfterSeconds).toBeGreaterThan(0);
      expect(blocked.retryAfterSeconds).toBeLessThanOrEqual(60);
    }
  });

  it(`past ${LOGIN_LIMITS.perAddress} failures from one address within ${LOGIN_LIMITS.addressWindowMinutes} minutes, that address gets 429 for any email`, async () => {
    const attacker = client();
    await test.db.insert(loginAttempts).values(
      Array.from({ length: LOGIN_LIMITS.perAddress }, (_, i) => ({
        email: `spray${i}@x.test`,
        ipAddress: attacker.ipAddress,
        succeeded: false,
      })),
    );
    await createUser(test.db, { role: "manager", accountId, email: "bystander@x.test" });
    expect(await logIn(systemContext(), input("bystander@x.test"), attacker)).toMatchObject({ status: 429 });
    expect((await logIn(systemContext(), input("bystander@x.test"), client())).kind).toBe("signed_in");
  });
});

describe("one live session per user", () => {
  it("a second login while a session is live creates nothing and describes the other session", async () => {
    const user = await createUser(test.db, { role: "yard_driver", accountId, email: "one@x.test" });
    const first = await logIn(systemContext(), input("one@x.test"), client());
    const second = await logIn(systemContext(), input("one@x.test"), client());
    expect(second.kind).toBe("active_elsewhere");
    if (second.kind === "active_elsewhere" && first.kind === "signed_in") {
      expect(second.other.id).toBe(first.session.id);
      expect(second.other.userAgent).toContain("Chrome");
    }
    expect(await liveSessions(user.id)).toHaveLength(1);
  });

  it("force_login ends the other session at once: its token then reads as invalidated, and its sockets close after commit", async () => {
    const user = await createUser(test.db, { role: "yard_driver", accountId, email: "force@x.test" });
    const first = await logIn(systemContext(), input("force@x.test"), client());
    const { forced, sent } = await closingAfterCommit(async (ctx) => ({
      forced: await logIn(ctx, input("force@x.test", { force_login: true }), client()),
      sent: ctx.sent,
    }));
    expect(forced.kind).toBe("signed_in");
    if (first.kind !== "signed_in" || forced.kind !== "signed_in") return;
    expect(sent).toEqual([{ kind: "close_sockets", sessionId: first.session.id, room: String(accountId), reason: "replaced" }]);
    expect((await resolveSession(test.db, first.token)).state).toBe("invalidated");
    expect((await resolveSession(test.db, forced.token)).state).toBe("live");
    expect(await liveSessions(user.id)).toHaveLength(1);
  });

  it("a login that replaces nothing, or is refused, closes no sockets", async () => {
    await createUser(test.db, { role: "manager", accountId, email: "quiet@x.test" });
    const ctx = systemContext();
    expect((await logIn(ctx, input("quiet@x.test", { password: "wrong" }), client())).kind).toBe("refused");
    expect((await logIn(ctx, input("quiet@x.test"), client())).kind).toBe("signed_in");
    expect((await logIn(ctx, input("quiet@x.test"), client())).kind).toBe("active_elsewhere");
    expect(ctx.sent).toEqual([]);
  });

  it("when the other session had timed out, login goes straight through and says so", async () => {
    const user = await createUser(test.db, { role: "yard_driver", accountId, email: "stale@x.test" });
    const first = await logIn(systemContext(), input("stale@x.test"), client());
    await test.db
      .update(sessions)
      .set({ lastActivity: new Date(Date.now() - 5 * 3_600_000) })
      .where(eq(sessions.userId, user.id));
    const second = await logIn(systemContext(), input("stale@x.test"), client());
    expect(second).toMatchObject({ kind: "signed_in", previousSessionTimedOut: true });
    if (first.kind === "signed_in") expect((await resolveSession(test.db, first.token)).state).toBe("timed_out");
  });

  it("ten forced logins of one user at once leave exactly one live session and no errors", async () => {
    const user = await createUser(test.db, { role: "manager", accountId, email: "race@x.test" });
    // All ten are under way (one waiting to open its session, the others their turn) when sessions are let go.
    const outcomes = everyValue(
      await race(
        test.url,
        "LOCK TABLE sessions IN EXCLUSIVE MODE",
        Array.from({ length: 10 }, () => (db: Database) => logIn(systemContext(db), input("race@x.test", { force_login: true }), client())),
      ),
    );
    expect(outcomes.every((outcome) => outcome.kind === "signed_in")).toBe(true);
    expect(await liveSessions(user.id)).toHaveLength(1);
  });
});

describe("Log Out Other Session from the sign-in dialog (no password sent again)", () => {
  async function liveElsewhere(email: string) {
    const user = await createUser(test.db, { role: "yard_driver", accountId, email });
    const first = await logIn(systemContext(), input(email), client());
    const refused = await logIn(systemContext(), input(email), client());
    if (first.kind !== "signed_in" || refused.kind !== "active_elsewhere") throw new Error("expected a live session elsewhere");
    return { user, first, ticket: refused.ticket };
  }

  it("the ticket of the refused login ends the session the dialog described and signs in; its sockets close after commit", async () => {
    const { user, first, ticket } = await liveElsewhere("ticket@x.test");
    const { outcome, sent } = await closingAfterCommit(async (ctx) => ({
      outcome: await logInReplacingOther(ctx, ticket, client()),
      sent: ctx.sent,
    }));
    expect(outcome).toMatchObject({ kind: "signed_in", user: { id: user.id } });
    expect(sent).toEqual([{ kind: "close_sockets", sessionId: first.session.id, room: String(accountId), reason: "replaced" }]);
    expect((await resolveSession(test.db, first.token)).state).toBe("invalidated");
    expect(await liveSessions(user.id)).toHaveLength(1);
  });

  it("a ticket works once: used again, it describes the session it opened instead of ending it", async () => {
    const { user, ticket } = await liveElsewhere("once@x.test");
    const opened = await logInReplacingOther(systemContext(), ticket, client());
    const again = await logInReplacingOther(systemContext(), ticket, client());
    expect(again.kind).toBe("active_elsewhere");
    if (opened.kind === "signed_in" && again.kind === "active_elsewhere") expect(again.other.id).toBe(opened.session.id);
    expect(await liveSessions(user.id)).toHaveLength(1);
  });

  it("a forged, tampered, expired or outdated ticket asks to log in again and changes nothing", async () => {
    const { user, first, ticket } = await liveElsewhere("forged@x.test");
    const [id, session, expires, signature] = ticket.split(".");
    const later = String(Number(expires) + PENDING_LOGIN_MINUTES * 60_000);
    const refused = { kind: "refused", status: 401, error: MESSAGES.loginExpired };
    for (const bad of [
      null,
      "",
      "garbage",
      `${id}.${session}.${later}.${signature}`,
      `${id}.${Number(session) + 1}.${expires}.${signature}`,
    ]) {
      expect(await logInReplacingOther(systemContext(), bad, client()), String(bad)).toEqual(refused);
    }
    await test.db.update(users).set({ passwordHash: "scrypt$changed" }).where(eq(users.id, user.id));
    expect(await logInReplacingOther(systemContext(), ticket, client())).toEqual(refused);
    expect((await liveSessions(user.id)).map((row) => row.id)).toEqual([first.session.id]);
  });
});

describe("staying signed in", () => {
  it("a refresh starts the inactivity clock again; an ended session is not revived", async () => {
    const user = await createUser(test.db, { role: "manager", accountId, email: "busy@x.test" });
    const login = await logIn(systemContext(), input("busy@x.test"), client());
    if (login.kind !== "signed_in") throw new Error("expected a login");
    await test.db
      .update(sessions)
      .set({ lastActivity: new Date(Date.now() - 3_600_000) })
      .where(eq(sessions.id, login.session.id));
    const { ctx, sent } = contextFor(test.db, user);
    const refreshed = await refreshSession(ctx, login.session.id);
    expect(Date.now() - refreshed!.getTime()).toBeLessThan(60_000);
    await logOut(systemContext(), await resolveSession(test.db, login.token), "logout");
    expect(await refreshSession(ctx, login.session.id)).toBeNull();
    expect(sent).toEqual([]);
  });
});

describe("logging out", () => {
  it("ends the live session and closes its sockets once committed; a session already ended sends nothing", async () => {
    const user = await createUser(test.db, { role: "manager", accountId, email: "bye@x.test" });
    const login = await logIn(systemContext(), input("bye@x.test"), client());
    if (login.kind !== "signed_in") throw new Error("expected a login");
    const live = await resolveSession(test.db, login.token);
    const sent = await closingAfterCommit(async (ctx) => {
      await logOut(ctx, live, "timeout");
      return ctx.sent;
    });
    expect(sent).toEqual([{ kind: "close_sockets", sessionId: login.session.id, room: String(accountId), reason: "timeout" }]);
    expect((await resolveSession(test.db, login.token)).state).toBe("timed_out");
    const again = systemContext();
    await logOut(again, live, "logout");
    await logOut(again, await resolveSession(test.db, login.token), "logout");
    expect(again.sent).toEqual([]);
    expect(await liveSessions(user.id)).toHaveLength(0);
  });
});

describe("first-login password change", () => {
  const contextOf = (user: UserRow) => contextFor(test.db, user).ctx;

  it("enforces every rule with the spec's messages", async () => {
    const user = await createUser(test.db, { role: "manager", accountId });
    expect(await refusal(changeOwnPassword(contextOf(user), { password: "short", confirm_password: "other" }, TEST_PASSWORD_COST))).toEqual(
      {
        status: 400,
        errors: [
          "Password must be at least 8 characters long",
          "Password must contain at least one uppercase letter",
          "Password must contain at least one number",
          "Password must contain at least one special character",
          "Passwords do not match",
        ],
        field: "password",
      },
    );
    expect(
      await refusal(changeOwnPassword(contextOf(user), { password: "ALLUPPER1!", confirm_password: "ALLUPPER1!" }, TEST_PASSWORD_COST)),
    ).toEqual({
      status: 400,
      errors: ["Password must contain at least one lowercase letter"],
      field: "password",
    });
  });

  it("a valid change stores the new password and clears first_login", async () => {
    const user = await createUser(test.db, { role: "manager", accountId });
    await test.db.update(users).set({ firstLogin: true }).where(eq(users.id, user.id));
    const changed = await changeOwnPassword(
      contextOf({ ...user, firstLogin: true }),
      { password: "Yard#Door42", confirm_password: "Yard#Door42" },
      TEST_PASSWORD_COST,
    );
    expect(changed.firstLogin).toBe(false);
    const [stored] = await test.db.select().from(users).where(eq(users.id, user.id));
    expect(stored.firstLogin).toBe(false);
    expect(await verifyPassword("Yard#Door42", stored.passwordHash)).toBe(true);
  });
});

describe("changing one's own password after the first login", () => {
  it("needs the current password; the first-login change does not", async () => {
    const user = await createUser(test.db, { role: "yard_driver", accountId });
    const { ctx } = contextFor(test.db, user);
    const change = (extra: Record<string, unknown>) =>
      refusal(changeOwnPassword(ctx, { password: "aaaaaa", confirm_password: "aaaaaa", ...extra }, TEST_PASSWORD_COST));
    expect((await change({}))?.errors).toContain("Password must be at least 8 characters long");
    const strong = { password: "Gate#House5", confirm_password: "Gate#House5" };
    expect(await refusal(changeOwnPassword(ctx, strong, TEST_PASSWORD_COST))).toEqual({
      status: 400,
      errors: [MESSAGES.currentPasswordRequired],
      field: "current_password",
    });
    expect(await refusal(changeOwnPassword(ctx, { ...strong, current_password: "Not#Mine99" }, TEST_PASSWORD_COST))).toEqual({
      status: 400,
      errors: [MESSAGES.currentPasswordIncorrect],
      field: "current_password",
    });
    const [unchanged] = await test.db.select().from(users).where(eq(users.id, user.id));
    expect(unchanged.passwordHash).toBe(user.passwordHash);
    await changeOwnPassword(ctx, { ...strong, current_password: PASSWORD }, TEST_PASSWORD_COST);
    const [stored] = await test.db.select().from(users).where(eq(users.id, user.id));
    expect(await verifyPassword("Gate#House5", stored.passwordHash)).toBe(true);

    await test.db.update(users).set({ firstLogin: true }).where(eq(users.id, user.id));
    const firstLogin = contextFor(test.db, { ...stored, firstLogin: true }).ctx;
    expect(
      (await changeOwnPassword(firstLogin, { password: "Dock#Door18", confirm_password: "Dock#Door18" }, TEST_PASSWORD_COST)).firstLogin,
    ).toBe(false);
  });
});

describe("a new password must differ from the current one", () => {
  const same = { status: 400, errors: [MESSAGES.samePassword], field: "password" };

  it("POST /api/auth/change-password: the current password again is refused and nothing is stored", async () => {
    const user = await createUser(test.db, { role: "manager", accountId });
    const { ctx } = contextFor(test.db, user);
    const again = { password: PASSWORD, confirm_password: PASSWORD, current_password: PASSWORD };
    expect(await refusal(changeOwnPassword(ctx, again, TEST_PASSWORD_COST))).toEqual(same);
    const [stored] = await test.db.select().from(users).where(eq(users.id, user.id));
    expect(stored.passwordHash).toBe(user.passwordHash);
    // A wrong current password is still named first; a different new password goes through.
    expect((await refusal(changeOwnPassword(ctx, { ...again, current_password: "Not#Mine99" }, TEST_PASSWORD_COST)))?.field).toBe(
      "current_password",
    );
    await changeOwnPassword(
      ctx,
      { password: "Ramp#Light8", confirm_password: "Ramp#Light8", current_password: PASSWORD },
      TEST_PASSWORD_COST,
    );
  });

  it("the first-login change (no current password asked): the password the user signed in with is refused", async () => {
    const user = await createUser(test.db, { role: "yard_driver", accountId });
    await test.db.update(users).set({ firstLogin: true }).where(eq(users.id, user.id));
    const ctx = contextFor(test.db, { ...user, firstLogin: true }).ctx;
    expect(await refusal(changeOwnPassword(ctx, { password: PASSWORD, confirm_password: PASSWORD }, TEST_PASSWORD_COST))).toEqual(same);
    const [stored] = await test.db.select().from(users).where(eq(users.id, user.id));
    expect(stored).toMatchObject({ firstLogin: true, passwordHash: user.passwordHash });
    const changed = await changeOwnPassword(ctx, { password: "Dock#Door19", confirm_password: "Dock#Door19" }, TEST_PASSWORD_COST);
    expect(changed.firstLogin).toBe(false);
  });
});

describe("timeout setting", () => {
  it("accepts 0.01 to 24 hours in steps of 0.01 and refuses the rest with a message", async () => {
    const { ctx: admin } = contextFor(test.db, await createUser(test.db, { role: "admin", accountId: null }));
    expect(await updateTimeoutHours(admin, { timeout_hours: 0.01 })).toBe(0.01);
    expect(await updateTimeoutHours(admin, { timeout_hours: "24" })).toBe(24);
    expect(await readTimeoutHours(admin)).toBe(24);
    for (const bad of [0, 0.001, 24.01, 1.005, "abc"]) {
      expect((await refusal(updateTimeoutHours(admin, { timeout_hours: bad })))?.status, String(bad)).toBe(400);
    }
    expect(await updateTimeoutHours(admin, { timeout_hours: 4 })).toBe(4);
  });

  it("only an admin reads or changes it: the service itself answers 403 to anyone else", async () => {
    for (const role of ["super_manager", "manager", "yard_driver"] as const) {
      const { ctx } = contextFor(test.db, await createUser(test.db, { role, accountId }));
      expect(await refusal(updateTimeoutHours(ctx, { timeout_hours: 2 })), role).toEqual({ status: 403, errors: [MESSAGES.adminOnly] });
      expect(await refusal(readTimeoutHours(ctx)), role).toEqual({ status: 403, errors: [MESSAGES.adminOnly] });
    }
    const [{ timeoutHours }] = await test.db.select({ timeoutHours: settings.timeoutHours }).from(settings);
    expect(timeoutHours).toBe(4);
  });
});
