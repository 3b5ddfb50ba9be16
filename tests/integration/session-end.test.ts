import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions, settings, users } from "#db/schema";
import { resolveSession, sessionsEnded } from "#app/lib/session.server";
import { logIn, logOut } from "#app/services/auth.server";
import type { ServiceContext, SystemContext } from "#app/services/context.server";
import type { UserRow } from "#app/lib/session.server";
import type { AfterCommit } from "#app/domain/realtime-events";
import { deactivateUser, updateUser } from "#app/services/users.server";
import { sessionsEndedFirst, whileCommitsAreSlow } from "./concurrency";
import { createTestDatabase, type TestDatabase } from "./database";
import { contextFor, createAccount, createUser, TEST_PASSWORD_COST } from "./fixtures";

let test: TestDatabase;
let accountId: number;
beforeAll(async () => {
  test = await createTestDatabase();
  accountId = (await createAccount(test.db)).id;
});
afterAll(async () => test.close());

const PASSWORD = "Secret#123";
let n = 0;

/** A user signed in through the login service: its row, session and token. */
async function signedIn(role: "yard_driver" | "manager" = "yard_driver") {
  const user = await createUser(test.db, { role, accountId, email: `end${++n}@x.test`, password: PASSWORD });
  const system: SystemContext = { db: test.db, events: { send: () => undefined } };
  const login = await logIn(
    system,
    { email: user.email, password: PASSWORD, agreed_to_terms: true, force_login: false },
    { userAgent: "Chrome", ipAddress: `203.0.113.${n}`, addressTrusted: true },
  );
  if (login.kind !== "signed_in") throw new Error("expected a sign-in");
  return { user, session: login.session, token: login.token };
}

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);

describe("a room's check of its sockets' sessions", () => {
  it("names each session that is no longer live and why, ends a timed-out one, and says when the first live one times out", async () => {
    const live = await signedIn();
    const idle = await signedIn();
    const loggedOut = await signedIn();
    const deactivated = await signedIn();
    const replaced = await signedIn();
    await test.db
      .update(sessions)
      .set({ lastActivity: hoursAgo(5) })
      .where(eq(sessions.id, idle.session.id));
    await test.db
      .update(sessions)
      .set({ lastActivity: hoursAgo(1) })
      .where(eq(sessions.id, live.session.id));
    await logOut({ db: test.db, events: { send: () => undefined } }, await resolveSession(test.db, loggedOut.token), "logout");
    await test.db.update(users).set({ isActive: false }).where(eq(users.id, deactivated.user.id));
    await test.db.update(sessions).set({ endedAt: new Date(), endReason: "replaced" }).where(eq(sessions.id, replaced.session.id));

    const ids = [live, idle, loggedOut, deactivated, replaced].map((signed) => signed.session.id);
    const { ended, nextTimeoutAt } = await sessionsEnded(test.db, [...ids, 999_999]);
    expect(ended).toEqual([
      { id: idle.session.id, reason: "timeout" },
      { id: loggedOut.session.id, reason: "logout" },
      { id: deactivated.session.id, reason: "deactivated" },
      { id: replaced.session.id, reason: "replaced" },
      { id: 999_999, reason: "ended" },
    ]);
    const [stored] = await test.db.select().from(sessions).where(eq(sessions.id, idle.session.id));
    expect(stored).toMatchObject({ endReason: "timeout" });
    expect(stored.endedAt).not.toBeNull();
    expect((await resolveSession(test.db, idle.token)).state).toBe("timed_out");
    // The live session was last active an hour ago: it times out three hours from now (the default 4 h).
    expect(Math.abs(nextTimeoutAt!.getTime() - (Date.now() + 3 * 3_600_000))).toBeLessThan(60_000);
    expect((await sessionsEnded(test.db, [live.session.id])).ended).toEqual([]);
  });

  it("follows the timeout setting: a session idle for a minute has timed out when the timeout is 0.01 h", async () => {
    const idle = await signedIn();
    await test.db
      .update(sessions)
      .set({ lastActivity: new Date(Date.now() - 60_000) })
      .where(eq(sessions.id, idle.session.id));
    expect((await sessionsEnded(test.db, [idle.session.id])).ended).toEqual([]);
    await test.db.update(settings).set({ timeoutHours: 0.01 });
    try {
      expect((await sessionsEnded(test.db, [idle.session.id])).ended).toEqual([{ id: idle.session.id, reason: "timeout" }]);
    } finally {
      await test.db.update(settings).set({ timeoutHours: 4 });
    }
  });
});

describe("a session ended by someone else closes its sockets once committed", () => {
  const closes = (sent: AfterCommit[]) => sent.filter((effect) => effect.kind === "close_sockets");
  /** What `actor`'s `work` sent, each session whose sockets it closed checked to have ended, committed, by then. */
  const closingAfterCommit = (actor: UserRow, work: (ctx: ServiceContext) => Promise<unknown>) =>
    whileCommitsAreSlow(test, ["sessions"], async (observer) => {
      const { ctx, sent, settled } = contextFor(test.db, actor, sessionsEndedFirst(observer));
      await work(ctx);
      await settled();
      return sent;
    });

  it("a password set by a higher rank ends the owner's session and sockets, and the owner must change it at the next sign-in", async () => {
    const driver = await signedIn("manager");
    const admin = await createUser(test.db, { role: "admin", accountId: null });
    const sent = await closingAfterCommit(admin, async (ctx) => {
      await updateUser(ctx, driver.user.id, { password: "Reset#Pass1", confirm_password: "Reset#Pass1" }, TEST_PASSWORD_COST);
    });
    expect(closes(sent)).toEqual([{ kind: "close_sockets", sessionId: driver.session.id, room: String(accountId), reason: "logout" }]);
    expect((await resolveSession(test.db, driver.token)).state).toBe("ended");
    const [stored] = await test.db.select().from(users).where(eq(users.id, driver.user.id));
    expect(stored.firstLogin).toBe(true);
    const again = await logIn(
      { db: test.db, events: { send: () => undefined } },
      { email: driver.user.email, password: "Reset#Pass1", agreed_to_terms: true, force_login: false },
      { userAgent: "Chrome", ipAddress: "203.0.113.250", addressTrusted: true },
    );
    expect(again).toMatchObject({ kind: "signed_in", user: { firstLogin: true } });
  });

  it("changing one's own password keeps one's session and sockets", async () => {
    const superManager = await createUser(test.db, { role: "super_manager", accountId, email: `own${++n}@x.test`, password: PASSWORD });
    const [session] = await test.db
      .insert(sessions)
      .values({ userId: superManager.id, tokenHash: `own${n}`, csrfSecret: "s" })
      .returning();
    const { ctx, sent } = contextFor(test.db, superManager);
    await updateUser(
      ctx,
      superManager.id,
      { current_password: PASSWORD, password: "Mine#Pass22", confirm_password: "Mine#Pass22" },
      TEST_PASSWORD_COST,
    );
    expect(closes(sent)).toEqual([]);
    const [stored] = await test.db.select().from(sessions).where(eq(sessions.id, session.id));
    expect(stored.endedAt).toBeNull();
    const [me] = await test.db.select().from(users).where(eq(users.id, superManager.id));
    expect(me.firstLogin).toBe(false);
  });

  it("deactivation ends the session and closes its sockets", async () => {
    const driver = await signedIn();
    const admin = await createUser(test.db, { role: "admin", accountId: null });
    const sent = await closingAfterCommit(admin, (ctx) => deactivateUser(ctx, driver.user.id));
    expect(closes(sent)).toEqual([{ kind: "close_sockets", sessionId: driver.session.id, room: String(accountId), reason: "deactivated" }]);
  });
});
