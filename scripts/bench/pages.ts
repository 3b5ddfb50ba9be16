/**
 * Pages benchmark: every page and panel endpoint against the floor, interleaved, through the built
 * Worker under wrangler dev (the connection pooler in front of the embedded Postgres, as `npm
 * start` runs it), one request at a time.
 *
 * The floor is `GET /healthz`: workerd, a database connection and `select 1`. A static asset
 * (workerd alone) is shown for reference. The pages: the dashboard's views (first page, a building
 * filter, a search, red tags oldest first, page 60, trucks by status) as the manager of Acme
 * Boston; the detail pages of one trailer, truck, yard, building and yard driver; `/admin/dashboard` and
 * `/audit-logs` as the admin. The panel endpoints: the Move Status panel's summary and a list, the
 * Create Move dialog's trailers and locations, and a trailer's location history. Every answer is
 * checked (200; a page is HTML).
 *
 * Two sizes of Acme Boston: the demo data at `--scale=34` (5,100 trailers), then with `--extra`
 * more trailers written by SQL (45,000 by default, each with its open location history entry: 50,100).
 * Each size: `--warm-ups` rounds, then `--rounds` rounds of every request in turn (each round starts
 * one request later), so every figure meets the same minutes of the machine.
 *
 * Also measured: the HTML of the 50-row dashboard page, and the first-load JavaScript of `/` (the
 * scripts of its first load in the build's client manifest, which its HTML names, gzip at level 6
 * as Cloudflare serves them: `scripts/check-first-load.ts`, which `npm test` runs).
 *
 * Targets: pages p95 ≤ 2× the floor's p95 at 5,100 trailers and ≤ 3× at 50,100; panel endpoints ≤
 * 1.5×; the HTML ≤ 60 KB; first-load JavaScript ≤ 120 KB gzip. Prints PASS/FAIL for each and exits 1
 * on a FAIL.
 * Run: npm run build && npm run bench:pages [-- --rounds=30 --warm-ups=3 --extra=45000]
 */
import { and, eq, sql } from "drizzle-orm";
import { openDatabase, type Database } from "#app/lib/db.server";
import { accounts, buildings, trailers, trucks, users, yards } from "#db/schema";
import { FIRST_LOAD_BUDGET, measureFirstLoad } from "#scripts/check-first-load";
import { loadAverage, table } from "./print";
import { percentile, runBenchmark, serverGroupsOf, signInForBench, startBenchServer, stopOutliving } from "./server";

const PORT = 8797;
const PG_PORT = 54397;
const option = (name: string, fallback: number) =>
  Number(process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split("=")[1] ?? fallback);
const ROUNDS = option("rounds", 30);
const WARM_UPS = option("warm-ups", 3);
const EXTRA = option("extra", 45_000);
const PAGE_TARGET = { small: 2, large: 3 };
const PANEL_TARGET = 1.5;
const HTML_BUDGET = 60 * 1024;
const JS_BUDGET = FIRST_LOAD_BUDGET;
const EXTRA_PREFIX = "PGB";

type Kind = "asset" | "floor" | "page" | "panel";
interface Probe {
  name: string;
  path: string;
  kind: Kind;
  as: "manager" | "admin" | "nobody";
}

const server = startBenchServer({ port: PORT, pgPort: PG_PORT, dataDir: ".data/postgres-bench-pages", args: ["--scale=34"] });
let groups: number[] = [];
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    void server.stop().then(() => stopOutliving(groups).then(() => process.exit(130)));
  });
}

async function withDatabase<T>(work: (db: Database) => Promise<T>): Promise<T> {
  const database = openDatabase({ DATABASE_URL: server.databaseUrl });
  try {
    return await work(database.db);
  } finally {
    await database.close();
  }
}

/** The requests of one run: ids of Acme Boston's records and the panel's addresses. */
async function probesOf(db: Database): Promise<{ probes: Probe[]; accountId: number }> {
  const [account] = await db.select().from(accounts).where(eq(accounts.accountName, "Acme Boston"));
  const first = async <T extends { id: number }>(rows: Promise<T[]>) => (await rows)[0].id;
  const trailer = await first(db.select({ id: trailers.id }).from(trailers).where(eq(trailers.accountId, account.id)).limit(1));
  const truck = await first(db.select({ id: trucks.id }).from(trucks).where(eq(trucks.accountId, account.id)).limit(1));
  const yard = await first(db.select({ id: yards.id }).from(yards).where(eq(yards.accountId, account.id)).limit(1));
  const building = await first(db.select({ id: buildings.id }).from(buildings).where(eq(buildings.accountId, account.id)).limit(1));
  const user = await first(
    db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.accountId, account.id), eq(users.isYardDriver, true)))
      .limit(1),
  );
  const page = (name: string, path: string, as: Probe["as"] = "manager"): Probe => ({ name, path, kind: "page", as });
  const panel = (name: string, path: string): Probe => ({ name, path, kind: "panel", as: "manager" });
  return {
    accountId: account.id,
    probes: [
      { name: "static asset", path: "/favicon.svg", kind: "asset", as: "nobody" },
      { name: "floor /healthz", path: "/healthz", kind: "floor", as: "nobody" },
      page("dashboard, first page", "/"),
      page("dashboard, a building", "/?location=North"),
      page("dashboard, a search", "/?q=ACB1034"),
      page("dashboard, red tags oldest first", "/?status=red&sort=desc"),
      page("dashboard, page 60", "/?page=60"),
      page("dashboard, trucks by status", "/?tab=trucks&column=status"),
      page("dashboard, trailers by current user, page 30", "/?column=user&order=desc&page=30"),
      page("dashboard, users by email", "/?tab=users&column=email"),
      page("trailer", `/trailers/${trailer}`),
      page("truck", `/trucks/${truck}`),
      page("yard", `/yards/${yard}`),
      page("building", `/buildings/${building}`),
      page("user", `/users/${user}`),
      page("admin dashboard", "/admin/dashboard", "admin"),
      page("audit log", "/audit-logs", "admin"),
      panel("moves summary", "/api/moves/summary"),
      panel("moves, requested", "/api/moves?state=requested"),
      panel("available trailers", "/api/moves/available-trailers"),
      panel("move locations", "/api/moves/locations"),
      panel("trailer history", `/api/trailers/${trailer}/location-history`),
    ],
  };
}

async function timed(probe: Probe, cookies: Record<Probe["as"], string>): Promise<{ ms: number; bytes: number }> {
  const headers: Record<string, string> = { Accept: probe.kind === "page" ? "text/html" : "*/*" };
  if (cookies[probe.as]) headers.Cookie = cookies[probe.as];
  const started = performance.now();
  const response = await fetch(server.base + probe.path, { headers });
  const body = await response.arrayBuffer();
  const ms = performance.now() - started;
  if (response.status !== 200) throw new Error(`${probe.path} answered ${response.status}`);
  if (probe.kind === "page" && !(response.headers.get("Content-Type") ?? "").includes("text/html")) {
    throw new Error(`${probe.path} is not a page`);
  }
  return { ms, bytes: body.byteLength };
}

/** Warm-ups, then `ROUNDS` rounds of every probe in turn; the sorted times of each. */
async function measure(probes: Probe[], cookies: Record<Probe["as"], string>) {
  for (let round = 0; round < WARM_UPS; round++) for (const probe of probes) await timed(probe, cookies);
  const times = new Map<Probe, number[]>(probes.map((probe) => [probe, []]));
  const sizes = new Map<Probe, number>();
  for (let round = 0; round < ROUNDS; round++) {
    for (let i = 0; i < probes.length; i++) {
      const probe = probes[(i + round) % probes.length];
      const { ms, bytes } = await timed(probe, cookies);
      times.get(probe)!.push(ms);
      sizes.set(probe, bytes);
    }
  }
  for (const list of times.values()) list.sort((a, b) => a - b);
  return { times, sizes };
}

/** Prints one size's table; whether every judged figure is within its target. */
function report(label: string, probes: Probe[], result: Awaited<ReturnType<typeof measure>>, pageTarget: number): boolean {
  const floorProbe = probes.find((probe) => probe.kind === "floor")!;
  const floor = percentile(result.times.get(floorProbe)!, 95);
  let passed = true;
  const rows = probes.map((probe) => {
    const list = result.times.get(probe)!;
    const p95 = percentile(list, 95);
    const ratio = p95 / floor;
    const target = probe.kind === "page" ? pageTarget : probe.kind === "panel" ? PANEL_TARGET : null;
    const ok = target === null || ratio <= target;
    if (!ok) passed = false;
    return [
      probe.name,
      `${percentile(list, 50).toFixed(0)} ms`,
      `${p95.toFixed(0)} ms`,
      `${ratio.toFixed(1)}×`,
      `${((result.sizes.get(probe) ?? 0) / 1024).toFixed(0)} KiB`,
      target === null ? "" : `≤ ${target}×: ${ok ? "PASS" : "FAIL"}`,
    ];
  });
  console.log(`\n${label}: ${ROUNDS} rounds after ${WARM_UPS} warm-ups, interleaved; load average ${loadAverage()}`);
  table(["request", "p50", "p95", "× floor (p95)", "size", "target"], rows);
  return passed;
}

/**
 * The HTML of `/` and its first-load JavaScript (`measureFirstLoad`: the build's client manifest,
 * the figure `npm test` checks). The scripts the HTML names (module scripts, module preloads and
 * the inline script's imports) must be the same files: any other is reported.
 */
async function firstLoad(cookie: string): Promise<{ html: number; files: number; raw: number; gzip: number }> {
  const response = await fetch(`${server.base}/`, { headers: { Cookie: cookie, Accept: "text/html" } });
  const html = await response.text();
  const named = new Set<string>();
  for (const match of html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)) named.add(match[1]);
  for (const match of html.matchAll(/import\s*(?:[^"']*from\s*)?["'](\/assets\/[^"']+\.js)["']/g)) named.add(match[1]);
  const load = measureFirstLoad("build/client");
  const counted = new Set(load.files.map((file) => file.name));
  const differ = [...named].filter((name) => !counted.has(name)).concat([...counted].filter((name) => !named.has(name)));
  if (differ.length) console.log(`note: the HTML of / and the client manifest differ on ${differ.join(", ")}`);
  return { html: Buffer.byteLength(html), files: load.files.length, raw: load.raw, gzip: load.gzip };
}

/** `extra` more trailers in the account by SQL, each with its open location history entry (no triggers: see bench:reports). */
async function addTrailers(accountId: number, extra: number): Promise<number> {
  return withDatabase(async (db) => {
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local statement_timeout = 0`);
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`
        with places as (select array_agg(distinct trailer_location) as names from trailers where account_id = ${accountId}),
        added as (
          insert into trailers (account_id, company_owner, trailer_number, trailer_location, type, license_state, license_plate,
                                is_loaded, load_number, red_tagged, yellow_tagged, in_shop, tagged_description)
          select ${accountId}, (array['ACME', 'SCHNEIDER', 'J.B. HUNT', 'WERNER'])[1 + n % 4], ${EXTRA_PREFIX} || lpad(n::text, 6, '0'),
                 names[1 + n % array_length(names, 1)], (array['dry_53', 'reefer_53', 'liftgate_53', 'dry_48'])[1 + n % 4], 'MA',
                 ${EXTRA_PREFIX} || n, n % 3 = 0, case when n % 3 = 0 then 'LD' || n end, n % 11 = 0, n % 11 = 5,
                 names[1 + n % array_length(names, 1)] = 'Shop',
                 case when n % 11 = 0 then 'Brakes, left side' when n % 11 = 5 then 'Door seal torn' end
          from generate_series(1, ${extra}) as n, places
          returning id, trailer_location
        )
        insert into trailer_location_history (trailer_id, account_id, location, entry_time)
        select id, ${accountId}, trailer_location, now() - (id % 97) * interval '1 hour' from added`);
    });
    await db.execute(sql`vacuum analyze trailers, trailer_location_history`);
    const [{ n }] = (await db.execute<{ n: number }>(sql`select count(*)::int as n from trailers where account_id = ${accountId}`)).rows;
    return n;
  });
}

await runBenchmark(
  {
    async stop() {
      await server.stop();
      await stopOutliving(groups);
    },
  },
  async () => {
    await server.ready;
    groups = serverGroupsOf(server.workerdPid());
    const { probes, accountId, cookies } = await withDatabase(async (db) => {
      const found = await probesOf(db);
      const manager = await signInForBench(server.base, db, "manager@acme.test");
      const admin = await signInForBench(server.base, db, "admin@yardline.test");
      return { ...found, cookies: { manager: manager.cookie, admin: admin.cookie, nobody: "" } };
    });

    const small = await measure(probes, cookies);
    const smallPassed = report("Acme Boston, 5,100 trailers", probes, small, PAGE_TARGET.small);

    const load = await firstLoad(cookies.manager);
    const htmlPassed = load.html <= HTML_BUDGET;
    const jsPassed = load.gzip <= JS_BUDGET;
    console.log(
      `\nHTML of the 50-row dashboard page: ${(load.html / 1024).toFixed(1)} KiB (≤ ${HTML_BUDGET / 1024} KiB: ${htmlPassed ? "PASS" : "FAIL"})`,
    );
    console.log(
      `first-load JavaScript of /: ${load.files} files, ${(load.raw / 1024).toFixed(0)} KiB raw, ${(load.gzip / 1024).toFixed(1)} KiB gzip (≤ ${JS_BUDGET / 1024} KiB: ${jsPassed ? "PASS" : "FAIL"})`,
    );

    let largePassed = true;
    if (EXTRA > 0) {
      const count = await addTrailers(accountId, EXTRA);
      const large = await measure(probes, cookies);
      largePassed = report(`Acme Boston, ${count.toLocaleString("en-US")} trailers`, probes, large, PAGE_TARGET.large);
    }
    const passed = smallPassed && largePassed && htmlPassed && jsPassed;
    console.log(`\n${passed ? "PASS" : "FAIL"}`);
    return passed;
  },
);
