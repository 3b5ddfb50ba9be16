/**
 * Dashboard benchmark: 5,100 trailers in one account (the demo data at --scale=34), served by the
 * built Worker under wrangler dev. Prints the median and 95th percentile of the dashboard's
 * response time for a set of views (first page, a building filter, a search, a deep page).
 * Run: npm run build && npx tsx scripts/bench/dashboard.ts [--requests=200]
 */
import { eq } from "drizzle-orm";
import { openDatabase } from "../../app/lib/db.server";
import { hashToken, newToken, SESSION_COOKIE } from "../../app/lib/session.server";
import { sessions, trailers, users } from "../../db/schema";
import { percentile, startBenchServer } from "./server";

const PORT = 8790;
const PG_PORT = 54349;
const requests = Number(process.argv.find((arg) => arg.startsWith("--requests="))?.split("=")[1] ?? 200);
const server = startBenchServer({ port: PORT, pgPort: PG_PORT, dataDir: ".data/postgres-bench", args: ["--scale=34"] });
const base = server.base;

try {
  const seedStarted = Date.now();
  await server.ready;
  console.log(`server with seeded data ready in ${((Date.now() - seedStarted) / 1000).toFixed(1)} s`);
  const database = openDatabase({ DATABASE_URL: server.databaseUrl });
  const [manager] = await database.db.select().from(users).where(eq(users.email, "manager@acme.test"));
  const token = newToken();
  await database.db.insert(sessions).values({ userId: manager.id, tokenHash: await hashToken(token), csrfSecret: newToken() });
  const trailerCount = (await database.db.select({ id: trailers.id }).from(trailers).where(eq(trailers.accountId, manager.accountId!)))
    .length;
  await database.close();

  const views = ["/", "/?location=North", "/?q=ACB1034", "/?status=red&sort=desc", "/?page=60", "/?tab=trucks&column=status"];
  const headers = { Cookie: `${SESSION_COOKIE}=${token}` };
  for (const view of views) await fetch(base + view, { headers }).then((response) => response.text());

  console.log(`account: Acme Boston, ${trailerCount} trailers; ${requests} requests per view, one at a time`);
  const all: number[] = [];
  for (const view of views) {
    const times: number[] = [];
    let bytes = 0;
    for (let i = 0; i < requests; i++) {
      const started = performance.now();
      const response = await fetch(base + view, { headers });
      const body = await response.text();
      times.push(performance.now() - started);
      bytes = body.length;
      if (response.status !== 200) throw new Error(`${view} answered ${response.status}`);
    }
    times.sort((a, b) => a - b);
    all.push(...times);
    console.log(
      `${view.padEnd(28)} median ${percentile(times, 50).toFixed(1)} ms  p95 ${percentile(times, 95).toFixed(1)} ms  (${(bytes / 1024).toFixed(0)} KiB)`,
    );
  }
  all.sort((a, b) => a - b);
  console.log(`all views                    median ${percentile(all, 50).toFixed(1)} ms  p95 ${percentile(all, 95).toFixed(1)} ms`);
} finally {
  await server.stop();
}
