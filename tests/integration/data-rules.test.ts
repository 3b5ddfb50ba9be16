import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { moveLegs, moves, sessions, settings, trailerLocationHistory, users } from "#db/schema";
import { hashToken, newToken, resolveSession } from "#app/lib/session.server";
import { createTestDatabase, type TestDatabase } from "./database";
import { createAccount, createTrailer, createUser } from "./fixtures";

let test: TestDatabase;
beforeAll(async () => {
  test = await createTestDatabase();
});
afterAll(async () => test.close());

/** The Postgres error code behind a Drizzle query error. */
async function failureCode(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    return cause?.code ?? (error as { code?: string }).code;
  }
  return undefined;
}

async function requestMove(accountId: number, trailerId: number, from = "Yard A", to = "North-1") {
  const [move] = await test.db.insert(moves).values({ accountId, moveType: "single" }).returning();
  await test.db
    .insert(moveLegs)
    .values({ moveId: move.id, legNumber: 1, fromLocation: from, toLocation: to, trailerId, trailerNumber: "T" });
  return move;
}

describe("rules the database enforces", () => {
  it("a trailer can be in at most one active move", async () => {
    const account = await createAccount(test.db);
    const trailer = await createTrailer(test.db, account.id);
    const first = await requestMove(account.id, trailer.id);
    expect(await failureCode(requestMove(account.id, trailer.id))).toBe("23505");

    await test.db.update(moves).set({ finishTime: new Date() }).where(eq(moves.id, first.id));
    const [leg] = await test.db.select().from(moveLegs).where(eq(moveLegs.moveId, first.id));
    expect(leg.active).toBe(false);
    const second = await requestMove(account.id, trailer.id);
    await test.db.update(moves).set({ isCancel: true, cancelTime: new Date() }).where(eq(moves.id, second.id));
    await expect(requestMove(account.id, trailer.id)).resolves.toBeTruthy();
  });

  it("the legs of a move inserted as finished are not active", async () => {
    const account = await createAccount(test.db);
    const trailer = await createTrailer(test.db, account.id);
    const [done] = await test.db.insert(moves).values({ accountId: account.id, moveType: "single", finishTime: new Date() }).returning();
    const [leg] = await test.db
      .insert(moveLegs)
      .values({ moveId: done.id, legNumber: 1, fromLocation: "Yard A", toLocation: "Shop", trailerId: trailer.id, trailerNumber: "T" })
      .returning();
    expect(leg.active).toBe(false);
  });

  it("a trailer has at most one open location history entry", async () => {
    const account = await createAccount(test.db);
    const trailer = await createTrailer(test.db, account.id);
    await test.db.insert(trailerLocationHistory).values({ trailerId: trailer.id, accountId: account.id, location: "Yard A" });
    expect(
      await failureCode(test.db.insert(trailerLocationHistory).values({ trailerId: trailer.id, accountId: account.id, location: "Shop" })),
    ).toBe("23505");
  });

  it("a user holds exactly one role, a lowercase email, and an account unless admin", async () => {
    const account = await createAccount(test.db);
    const base = { passwordHash: "x", accountId: account.id };
    expect(await failureCode(test.db.insert(users).values({ ...base, email: "none@x.test" }))).toBe("23514");
    expect(await failureCode(test.db.insert(users).values({ ...base, email: "two@x.test", isManager: true, isMechanic: true }))).toBe(
      "23514",
    );
    expect(await failureCode(test.db.insert(users).values({ ...base, email: "Upper@x.test", isManager: true }))).toBe("23514");
    expect(await failureCode(test.db.insert(users).values({ ...base, accountId: null, email: "noacct@x.test", isManager: true }))).toBe(
      "23514",
    );
    await expect(test.db.insert(users).values({ ...base, accountId: null, email: "global@x.test", isAdmin: true })).resolves.toBeTruthy();
  });

  it("email and alpha code are unique", async () => {
    const account = await createAccount(test.db);
    await createUser(test.db, { role: "manager", accountId: account.id, email: "same@x.test", alphaCode: "SAME" });
    expect(await failureCode(createUser(test.db, { role: "manager", accountId: account.id, email: "same@x.test" }))).toBe("23505");
    expect(await failureCode(createUser(test.db, { role: "manager", accountId: account.id, alphaCode: "SAME" }))).toBe("23505");
  });

  it("the session timeout setting defaults to 4 hours and stays within 0.01–24", async () => {
    const [row] = await test.db.select().from(settings);
    expect(row.timeoutHours).toBe(4);
    expect(await failureCode(test.db.update(settings).set({ timeoutHours: 25 }))).toBe("23514");
    expect(await failureCode(test.db.update(settings).set({ timeoutHours: 0 }))).toBe("23514");
  });

  it("a user has one live session; a session past the inactivity timeout is not live", async () => {
    const account = await createAccount(test.db);
    const user = await createUser(test.db, { role: "yard_driver", accountId: account.id });
    const token = newToken();
    const [session] = await test.db
      .insert(sessions)
      .values({ userId: user.id, tokenHash: await hashToken(token), csrfSecret: "s" })
      .returning();
    expect(await failureCode(test.db.insert(sessions).values({ userId: user.id, tokenHash: "other", csrfSecret: "s" }))).toBe("23505");
    const live = await resolveSession(test.db, token);
    expect(live.state === "live" && live.user.id).toBe(user.id);
    expect((await resolveSession(test.db, "not-a-token")).state).toBe("ended");

    await test.db
      .update(sessions)
      .set({ lastActivity: new Date(Date.now() - 4 * 3_600_000 - 1000) })
      .where(eq(sessions.id, session.id));
    expect((await resolveSession(test.db, token)).state).toBe("timed_out");
    const [ended] = await test.db.select().from(sessions).where(eq(sessions.id, session.id));
    expect(ended.endReason).toBe("timeout");
  });
});
