import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { trailers } from "#db/schema";
import { CONNECTION_LIMITS, isDatabaseUnavailable, openDatabase, withActor, type OpenDatabase } from "#app/lib/db.server";
import { createTestDatabase, type TestDatabase } from "./database";
import { createAccount, createTrailer } from "./fixtures";

let test: TestDatabase;
const opened: OpenDatabase[] = [];
/** The database as one request opens it. */
function request(url = test.url) {
  const database = openDatabase({ DATABASE_URL: url });
  opened.push(database);
  return database.db;
}

beforeAll(async () => {
  test = await createTestDatabase();
});
afterAll(async () => {
  await Promise.all(opened.map((database) => database.close()));
  await test.close();
});

/** The error a promise rejected with (it must reject). */
async function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => expect.fail("expected it to fail"),
    (error: unknown) => error,
  );
}

describe("connection limits", () => {
  it("every connection the app opens carries the statement and idle-in-transaction timeouts", async () => {
    const db = request();
    const { rows } = await db.execute<{ statement: string; idle: string }>(
      sql`select current_setting('statement_timeout') as statement, current_setting('idle_in_transaction_session_timeout') as idle`,
    );
    expect(rows[0]).toEqual({
      statement: `${CONNECTION_LIMITS.statementTimeoutMs / 1000}s`,
      idle: `${CONNECTION_LIMITS.idleInTransactionMs / 1000}s`,
    });
  });

  it("a Hyperdrive binding, when the Worker has one, is connected through instead of DATABASE_URL", async () => {
    const nowhere = new URL(test.url);
    nowhere.port = "1";
    const database = openDatabase({ DATABASE_URL: nowhere.toString(), HYPERDRIVE: { connectionString: test.url } });
    opened.push(database);
    const { rows } = await database.db.execute<{ name: string }>(sql`select current_database() as name`);
    expect(rows[0].name).toBe(new URL(test.url).pathname.slice(1));
  });

  it("a request's parallel queries share its one connection", async () => {
    const db = request();
    const pids = await Promise.all(
      Array.from({ length: 8 }, () => db.execute<{ pid: number }>(sql`select pg_backend_pid() as pid, pg_sleep(0.01)`)),
    );
    expect(new Set(pids.map(({ rows }) => rows[0].pid)).size).toBe(1);
  });

  it("a statement cancelled by its timeout counts as the database being unavailable (503, not 500)", async () => {
    const db = request();
    const error = await failure(
      withActor(db, null, async (tx) => {
        await tx.execute(sql`set local statement_timeout = 50`);
        await tx.execute(sql`select pg_sleep(2)`);
      }),
    );
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it("a request that dies mid-transaction leaves no lock behind: a second writer gets the row within the timeouts", async () => {
    const account = await createAccount(test.db);
    const trailer = await createTrailer(test.db, account.id);
    let resume!: () => void;
    let tookLock!: () => void;
    const lockTaken = new Promise<void>((resolve) => (tookLock = resolve));
    // The first request updates the trailer, then never goes on (its Worker died or hangs).
    const abandoned = withActor(request(), { id: null, alphaCode: "FIRST" }, async (tx) => {
      await tx.update(trailers).set({ loadNumber: "FIRST" }).where(eq(trailers.id, trailer.id));
      tookLock();
      await new Promise<void>((resolve) => (resume = resolve));
    });
    const outcome = abandoned.then(
      () => null,
      (error: unknown) => error,
    );
    await lockTaken;

    const started = Date.now();
    await withActor(request(), { id: null, alphaCode: "SECOND" }, (tx) =>
      tx.update(trailers).set({ loadNumber: "SECOND" }).where(eq(trailers.id, trailer.id)),
    );
    const waited = Date.now() - started;
    expect(waited).toBeLessThan(CONNECTION_LIMITS.statementTimeoutMs);
    const [row] = await test.db.select({ loadNumber: trailers.loadNumber }).from(trailers).where(eq(trailers.id, trailer.id));
    expect(row.loadNumber).toBe("SECOND");

    // Should the first request wake up, its transaction is gone: it fails as "unavailable", and wrote nothing.
    resume();
    expect(isDatabaseUnavailable(await outcome)).toBe(true);
  });

  it("a connection refused for too many clients is tried again briefly before the request fails", async () => {
    const role = `limited_${randomBytes(4).toString("hex")}`;
    await test.db.execute(sql.raw(`create role ${role} login password 'limited' connection limit 1`));
    const url = new URL(test.url);
    url.username = role;
    url.password = "limited";
    const holder = new pg.Client({ connectionString: url.toString() });
    await holder.connect();
    // The only connection the role may have is taken: the request's first attempts are refused.
    setTimeout(() => void holder.end(), 250);
    const patient = openDatabase({ DATABASE_URL: url.toString() });
    const { rows } = await patient.db.execute<{ ok: number }>(sql`select 1 as ok`);
    expect(rows[0].ok).toBe(1);
    await patient.close();

    const second = new pg.Client({ connectionString: url.toString() });
    await second.connect();
    try {
      const started = Date.now();
      const error = await failure(request(url.toString()).execute(sql`select 1`));
      expect(isDatabaseUnavailable(error)).toBe(true);
      expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    } finally {
      await second.end();
    }
  });

  it("tells a database that cannot serve from a request that is wrong", async () => {
    const refused = await failure(request("postgres://postgres:yardline@127.0.0.1:1/nowhere").execute(sql`select 1`));
    expect(isDatabaseUnavailable(refused)).toBe(true);
    const account = await createAccount(test.db);
    const duplicate = await failure(test.db.execute(sql`insert into companies (id, company_name) values (${account.companyId}, 'Again')`));
    expect(isDatabaseUnavailable(duplicate)).toBe(false);
    expect(isDatabaseUnavailable(await failure(test.db.execute(sql`select 1 / 0`)))).toBe(false);
    expect(isDatabaseUnavailable(new Error("Trailer number is required"))).toBe(false);
  });
});
