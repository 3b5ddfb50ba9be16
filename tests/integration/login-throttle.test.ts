import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loginAttempts } from "#db/schema";
import type { LoginInput } from "#app/domain/auth-schemas";
import type { Database } from "#app/lib/db.server";
import { logIn, LOGIN_LIMITS, type ClientInfo, type LoginOutcome } from "#app/services/auth.server";
import type { SystemContext } from "#app/services/context.server";
import { backOffSeconds } from "#app/services/login-throttle.server";
import { everyValue, race } from "./concurrency";
import { createTestDatabase, type TestDatabase } from "./database";
import { createAccount, createUser } from "./fixtures";

let test: TestDatabase;
let accountId: number;
beforeAll(async () => {
  test = await createTestDatabase();
  accountId = (await createAccount(test.db)).id;
});
afterAll(async () => test.close());

const PASSWORD = "Secret#123";
let n = 0;
const system = (db: Database): SystemContext => ({ db, events: { send: () => undefined } });
const attempt = (email: string, password: string, client: ClientInfo, extra: Partial<LoginInput> = {}, db = test.db) =>
  logIn(system(db), { email, password, agreed_to_terms: true, force_login: true, ...extra }, client);
/**
 * 40 tries at once, each on a connection of its own, all under way (one waiting to record its
 * try, the others their turn) when the tries table is let go.
 */
const fortyAtOnce = async (email: string, password: (i: number) => string, client: (i: number) => ClientInfo) =>
  everyValue(
    await race(
      test.url,
      "LOCK TABLE login_attempts IN EXCLUSIVE MODE",
      Array.from({ length: 40 }, (_, i) => (db: Database) => attempt(email, password(i), client(i), {}, db)),
    ),
  );
/** A client Cloudflare reported (TRUST_CF_CONNECTING_IP), with an address of its own. */
const trusted = (): ClientInfo => ({ userAgent: "Chrome", ipAddress: `192.0.2.${++n}`, addressTrusted: true });
/** A client the app cannot tell apart from any other (no trusted address): it reports whatever it likes. */
const untrusted = (): ClientInfo => ({ userAgent: "curl", ipAddress: `198.51.100.${++n}`, addressTrusted: false });

async function newUser() {
  const user = await createUser(test.db, { role: "manager", accountId, email: `throttle${++n}@x.test`, password: PASSWORD });
  return user;
}

const counted = async (email: string) =>
  (await test.db.select().from(loginAttempts).where(eq(loginAttempts.email, email))).filter((row) => !row.succeeded).length;

/** Moves the failures of `email` back in time, as if the client had waited `seconds`. */
const waited = (email: string, seconds: number) =>
  test.db
    .update(loginAttempts)
    .set({ attemptedAt: sql`${loginAttempts.attemptedAt} - make_interval(secs => ${seconds})` })
    .where(eq(loginAttempts.email, email));

const kinds = (outcomes: LoginOutcome[]) =>
  outcomes.reduce<Record<string, number>>((tally, outcome) => {
    const kind = outcome.kind === "refused" ? String(outcome.status) : outcome.kind;
    return { ...tally, [kind]: (tally[kind] ?? 0) + 1 };
  }, {});

describe("sign-in throttling", () => {
  it("40 wrong passwords sent at once for one email count no more tries than the limit; the rest answer 429 unhashed", async () => {
    const user = await newUser();
    const guesser = trusted();
    const outcomes = await fortyAtOnce(
      user.email,
      (i) => `wrong${i}`,
      () => guesser,
    );
    expect(kinds(outcomes)).toEqual({ 401: LOGIN_LIMITS.freeFailures, 429: 40 - LOGIN_LIMITS.freeFailures });
    expect(await counted(user.email)).toBe(LOGIN_LIMITS.freeFailures);
  });

  it("the same at once from a client the app cannot tell apart: the limit holds whatever address it reports", async () => {
    const user = await newUser();
    const outcomes = await fortyAtOnce(user.email, (i) => `wrong${i}`, untrusted);
    expect(kinds(outcomes)).toEqual({ 401: LOGIN_LIMITS.freeFailures, 429: 40 - LOGIN_LIMITS.freeFailures });
    expect(await counted(user.email)).toBe(LOGIN_LIMITS.freeFailures);
  });

  it("a stranger's failures hold back only the stranger: the owner's right password from another client gets in at once, and from the stranger's client after the back-off", async () => {
    const user = await newUser();
    const stranger = trusted();
    await Promise.all(Array.from({ length: 40 }, () => attempt(user.email, "wrong", stranger)));
    expect((await attempt(user.email, PASSWORD, trusted())).kind).toBe("signed_in");

    expect(await attempt(user.email, PASSWORD, stranger)).toMatchObject({ kind: "refused", status: 429 });
    await waited(user.email, backOffSeconds(LOGIN_LIMITS.freeFailures) + 1);
    expect((await attempt(user.email, PASSWORD, stranger)).kind).toBe("signed_in");
  });

  it("the back-off doubles with each further failure up to its cap, and a success starts the count again", async () => {
    expect([5, 6, 7, 8, 9, 10, 30].map(backOffSeconds)).toEqual([60, 120, 240, 480, 900, 900, 900]);
    expect(backOffSeconds(LOGIN_LIMITS.freeFailures - 1)).toBe(0);
    const user = await newUser();
    const client = trusted();
    for (let i = 0; i < LOGIN_LIMITS.freeFailures; i++) await attempt(user.email, "wrong", client);
    await waited(user.email, 61);
    expect(await attempt(user.email, "wrong again", client)).toMatchObject({ status: 401 });
    const second = await attempt(user.email, PASSWORD, client);
    expect(second).toMatchObject({ kind: "refused", status: 429 });
    if (second.kind === "refused") expect(second.retryAfterSeconds).toBeGreaterThan(60);
    await waited(user.email, 121);
    expect((await attempt(user.email, PASSWORD, client)).kind).toBe("signed_in");
    for (let i = 0; i < LOGIN_LIMITS.freeFailures - 1; i++)
      expect(await attempt(user.email, "wrong", client)).toMatchObject({ status: 401 });
    expect((await attempt(user.email, PASSWORD, client)).kind).toBe("signed_in");
  });

  it("a browser the owner signed in from keeps its own count: a stranger the app cannot tell apart does not lock it out", async () => {
    const user = await newUser();
    const first = await attempt(user.email, PASSWORD, untrusted());
    if (first.kind !== "signed_in") throw new Error("expected a sign-in");
    for (let i = 0; i < 10; i++) await attempt(user.email, "wrong", untrusted());
    expect(await attempt(user.email, PASSWORD, untrusted())).toMatchObject({ status: 429 });

    const again = await attempt(user.email, PASSWORD, { ...untrusted(), device: first.device });
    expect(again.kind).toBe("signed_in");
    if (again.kind === "signed_in") expect(again.device.split(".")[1]).toBe(first.device.split(".")[1]);
  });

  it("a device cookie counts only for the user it was given to, and only when its signature holds", async () => {
    const owner = await newUser();
    const other = await newUser();
    const signedIn = await attempt(owner.email, PASSWORD, untrusted());
    if (signedIn.kind !== "signed_in") throw new Error("expected a sign-in");
    const [id, device, signature] = signedIn.device.split(".");
    for (let i = 0; i < LOGIN_LIMITS.freeFailures; i++) await attempt(other.email, "wrong", untrusted());
    for (const forged of [signedIn.device, `${other.id}.${device}.${signature}`, `${id}.${"A".repeat(22)}.${signature}`, "junk"]) {
      expect(await attempt(other.email, PASSWORD, { ...untrusted(), device: forged }), forged).toMatchObject({ status: 429 });
    }
  });

  it("the per-address limit applies only to an address the app trusts", async () => {
    const user = await newUser();
    const reported = untrusted();
    await test.db.insert(loginAttempts).values(
      Array.from({ length: LOGIN_LIMITS.perAddress }, (_, i) => ({
        email: `spray${i}@x.test`,
        ipAddress: reported.ipAddress,
        succeeded: false,
      })),
    );
    expect((await attempt(user.email, PASSWORD, reported)).kind).toBe("signed_in");
    const rows = await test.db
      .select()
      .from(loginAttempts)
      .where(and(eq(loginAttempts.email, user.email), eq(loginAttempts.succeeded, true)));
    expect(rows.map((row) => row.ipAddress)).toEqual(["unknown"]);
  });
});
