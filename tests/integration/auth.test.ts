import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loginAttempts, sessions, users } from "../../db/schema";
import { MESSAGES, type LoginInput } from "../../app/domain/auth";
import { resolveSession } from "../../app/lib/session.server";
import { verifyPassword } from "../../app/lib/password.server";
import { changeOwnPassword, LOGIN_LIMITS, logIn } from "../../app/services/auth.server";
import { updateTimeoutHours } from "../../app/services/settings.server";
import { actorOf } from "../../app/lib/guards.server";
import { createTestDatabase, type TestDatabase } from "./database";
import { createAccount, createUser, TEST_PASSWORD_COST } from "./fixtures";

let test: TestDatabase;
let accountId: number;
beforeAll(async () => {
  test = await createTestDatabase();
  accountId = (await createAccount(test.db)).id;
});
afterAll(async () => test.close());

const PASSWORD = "Secret#123";
let ip = 0;
/** A client of its own per test, so the per-IP limit of one test does not reach another. */
const client = () => ({ userAgent: "Mozilla/5.0 (Windows NT 10.0) Chrome/120.0", ipAddress: `10.0.0.${++ip}` });
const input = (email: string, extra: Partial<LoginInput> = {}): LoginInput => ({
  email,
  password: PASSWORD,
  agreed_to_terms: true,
  force_login: false,
  ...extra,
});
const liveSessions = (userId: number) =>
  test.db.select().from(sessions).where(and(eq(sessions.userId, userId), isNull(sessions.endedAt)));

describe("login", () => {
  it("signs in with the right password, lowercasing the email", async () => {
    const user = await createUser(test.db, { role: "manager", accountId, email: "lower@x.test" });
    const outcome = await logIn(test.db, input("LOWER@X.TEST"), client());
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
    const wrongPassword = await logIn(test.db, input("known@x.test", { password: "nope" }), client());
    const unknownEmail = await logIn(test.db, input("nobody@x.test"), client());
    expect(wrongPassword).toEqual({ kind: "refused", status: 401, error: MESSAGES.invalidCredentials });
    expect(unknownEmail).toEqual(wrongPassword);
  });

  it("an inactive user cannot sign in", async () => {
    const user = await createUser(test.db, { role: "yard_driver", accountId, email: "gone@x.test" });
    await test.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    expect((await logIn(test.db, input("gone@x.test"), client())).kind).toBe("refused");
  });

  it(`past ${LOGIN_LIMITS.perEmail} failures in ${LOGIN_LIMITS.windowMinutes} minutes for one email, even the right password gets 429 with a retry time`, async () => {
    await createUser(test.db, { role: "manager", accountId, email: "target@x.test" });
    for (let i = 0; i < LOGIN_LIMITS.perEmail; i++) {
      expect((await logIn(test.db, input("target@x.test", { password: "guess" }), client())).kind).toBe("refused");
    }
    const blocked = await logIn(test.db, input("target@x.test"), client());
    expect(blocked).toMatchObject({ kind: "refused", status: 429 });
    if (blocked.kind === "refused") {
      expect(blocked.error).toMatch(/Too many failed login attempts\. Please try again in \d+ minutes?\./);
      expect(blocked.retryAfterSeconds).toBeGreaterThan(0);
    }
  });

  it(`past ${LOGIN_LIMITS.perIp} failures from one IP, that IP gets 429 for any email`, async () => {
    const attacker = client();
    await test.db.insert(loginAttempts).values(
      Array.from({ length: LOGIN_LIMITS.perIp }, (_, i) => ({ email: `spray${i}@x.test`, ipAddress: attacker.ipAddress, succeeded: false })),
    );
    await createUser(test.db, { role: "manager", accountId, email: "bystander@x.test" });
    expect(await logIn(test.db, input("bystander@x.test"), attacker)).toMatchObject({ status: 429 });
    expect((await logIn(test.db, input("bystander@x.test"), client())).kind).toBe("signed_in");
  });
});

describe("one live session per user", () => {
  it("a second login while a session is live creates nothing and describes the other session", async () => {
    const user = await createUser(test.db, { role: "yard_driver", accountId, email: "one@x.test" });
    const first = await logIn(test.db, input("one@x.test"), client());
    const second = await logIn(test.db, input("one@x.test"), client());
    expect(second.kind).toBe("active_elsewhere");
    if (second.kind === "active_elsewhere" && first.kind === "signed_in") {
      expect(second.other.id).toBe(first.session.id);
      expect(second.other.userAgent).toContain("Chrome");
    }
    expect(await liveSessions(user.id)).toHaveLength(1);
  });

  it("force_login ends the other session at once: its token then reads as invalidated", async () => {
    const user = await createUser(test.db, { role: "yard_driver", accountId, email: "force@x.test" });
    const first = await logIn(test.db, input("force@x.test"), client());
    const forced = await logIn(test.db, input("force@x.test", { force_login: true }), client());
    expect(forced.kind).toBe("signed_in");
    if (first.kind !== "signed_in" || forced.kind !== "signed_in") return;
    expect(forced.replacedSession?.id).toBe(first.session.id);
    expect((await resolveSession(test.db, first.token)).state).toBe("invalidated");
    expect((await resolveSession(test.db, forced.token)).state).toBe("live");
    expect(await liveSessions(user.id)).toHaveLength(1);
  });

  it("when the other session had timed out, login goes straight through and says so", async () => {
    const user = await createUser(test.db, { role: "yard_driver", accountId, email: "stale@x.test" });
    const first = await logIn(test.db, input("stale@x.test"), client());
    await test.db
      .update(sessions)
      .set({ lastActivity: new Date(Date.now() - 5 * 3_600_000) })
      .where(eq(sessions.userId, user.id));
    const second = await logIn(test.db, input("stale@x.test"), client());
    expect(second).toMatchObject({ kind: "signed_in", previousSessionTimedOut: true, replacedSession: null });
    if (first.kind === "signed_in") expect((await resolveSession(test.db, first.token)).state).toBe("timed_out");
  });

  it("ten forced logins of one user at once leave exactly one live session and no errors", async () => {
    const user = await createUser(test.db, { role: "manager", accountId, email: "race@x.test" });
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, () => logIn(test.db, input("race@x.test", { force_login: true }), client())),
    );
    expect(outcomes.every((outcome) => outcome.kind === "signed_in")).toBe(true);
    expect(await liveSessions(user.id)).toHaveLength(1);
  });
});

describe("first-login password change", () => {
  it("enforces every rule with the spec's messages", async () => {
    const user = await createUser(test.db, { role: "manager", accountId });
    expect(await changeOwnPassword(test.db, user, { password: "short", confirm_password: "other" }, TEST_PASSWORD_COST)).toEqual({
      ok: false,
      errors: [
        "Password must be at least 8 characters long",
        "Password must contain at least one uppercase letter",
        "Password must contain at least one number",
        "Password must contain at least one special character",
        "Passwords do not match",
      ],
    });
    expect(
      await changeOwnPassword(test.db, user, { password: "ALLUPPER1!", confirm_password: "ALLUPPER1!" }, TEST_PASSWORD_COST),
    ).toEqual({ ok: false, errors: ["Password must contain at least one lowercase letter"] });
  });

  it("a valid change stores the new password and clears first_login", async () => {
    const user = await createUser(test.db, { role: "manager", accountId });
    await test.db.update(users).set({ firstLogin: true }).where(eq(users.id, user.id));
    const outcome = await changeOwnPassword(
      test.db,
      { ...user, firstLogin: true },
      { password: "Yard#Door42", confirm_password: "Yard#Door42" },
      TEST_PASSWORD_COST,
    );
    expect(outcome.ok).toBe(true);
    const [stored] = await test.db.select().from(users).where(eq(users.id, user.id));
    expect(stored.firstLogin).toBe(false);
    expect(await verifyPassword("Yard#Door42", stored.passwordHash)).toBe(true);
  });
});

describe("timeout setting", () => {
  it("accepts 0.01 to 24 hours in steps of 0.01 and refuses the rest with a message", async () => {
    const admin = actorOf(await createUser(test.db, { role: "admin", accountId: null }));
    expect(await updateTimeoutHours(test.db, admin, { timeout_hours: 0.01 })).toEqual({ ok: true, timeoutHours: 0.01 });
    expect(await updateTimeoutHours(test.db, admin, { timeout_hours: "24" })).toEqual({ ok: true, timeoutHours: 24 });
    for (const bad of [0, 0.001, 24.01, 1.005, "abc"]) {
      const outcome = await updateTimeoutHours(test.db, admin, { timeout_hours: bad });
      expect(outcome.ok, String(bad)).toBe(false);
    }
    expect(await updateTimeoutHours(test.db, admin, { timeout_hours: 4 })).toEqual({ ok: true, timeoutHours: 4 });
  });
});
