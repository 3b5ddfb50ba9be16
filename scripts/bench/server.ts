import { spawn } from "node:child_process";

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

/** The value below which `p` percent of `sorted` (ascending) lie. */
export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}
