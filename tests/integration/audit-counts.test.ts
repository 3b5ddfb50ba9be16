import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUDITED_TABLES, parseAuditQuery } from "#app/domain/audit";
import { AUDIT_COUNT_CAP, auditLogPage } from "#app/services/audit.server";
import type { Database } from "#app/lib/db.server";
import type { ServiceContext } from "#app/services/context.server";
import { createTestDatabase, type TestDatabase } from "./database";
import { everyValue, race } from "./concurrency";
import { contextFor, createUser } from "./fixtures";

/**
 * The audit page's cards over the hourly and daily counts (`audit_log_counts`, filled by the
 * trigger on audit_logs): they must say exactly what counting the rows says, whatever the
 * timeframe, table and action, while rows arrive late and hours are counted concurrently.
 */
let test: TestDatabase;
let admin: ServiceContext;
const clients: pg.Client[] = [];

async function client(): Promise<pg.Client> {
  const connection = new pg.Client({ connectionString: test.url });
  await connection.connect();
  clients.push(connection);
  return connection;
}

/** Backdated rows: `count` rows spread over the last `days` days, over a few tables and the three write actions. */
function backdatedRows(count: number, days: number, seed: number) {
  return `insert into audit_logs (timestamp, user_alpha_code, table_name, record_id, action, changed_fields)
          select clock_timestamp() - (((n * 7919 + ${seed}) % (${days} * 86400))::text || ' seconds')::interval,
                 'BACK', (array['trailers','trucks','yards','users','moves'])[1 + (n + ${seed}) % 5], (n % 97)::text,
                 (array['CREATE','UPDATE','DELETE'])[1 + (n * 3 + ${seed}) % 3], '{}'::jsonb
            from generate_series(1, ${count}) as n`;
}

/** Forgets the counts from `hoursAgo` (a whole UTC hour) on, as if no row had been written since. */
async function forgetCountsSince(connection: pg.Client, hoursAgo: number) {
  await connection.query(
    `with since as (select date_trunc('hour', clock_timestamp() - make_interval(hours => $1), 'UTC') as at)
     , hours as (delete from audit_log_hours where hour >= (select at from since))
     , days as (delete from audit_log_days where day >= date_trunc('day', (select at from since), 'UTC'))
     update audit_log_counted set through = (select at from since)`,
    [hoursAgo],
  );
}

/** Rows of the whole log, recounted: what the counted hours and days must equal. */
async function recounted(connection: pg.Client) {
  const { rows } = await connection.query(`
    with c as (select through from audit_log_counted)
    select
      (select coalesce(json_agg(h order by h.hour, h.table_name, h.action), '[]') from
         (select hour, table_name, action, rows::int from audit_log_hours) h) as hours,
      (select coalesce(json_agg(h order by h.hour, h.table_name, h.action), '[]') from
         (select date_trunc('hour', timestamp, 'UTC') as hour, table_name, action, count(*)::int as rows
            from audit_logs, c where timestamp < c.through group by 1, 2, 3) h) as hours_recounted,
      (select coalesce(json_agg(d order by d.day, d.table_name, d.action), '[]') from
         (select day, table_name, action, rows::int from audit_log_days) d) as days,
      (select coalesce(json_agg(d order by d.day, d.table_name, d.action), '[]') from
         (select date_trunc('day', timestamp, 'UTC') as day, table_name, action, count(*)::int as rows
            from audit_logs, c where timestamp < date_trunc('day', c.through, 'UTC') group by 1, 2, 3) d) as days_recounted`);
  return rows[0] as { hours: unknown; hours_recounted: unknown; days: unknown; days_recounted: unknown };
}

/** The cards and the rows' own count, for each timeframe, table and action, in one statement each (one now()). */
async function cardsAgainstRows(connection: pg.Client) {
  const mismatches: string[] = [];
  for (const hours of [null, 1, 2.5, 24, 168, 720, 1000, 5000]) {
    for (const table of [null, "trailers", "yards", "sessions"]) {
      for (const action of [null, "UPDATE", "DELETE"]) {
        const { rows } = await connection.query(
          `with since as (select case when $1::float8 is null then null else now() - make_interval(secs => $1::float8 * 3600) end as at)
           select (select row(total, tables, actions)::text from since, audit_log_counts(since.at, $2, $3)) as cards,
                  (select row(count(*), count(distinct table_name), count(distinct action))::text from audit_logs, since
                    where (since.at is null or timestamp > since.at)
                      and ($2::text is null or table_name = $2) and ($3::text is null or action = $3)) as counted`,
          [hours, table, action],
        );
        if (rows[0].cards !== rows[0].counted)
          mismatches.push(`${hours} h, ${table}, ${action}: cards ${rows[0].cards}, rows ${rows[0].counted}`);
      }
    }
  }
  return mismatches;
}

beforeAll(async () => {
  test = await createTestDatabase();
  admin = contextFor(test.db, await createUser(test.db, { role: "admin", accountId: null, alphaCode: "ADMC" })).ctx;
});

afterAll(async () => {
  await Promise.all(clients.map((connection) => connection.end()));
  await test?.close();
});

describe("the audit log's cards", () => {
  it("add up to what counting the rows says, for every timeframe, table and action, backdated rows included", async () => {
    const connection = await client();
    await connection.query(backdatedRows(3_000, 60, 11));
    await connection.query(`insert into audit_logs (table_name, action, changed_fields) values ('yards', 'UPDATE', '{}')`);
    expect(await cardsAgainstRows(connection)).toEqual([]);
    const counted = await recounted(connection);
    expect(counted.hours).toEqual(counted.hours_recounted);
    expect(counted.days).toEqual(counted.days_recounted);
  });

  it("count an hour once it is an hour closed, and a day once its hours are counted, on the next write", async () => {
    const connection = await client();
    await connection.query(backdatedRows(1_000, 5, 23));
    await forgetCountsSince(connection, 80);
    await connection.query(`insert into audit_logs (table_name, action, changed_fields) values ('trucks', 'CREATE', '{}')`);
    const { rows } = await connection.query(
      `select through = date_trunc('hour', clock_timestamp() - interval '1 hour', 'UTC') as due from audit_log_counted`,
    );
    expect(rows[0].due).toBe(true);
    const counted = await recounted(connection);
    expect(counted.hours).toEqual(counted.hours_recounted);
    expect(counted.days).toEqual(counted.days_recounted);
    expect(await cardsAgainstRows(connection)).toEqual([]);
  });

  it("miss nothing and count nothing twice when late rows and the counting of hours race", async () => {
    const setup = await client();
    await forgetCountsSince(setup, 50);
    // Eight writers, each on a connection of its own: backdated rows (some in hours already counted,
    // some not yet) and a row of now, in one transaction. All eight are under way (one waiting to add
    // to the hours' counts, the others their turn) when the counts are let go.
    everyValue(
      await race(
        test.url,
        "LOCK TABLE audit_log_hours IN EXCLUSIVE MODE",
        Array.from(
          { length: 8 },
          (_, n) => (db: Database) =>
            db.transaction(async (tx) => {
              await tx.execute(sql.raw(backdatedRows(150, 4, 100 + n)));
              await tx.execute(sql.raw(`insert into audit_logs (table_name, action, changed_fields) values ('users', 'UPDATE', '{}')`));
            }),
        ),
      ),
    );
    const counted = await recounted(setup);
    expect(counted.hours).toEqual(counted.hours_recounted);
    expect(counted.days).toEqual(counted.days_recounted);
    expect(await cardsAgainstRows(setup)).toEqual([]);
  });

  it("count a search's rows up to the cap, then say the figures are at least that", async () => {
    const connection = await client();
    await connection.query(
      `insert into audit_logs (table_name, record_id, action, changed_fields)
       select 'trailers', n::text, 'UPDATE', jsonb_build_object('note', jsonb_build_object('old', null, 'new', 'CAPTEST ' || n))
         from generate_series(1, $1::int) as n`,
      [AUDIT_COUNT_CAP + 50],
    );
    const broad = await auditLogPage(admin, parseAuditQuery(new URLSearchParams({ q: "CAPTEST" })));
    expect(broad.counts).toEqual({ total: AUDIT_COUNT_CAP, tables: 1, actions: 1, capped: true });
    const narrow = await auditLogPage(admin, parseAuditQuery(new URLSearchParams({ q: `CAPTEST ${AUDIT_COUNT_CAP + 49}` })));
    expect(narrow.counts).toEqual({ total: 1, tables: 1, actions: 1, capped: false });
    // A table or timeframe alone is counted exactly, however many rows.
    const all = await auditLogPage(admin, parseAuditQuery(new URLSearchParams({ table: "trailers" })));
    const { rows } = await connection.query(`select count(*)::int as n from audit_logs where table_name = 'trailers'`);
    expect(all.counts).toEqual({ total: rows[0].n, tables: 1, actions: 3, capped: false });
    expect(AUDITED_TABLES).toContain("trailers");
  });
});

describe("a search's pages", () => {
  /** The ids a search's rows have, newest first, as Postgres orders them. */
  async function expectedIds(connection: pg.Client, needle: string, limit: number) {
    const { rows } = await connection.query(
      `select id::int as id from audit_logs where search_text ilike $1 order by timestamp desc, id desc limit $2`,
      [`%${needle}%`, limit],
    );
    return rows.map((row: { id: number }) => row.id);
  }

  async function allIds(needle: string) {
    const ids: number[] = [];
    let cursor: string | null = null;
    do {
      const params: Record<string, string> = { q: needle, limit: "50", ...(cursor ? { cursor } : {}) };
      const next = await auditLogPage(admin, parseAuditQuery(new URLSearchParams(params)));
      ids.push(...next.items.map((item) => item.id));
      cursor = next.next_cursor;
    } while (cursor);
    return ids;
  }

  it("are the newest matches, whether they lie among the newest rows or deep behind thousands of others", async () => {
    const connection = await client();
    // 120 older matches, then 6,000 newer rows that do not match, then 80 matches newer still.
    await connection.query(
      `insert into audit_logs (timestamp, table_name, record_id, action, changed_fields)
       select clock_timestamp() - interval '2 days' + n * interval '1 second', 'trucks', n::text, 'UPDATE',
              jsonb_build_object('note', jsonb_build_object('old', null, 'new', 'DEEPMATCH ' || n))
         from generate_series(1, 120) as n`,
    );
    await connection.query(
      `insert into audit_logs (timestamp, table_name, record_id, action, changed_fields)
       select clock_timestamp() - interval '1 day' + n * interval '1 second', 'yards', n::text, 'UPDATE',
              jsonb_build_object('note', jsonb_build_object('old', null, 'new', 'FILLER ' || n))
         from generate_series(1, 6000) as n`,
    );
    await connection.query(
      `insert into audit_logs (timestamp, table_name, record_id, action, changed_fields)
       select clock_timestamp() - interval '1 hour' + n * interval '1 second', 'trailers', n::text, 'UPDATE',
              jsonb_build_object('note', jsonb_build_object('old', null, 'new', 'NEWMATCH DEEPMATCH ' || n))
         from generate_series(1, 80) as n`,
    );
    // Found among the newest rows (80 matches there), and beyond them (the 120 older ones).
    expect(await allIds("DEEPMATCH")).toEqual(await expectedIds(connection, "DEEPMATCH", 1_000));
    expect(await allIds("NEWMATCH")).toEqual(await expectedIds(connection, "NEWMATCH", 1_000));
    const first = await auditLogPage(admin, parseAuditQuery(new URLSearchParams({ q: "DEEPMATCH", table: "trucks" })));
    expect(first.items.map((item) => item.id)).toEqual(
      (await expectedIds(connection, "DEEPMATCH", 1_000)).filter((_, index) => index >= 80).slice(0, 50),
    );
  });
});
