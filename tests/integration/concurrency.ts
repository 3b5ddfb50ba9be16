/**
 * Helpers for tests of writes made at once. A request's database has one connection
 * (`CONNECTIONS_PER_REQUEST`), so calls sharing one queue on it and run one after the other: a
 * racer needs a database of its own. And a check that a write had committed when its event left
 * must look from another connection: on the writer's own, it would only run once the
 * transaction holding that connection had ended.
 */
import { eq, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { expect } from "vitest";
import * as schema from "#db/schema";
import { sessions } from "#db/schema";
import type { AfterCommit } from "#app/domain/realtime-events";
import { openDatabase, type Database, type OpenDatabase } from "#app/lib/db.server";

/** `n` databases opened as a request opens its own (one connection each), to the database at `url`. */
export function pools(url: string, n: number): OpenDatabase[] {
  return Array.from({ length: n }, () => openDatabase({ DATABASE_URL: url }));
}

/**
 * Runs every racer at once, each on a database of its own, and answers how each settled. With a
 * `hold` (a statement taking a lock every racer has to wait on, such as `LOCK TABLE moves IN
 * EXCLUSIVE MODE`), the lock is taken first and released only once every racer waits on a lock
 * (the held one, or one a racer ahead of it holds): all of them are in flight when it goes, so
 * whatever keeps them apart is what the outcome shows.
 */
export async function race<T>(url: string, hold: string | null, racers: readonly ((db: Database) => Promise<T>)[]) {
  const opened = pools(url, racers.length);
  const blocker = new pg.Client({ connectionString: url });
  await blocker.connect();
  try {
    if (hold) await blocker.query(`BEGIN; ${hold}`);
    let ended = 0;
    const racing = Promise.allSettled(racers.map((racer, i) => racer(opened[i].db).finally(() => ended++)));
    if (hold) {
      await everyoneWaiting(blocker, racers.length, () => ended);
      await blocker.query("COMMIT");
    }
    return await racing;
  } finally {
    await blocker.end();
    await Promise.all(opened.map((pool) => pool.close()));
  }
}

/** The values of racers that all had to succeed: throws the first one's error otherwise. */
export function everyValue<T>(results: readonly PromiseSettledResult<T>[]): T[] {
  return results.map((result) => {
    if (result.status === "rejected") throw result.reason;
    return result.value;
  });
}

/** Returns once `n` connections of the database wait on a lock; throws when a racer ends first, or after 15 s. */
async function everyoneWaiting(blocker: pg.Client, n: number, ended: () => number) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    // Inside the blocker's transaction pg_stat_activity is read once: clear it for a fresh look.
    const { rows } = await blocker.query<{ waiting: number }>(`SELECT pg_stat_clear_snapshot(), count(*)::int AS waiting
      FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`);
    const waiting = rows[0].waiting;
    if (waiting === n) return;
    if (ended() || Date.now() > deadline) throw new Error(`only ${waiting} of ${n} racers waited on a lock (${ended()} ended)`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The id of the backend process serving `connection`, as pg_stat_activity and pg_locks name it. */
export async function backendOf(connection: pg.Client): Promise<number> {
  const { rows } = await connection.query<{ pid: number }>("SELECT pg_backend_pid() AS pid");
  return rows[0].pid;
}

/**
 * Returns once the backend `waiter` waits on a lock that the backend `holder` holds, as `observer`
 * (a third connection) sees it; throws when `settled()` says the waiter's statement ended first,
 * or after 15 s. A test whose race must overlap waits on this rather than on a pause that only
 * hopes the waiter got there in time.
 */
export async function waitsOn(observer: pg.Client, waiter: number, holder: number, settled: () => boolean): Promise<void> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const { rows } = await observer.query<{ blocked: boolean }>("SELECT $2::int = ANY (pg_blocking_pids($1::int)) AS blocked", [
      waiter,
      holder,
    ]);
    if (rows[0].blocked) return;
    if (settled()) throw new Error(`backend ${waiter} ended its statement without waiting on backend ${holder}`);
    if (Date.now() > deadline) throw new Error(`backend ${waiter} did not wait on backend ${holder} within 15 s`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * A second connection to the database at `url`, open from the start: what a check run when an
 * event is sent sees there is what other requests would see at that moment.
 */
export async function openObserver(url: string): Promise<{ db: Database; close(): Promise<void> }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return { db: drizzle(client, { schema }) as unknown as Database, close: () => client.end() };
}

/**
 * Makes every commit that wrote to `tables` take `ms` longer (a deferred trigger sleeps once per
 * transaction as it commits), until the returned function is called. An event sent before its
 * write committed is then checked by another connection well before the commit lands, instead of
 * racing it: a check of what other connections see fails reliably for such an event.
 */
export async function slowCommits(db: Database, tables: readonly string[], ms = 100): Promise<() => Promise<void>> {
  await db.execute(
    sql.raw(`CREATE FUNCTION test_slow_commit() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF current_setting('test.commit_slowed', true) IS DISTINCT FROM 'yes' THEN
        PERFORM set_config('test.commit_slowed', 'yes', true);
        PERFORM pg_sleep(${ms / 1000});
      END IF;
      RETURN NULL;
    END $$`),
  );
  for (const table of tables) {
    await db.execute(
      sql.raw(`CREATE CONSTRAINT TRIGGER test_slow_commit AFTER INSERT OR UPDATE OR DELETE ON ${table}
        DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION test_slow_commit()`),
    );
  }
  return async () => {
    for (const table of tables) await db.execute(sql.raw(`DROP TRIGGER test_slow_commit ON ${table}`));
    await db.execute(sql.raw("DROP FUNCTION test_slow_commit()"));
  };
}

/**
 * Runs `work` with an observer (openObserver) while every commit that writes `tables` is slow
 * (slowCommits): a check, made by the observer as an event is sent, that the event's write is
 * visible then fails reliably for an event sent before its commit.
 */
export async function whileCommitsAreSlow<T>(
  test: { url: string; db: Database },
  tables: readonly string[],
  work: (observer: Database) => Promise<T>,
): Promise<T> {
  const observer = await openObserver(test.url);
  const restoreCommits = await slowCommits(test.db, tables);
  try {
    return await work(observer.db);
  } finally {
    await restoreCommits();
    await observer.close();
  }
}

/**
 * A check for a recording sink (fixtures' `committed`): every session whose sockets a batch
 * closes already reads as ended to `observer`, so the sockets close only once the end has committed.
 */
export function sessionsEndedFirst(observer: Database) {
  return async (effects: readonly AfterCommit[]) => {
    for (const effect of effects) {
      if (effect.kind !== "close_sockets") continue;
      const [session] = await observer.select({ endedAt: sessions.endedAt }).from(sessions).where(eq(sessions.id, effect.sessionId));
      expect(session?.endedAt ?? null, `session ${effect.sessionId} when its sockets were closed`).not.toBeNull();
    }
  };
}
