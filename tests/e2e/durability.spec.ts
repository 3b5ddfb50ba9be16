import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { eq, inArray, sql } from "drizzle-orm";
import { TRAILER_TYPES } from "#app/domain/assets";
import { CSRF_COOKIE, CSRF_HEADER } from "#app/lib/csrf.server";
import { openDatabase } from "#app/lib/db.server";
import { SESSION_COOKIE } from "#app/lib/session.server";
import { DATABASE_UNAVAILABLE } from "#app/lib/unavailable.server";
import { accounts, trailers } from "#db/schema";
import { freeAppPort, freePort } from "#tests/free-port";
import { createSession, expect, test } from "./fixtures";

/**
 * The database `npm start` runs, killed while trailers are being created: a second instance of
 * the start script (its own ports and data directory, durable settings as `npm start` has them),
 * the embedded Postgres SIGKILLed mid-stream and started again by the start script.
 */
const DATA_DIR = ".data/postgres-durability";
const WRITERS = 4;
/** A request unanswered this long has hung: the test fails on it rather than waiting for ever. */
const ANSWER_WITHIN_MS = 20_000;

test("the database npm start runs keeps every acknowledged write through a kill, and answers 503 while it is down", async () => {
  test.setTimeout(240_000);
  // Ports free now, not the end-to-end server's plus one: another instance on the machine cannot collide.
  const [port, pgPort] = [await freeAppPort(), await freePort()];
  const base = `http://localhost:${port}`;
  const server = spawn(
    "npx",
    ["tsx", "scripts/start.ts", `--port=${port}`, `--pg-port=${pgPort}`, `--data-dir=${DATA_DIR}`, "--fresh", "--skip-build"],
    { stdio: ["ignore", "pipe", "pipe"], detached: true },
  );
  let output = "";
  let errors = "";
  server.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  server.stderr!.on("data", (chunk: Buffer) => {
    errors += chunk.toString();
    process.stderr.write(chunk);
  });
  const exited = new Promise<void>((resolve) => server.once("exit", () => resolve()));
  let stop = false;
  const database = openDatabase({ DATABASE_URL: `postgres://postgres:yardline@127.0.0.1:${pgPort}/yardline` });
  try {
    await expect.poll(() => output.includes("is running at") || server.exitCode !== null, { timeout: 120_000 }).toBe(true);
    expect(output, `the start script stopped (exit ${server.exitCode}); it wrote:\n${errors}`).toContain("is running at");

    const { token } = await createSession(database.db, "admin@yardline.test");
    const restored = await fetch(`${base}/api/csrf/restore`, { headers: { Cookie: `${SESSION_COOKIE}=${token}` } });
    const { csrf_token: csrf } = (await restored.json()) as { csrf_token: string };
    const cookie = `${SESSION_COOKIE}=${token}; ${CSRF_COOKIE}=${csrf}`;
    const [account] = await database.db.select().from(accounts).where(eq(accounts.accountName, "Acme Boston"));

    let killedAt = 0;
    const acknowledged: string[] = [];
    const statuses: { status: number; afterKill: boolean; retryAfter: string | null; body: string }[] = [];
    /** A request's answer, or status 0 when none came (refused, reset, or not within the limit). */
    const answer = async (path: string, init: RequestInit) => {
      try {
        const response = await fetch(`${base}${path}`, { ...init, signal: AbortSignal.timeout(ANSWER_WITHIN_MS) });
        return { status: response.status, retryAfter: response.headers.get("Retry-After"), body: await response.text() };
      } catch (error) {
        return { status: 0, retryAfter: null, body: `no answer: ${error instanceof Error ? error.message : String(error)}` };
      }
    };
    const recovered = () => statuses.filter((entry) => entry.afterKill && entry.status === 201).length >= 10;

    const writer = async (id: number) => {
      for (let n = 0; !stop; n++) {
        const number = `DUR-${id}-${n}`;
        const response = await answer("/api/trailers/", {
          method: "POST",
          headers: { Cookie: cookie, [CSRF_HEADER]: csrf, "Content-Type": "application/json" },
          body: JSON.stringify({
            account_id: account.id,
            trailer_number: number,
            trailer_location: "Road",
            license_plate: `D${id}X${n}`,
            license_state: "MA",
            type: TRAILER_TYPES[0],
            company_owner: "ACME",
          }),
        });
        statuses.push({ ...response, afterKill: killedAt > 0 });
        if (response.status === 201) acknowledged.push(number);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    };
    const pages: { status: number; text: string }[] = [];
    const reader = async () => {
      while (!stop) {
        const response = await answer("/admin/dashboard", { headers: { Cookie: cookie, Accept: "text/html" } });
        if (killedAt) pages.push({ status: response.status, text: response.body });
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };
    const streams = [...Array.from({ length: WRITERS }, (_, id) => writer(id)), reader()];

    await expect.poll(() => acknowledged.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(20);
    const postmaster = Number(readFileSync(`${DATA_DIR}/postmaster.pid`, "utf8").split("\n")[0]);
    process.kill(postmaster, "SIGKILL");
    killedAt = Date.now();
    await expect
      .poll(recovered, { timeout: 60_000 })
      .toBe(true)
      .finally(() => (stop = true));
    await Promise.all(streams);
    expect(output).toContain("Postgres is back");

    // During the outage: 503 with Retry-After and the message, for the API and pages; never a 500.
    expect(statuses.filter((entry) => ![201, 503].includes(entry.status))).toEqual([]);
    const outage = statuses.filter((entry) => entry.status === 503);
    expect(outage.length).toBeGreaterThan(0);
    for (const entry of outage) {
      expect(entry.afterKill).toBe(true);
      expect(Number(entry.retryAfter)).toBeGreaterThan(0);
      expect(JSON.parse(entry.body)).toEqual({ error: DATABASE_UNAVAILABLE, errors: [DATABASE_UNAVAILABLE] });
    }
    expect(pages.filter((page) => ![200, 503].includes(page.status)).map((page) => page.status)).toEqual([]);
    expect(pages.find((page) => page.status === 503)?.text).toContain(DATABASE_UNAVAILABLE);
    expect(pages.at(-1)?.status).toBe(200);

    // Every write the app acknowledged is there, on a server that runs with durability on.
    const stored = await database.db
      .select({ number: trailers.trailerNumber })
      .from(trailers)
      .where(inArray(trailers.trailerNumber, acknowledged));
    expect(stored.length).toBe(acknowledged.length);
    const { rows } = await database.db.execute<{ fsync: string; commit: string; pages: string }>(
      sql`select current_setting('fsync') as fsync, current_setting('synchronous_commit') as commit, current_setting('full_page_writes') as pages`,
    );
    expect(rows[0]).toEqual({ fsync: "on", commit: "on", pages: "on" });
  } finally {
    stop = true;
    await database.close();
    if (server.exitCode === null && server.pid) {
      process.kill(-server.pid, "SIGINT");
      const killer = setTimeout(() => process.kill(-server.pid!, "SIGKILL"), 20_000);
      await exited;
      clearTimeout(killer);
    }
  }
});
