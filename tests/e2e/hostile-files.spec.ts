import { readFileSync } from "node:fs";
import { UPLOAD_MESSAGES } from "#app/domain/trailer-upload";
import { SESSION_COOKIE } from "#app/lib/session.server";
import { E2E_PORT } from "#tests/e2e/server-address";
import { appWorkerdOf, residentBytes } from "#scripts/lib/processes";
import { UPLOAD_FILE_COUNT, uploadFiles, type UploadFile } from "#tests/files/hostile";
import { BASE_URL, createSession, expect, test } from "./fixtures";
import { fuzzSeed, replayHint } from "./seed";

/**
 * Hostile files never stall anyone. Every upload is sent to the Worker while a second client asks
 * `/healthz` every 20 ms: each file is answered within 2 s with 200 (a dry run's check), 400 or
 * 413, `/healthz` within 200 ms throughout (on one of ATTEMPTS tries), and workerd's memory stays
 * bounded. The file fuzzer's
 * files come from the run's seed (./seed.ts: fixed locally, drawn on CI, FUZZ_SEED replays one).
 */
const ANSWER_LIMIT_MS = 2_000;
const HEALTH_LIMIT_MS = 200;
/**
 * How far the app's workerd may grow during the run. V8 keeps the heap it grew to for the next
 * requests (a second run of the same files adds a fifth of what the first did), so this bounds the
 * growth rather than asking for it back; the reported wide sheet took workerd to 2.2 GB.
 */
const MEMORY_GROWTH_LIMIT = 400 * 2 ** 20;
/**
 * How many times a file is sent while its answer or /healthz is slow. A file that holds the
 * isolate does so every time it is read; a busy machine stalls /healthz now and then for no
 * upload's sake (with no upload at all, a few times a minute past 200 ms at a load of 12 on 2
 * cores) and seldom on every try of one file. Every upload is a dry run: sending again writes nothing.
 */
const ATTEMPTS = 3;

interface Client {
  base: string;
  cookie: string;
  csrf: string;
}

/**
 * `fetch`, sent again once when the kept connection it went out on was closed before an answer
 * (the local proxy closes idle ones; fetch does not send a POST again by itself).
 */
async function send(url: string, init?: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    const code = (error as { cause?: { code?: string } }).cause?.code;
    if (!["ECONNRESET", "EPIPE", "UND_ERR_SOCKET"].includes(code ?? "")) throw error;
    return fetch(url, init);
  }
}

/** Asks /healthz one request after another until stopped; the slowest answer's time. */
function watchHealth(base: string) {
  let running = true;
  let slowest = 0;
  let failures = 0;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      const answer = await send(`${base}/healthz`).catch(() => null);
      if (answer?.status !== 200) failures += 1;
      await answer?.arrayBuffer();
      slowest = Math.max(slowest, performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return { slowest, failures };
    },
  };
}

async function upload(
  client: Client,
  file: UploadFile,
): Promise<{ status: number; body: { error?: string; results?: unknown }; ms: number }> {
  const form = new FormData();
  form.set("file", new Blob([file.bytes as Uint8Array<ArrayBuffer>]), file.name);
  form.set("dry_run", "true");
  const started = performance.now();
  const answer = await send(`${client.base}/api/trailers/bulk-upload`, {
    method: "POST",
    body: form,
    headers: { cookie: client.cookie, "X-CSRF-Token": client.csrf },
    signal: AbortSignal.timeout(30_000),
  });
  const body = (await answer.json()) as { error?: string; results?: unknown };
  return { status: answer.status, body, ms: performance.now() - started };
}

test.describe("hostile upload files", () => {
  let client: Client;

  test.beforeEach(async ({ db, newUser }) => {
    const { token } = await createSession(db, (await newUser("super_manager")).email);
    const cookie = `${SESSION_COOKIE}=${token}`;
    const csrf = ((await (await fetch(`${BASE_URL}/api/csrf/restore`, { headers: { cookie } })).json()) as { csrf_token: string })
      .csrf_token;
    client = { base: BASE_URL, cookie, csrf };
  });

  /** One upload while /healthz is watched: the answer and the slowest /healthz meanwhile. */
  async function watched(file: UploadFile) {
    const health = watchHealth(BASE_URL);
    try {
      return { ...(await upload(client, file)), health: await health.stop() };
    } finally {
      await health.stop();
    }
  }

  /** A file's upload, sent again (up to ATTEMPTS in all) while its answer or /healthz was slow. */
  async function checked(file: UploadFile) {
    const inTime = (answer: Awaited<ReturnType<typeof watched>>) => answer.ms < ANSWER_LIMIT_MS && answer.health.slowest < HEALTH_LIMIT_MS;
    let answer = await watched(file);
    let attempts = 1;
    for (; attempts < ATTEMPTS && !inTime(answer); attempts++) answer = await watched(file);
    return { ...answer, attempts };
  }

  test("the reported 1 GiB zip bomb is refused at once, and /healthz never waits", async () => {
    const answer = await checked({
      kind: "reported bomb",
      name: "zipbomb.xlsx",
      bytes: readFileSync("tests/fixtures/uploads/zipbomb.xlsx"),
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe(UPLOAD_MESSAGES.unpackedTooLarge);
    expect(answer.ms).toBeLessThan(ANSWER_LIMIT_MS);
    expect(answer.health.slowest).toBeLessThan(HEALTH_LIMIT_MS);
    expect(answer.health.failures).toBe(0);
  });

  test("the reported sheet 16,384 columns wide is read within its header's columns, and /healthz never waits", async () => {
    const answer = await checked({
      kind: "reported wide sheet",
      name: "wide2000.xlsx",
      bytes: readFileSync("tests/fixtures/uploads/wide2000.xlsx"),
    });
    expect(answer.status).toBe(200);
    expect(answer.body.results).toMatchObject({ total: 2000, dry_run: true });
    expect(answer.ms).toBeLessThan(ANSWER_LIMIT_MS);
    expect(answer.health.slowest).toBeLessThan(HEALTH_LIMIT_MS);
  });

  test(`the file fuzzer: ${UPLOAD_FILE_COUNT} generated files, each answered within 2 s without a 5xx while /healthz answers within 200 ms, and memory stays bounded`, async () => {
    test.setTimeout(240_000);
    const workerd = appWorkerdOf(E2E_PORT);
    if (workerd === undefined) throw new Error("the app's workerd is not running");
    const before = residentBytes(workerd)!;
    const findings: string[] = [];
    const statuses = new Map<number, number>();
    let peak = before;
    let slowestAnswer = { ms: 0, kind: "" };
    let slowestHealth = { ms: 0, kind: "" };
    let index = 0;
    let sentAgain = 0;
    const replay = replayHint("tests/e2e/hostile-files.spec.ts", "the file fuzzer");
    for (const file of uploadFiles(fuzzSeed())) {
      index += 1;
      const where = `file ${index} (${file.kind}, ${file.bytes.byteLength} bytes)`;
      const answer = await checked(file).catch((error: Error) => {
        findings.push(`${where}: no answer (${error.message}${error.cause instanceof Error ? `: ${error.cause.message}` : ""})`);
        return null;
      });
      if (!answer) continue;
      if (answer.attempts > 1) sentAgain += 1;
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      if (answer.ms > slowestAnswer.ms) slowestAnswer = { ms: answer.ms, kind: file.kind };
      if (answer.health.slowest > slowestHealth.ms) slowestHealth = { ms: answer.health.slowest, kind: file.kind };
      if (![200, 400, 413].includes(answer.status))
        findings.push(`${where}: status ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`);
      if (answer.ms > ANSWER_LIMIT_MS) findings.push(`${where}: answered after ${Math.round(answer.ms)} ms, ${answer.attempts} tries`);
      if (answer.health.slowest > HEALTH_LIMIT_MS)
        findings.push(`${where}: /healthz waited ${Math.round(answer.health.slowest)} ms, ${answer.attempts} tries`);
      if (answer.health.failures) findings.push(`${where}: /healthz failed ${answer.health.failures} times`);
      peak = Math.max(peak, residentBytes(workerd)!);
    }
    const after = residentBytes(workerd)!;
    console.log(
      `hostile files (seed ${fuzzSeed()}): ${index} sent (${sentAgain} again after a slow try), statuses ${JSON.stringify(Object.fromEntries(statuses))}, slowest answer ${Math.round(slowestAnswer.ms)} ms (${slowestAnswer.kind}), slowest /healthz ${Math.round(slowestHealth.ms)} ms (${slowestHealth.kind}), workerd ${Math.round(before / 2 ** 20)} MB before, ${Math.round(peak / 2 ** 20)} MB at most, ${Math.round(after / 2 ** 20)} MB after`,
    );
    expect(findings, replay).toEqual([]);
    expect(index, replay).toBe(UPLOAD_FILE_COUNT);
    expect(peak - before, `workerd's growth in bytes (${replay})`).toBeLessThan(MEMORY_GROWTH_LIMIT);
  });
});
