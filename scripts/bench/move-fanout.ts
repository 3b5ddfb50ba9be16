/**
 * Move fan-out benchmark: 200 websockets in one account's room (each the live session of its own
 * yard driver), served by the built Worker under wrangler dev. Each round a manager creates a
 * single-leg move, a driver accepts it, and the driver finishes it; the clock starts just before
 * `PUT /api/moves/{id}/finish` is sent and stops, per socket, when that socket receives the
 * finish's `move_status_changed`. Prints the finish response time, the event's arrival latency
 * over every socket and round, and per round the time until the last socket had it (median, p95).
 * Run: npm run build && npm run bench:fanout -- [--rounds=30]
 */
import { createHash, randomBytes } from "node:crypto";
import { request as httpRequest } from "node:http";
import type { Socket } from "node:net";
import { eq } from "drizzle-orm";
import { CSRF_COOKIE, CSRF_HEADER } from "../../app/lib/csrf.server";
import { openDatabase } from "../../app/lib/db.server";
import { hashPassword } from "../../app/lib/password.server";
import { hashToken, newToken, SESSION_COOKIE } from "../../app/lib/session.server";
import { roomPath } from "../../app/domain/realtime-events";
import { sessions, users } from "../../db/schema";
import { percentile, startBenchServer } from "./server";

const PORT = 8791;
const PG_PORT = 54351;
const SOCKETS = 200;
/** Sockets opened (and CSRF tokens fetched) at once: each request opens a database connection to check its session. */
const CONNECT_BATCH = 20;
/** An upgrade unanswered this long is abandoned and tried again (at most UPGRADE_ATTEMPTS times), and counted. */
const UPGRADE_TIMEOUT_MS = 10_000;
const UPGRADE_ATTEMPTS = 3;
const WARMUP_ROUNDS = 1;
const EVENT_TIMEOUT_MS = 15_000;
const rounds = Number(process.argv.find((arg) => arg.startsWith("--rounds="))?.split("=")[1] ?? 30);
if (!Number.isInteger(rounds) || rounds < 1) throw new Error("--rounds= takes a whole number of at least 1");
const base = `http://localhost:${PORT}`;

const server = startBenchServer({ port: PORT, pgPort: PG_PORT, dataDir: ".data/postgres-bench-fanout" });

function summary(values: number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  return `median ${percentile(sorted, 50).toFixed(1)} ms  p95 ${percentile(sorted, 95).toFixed(1)} ms`;
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

const roomSockets: RoomSocket[] = [];
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
 * Per move, per socket: how many `move_status_changed` events of it the socket has received, and
 * when the third (create, accept, finish: the finish's) arrived. Counted by move id, since the
 * create's event may come in before the create's response does.
 */
const seenOf = new Map<number, number[]>();
const finishArrivalOf = new Map<number, number[]>();
let waiter: { moveId: number; count: number; resolve: () => void } | null = null;

function everySocketHas(moveId: number, count: number): boolean {
  const seen = seenOf.get(moveId);
  return !!seen && seen.every((n) => n >= count);
}

function onRoomMessage(index: number, text: string, at: number) {
  const event = JSON.parse(text) as { type: string; move_id?: number };
  if (event.type !== "move_status_changed" || event.move_id === undefined) return;
  if (!seenOf.has(event.move_id)) {
    seenOf.set(event.move_id, new Array<number>(SOCKETS).fill(0));
    finishArrivalOf.set(event.move_id, new Array<number>(SOCKETS).fill(NaN));
  }
  const seen = seenOf.get(event.move_id)!;
  seen[index]++;
  if (seen[index] === 3) finishArrivalOf.get(event.move_id)![index] = at;
  if (waiter && everySocketHas(waiter.moveId, waiter.count)) {
    const { resolve } = waiter;
    waiter = null;
    resolve();
  }
}

function waitForEvents(moveId: number, count: number, what: string): Promise<void> {
  if (everySocketHas(moveId, count)) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      waiter = null;
      const seen = seenOf.get(moveId) ?? new Array<number>(SOCKETS).fill(0);
      const short = seen.filter((n) => n < count).length;
      const closed = roomSockets.filter((socket) => !socket.open).length;
      reject(
        new Error(
          `move ${moveId}: ${short} of ${SOCKETS} sockets lacked the ${what} event after ${EVENT_TIMEOUT_MS} ms (${closed} sockets closed)`,
        ),
      );
    }, EVENT_TIMEOUT_MS);
    waiter = {
      moveId,
      count,
      resolve: () => {
        clearTimeout(timer);
        resolve();
      },
    };
  });
}

interface PublicMove {
  id: number;
  state: string;
}

try {
  const started = Date.now();
  await server.ready;
  console.log(`server with seeded data ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  // 200 yard drivers in the manager's account, each with a live session (one per user is allowed).
  const database = openDatabase({ DATABASE_URL: server.databaseUrl });
  const [manager] = await database.db.select().from(users).where(eq(users.email, "manager@acme.test"));
  const accountId = manager.accountId!;
  const passwordHash = await hashPassword(newToken());
  const drivers = await database.db
    .insert(users)
    .values(
      Array.from({ length: SOCKETS }, (_, i) => ({
        accountId,
        email: `fanout-driver-${i + 1}@acme.test`,
        alphaCode: `FD${String(i + 1).padStart(3, "0")}`,
        driverNumber: 9001 + i,
        firstName: "Fanout",
        lastName: `Driver ${i + 1}`,
        isYardDriver: true,
        firstLogin: false,
        passwordHash,
      })),
    )
    .returning({ id: users.id });
  const tokens = new Map<number, string>();
  for (const { id } of [manager, ...drivers]) tokens.set(id, newToken());
  await database.db
    .insert(sessions)
    .values(
      await Promise.all(
        [...tokens].map(async ([userId, token]) => ({ userId, tokenHash: await hashToken(token), csrfSecret: newToken() })),
      ),
    );
  await database.close();

  const managerClient = await signedInClient(manager.id, tokens.get(manager.id)!);
  const driverClients: Client[] = [];
  for (let i = 0; i < SOCKETS; i += CONNECT_BATCH) {
    const batch = drivers.slice(i, i + CONNECT_BATCH).map(({ id }) => signedInClient(id, tokens.get(id)!));
    driverClients.push(...(await Promise.all(batch)));
  }

  const connectStarted = performance.now();
  for (let i = 0; i < SOCKETS; i += CONNECT_BATCH) {
    const batch = driverClients
      .slice(i, i + CONNECT_BATCH)
      .map((client, j) => connectRoomSocket(roomPath(accountId), client.cookie, (text, at) => onRoomMessage(i + j, text, at)));
    const settled = await Promise.allSettled(batch);
    for (const result of settled) if (result.status === "fulfilled") roomSockets.push(result.value);
    const failed = settled.find((result) => result.status === "rejected");
    if (failed) throw failed.reason;
  }
  const connectSeconds = ((performance.now() - connectStarted) / 1000).toFixed(1);
  console.log(
    `${SOCKETS} sockets in room ${roomPath(accountId)} (${SOCKETS} yard drivers of Acme Boston, one session each), ` +
      `connected in ${connectSeconds} s, ${CONNECT_BATCH} at a time` +
      (unansweredUpgrades ? `; ${unansweredUpgrades} upgrades went unanswered for ${UPGRADE_TIMEOUT_MS / 1000} s and were retried` : ""),
  );

  const finishTimes: number[] = [];
  const arrivals: number[] = [];
  const lastArrivals: number[] = [];
  for (let round = 0; round < WARMUP_ROUNDS + rounds; round++) {
    const { from, to } = await expectOk(
      api<{ from: { location: string; trailers: number }[]; to: string[] }>(managerClient, "GET", "/api/moves/locations"),
      "GET /api/moves/locations",
    );
    if (!from.length) throw new Error("no location holds a trailer free to move");
    const fromLocation = from[round % from.length].location;
    const available = await expectOk(
      api<{ trailer_number: string }[]>(managerClient, "GET", `/api/moves/available-trailers?location=${encodeURIComponent(fromLocation)}`),
      "GET /api/moves/available-trailers",
    );
    if (!available.length) throw new Error(`/api/moves/locations listed ${fromLocation}, but it has no available trailer`);
    const destinations = to.filter((location) => location !== fromLocation);
    const toLocation = destinations[round % destinations.length];
    const trailer = available[0].trailer_number;

    const created = await expectOk(
      api<PublicMove>(managerClient, "POST", "/api/moves", {
        move_details: { type: "single", moves: [{ from: fromLocation, to: toLocation, trailer }] },
      }),
      `POST /api/moves (${trailer}: ${fromLocation} → ${toLocation})`,
      201,
    );
    const driver = driverClients[round % SOCKETS];
    const accepted = await expectOk(
      api<PublicMove>(driver, "PUT", `/api/moves/${created.id}/accept`),
      `PUT /api/moves/${created.id}/accept`,
    );
    if (accepted.state !== "in_progress") throw new Error(`accepted move ${created.id} is ${accepted.state}`);
    // The create's and the accept's events must be in before the clock starts.
    await waitForEvents(created.id, 2, "create and accept");

    const finishStarted = performance.now();
    const finished = await expectOk(
      api<PublicMove>(driver, "PUT", `/api/moves/${created.id}/finish`),
      `PUT /api/moves/${created.id}/finish`,
    );
    const finishTime = performance.now() - finishStarted;
    if (finished.state !== "finished") throw new Error(`finished move ${created.id} is ${finished.state}`);
    await waitForEvents(created.id, 3, "finish");
    const latencies = finishArrivalOf.get(created.id)!.map((at) => at - finishStarted);
    seenOf.delete(created.id);
    finishArrivalOf.delete(created.id);
    if (round < WARMUP_ROUNDS) continue;

    finishTimes.push(finishTime);
    arrivals.push(...latencies);
    lastArrivals.push(Math.max(...latencies));
  }

  console.log(`rounds: ${rounds} (after ${WARMUP_ROUNDS} warm-up), one move at a time: create, accept, then finish timed`);
  console.log(`finish response (PUT /api/moves/{id}/finish)   ${summary(finishTimes)}`);
  console.log(`move_status_changed arrival, every socket       ${summary(arrivals)}  (${arrivals.length} sockets × rounds)`);
  console.log(`until the last of ${SOCKETS} sockets had it, per round ${summary(lastArrivals)}`);
} catch (error) {
  // Interrupted: the requests in flight fail as the server stops; that is no finding.
  if (!interrupted) throw error;
} finally {
  await stopServer();
}
