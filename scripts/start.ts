/**
 * `npm start`: the whole app on this machine. Starts the embedded Postgres (data under .data/,
 * unless DATABASE_URL is set), applies migrations, seeds the demo data into an empty database,
 * builds, and serves the Worker with `wrangler dev` (workerd, Durable Objects included).
 *
 * Options: --port=8787  --pg-port=54329  --data-dir=.data/postgres  --fresh (start from an empty
 * database)  --scale=N (demo data times N)  --audit-rows=N (synthetic audit rows)
 * --history-moves=N (finished and cancelled moves over the last 30 days)  --skip-build  --direct-db  --watch (`npm run dev`: rebuild when a
 * file under app/, party/ or db/ changes; wrangler dev then reloads the Worker)  --throwaway-db
 * (a database thrown away afterwards, as the end-to-end tests use: Postgres runs without fsync,
 * synchronous commit and full page writes, faster but a crash can lose or corrupt its data)
 * --faults (the end-to-end server only: a request's `X-Yardline-Fault` header may make its writes
 * fail, see app/lib/faults.server.ts).
 *
 * Postgres is durable otherwise: every write the app acknowledged survives a crash. When it exits
 * without being asked to (killed, crashed), pages and the API answer 503 and it is started again.
 *
 * The Worker reaches a Postgres on this machine through the connection pooler
 * (scripts/lib/pooler.ts), as a deployed Worker reaches its database through Hyperdrive: each
 * request's connection gets a backend already running. `--direct-db` connects it straight to
 * Postgres instead (a new backend process per request).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { cpSync, rmSync, watch } from "node:fs";
import { DEMO_LOGINS, seedDemoData } from "#db/seed";
import { openDatabase } from "#app/lib/db.server";
import { FAULTS_ALLOWED } from "#app/lib/faults.server";
import { applyMigrations } from "#scripts/lib/migrate";
import { startPooler, type RunningPooler } from "#scripts/lib/pooler";
import { startEmbeddedPostgres, type RunningPostgres } from "#scripts/lib/postgres";

function option(name: string, fallback: string): string {
  const prefix = `--${name}=`;
  return process.argv.find((arg) => arg.startsWith(prefix))?.slice(prefix.length) ?? fallback;
}
const flag = (name: string) => process.argv.includes(`--${name}`);

const port = Number(option("port", "8787"));
const pgPort = Number(option("pg-port", "54329"));
const dataDir = option("data-dir", ".data/postgres");
const seedPassword = process.env.SEED_PASSWORD ?? "Yardline#2025";
const scale = Number(option("scale", "1"));
const auditRows = Number(option("audit-rows", "0"));
const historyMoves = Number(option("history-moves", "0"));
const durable = !flag("throwaway-db");
/** Seconds before each attempt to start Postgres again after it exited unexpectedly (the last repeats). */
const RESTART_DELAYS_S = [3, 5, 10, 15];
const say = (line: string) => console.log(`[yardline] ${line}`);

let postgres: RunningPostgres | undefined;
let pooler: RunningPooler | undefined;
let worker: ChildProcess | undefined;
let stopping = false;

async function stop(code: number) {
  if (stopping) return;
  stopping = true;
  if (worker && worker.exitCode === null && worker.pid) {
    // wrangler runs in a process group of its own, with workerd under it: stop the whole group.
    // It gets ten seconds to finish what it serves, then it is killed.
    const exited = new Promise((resolve) => worker!.once("exit", resolve));
    process.kill(-worker.pid, "SIGINT");
    const killer = setTimeout(() => {
      try {
        process.kill(-worker!.pid!, "SIGKILL");
      } catch {
        // already gone
      }
    }, 10_000);
    await exited;
    clearTimeout(killer);
  }
  if (pooler) await pooler.close();
  if (postgres) await postgres.stop();
  process.exit(code);
}
process.on("SIGINT", () => void stop(0));
process.on("SIGTERM", () => void stop(0));

/** Starts the embedded Postgres; when it exits unexpectedly, it is started again. */
async function startDatabase(): Promise<RunningPostgres> {
  postgres = await startEmbeddedPostgres({ dataDir, port: pgPort, database: "yardline", durable, onUnexpectedExit: restartDatabase });
  return postgres;
}

async function restartDatabase() {
  say("Postgres exited unexpectedly: pages and the API answer 503 until it is back");
  for (let attempt = 0; !stopping; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, RESTART_DELAYS_S[Math.min(attempt, RESTART_DELAYS_S.length - 1)] * 1000));
    if (stopping) return;
    try {
      const restarted = await startDatabase();
      if (stopping) await restarted.stop();
      else say("Postgres is back");
      return;
    } catch (error) {
      say(`Postgres did not start again: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`);
    }
  }
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["ignore", "inherit", "inherit"], env });
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(" ")} exited with ${code}`))));
  });
}

async function waitUntilServing(url: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (worker?.exitCode !== null) throw new Error("wrangler dev exited");
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000}s`);
}

/** Rebuilds after changes (one build at a time; changes during a build queue one more). */
function rebuildOnChange() {
  let building = false;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  const build = async () => {
    if (building) {
      again = true;
      return;
    }
    building = true;
    say("rebuilding");
    // The served build is replaced file by file once the new one is complete.
    const staging = ".cache/dev-build";
    await run("npx", ["remix", "vite:build"], { ...process.env, YARDLINE_BUILD_DIR: staging }).then(
      () => {
        cpSync(staging, "build", { recursive: true });
        say("rebuilt: reload the page");
      },
      (error: Error) => say(`build failed: ${error.message}`),
    );
    building = false;
    if (again) {
      again = false;
      void build();
    }
  };
  for (const folder of ["app", "party", "db"]) {
    watch(folder, { recursive: true }, (_event, file) => {
      if (!file || file.endsWith(".test.ts")) return;
      clearTimeout(timer);
      timer = setTimeout(() => void build(), 200);
    });
  }
  say("watching app/, party/ and db/ for changes");
}

try {
  let databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    if (flag("fresh")) rmSync(dataDir, { recursive: true, force: true });
    say(`starting Postgres (data in ${dataDir}${durable ? "" : ", thrown away afterwards: no fsync"})`);
    databaseUrl = (await startDatabase()).url;
  }
  await applyMigrations(databaseUrl);
  const database = openDatabase({ DATABASE_URL: databaseUrl });
  try {
    const result = await seedDemoData(database.db, { password: seedPassword, scale, auditRows, historyMoves });
    say(result.seeded ? "seeded the demo data" : "the database already has data: not seeding");
  } finally {
    await database.close();
  }

  if (!flag("skip-build")) {
    say("building");
    await run("npx", ["remix", "vite:build"]);
  }

  // A Postgres on this machine is reached through the pooler (on a free port), unless --direct-db.
  const local = ["127.0.0.1", "localhost", "[::1]"].includes(new URL(databaseUrl).hostname);
  if (local && !flag("direct-db")) pooler = await startPooler({ upstream: databaseUrl, port: 0 });
  const workerDatabaseUrl = pooler?.url ?? databaseUrl;

  // The debugger port follows the app's, so several instances (tests beside a running app) never collide.
  const inspectorPort = String(port + 20_000);
  const args = [
    "dev",
    "--port",
    String(port),
    "--ip",
    "127.0.0.1",
    "--inspector-port",
    inspectorPort,
    "--var",
    `DATABASE_URL:${workerDatabaseUrl}`,
    ...(flag("faults") ? ["--var", `YARDLINE_FAULTS:${FAULTS_ALLOWED}`] : []),
  ];
  worker = spawn("node_modules/.bin/wrangler", args, {
    detached: true,
    stdio: ["ignore", "inherit", "inherit"],
    env: {
      ...process.env,
      WRANGLER_SEND_METRICS: "false",
      CI: process.env.CI ?? "true",
      // wrangler bundles the Worker with process.env.NODE_ENV as it finds it: unset, React would
      // render with its development build (about a third slower). `npm run dev` keeps it.
      NODE_ENV: process.env.NODE_ENV ?? (flag("watch") ? "development" : "production"),
    },
  });
  worker.on("exit", (code) => {
    if (!stopping) {
      say(`wrangler dev exited (${code})`);
      void stop(code ?? 1);
    }
  });
  const url = `http://localhost:${port}`;
  await waitUntilServing(url, 120_000);
  say(`Yardline is running at ${url}`);
  say(`demo logins (password ${process.env.SEED_PASSWORD ? "from SEED_PASSWORD" : seedPassword}):`);
  for (const login of DEMO_LOGINS) {
    say(`  ${login.email.padEnd(26)} ${login.role}${login.account ? ` · ${login.account}` : ""}`);
  }
  if (flag("watch")) rebuildOnChange();
  say("press Ctrl-C to stop");
} catch (error) {
  console.error(`[yardline] ${error instanceof Error ? error.message : String(error)}`);
  await stop(1);
}
