/**
 * Load check: 150 clients at once for 30 seconds against pages and the API of the built Worker
 * under wrangler dev, with the database `npm start` runs (durable). Each client signs in as one of
 * a manager, a super manager, a yard driver or an admin and loops over a mix of dashboard pages,
 * list endpoints, the Move Status panel and (one request in ten) Add Trailer. Prints the count of
 * every status, the 50th, 95th and 99th percentiles, and whether the server still answers.
 * Exits 1 when any answer is other than 200/201, or a 503 with Retry-After, or the server died.
 * Run: npm run build && npx tsx scripts/bench/load.ts [--clients=150] [--seconds=30]
 */
import { randomBytes } from "node:crypto";
import { CSRF_HEADER } from "#app/lib/csrf.server";
import { openDatabase } from "#app/lib/db.server";
import { percentile, runBenchmark, signInForBench, startBenchServer } from "./server";

const PORT = 8792;
const PG_PORT = 54352;
const option = (name: string, fallback: number) =>
  Number(process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split("=")[1] ?? fallback);
const CLIENTS = option("clients", 150);
const SECONDS = option("seconds", 30);

const server = startBenchServer({ port: PORT, pgPort: PG_PORT, dataDir: ".data/postgres-load" });
const base = server.base;

interface Caller {
  email: string;
  cookie: string;
  csrf: string;
  pages: string[];
  writes: boolean;
}

const PAGES: Record<string, string[]> = {
  "manager@acme.test": ["/", "/?tab=trucks", "/?q=ACB1", "/api/trailers/?page_size=50", "/api/moves?page_size=50", "/api/moves/summary"],
  "super@acme.test": ["/", "/?tab=buildings", "/api/trucks/?page=2", "/api/buildings/", "/api/moves/locations", "/api/moves/summary"],
  "yard@acme.test": ["/", "/api/moves?status=Requested", "/api/moves/summary", "/healthz"],
  "admin@yardline.test": ["/admin/dashboard", "/api/companies/", "/api/accounts/", "/api/moves?page_size=50"],
};

async function signIn(email: string, database: ReturnType<typeof openDatabase>): Promise<Caller> {
  const { cookie, csrf } = await signInForBench(base, database.db, email);
  return { email, cookie, csrf, pages: PAGES[email], writes: email === "super@acme.test" };
}

const statuses = new Map<string, number>();
const times: number[] = [];
const unexpected: string[] = [];

async function client(caller: Caller, until: number, id: number) {
  for (let n = 0; Date.now() < until; n++) {
    const write = caller.writes && n % 10 === 9;
    const path = write ? "/api/trailers/" : caller.pages[(id + n) % caller.pages.length];
    const started = performance.now();
    let label: string;
    try {
      const response = await fetch(base + path, {
        method: write ? "POST" : "GET",
        headers: { Cookie: caller.cookie, [CSRF_HEADER]: caller.csrf, Accept: "text/html", "Content-Type": "application/json" },
        body: write
          ? JSON.stringify({
              trailer_number: `LD${randomBytes(4).toString("hex").toUpperCase()}`,
              trailer_location: "Yard A",
              license_plate: "LOAD1",
              license_state: "MA",
              type: "dry_53",
              company_owner: "ACME",
            })
          : undefined,
      });
      await response.arrayBuffer();
      label = String(response.status);
      const fine = response.status === 200 || response.status === 201 || (response.status === 503 && response.headers.has("Retry-After"));
      if (!fine) unexpected.push(`${response.status} ${path}`);
    } catch (error) {
      label = "no answer";
      unexpected.push(`no answer ${path}: ${error instanceof Error ? error.message : String(error)}`);
    }
    times.push(performance.now() - started);
    statuses.set(label, (statuses.get(label) ?? 0) + 1);
  }
}

await runBenchmark(server, async () => {
  await server.ready;
  const database = openDatabase({ DATABASE_URL: server.databaseUrl });
  const callers = await Promise.all(Object.keys(PAGES).map((email) => signIn(email, database)));
  await database.close();

  console.log(`${CLIENTS} clients for ${SECONDS} s against ${base} (durable Postgres, one connection per request)`);
  const started = Date.now();
  const until = started + SECONDS * 1000;
  await Promise.all(Array.from({ length: CLIENTS }, (_, id) => client(callers[id % callers.length], until, id)));
  const elapsed = (Date.now() - started) / 1000;

  times.sort((a, b) => a - b);
  const counts = [...statuses].sort(([a], [b]) => a.localeCompare(b)).map(([status, count]) => `${status}: ${count}`);
  console.log(`requests: ${times.length} in ${elapsed.toFixed(1)} s (${(times.length / elapsed).toFixed(0)}/s)`);
  console.log(`statuses: ${counts.join(", ")}`);
  console.log(
    `p50 ${percentile(times, 50).toFixed(0)} ms  p95 ${percentile(times, 95).toFixed(0)} ms  p99 ${percentile(times, 99).toFixed(0)} ms`,
  );
  const health = await fetch(`${base}/healthz`).then(
    (response) => response.status,
    () => 0,
  );
  console.log(`afterwards /healthz answers ${health || "nothing"}`);
  if (unexpected.length) console.log(`unexpected answers (first 10):\n  ${unexpected.slice(0, 10).join("\n  ")}`);
  return unexpected.length === 0 && health === 200;
});
