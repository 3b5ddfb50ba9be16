/**
 * Lighthouse benchmark: the yard driver's view of `/` on a phone (390 × 844, Lighthouse's mobile
 * throttling: a slow 4G network and a 4× slower CPU, simulated), served by the built Worker under
 * wrangler dev with the demo data, in Debian's Chromium (`CHROME_PATH`, /usr/bin/chromium by
 * default). Lighthouse itself comes from the npm registry through npx (pinned below), so it is not
 * a dependency of the app. Runs `--runs` times and prints each run's performance score and
 * metrics, then the median score; PASS when it is at least 95 (the target). Exits 1 on FAIL.
 * `--keep=DIR` keeps each run's report (`run-N.json`) in DIR.
 * Run: npm run build && npm run bench:lighthouse [-- --runs=3 --keep=DIR]
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDatabase } from "#app/lib/db.server";
import { loadAverage, table } from "./print";
import { runBenchmark, serverGroupsOf, signInForBench, startBenchServer, stopOutliving } from "./server";

const LIGHTHOUSE = "lighthouse@12.8.2";
const PORT = 8798;
const PG_PORT = 54398;
const RUNS = Number(process.argv.find((arg) => arg.startsWith("--runs="))?.split("=")[1] ?? 3);
const KEEP = process.argv.find((arg) => arg.startsWith("--keep="))?.split("=")[1];
const TARGET = 95;
const DRIVER = "yard@acme.test";

interface LighthouseResult {
  categories: { performance: { score: number } };
  audits: Record<string, { numericValue?: number; displayValue?: string }>;
}

const server = startBenchServer({ port: PORT, pgPort: PG_PORT, dataDir: ".data/postgres-bench-lighthouse" });
let groups: number[] = [];

function lighthouse(url: string, cookie: string, output: string): LighthouseResult {
  const run = spawnSync(
    "npx",
    [
      "-y",
      LIGHTHOUSE,
      url,
      "--only-categories=performance",
      "--form-factor=mobile",
      "--screenEmulation.mobile",
      "--screenEmulation.width=390",
      "--screenEmulation.height=844",
      "--screenEmulation.deviceScaleFactor=3",
      `--extra-headers=${JSON.stringify({ Cookie: cookie })}`,
      "--chrome-flags=--headless=new --no-sandbox --disable-gpu",
      "--output=json",
      `--output-path=${output}`,
      "--quiet",
    ],
    { stdio: ["ignore", "inherit", "inherit"], env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? "/usr/bin/chromium" } },
  );
  if (run.status !== 0) throw new Error(`lighthouse exited with ${run.status}`);
  return JSON.parse(readFileSync(output, "utf8")) as LighthouseResult;
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
    const database = openDatabase({ DATABASE_URL: server.databaseUrl });
    const { cookie } = await signInForBench(server.base, database.db, DRIVER).finally(() => database.close());
    const dir = KEEP ? path.resolve(KEEP) : mkdtempSync(path.join(os.tmpdir(), "yardline-lighthouse-"));
    if (KEEP) mkdirSync(dir, { recursive: true });
    const ms = (result: LighthouseResult, audit: string) => `${Math.round(result.audits[audit]?.numericValue ?? 0)} ms`;
    try {
      const scores: number[] = [];
      const rows: string[][] = [];
      for (let run = 1; run <= RUNS; run++) {
        const result = lighthouse(`${server.base}/`, cookie, path.join(dir, `run-${run}.json`));
        const score = Math.round(result.categories.performance.score * 100);
        scores.push(score);
        rows.push([
          `run ${run}`,
          String(score),
          ms(result, "first-contentful-paint"),
          ms(result, "largest-contentful-paint"),
          ms(result, "total-blocking-time"),
          (result.audits["cumulative-layout-shift"]?.numericValue ?? 0).toFixed(3),
          ms(result, "speed-index"),
          ms(result, "interactive"),
        ]);
      }
      console.log(
        `\nLighthouse ${LIGHTHOUSE.split("@")[1]}, / as a yard driver at 390 px, mobile throttling; load average ${loadAverage()}`,
      );
      table(["run", "score", "FCP", "LCP", "TBT", "CLS", "Speed Index", "TTI"], rows);
      const median = [...scores].sort((a, b) => a - b)[Math.floor(scores.length / 2)];
      const passed = median >= TARGET;
      console.log(`median performance score ${median} (≥ ${TARGET}): ${passed ? "PASS" : "FAIL"}`);
      return passed;
    } finally {
      if (!KEEP) rmSync(dir, { recursive: true, force: true });
    }
  },
);
