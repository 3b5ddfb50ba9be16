import { spawn } from "node:child_process";
import { eq } from "drizzle-orm";
import { CSRF_COOKIE } from "#app/lib/csrf.server";
import type { Database } from "#app/lib/db.server";
import { hashToken, newToken, SESSION_COOKIE } from "#app/lib/session.server";
import { sessions, users } from "#db/schema";
import { commandLine, descendants, listeningPorts, processName, processOf } from "#scripts/lib/processes";

export { residentBytes } from "#scripts/lib/processes";

/**
 * A Yardline of its own for a benchmark: `scripts/start.ts` on its own ports and data directory,
 * from an empty database with the demo data (`args` adds options such as `--scale=34`), serving
 * the build already made. `ready` resolves when it answers; `stop()` ends wrangler and Postgres.
 */
export function startBenchServer(options: { port: number; pgPort: number; dataDir: string; args?: string[] }) {
  const server = spawn(
    "npx",
    [
      "tsx",
      "scripts/start.ts",
      `--port=${options.port}`,
      `--pg-port=${options.pgPort}`,
      `--data-dir=${options.dataDir}`,
      "--fresh",
      "--skip-build",
      ...(options.args ?? []),
    ],
    { stdio: ["ignore", "pipe", "inherit"], detached: true },
  );
  const exited = new Promise<void>((resolve) => server.once("exit", () => resolve()));
  const ready = new Promise<void>((resolve, reject) => {
    server.stdout!.on("data", (chunk: Buffer) => {
      if (chunk.toString().includes("is running at")) resolve();
    });
    server.on("exit", (code) => reject(new Error(`server exited with ${code}`)));
  });
  let stopped: Promise<void> | undefined;
  return {
    base: `http://localhost:${options.port}`,
    databaseUrl: `postgres://postgres:yardline@127.0.0.1:${options.pgPort}/yardline`,
    ready,
    /**
     * The pid of the workerd process that runs the app, once it runs; Linux only. wrangler dev runs
     * two: a proxy listening on the server's port, which passes requests on to the app's.
     */
    workerdPid(): number | undefined {
      if (!server.pid) return undefined;
      const proxy = `--socket-addr=entry=127.0.0.1:${options.port}`;
      return descendants(server.pid).find((pid) => processName(pid) === "workerd" && !commandLine(pid).includes(proxy));
    },
    /**
     * The app's own workerd, reached without wrangler's dev proxy (which relays every request and
     * every websocket frame through a second workerd, as nothing does in production): the base URL
     * of the listening port of the app's workerd that answers `GET /healthz`; Linux only.
     */
    async directBase(): Promise<string> {
      const pid = this.workerdPid();
      if (pid === undefined) throw new Error("the app's workerd is not running");
      for (const port of listeningPorts(pid)) {
        const base = `http://127.0.0.1:${port}`;
        const answer = await fetch(`${base}/healthz`).catch(() => null);
        if (answer?.status === 200 && (answer.headers.get("Content-Type") ?? "").includes("json")) return base;
      }
      throw new Error("no port of the app's workerd answers /healthz");
    },
    /** start.ts stops wrangler's process group and Postgres when it gets SIGINT; waits up to 30 s for it. */
    stop(): Promise<void> {
      stopped ??= (async () => {
        if (!server.pid || server.exitCode !== null) return;
        try {
          process.kill(-server.pid, "SIGINT");
        } catch {
          return; // already gone
        }
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 30_000).unref())]);
      })();
      return stopped;
    },
  };
}

/**
 * Signs a demo user in for a benchmark: a session row written straight into the database, and its
 * CSRF token from the app. Requests send `cookie` as Cookie and `csrf` as X-CSRF-Token.
 */
export async function signInForBench(base: string, db: Database, email: string) {
  const [user] = await db.select().from(users).where(eq(users.email, email));
  const token = newToken();
  await db.insert(sessions).values({ userId: user.id, tokenHash: await hashToken(token), csrfSecret: newToken() });
  const restored = await fetch(`${base}/api/csrf/restore`, { headers: { Cookie: `${SESSION_COOKIE}=${token}` } });
  const { csrf_token: csrf } = (await restored.json()) as { csrf_token: string };
  return { user, cookie: `${SESSION_COOKIE}=${token}; ${CSRF_COOKIE}=${csrf}`, csrf };
}

/**
 * Runs a benchmark against its server: `measure` answers whether the figures pass; an error fails
 * it. The server is stopped either way, and the exit code is 1 on a failure.
 */
export async function runBenchmark(server: { stop(): Promise<void> }, measure: () => Promise<boolean>): Promise<void> {
  let passed = false;
  try {
    passed = await measure();
  } catch (error) {
    console.error(error);
  } finally {
    await server.stop();
  }
  process.exitCode = passed ? 0 : 1;
}

/** The value below which `p` percent of `sorted` (ascending) lie. */
export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/**
 * The process groups a bench server runs in once workerd runs: wrangler's (start.ts starts it in
 * one of its own), then start.ts's (with Postgres); never this process's own.
 */
export function serverGroupsOf(workerdPid: number | undefined): number[] {
  const wrangler = processOf(workerdPid)?.group;
  const startScript = processOf(processOf(wrangler)?.parent)?.group;
  const own = processOf(process.pid)?.group;
  return [wrangler, startScript].filter((group): group is number => group !== undefined && group > 1 && group !== own);
}

/**
 * Stops whatever of a server outlived its stop(). stop() sends SIGINT to start.ts's whole process
 * group, tsx's wrapper included, and that wrapper SIGKILLs start.ts when start.ts does not
 * acknowledge the signal within about 60 ms (once in 14 runs with a load average of 8): start.ts
 * then never stops wrangler, whose workerd keeps the port, and the bench would wait for ever on
 * the server's output, which wrangler holds open. Each group still alive gets SIGINT, then
 * SIGKILL after 10 s.
 */
export async function stopOutliving(groups: number[]): Promise<void> {
  for (const group of groups) {
    if (!groupAlive(group)) continue;
    console.log(`process group ${group} of the server outlived it: stopping it`);
    process.kill(-group, "SIGINT");
    for (let waited = 0; waited < 10_000 && groupAlive(group); waited += 250) await new Promise((resolve) => setTimeout(resolve, 250));
    if (groupAlive(group)) process.kill(-group, "SIGKILL");
  }
}

function groupAlive(group: number): boolean {
  try {
    process.kill(-group, 0);
    return true;
  } catch {
    return false;
  }
}
