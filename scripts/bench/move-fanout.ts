/**
 * Move fan-out benchmark, served by the built Worker under wrangler dev. Each configuration opens
 * its websockets (each the live session of its own user), then runs rounds of: a manager creates
 * a single-leg move, a yard driver accepts it, and the driver finishes it. The clock starts just
 * before `PUT /api/moves/{id}/finish` is sent and stops, per socket, when that socket receives the
 * finish's `move_status_changed`. Configurations (all four by default):
 * - `--sockets=200` and/or `1000` (a comma-separated list): the sockets open at once;
 * - `--layout=one-room`: every socket is a yard driver of Acme Boston, in its room, and every move
 *   is Acme Boston's; `--layout=spread`: a fifth of the sockets are admins in the room `all`, the
 *   rest yard drivers spread evenly over the demo's three accounts; the rounds take turns over the
 *   accounts, and a finish's event must reach the sockets of its account's room and every admin's.
 * Prints, per configuration, the finish response time, the event's arrival latency over every
 * receiving socket and round, per round the time until the last socket had it, and each arrival
 * less its round's response time (the fan-out beyond the request; median, p95), with PASS when the
 * arrival p95 is within the target (200 sockets: 50 ms; 1,000: 100 ms) and no socket outside the
 * move's account and the admins' room heard of it. Exits 1 when a configuration fails.
 * `--via=direct` (the default) sends the requests and opens the sockets straight to the app's own
 * workerd; `--via=proxy` goes through wrangler's dev proxy on the server's port, a second workerd
 * that relays every request and every websocket frame, which a deployed Worker does not have.
 * Run: npm run build && npm run bench:fanout -- [--sockets=200,1000] [--layout=one-room,spread] [--rounds=N] [--via=direct|proxy]
 * (`--rounds` defaults to 30 for up to 200 sockets and 15 above).
 */
import { createHash, randomBytes } from "node:crypto";
import { request as httpRequest } from "node:http";
import { readFileSync } from "node:fs";
import type { Socket } from "node:net";
import { eq, inArray } from "drizzle-orm";
import { CSRF_COOKIE, CSRF_HEADER } from "#app/lib/csrf.server";
import { openDatabase } from "#app/lib/db.server";
import { hashPassword } from "#app/lib/password.server";
import { hashToken, newToken, SESSION_COOKIE } from "#app/lib/session.server";
import { ALL_ACCOUNTS_ROOM, roomPath } from "#app/domain/realtime-events";
import { accounts, sessions, users } from "#db/schema";
import { percentile, startBenchServer } from "./server";

const PORT = 8791;
const PG_PORT = 54351;
/** Sockets opened (and CSRF tokens fetched) at once: each request opens a database connection to check its session. */
const CONNECT_BATCH = 20;
/** An upgrade unanswered this long is abandoned and tried again (at most UPGRADE_ATTEMPTS times), and counted. */
const UPGRADE_TIMEOUT_MS = 10_000;
const UPGRADE_ATTEMPTS = 3;
const WARMUP_ROUNDS = 1;
const EVENT_TIMEOUT_MS = 15_000;
/** The issue's targets for the event's arrival p95, by the number of sockets open. */
const TARGET_P95_MS = new Map([
  [200, 50],
  [1000, 100],
]);
/** The demo accounts the spread layout uses, each by its seeded manager; the first is the one-room layout's. */
const ACCOUNT_MANAGERS = ["manager@acme.test", "manager@newark.test", "manager@blueridge.test"];
/** In the spread layout, this share of the sockets are admins (room `all`). */
const ADMIN_SHARE = 0.2;

type Layout = "one-room" | "spread";
const LAYOUTS: readonly Layout[] = ["one-room", "spread"];

function flag(name: string): string | undefined {
  return process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split("=")[1];
}

const socketCounts = (flag("sockets") ?? "200,1000").split(",").map(Number);
if (!socketCounts.every((n) => Number.isInteger(n) && n >= 1))
  throw new Error("--sockets= takes whole numbers of at least 1, e.g. 200,1000");
const layouts = (flag("layout") ?? LAYOUTS.join(",")).split(",") as Layout[];
if (!layouts.every((layout) => LAYOUTS.includes(layout))) throw new Error(`--layout= takes ${LAYOUTS.join(" and/or ")}`);
const roundsFlag = flag("rounds");
const roundsOverride = roundsFlag === undefined ? undefined : Number(roundsFlag);
if (roundsOverride !== undefined && (!Number.isInteger(roundsOverride) || roundsOverride < 1)) {
  throw new Error("--rounds= takes a whole number of at least 1");
}
const roundsFor = (sockets: number) => roundsOverride ?? (sockets <= 200 ? 30 : 15);
const via = flag("via") ?? "direct";
if (via !== "direct" && via !== "proxy") throw new Error("--via= takes direct or proxy");
/** Where requests and sockets go: the app's workerd (found once the server is up), or wrangler's dev proxy. */
let base = `http://localhost:${PORT}`;

const server = startBenchServer({ port: PORT, pgPort: PG_PORT, dataDir: ".data/postgres-bench-fanout" });

function stats(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return { median: percentile(sorted, 50), p95: percentile(sorted, 95) };
}

function summary(values: number[]): string {
  const { median, p95 } = stats(values);
  return `median ${median.toFixed(1)} ms  p95 ${p95.toFixed(1)} ms`;
}

/** A user's cookies and CSRF token, as a browser of theirs would send them. */
interface Client {
  userId: number;
  cookie: string;
  csrf: string;
}

async function signedInClient(userId: number, token: string): Promise<Client> {
  const sessionCookie = `${SESSION_COOKIE}=${token}`;
  const response = await fetch(`${base}/api/csrf/restore`, { headers: { Cookie: sessionCookie } });
  if (response.status !== 200) throw new Error(`GET /api/csrf/restore answered ${response.status}`);
  const { csrf_token: csrf } = (await response.json()) as { csrf_token: string };
  return { userId, cookie: `${sessionCookie}; ${CSRF_COOKIE}=${csrf}`, csrf };
}

async function api<T>(client: Client, method: string, path: string, body?: unknown): Promise<{ status: number; json: T }> {
  const headers: Record<string, string> = { Cookie: client.cookie, [CSRF_HEADER]: client.csrf };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const response = await fetch(base + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: response.status, json: (await response.json()) as T };
}

async function expectOk<T>(call: Promise<{ status: number; json: T }>, what: string, status = 200): Promise<T> {
  const result = await call;
  if (result.status !== status) throw new Error(`${what} answered ${result.status}: ${JSON.stringify(result.json)}`);
  return result.json;
}

/**
 * A minimal websocket client (RFC 6455) over a plain HTTP upgrade, so that it can send the session
 * cookie and needs no flag or package: text messages in, pings answered, a close frame on `close()`.
 * `onMessage` gets the time the bytes arrived (performance.now()).
 */
interface RoomSocket {
  close(): void;
  readonly open: boolean;
}

class UnansweredUpgrade extends Error {}

function openRoomSocket(path: string, cookie: string, onMessage: (text: string, at: number) => void): Promise<RoomSocket> {
  const key = randomBytes(16).toString("base64");
  const expectedAccept = createHash("sha1").update(`${key}258EAFA5-E914-47DA-95CA-C5AB0DC85B11`).digest("base64");
  const url = new URL(path, base);
  return new Promise((resolve, reject) => {
    const upgrade = httpRequest({
      hostname: url.hostname,
      port: url.port,
      path: url.pathname,
      agent: false,
      headers: {
        Connection: "Upgrade",
        Upgrade: "websocket",
        "Sec-WebSocket-Version": "13",
        "Sec-WebSocket-Key": key,
        Origin: base,
        Cookie: cookie,
      },
    });
    const timer = setTimeout(() => {
      upgrade.destroy();
      reject(new UnansweredUpgrade(`${path}: no answer to the upgrade within ${UPGRADE_TIMEOUT_MS} ms`));
    }, UPGRADE_TIMEOUT_MS);
    upgrade.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    upgrade.on("response", (response) => {
      clearTimeout(timer);
      response.resume();
      reject(new Error(`${path} refused the socket: ${response.statusCode}`));
    });
    upgrade.on("upgrade", (response, socket: Socket, head: Buffer) => {
      clearTimeout(timer);
      if (response.headers["sec-websocket-accept"] !== expectedAccept) {
        socket.destroy();
        reject(new Error(`${path}: bad Sec-WebSocket-Accept`));
        return;
      }
      socket.setNoDelay(true);
      let open = true;
      let buffer = head;
      let fragments: Buffer[] = [];
      const send = (opcode: number, payload: Buffer) => {
        // Client frames are masked; control payloads are under 126 bytes.
        const mask = randomBytes(4);
        const masked = Buffer.from(payload.map((byte, i) => byte ^ mask[i % 4]));
        socket.write(Buffer.concat([Buffer.from([0x80 | opcode, 0x80 | payload.length]), mask, masked]));
      };
      const parse = (at: number) => {
        while (buffer.length >= 2) {
          const fin = (buffer[0] & 0x80) !== 0;
          const opcode = buffer[0] & 0x0f;
          const isMasked = (buffer[1] & 0x80) !== 0;
          let length = buffer[1] & 0x7f;
          let offset = 2;
          if (length === 126) {
            if (buffer.length < 4) return;
            length = buffer.readUInt16BE(2);
            offset = 4;
          } else if (length === 127) {
            if (buffer.length < 10) return;
            length = Number(buffer.readBigUInt64BE(2));
            offset = 10;
          }
          const maskKey = isMasked ? buffer.subarray(offset, offset + 4) : null;
          if (isMasked) offset += 4;
          if (buffer.length < offset + length) return;
          let payload = buffer.subarray(offset, offset + length);
          if (maskKey) payload = Buffer.from(payload.map((byte, i) => byte ^ maskKey[i % 4]));
          buffer = buffer.subarray(offset + length);
          if (opcode === 0x8) {
            if (open) send(0x8, payload.subarray(0, 2));
            open = false;
            socket.end();
            return;
          }
          if (opcode === 0x9) send(0xa, payload);
          if (opcode === 0x1 || opcode === 0x0) {
            fragments.push(payload);
            if (fin) {
              onMessage(Buffer.concat(fragments).toString("utf8"), at);
              fragments = [];
            }
          }
        }
      };
      socket.on("data", (chunk: Buffer) => {
        const at = performance.now();
        buffer = buffer.length ? Buffer.concat([buffer, chunk]) : chunk;
        parse(at);
      });
      socket.on("close", () => {
        open = false;
      });
      socket.on("error", () => {
        open = false;
      });
      resolve({
        get open() {
          return open;
        },
        close() {
          if (open) send(0x8, Buffer.from([0x03, 0xe8]));
          open = false;
          socket.end();
          setTimeout(() => socket.destroy(), 500).unref();
        },
      });
      if (buffer.length) parse(performance.now());
    });
    upgrade.end();
  });
}

let roomSockets: RoomSocket[] = [];
let unansweredUpgrades = 0;

async function connectRoomSocket(path: string, cookie: string, onMessage: (text: string, at: number) => void): Promise<RoomSocket> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await openRoomSocket(path, cookie, onMessage);
    } catch (error) {
      if (!(error instanceof UnansweredUpgrade) || attempt >= UPGRADE_ATTEMPTS) throw error;
      unansweredUpgrades++;
      console.log(`${(error as Error).message}; trying again`);
    }
  }
}

let stopped: Promise<void> | undefined;
let interrupted = false;

/** Closes the sockets and stops the server; every caller waits for the same stop. */
function stopServer(): Promise<void> {
  stopped ??= (async () => {
    for (const socket of roomSockets) socket.close();
    await server.stop();
  })();
  return stopped;
}
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    interrupted = true;
    void stopServer().then(() => process.exit(130));
  });
}

/**
 * The sockets of one configuration, and per move what they have received: per socket how many
 * `move_status_changed` events of it, and when the third (create, accept, finish: the finish's)
 * arrived. Counted by move id, since the create's event may come in before the create's response
 * does. A round's receivers are the sockets of the move's account's room and the admins'; an event
 * of the move at any other socket is counted as misdelivered.
 */
class Tally {
  private readonly seenOf = new Map<number, Uint16Array>();
  private readonly finishArrivalOf = new Map<number, Float64Array>();
  /** Per move, how many receivers have had at least 1, 2, 3 of its events. */
  private readonly reachedOf = new Map<number, Uint32Array>();
  private waiter: { moveId: number; count: number; resolve: () => void } | null = null;
  /** Whether each socket hears the current round's move. */
  receiving: boolean[];
  receivers = 0;
  misdelivered = 0;

  constructor(readonly size: number) {
    this.receiving = new Array<boolean>(size).fill(false);
  }

  expect(receiving: boolean[]) {
    this.receiving = receiving;
    this.receivers = receiving.filter(Boolean).length;
  }

  private everyReceiverHas(moveId: number, count: number): boolean {
    return (this.reachedOf.get(moveId)?.[count] ?? 0) >= this.receivers;
  }

  onMessage(index: number, text: string, at: number) {
    // Only the moves' events are counted; the finish's other events need no parsing.
    if (!text.includes('"move_status_changed"')) return;
    const event = JSON.parse(text) as { type: string; move_id?: number };
    if (event.type !== "move_status_changed" || event.move_id === undefined) return;
    if (!this.receiving[index]) {
      this.misdelivered++;
      return;
    }
    let seen = this.seenOf.get(event.move_id);
    if (!seen) {
      seen = new Uint16Array(this.size);
      this.seenOf.set(event.move_id, seen);
      this.finishArrivalOf.set(event.move_id, new Float64Array(this.size).fill(NaN));
      this.reachedOf.set(event.move_id, new Uint32Array(8));
    }
    const count = ++seen[index];
    if (count === 3) this.finishArrivalOf.get(event.move_id)![index] = at;
    const reached = this.reachedOf.get(event.move_id)!;
    if (count < reached.length) reached[count]++;
    if (this.waiter && this.everyReceiverHas(this.waiter.moveId, this.waiter.count)) {
      const { resolve } = this.waiter;
      this.waiter = null;
      resolve();
    }
  }

  waitFor(moveId: number, count: number, what: string): Promise<void> {
    if (this.everyReceiverHas(moveId, count)) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiter = null;
        const short = this.receivers - (this.reachedOf.get(moveId)?.[count] ?? 0);
        const closed = roomSockets.filter((socket) => !socket.open).length;
        reject(
          new Error(
            `move ${moveId}: ${short} of ${this.receivers} sockets lacked the ${what} event after ${EVENT_TIMEOUT_MS} ms (${closed} sockets closed)`,
          ),
        );
      }, EVENT_TIMEOUT_MS);
      this.waiter = {
        moveId,
        count,
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
      };
    });
  }

  /** The finish's arrival at each receiver, measured from `since`; forgets the move. */
  finishLatencies(moveId: number, since: number): number[] {
    const arrivals = this.finishArrivalOf.get(moveId)!;
    const latencies: number[] = [];
    for (let i = 0; i < this.size; i++) if (this.receiving[i]) latencies.push(arrivals[i] - since);
    this.seenOf.delete(moveId);
    this.finishArrivalOf.delete(moveId);
    this.reachedOf.delete(moveId);
    return latencies;
  }
}

interface PublicMove {
  id: number;
  state: string;
}

/** A demo account as the bench uses it: its manager and one of its drivers act, its drivers listen. */
interface BenchAccount {
  id: number;
  name: string;
  manager: Client;
  actor: Client;
  /** Session tokens of the account's listening yard drivers. */
  listeners: string[];
}

interface Outcome {
  label: string;
  sockets: number;
  finish: number[];
  arrivals: number[];
  lastArrivals: number[];
  /** Each arrival less its round's finish response time: the fan-out beyond the request itself. */
  beyondResponse: number[];
  receivers: number;
  misdelivered: number;
  load: string;
}

/** The sockets of a configuration: per account how many listen in its room, and how many admins. */
function socketPlan(layout: Layout, sockets: number, accountCount: number): { perAccount: number[]; admins: number } {
  if (layout === "one-room") return { perAccount: [sockets, ...new Array<number>(accountCount - 1).fill(0)], admins: 0 };
  const admins = Math.round(sockets * ADMIN_SHARE);
  const rest = sockets - admins;
  return {
    perAccount: Array.from({ length: accountCount }, (_, i) => Math.floor(rest / accountCount) + (i < rest % accountCount ? 1 : 0)),
    admins,
  };
}

/** Creates `count` users with a live session each; returns their session tokens. */
async function listeningUsers(
  db: ReturnType<typeof openDatabase>["db"],
  count: number,
  user: (i: number) => Omit<typeof users.$inferInsert, "passwordHash">,
  passwordHash: string,
): Promise<string[]> {
  const tokens: string[] = [];
  for (let start = 0; start < count; start += 500) {
    const batch = Array.from({ length: Math.min(500, count - start) }, (_, j) => ({ ...user(start + j), passwordHash, firstLogin: false }));
    const created = await db.insert(users).values(batch).returning({ id: users.id });
    const rows = await Promise.all(
      created.map(async ({ id }) => {
        const token = newToken();
        tokens.push(token);
        return { userId: id, tokenHash: await hashToken(token), csrfSecret: newToken() };
      }),
    );
    await db.insert(sessions).values(rows);
  }
  return tokens;
}

async function openSockets(plan: { path: string; token: string }[], tally: Tally): Promise<void> {
  for (let i = 0; i < plan.length; i += CONNECT_BATCH) {
    const batch = plan
      .slice(i, i + CONNECT_BATCH)
      .map(({ path, token }, j) => connectRoomSocket(path, `${SESSION_COOKIE}=${token}`, (text, at) => tally.onMessage(i + j, text, at)));
    const settled = await Promise.allSettled(batch);
    for (const result of settled) if (result.status === "fulfilled") roomSockets.push(result.value);
    const failed = settled.find((result) => result.status === "rejected");
    if (failed) throw failed.reason;
  }
}

async function closeSockets(): Promise<void> {
  for (const socket of roomSockets) socket.close();
  roomSockets = [];
  // Let the rooms see the closes before the next configuration's sockets arrive.
  await new Promise((resolve) => setTimeout(resolve, 2_000));
}

/** One round: create, accept, then the finish timed. Returns the finish's response time and arrivals. */
async function round(account: BenchAccount, index: number, tally: Tally) {
  const { manager, actor } = account;
  const { from, to } = await expectOk(
    api<{ from: { location: string; trailers: number }[]; to: string[] }>(manager, "GET", "/api/moves/locations"),
    "GET /api/moves/locations",
  );
  if (!from.length) throw new Error(`${account.name}: no location holds a trailer free to move`);
  const fromLocation = from[index % from.length].location;
  const available = await expectOk(
    api<{ trailer_number: string }[]>(manager, "GET", `/api/moves/available-trailers?location=${encodeURIComponent(fromLocation)}`),
    "GET /api/moves/available-trailers",
  );
  if (!available.length) throw new Error(`/api/moves/locations listed ${fromLocation}, but it has no available trailer`);
  const destinations = to.filter((location) => location !== fromLocation);
  const toLocation = destinations[index % destinations.length];
  const trailer = available[0].trailer_number;

  const created = await expectOk(
    api<PublicMove>(manager, "POST", "/api/moves", {
      move_details: { type: "single", moves: [{ from: fromLocation, to: toLocation, trailer }] },
    }),
    `POST /api/moves (${trailer}: ${fromLocation} → ${toLocation})`,
    201,
  );
  const accepted = await expectOk(api<PublicMove>(actor, "PUT", `/api/moves/${created.id}/accept`), `PUT /api/moves/${created.id}/accept`);
  if (accepted.state !== "in_progress") throw new Error(`accepted move ${created.id} is ${accepted.state}`);
  // The create's and the accept's events must be in before the clock starts.
  await tally.waitFor(created.id, 2, "create and accept");

  const finishStarted = performance.now();
  const finished = await expectOk(api<PublicMove>(actor, "PUT", `/api/moves/${created.id}/finish`), `PUT /api/moves/${created.id}/finish`);
  const finishTime = performance.now() - finishStarted;
  if (finished.state !== "finished") throw new Error(`finished move ${created.id} is ${finished.state}`);
  await tally.waitFor(created.id, 3, "finish");
  return { finishTime, latencies: tally.finishLatencies(created.id, finishStarted) };
}

async function runConfiguration(layout: Layout, sockets: number, benchAccounts: BenchAccount[], admins: string[]): Promise<Outcome> {
  const { perAccount, admins: adminCount } = socketPlan(layout, sockets, benchAccounts.length);
  const plan: { path: string; token: string; account: number | null }[] = [];
  benchAccounts.forEach((account, a) => {
    for (let i = 0; i < perAccount[a]; i++) plan.push({ path: roomPath(account.id), token: account.listeners[i], account: a });
  });
  for (let i = 0; i < adminCount; i++) plan.push({ path: roomPath(ALL_ACCOUNTS_ROOM), token: admins[i], account: null });
  const tally = new Tally(plan.length);

  const connectStarted = performance.now();
  await openSockets(plan, tally);
  const rooms =
    layout === "one-room"
      ? `room ${roomPath(benchAccounts[0].id)} (yard drivers of ${benchAccounts[0].name})`
      : benchAccounts.map((account, a) => `${perAccount[a]} in ${account.name}'s room`).join(", ") + `, ${adminCount} admins in room all`;
  console.log(
    `\n== ${sockets} sockets, ${layout}: ${rooms}; connected in ${((performance.now() - connectStarted) / 1000).toFixed(1)} s, ` +
      `${CONNECT_BATCH} at a time` +
      (unansweredUpgrades
        ? `; ${unansweredUpgrades} upgrades so far went unanswered for ${UPGRADE_TIMEOUT_MS / 1000} s and were retried`
        : ""),
  );

  const rounds = roundsFor(sockets);
  const finish: number[] = [];
  const arrivals: number[] = [];
  const lastArrivals: number[] = [];
  const beyondResponse: number[] = [];
  let receivers = 0;
  for (let r = 0; r < WARMUP_ROUNDS + rounds; r++) {
    const a = layout === "one-room" ? 0 : r % benchAccounts.length;
    tally.expect(plan.map((socket) => socket.account === a || socket.account === null));
    const { finishTime, latencies } = await round(benchAccounts[a], r, tally);
    if (r < WARMUP_ROUNDS) continue;
    receivers = Math.max(receivers, latencies.length);
    finish.push(finishTime);
    arrivals.push(...latencies);
    lastArrivals.push(Math.max(...latencies));
    beyondResponse.push(...latencies.map((latency) => latency - finishTime));
  }
  const load = readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
  await closeSockets();
  return {
    label: `${sockets} sockets, ${layout}`,
    sockets,
    finish,
    arrivals,
    lastArrivals,
    beyondResponse,
    receivers,
    misdelivered: tally.misdelivered,
    load,
  };
}

function report(outcome: Outcome): boolean {
  const rounds = outcome.finish.length;
  const target = TARGET_P95_MS.get(outcome.sockets);
  const { p95 } = stats(outcome.arrivals);
  const passed = target === undefined || (p95 <= target && outcome.misdelivered === 0);
  console.log(
    `${outcome.label}: ${rounds} rounds (after ${WARMUP_ROUNDS} warm-up), up to ${outcome.receivers} sockets hear each finish; load average ${outcome.load}`,
  );
  console.log(`  finish response (PUT /api/moves/{id}/finish)     ${summary(outcome.finish)}`);
  console.log(
    `  move_status_changed arrival, every socket         ${summary(outcome.arrivals)}  (${outcome.arrivals.length} sockets × rounds)`,
  );
  console.log(`  until the last socket had it, per round           ${summary(outcome.lastArrivals)}`);
  console.log(`  arrival less the round's finish response          ${summary(outcome.beyondResponse)}`);
  if (outcome.misdelivered)
    console.log(`  ${outcome.misdelivered} move events reached sockets outside the move's account and the admins' room`);
  console.log(
    `  ${target === undefined ? "no target for this many sockets" : `${passed ? "PASS" : "FAIL"}: arrival p95 ${p95.toFixed(1)} ms, target ≤ ${target} ms`}`,
  );
  return passed;
}

let allPassed = true;
try {
  const started = Date.now();
  await server.ready;
  if (via === "direct") base = await server.directBase();
  console.log(
    `server with seeded data ready in ${((Date.now() - started) / 1000).toFixed(1)} s; load average ${readFileSync("/proc/loadavg", "utf8").trim()}`,
  );
  console.log(
    via === "direct"
      ? `requests and sockets go straight to the app's workerd (${base}), as they reach a deployed Worker`
      : `requests and sockets go through wrangler's dev proxy (${base}), which relays each of them through a second workerd`,
  );

  // Yard drivers in each account and admins, each with a live session (one per user is allowed),
  // as many as the largest configuration needs.
  const database = openDatabase({ DATABASE_URL: server.databaseUrl });
  const { db } = database;
  const managers = await db.select().from(users).where(inArray(users.email, ACCOUNT_MANAGERS));
  const accountRows = await db.select().from(accounts);
  const passwordHash = await hashPassword(newToken());
  const needed = (a: number) =>
    Math.max(...socketCounts.flatMap((n) => layouts.map((layout) => socketPlan(layout, n, ACCOUNT_MANAGERS.length).perAccount[a])));
  const adminsNeeded = Math.max(
    ...socketCounts.flatMap((n) => layouts.map((layout) => socketPlan(layout, n, ACCOUNT_MANAGERS.length).admins)),
  );
  const benchAccounts: BenchAccount[] = [];
  for (const [a, email] of ACCOUNT_MANAGERS.entries()) {
    const manager = managers.find((row) => row.email === email);
    if (!manager?.accountId) throw new Error(`the demo data has no manager ${email}`);
    const accountId = manager.accountId;
    const name = accountRows.find((row) => row.id === accountId)?.accountName ?? String(accountId);
    const listeners = await listeningUsers(
      db,
      needed(a),
      (i) => ({
        accountId,
        email: `fanout-driver-${a + 1}-${i + 1}@fanout.test`,
        alphaCode: `F${a + 1}${String(i + 1).padStart(4, "0")}`,
        driverNumber: 10_000 * (a + 1) + i,
        firstName: "Fanout",
        lastName: `Driver ${a + 1}-${i + 1}`,
        isYardDriver: true,
      }),
      passwordHash,
    );
    // The driver who accepts and finishes the account's moves, with a session of its own.
    const [actorToken] = await listeningUsers(
      db,
      1,
      () => ({
        accountId,
        email: `fanout-actor-${a + 1}@fanout.test`,
        alphaCode: `FA${a + 1}`,
        driverNumber: 10_000 * (a + 1) + 9_999,
        firstName: "Fanout",
        lastName: `Actor ${a + 1}`,
        isYardDriver: true,
      }),
      passwordHash,
    );
    const managerToken = newToken();
    await db.insert(sessions).values({ userId: manager.id, tokenHash: await hashToken(managerToken), csrfSecret: newToken() });
    const [actorRow] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, `fanout-actor-${a + 1}@fanout.test`));
    benchAccounts.push({
      id: accountId,
      name,
      manager: await signedInClient(manager.id, managerToken),
      actor: await signedInClient(actorRow.id, actorToken),
      listeners,
    });
  }
  const admins = await listeningUsers(
    db,
    adminsNeeded,
    (i) => ({
      accountId: null,
      email: `fanout-admin-${i + 1}@fanout.test`,
      alphaCode: `FADM${String(i + 1).padStart(4, "0")}`,
      firstName: "Fanout",
      lastName: `Admin ${i + 1}`,
      isAdmin: true,
    }),
    passwordHash,
  );
  await database.close();

  const outcomes: Outcome[] = [];
  for (const sockets of socketCounts)
    for (const layout of layouts) outcomes.push(await runConfiguration(layout, sockets, benchAccounts, admins));

  console.log("\nOne move at a time: create, accept, then the finish timed (from sending it to the event at each socket).");
  for (const outcome of outcomes) allPassed = report(outcome) && allPassed;
  console.log(`\n${allPassed ? "PASS" : "FAIL"}`);
} catch (error) {
  allPassed = false;
  // Interrupted: the requests in flight fail as the server stops; that is no finding.
  if (!interrupted) console.error(error);
} finally {
  await stopServer();
}
process.exitCode = allPassed ? 0 : 1;
