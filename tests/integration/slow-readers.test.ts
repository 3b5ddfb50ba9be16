import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_VIEW } from "#app/domain/dashboard";
import { openDatabase, type OpenDatabase } from "#app/lib/db.server";
import type { UserRow } from "#app/lib/session.server";
import { reportCsv } from "#app/http/report-files.server";
import { accountDashboard } from "#app/services/dashboard.server";
import { openReport } from "#app/services/reports.server";
import { startPooler, type RunningPooler } from "#scripts/lib/pooler";
import { createTestDatabase, type TestDatabase } from "./database";
import { contextFor, createAccount, createUser } from "./fixtures";

/**
 * Clients that download a report slower than it is written must not hold the database: twenty of
 * them reading the trailers CSV of 5,100 trailers a few bytes at a time, while the dashboard keeps
 * answering. Each request opens its connection through the pooler, as the Worker's requests do
 * through Hyperdrive, and closes it once its answer has left (as server.ts does in `waitUntil`);
 * the pooler opens at most as many backends as there are slow readers, so readers that each held
 * one would leave none for the dashboard. It keeps no idle backends either: every backend alive
 * belongs to a client connection that holds it.
 */
const TRAILERS = 5_100;
const READERS = 20;
const BACKENDS = READERS;
/** What a reader takes at once before it slows down: the bytes the network between would hold (past the first two batches). */
const TAKEN_AT_ONCE = 256 * 1024;
/** Then a few bytes at a time. */
const BYTES_PER_TICK = 4;
const TICK_MS = 100;
/** The dashboard answers in tens of milliseconds here; a request past this is stalled. */
const DASHBOARD_WITHIN_MS = 1_500;

let test: TestDatabase;
let pooler: RunningPooler;
let accountId: number;
let manager: UserRow;

beforeAll(async () => {
  test = await createTestDatabase();
  pooler = await startPooler({ upstream: test.url, port: 0, maxBackends: BACKENDS, idleBackends: 0 });
  accountId = (await createAccount(test.db, "Slow Lane")).id;
  manager = await createUser(test.db, { role: "manager", accountId });
  await test.db.execute(sql`
    insert into trailers (account_id, company_owner, trailer_number, trailer_location, in_shop, license_plate, license_state, type, load_number, is_loaded)
    select ${accountId}, 'ACME Logistics', 'SL' || lpad(n::text, 5, '0'), location, location = 'Shop',
           'PL' || n, 'MA', '53'' Dry Van', case when n % 3 = 0 then 'LD' || n end, n % 3 = 0
      from generate_series(1, ${TRAILERS}) as n, lateral (select (array['Road', 'Shop', 'Yard A', 'Yard B'])[1 + n % 4] as location) as place`);
  await test.db.execute(sql`
    insert into trailer_location_history (trailer_id, account_id, location, entry_time, user_alpha_code)
    select id, account_id, trailer_location, now() - (id % 113) * interval '37 minutes', 'SL1' from trailers where account_id = ${accountId}`);
});

afterAll(async () => {
  await pooler?.close();
  await test?.close();
});

/** One request's database, through the pooler. */
const requestDatabase = (): OpenDatabase => openDatabase({ DATABASE_URL: pooler.url });

/**
 * A client downloading the trailers CSV: the request opens the report (its first batch read on the
 * request's connection), the connection is closed once the answer has left, and the client then
 * takes TAKEN_AT_ONCE bytes at once and BYTES_PER_TICK every TICK_MS.
 */
async function slowReader() {
  const request = requestDatabase();
  const { ctx } = contextFor(request.db, manager);
  const report = await openReport(ctx, { query: { type: "trailers", view: DEFAULT_VIEW }, output: "csv" });
  const body = reportCsv(report).getReader();
  // server.ts closes the request's database in waitUntil once the answer is returned, without waiting for its body.
  const released = request.close();
  let buffered = 0;
  let read = 0;
  let done = false;
  const take = async (bytes: number) => {
    while (buffered < bytes && !done) {
      const next = await body.read();
      if (next.done) done = true;
      else buffered += next.value.byteLength;
    }
    const taken = Math.min(bytes, buffered);
    buffered -= taken;
    read += taken;
  };
  await take(TAKEN_AT_ONCE);
  let reading = Promise.resolve();
  const ticks = setInterval(() => {
    reading = reading.then(() => take(BYTES_PER_TICK));
  }, TICK_MS);
  return {
    read: () => read,
    done: () => done,
    async stop() {
      clearInterval(ticks);
      await reading;
      await body.cancel();
      await released;
    },
  };
}

/** The dashboard as `/` reads it, in a request of its own; its time in milliseconds, or a failure when it stalls. */
async function dashboardRequest(): Promise<number> {
  const started = performance.now();
  const request = requestDatabase();
  let stalled: ReturnType<typeof setTimeout> | undefined;
  try {
    const { ctx } = contextFor(request.db, manager);
    const answered = accountDashboard(ctx, DEFAULT_VIEW);
    const timeout = new Promise<never>((_, reject) => {
      stalled = setTimeout(
        () => reject(new Error(`the dashboard did not answer within ${DASHBOARD_WITHIN_MS * 2} ms`)),
        DASHBOARD_WITHIN_MS * 2,
      );
    });
    const dashboard = await Promise.race([answered, timeout]);
    expect(dashboard.trailers?.total).toBe(TRAILERS);
    return performance.now() - started;
  } finally {
    clearTimeout(stalled);
    void request.close();
  }
}

/** Backends of the test database other than the observer's own, by state (the pooler keeps none idle for nobody). */
async function heldBackends(): Promise<{ state: string | null; query: string }[]> {
  const { rows } = await test.db.execute<{ state: string | null; query: string }>(
    sql`select state, left(query, 60) as query from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
  );
  return rows;
}

describe("slow report readers", () => {
  it("twenty clients reading the trailers report a few bytes at a time hold no database connection, and the dashboard keeps answering", async () => {
    expect(await dashboardRequest()).toBeLessThan(DASHBOARD_WITHIN_MS);
    const readers = await Promise.all(Array.from({ length: READERS }, () => slowReader()));
    try {
      // Every reader is past its first batches and waiting on its client, none of them finished.
      for (const reader of readers) {
        expect(reader.read()).toBeGreaterThanOrEqual(TAKEN_AT_ONCE);
        expect(reader.done()).toBe(false);
      }
      const times: number[] = [];
      for (let request = 0; request < 10; request++) times.push(await dashboardRequest());
      expect(Math.max(...times)).toBeLessThan(DASHBOARD_WITHIN_MS);
      // While they wait on their clients, the readers hold no backend: none busy, idle in a transaction or idle with a cursor.
      await expect.poll(heldBackends, { timeout: 2_000 }).toEqual([]);
      for (const reader of readers) expect(reader.done()).toBe(false);
    } finally {
      await Promise.all(readers.map((reader) => reader.stop()));
    }
  });
});
