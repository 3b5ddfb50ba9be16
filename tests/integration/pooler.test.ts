import { createServer } from "node:net";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONNECTION_LIMITS, isDatabaseUnavailable, openDatabase, withActor } from "#app/lib/db.server";
import { trailers } from "#db/schema";
import { startPooler, type RunningPooler } from "#scripts/lib/pooler";
import { createTestDatabase, type TestDatabase } from "./database";
import { createAccount, createTrailer } from "./fixtures";

let test: TestDatabase;
let pooler: RunningPooler;
/** A pooler of one backend: the next connection waits for the backend the last one gives back. */
let single: RunningPooler;
const ends: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  test = await createTestDatabase();
  pooler = await startPooler({ upstream: test.url, port: 0, maxBackends: 4, idleBackends: 4 });
  single = await startPooler({ upstream: test.url, port: 0, maxBackends: 1 });
});
afterAll(async () => {
  for (const end of ends) await end().catch(() => undefined);
  await pooler.close();
  await single.close();
  await test.close();
});

/** A connection through the pooler, as the Worker's requests open theirs. */
async function connect(url = pooler.url, options: pg.ClientConfig = {}) {
  const client = new pg.Client({ connectionString: url, ...options });
  client.on("error", () => undefined);
  await client.connect();
  ends.push(() => client.end());
  return client;
}
/** A connection straight to Postgres, beside the pooler. */
const direct = () => connect(test.url);
const backendOf = async (client: pg.Client) => (await client.query<{ pid: number }>("select pg_backend_pid() as pid")).rows[0].pid;

describe("the local connection pooler", () => {
  it("gives a request's connection a backend that is already running: the next request reuses the one the last gave back", async () => {
    const first = await connect(single.url);
    const pid = await backendOf(first);
    await first.end();
    const second = await connect(single.url);
    expect(await backendOf(second)).toBe(pid);
    await second.end();
  });

  it("carries the app's startup settings to the backend, and lets only connections with the same settings share one", async () => {
    const app = openDatabase({ DATABASE_URL: pooler.url });
    ends.push(() => app.close());
    const { rows } = await app.db.execute<{ timeout: string; pid: number }>(
      sql`select current_setting('statement_timeout') as timeout, pg_backend_pid() as pid`,
    );
    expect(rows[0].timeout).toBe("10s");
    await app.close();

    const other = await connect(pooler.url, { statement_timeout: 20_000 });
    expect((await other.query("show statement_timeout")).rows[0].statement_timeout).toBe("20s");
    expect(await backendOf(other)).not.toBe(rows[0].pid);
    await other.end();
  });

  it("resets a backend it is given back: what one request set for its session never reaches the next", async () => {
    const first = await connect(single.url);
    const pid = await backendOf(first);
    await first.query("set work_mem = '77MB'");
    await first.query("select pg_advisory_lock(4242)");
    await first.query("prepare kept as select 1");
    await first.query("create temp table scratch (n int)");
    await first.query("listen yard_news");
    await first.end();

    const second = await connect(single.url);
    expect(await backendOf(second)).toBe(pid);
    expect((await second.query("show work_mem")).rows[0].work_mem).not.toBe("77MB");
    expect((await second.query("select count(*)::int as n from pg_prepared_statements")).rows[0].n).toBe(0);
    expect((await second.query("select to_regclass('pg_temp.scratch') as kept")).rows[0].kept).toBeNull();
    expect((await second.query("select count(*)::int as n from pg_listening_channels()")).rows[0].n).toBe(0);
    const watcher = await direct();
    expect((await watcher.query("select pg_try_advisory_lock(4242) as got")).rows[0].got).toBe(true);
    await watcher.query("select pg_advisory_unlock(4242)");
    await second.end();
  });

  it("closes the backend of a connection that ends inside its transaction: its row locks are free at once and it is never reused", async () => {
    const account = await createAccount(test.db);
    const trailer = await createTrailer(test.db, account.id);
    const request = await connect();
    const pid = await backendOf(request);
    await request.query("begin");
    await request.query("select id from trailers where id = $1 for update", [trailer.id]);
    // The request dies without a word (its Worker was stopped): its socket just closes.
    (request as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();

    const watcher = await direct();
    await expect
      .poll(async () => (await watcher.query("select count(*)::int as n from pg_stat_activity where pid = $1", [pid])).rows[0].n)
      .toBe(0);
    await watcher.query("begin");
    const locked = await watcher.query("select id from trailers where id = $1 for update nowait", [trailer.id]);
    expect(locked.rowCount).toBe(1);
    await watcher.query("rollback");

    const next = await connect();
    expect(await backendOf(next)).not.toBe(pid);
    await next.end();
  });

  it("serves the app's transactions: a write and its audit row commit together", async () => {
    const account = await createAccount(test.db);
    const trailer = await createTrailer(test.db, account.id);
    const app = openDatabase({ DATABASE_URL: pooler.url });
    ends.push(() => app.close());
    await withActor(app.db, null, (tx) =>
      tx
        .update(trailers)
        .set({ licensePlate: "POOL1" })
        .where(sql`${trailers.id} = ${trailer.id}`),
    );
    const [after] = await test.db
      .select()
      .from(trailers)
      .where(sql`${trailers.id} = ${trailer.id}`);
    expect(after.licensePlate).toBe("POOL1");
    await app.close();
  });

  it("closes a connection whose backend Postgres ends, so its query fails at once as the database being unavailable", async () => {
    const request = await connect();
    const pid = await backendOf(request);
    const watcher = await direct();
    await watcher.query("select pg_terminate_backend($1)", [pid]);
    const started = Date.now();
    const error = await request.query("select 1").then(
      () => expect.fail("the query should fail"),
      (failure: unknown) => failure,
    );
    expect(isDatabaseUnavailable(error)).toBe(true);
    // At once: not after waiting out the connection's own timeout, as a query on a dead socket would.
    expect(Date.now() - started).toBeLessThan(CONNECTION_LIMITS.connectionWaitMs / 2);
  });

  it("shares at most its limit of backends among many requests at once; the others wait their turn", async () => {
    const results = await Promise.all(
      Array.from({ length: 24 }, async () => {
        const app = openDatabase({ DATABASE_URL: pooler.url });
        try {
          const { rows } = await app.db.execute<{ pid: number }>(sql`select pg_backend_pid() as pid, pg_sleep(0.05)`);
          return rows[0].pid;
        } finally {
          await app.close();
        }
      }),
    );
    expect(results).toHaveLength(24);
    expect(new Set(results).size).toBeLessThanOrEqual(4);
  });

  it("refuses a wrong password with Postgres's error", async () => {
    const url = new URL(pooler.url);
    url.password = "not-the-password";
    const error = await connect(url.toString()).then(
      () => expect.fail("the connection should be refused"),
      (failure: unknown) => failure,
    );
    expect((error as { code?: string }).code).toBe("28P01");
  });

  it("answers with a connection error when Postgres cannot be reached, which the app reports as unavailable (503)", async () => {
    const closedPort = await new Promise<number>((resolve) => {
      const server = createServer();
      server.listen(0, "127.0.0.1", () => {
        const address = server.address();
        server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
      });
    });
    const upstream = new URL(test.url);
    upstream.port = String(closedPort);
    const nowhere = await startPooler({ upstream: upstream.toString(), port: 0 });
    try {
      const app = openDatabase({ DATABASE_URL: nowhere.url });
      const error = await app.db.execute(sql`select 1`).then(
        () => expect.fail("the query should fail"),
        (failure: unknown) => failure,
      );
      await app.close();
      expect(isDatabaseUnavailable(error)).toBe(true);
    } finally {
      await nowhere.close();
    }
  });
});
