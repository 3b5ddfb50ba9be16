/**
 * A connection pooler between the Worker and the local Postgres, doing on this machine what
 * Hyperdrive does for a deployed Worker: each request still opens its one connection, but to
 * this pooler, which hands it a Postgres backend that is already running and warm (its catalog
 * caches filled by earlier requests), instead of Postgres starting a new backend process for it.
 *
 * Session pooling: a client connection has one backend for its whole life (a request's
 * transactions and queries all go to it) and gives it back when it closes. A backend is given
 * back only at rest — every query answered, outside any transaction — and is reset first
 * (`RESET_BACKEND`: `DISCARD ALL` but for the cached plans); any other backend is closed, which
 * ends its transaction and releases its locks, as a closed direct connection would. Backends are opened with the client's own startup
 * parameters (user, database, the app's statement and idle-in-transaction timeouts), and only
 * clients with the same parameters share them.
 *
 * When Postgres cannot give a backend (down, starting, out of connections), the client is
 * answered with Postgres's own error (or 08006), so the app answers 503 as it does connecting
 * directly; when a backend ends (Postgres restarted, a FATAL error, a terminated backend), its
 * client's connection is closed with it.
 */
import { createHash } from "node:crypto";
import net from "node:net";

export interface PoolerOptions {
  /** The Postgres the backends connect to: `postgres://user:password@host:port/database`. */
  upstream: string;
  /** The port it listens on (127.0.0.1 only); 0 for any free one. */
  port: number;
  /** Backends open at most, across all clients (the rest wait for one). */
  maxBackends?: number;
  /** Backends kept open while no client holds them. */
  idleBackends?: number;
}

export interface RunningPooler {
  /** The upstream's URL with the pooler's host and port. */
  url: string;
  close(): Promise<void>;
}

const PROTOCOL_3 = 196608;
const SSL_REQUEST = 80877103;
const GSS_REQUEST = 80877104;
const CANCEL_REQUEST = 80877102;
/**
 * What a backend given back is reset with: `DISCARD ALL` but for its plans. Whatever the last
 * client set, prepared, opened, listened for, locked or made temporary is gone, as with `DISCARD
 * ALL`; the plans the backend has cached (the triggers' statements among them) stay, so the next
 * request does not plan the move triggers' statements again (5-30 ms on a move's update).
 */
const RESET_BACKEND =
  "SET SESSION AUTHORIZATION DEFAULT; RESET ALL; DEALLOCATE ALL; CLOSE ALL; UNLISTEN *; SELECT pg_advisory_unlock_all(); DISCARD TEMP; DISCARD SEQUENCES";

interface Backend {
  socket: net.Socket;
  key: string;
  /** ParameterStatus and BackendKeyData messages of its startup, replayed to each client. */
  greeting: Buffer;
  alive: boolean;
}

/** A Postgres protocol message: type byte, then its length (counting itself) and body. */
function message(type: string, body: Buffer = Buffer.alloc(0)): Buffer {
  const head = Buffer.alloc(5);
  head.write(type, 0, "latin1");
  head.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([head, body]);
}

const int32 = (value: number) => {
  const buffer = Buffer.alloc(4);
  buffer.writeInt32BE(value);
  return buffer;
};
const cString = (text: string) => Buffer.from(`${text}\0`, "utf8");

/** An ErrorResponse as Postgres sends it: severity, SQLSTATE and message. */
function errorMessage(code: string, text: string, severity = "FATAL"): Buffer {
  return message(
    "E",
    Buffer.concat([cString(`S${severity}`), cString(`V${severity}`), cString(`C${code}`), cString(`M${text}`), Buffer.from([0])]),
  );
}

/** Splits a byte stream into whole messages; `startup` messages have no type byte. */
class Framer {
  private pending: Buffer = Buffer.alloc(0);
  constructor(private readonly typed: boolean) {}
  push(chunk: Buffer): Buffer[] {
    this.pending = this.pending.length ? Buffer.concat([this.pending, chunk]) : chunk;
    const whole: Buffer[] = [];
    const head = this.typed ? 1 : 0;
    while (this.pending.length >= head + 4) {
      const size = head + this.pending.readInt32BE(head);
      if (this.pending.length < size) break;
      whole.push(this.pending.subarray(0, size));
      this.pending = this.pending.subarray(size);
    }
    return whole;
  }
  /** What has arrived after the messages taken so far. */
  rest(): Buffer {
    const rest = this.pending;
    this.pending = Buffer.alloc(0);
    return rest;
  }
}

function parseStartup(body: Buffer): Map<string, string> {
  const params = new Map<string, string>();
  const parts = body.subarray(8).toString("utf8").split("\0");
  for (let i = 0; i + 1 < parts.length && parts[i]; i += 2) params.set(parts[i], parts[i + 1]);
  return params;
}

function startupMessage(params: Map<string, string>): Buffer {
  const body = Buffer.concat([
    int32(PROTOCOL_3),
    ...[...params].flatMap(([key, value]) => [cString(key), cString(value)]),
    Buffer.from([0]),
  ]);
  return Buffer.concat([int32(body.length + 4), body]);
}

class StartupError extends Error {
  constructor(readonly reply: Buffer) {
    super("the database refused the connection");
  }
}

export async function startPooler(options: PoolerOptions): Promise<RunningPooler> {
  const upstream = new URL(options.upstream);
  const host = upstream.hostname;
  const upstreamPort = Number(upstream.port || 5432);
  const password = decodeURIComponent(upstream.password);
  const maxBackends = options.maxBackends ?? 100;
  const idleBackends = options.idleBackends ?? 20;

  const idle: Backend[] = [];
  const waiting: (() => void)[] = [];
  const clients = new Set<net.Socket>();
  let open = 0;

  function openBackend(params: Map<string, string>, key: string): Promise<Backend> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(upstreamPort, host);
      socket.setNoDelay(true);
      const framer = new Framer(true);
      const greeting: Buffer[] = [];
      const fail = (error: Error) => {
        socket.destroy();
        reject(error);
      };
      socket.once("error", fail);
      socket.once("close", () => fail(new StartupError(errorMessage("08006", "the database closed the connection while it was opening"))));
      socket.once("connect", () => socket.write(startupMessage(params)));
      const onData = (chunk: Buffer) => {
        for (const whole of framer.push(chunk)) {
          const type = String.fromCharCode(whole[0]);
          const body = whole.subarray(5);
          if (type === "R") {
            const method = body.readInt32BE(0);
            if (method === 3) socket.write(message("p", cString(password)));
            else if (method === 5) {
              const inner = createHash("md5")
                .update(password + params.get("user"))
                .digest("hex");
              const outer = createHash("md5")
                .update(Buffer.concat([Buffer.from(inner), body.subarray(4, 8)]))
                .digest("hex");
              socket.write(message("p", cString(`md5${outer}`)));
            } else if (method !== 0) {
              fail(new StartupError(errorMessage("28000", `the pooler cannot answer the database's authentication method (${method})`)));
            }
          } else if (type === "S" || type === "K") {
            greeting.push(Buffer.from(whole));
          } else if (type === "E") {
            fail(new StartupError(Buffer.from(whole)));
          } else if (type === "Z") {
            socket.off("data", onData);
            socket.removeAllListeners("error");
            socket.removeAllListeners("close");
            const backend: Backend = { socket, key, greeting: Buffer.concat(greeting), alive: true };
            socket.on("error", () => undefined);
            // However it ends (closed here, by Postgres, or with its client), it leaves room.
            socket.on("close", () => {
              backend.alive = false;
              const index = idle.indexOf(backend);
              if (index >= 0) idle.splice(index, 1);
              backendGone();
            });
            resolve(backend);
          }
        }
      };
      socket.on("data", onData);
    });
  }

  /** A backend for these parameters: an idle one, a new one, or the next one given back. */
  async function acquire(params: Map<string, string>, key: string): Promise<Backend> {
    for (;;) {
      // The one given back last: the warmest.
      for (let index = idle.length - 1; index >= 0; index--) {
        if (idle[index].key === key && idle[index].alive) return idle.splice(index, 1)[0];
      }
      if (open < maxBackends || idle.length > 0) {
        // At the limit, an idle backend of other parameters makes room.
        if (open >= maxBackends) closeBackend(idle.shift()!);
        open++;
        try {
          return await openBackend(params, key);
        } catch (error) {
          backendGone();
          throw error;
        }
      }
      await new Promise<void>((resolve) => waiting.push(resolve));
    }
  }

  function backendGone() {
    open--;
    waiting.shift()?.();
  }

  function closeBackend(backend: Backend) {
    backend.alive = false;
    if (!backend.socket.destroyed) backend.socket.end(message("X"));
  }

  /** Back to the pool, reset, when it is at rest; closed otherwise. */
  function release(backend: Backend, atRest: boolean) {
    if (!atRest || !backend.alive || idle.length >= idleBackends) {
      closeBackend(backend);
      return;
    }
    const framer = new Framer(true);
    const onData = (chunk: Buffer) => {
      for (const whole of framer.push(chunk)) {
        if (whole[0] !== 0x5a) continue; // "Z": the reset is done
        backend.socket.off("data", onData);
        if (whole[5] === 0x49 && backend.alive) {
          idle.push(backend);
          // Handed back: a waiting client may now take it or the room it leaves.
          waiting.shift()?.();
        } else {
          closeBackend(backend);
        }
      }
    };
    backend.socket.on("data", onData);
    backend.socket.write(message("Q", cString(RESET_BACKEND)));
  }

  async function serve(client: net.Socket) {
    client.setNoDelay(true);
    clients.add(client);
    client.on("error", () => undefined);
    client.once("close", () => clients.delete(client));
    const startup = new Framer(false);
    const first = await new Promise<Buffer | null>((resolve) => {
      const onData = (chunk: Buffer) => {
        const [whole] = startup.push(chunk);
        if (!whole) return;
        const code = whole.readInt32BE(4);
        if (code === SSL_REQUEST || code === GSS_REQUEST) {
          client.write("N");
          return;
        }
        client.off("data", onData);
        resolve(whole);
      };
      client.on("data", onData);
      client.once("close", () => resolve(null));
    });
    if (!first) return;
    const code = first.readInt32BE(4);
    if (code === CANCEL_REQUEST) {
      // Cancel keys are the backends' own: the request goes to Postgres as it came.
      net
        .connect(upstreamPort, host, function (this: net.Socket) {
          this.end(first);
        })
        .on("error", () => undefined);
      client.end();
      return;
    }
    if (code !== PROTOCOL_3) {
      client.end(errorMessage("0A000", "unsupported frontend protocol"));
      return;
    }
    const params = parseStartup(first);
    const key = [...params].sort(([a], [b]) => a.localeCompare(b)).join("\n");

    // The client signs in to the pooler with the database's own password.
    client.write(message("R", int32(3)));
    const typed = new Framer(true);
    typed.push(startup.rest());
    const answer = await new Promise<Buffer | null>((resolve) => {
      const [ready] = typed.push(Buffer.alloc(0));
      if (ready) return resolve(ready);
      const onData = (chunk: Buffer) => {
        const [whole] = typed.push(chunk);
        if (!whole) return;
        client.off("data", onData);
        resolve(whole);
      };
      client.on("data", onData);
      client.once("close", () => resolve(null));
    });
    if (!answer) return;
    if (answer[0] !== 0x70 || answer.toString("utf8", 5, answer.length - 1) !== password) {
      client.end(errorMessage("28P01", `password authentication failed for user "${params.get("user") ?? ""}"`));
      return;
    }

    let backend: Backend;
    try {
      backend = await acquire(params, key);
    } catch (error) {
      client.end(
        error instanceof StartupError ? error.reply : errorMessage("08006", `the database cannot be reached: ${(error as Error).message}`),
      );
      return;
    }
    if (client.destroyed) {
      release(backend, true);
      return;
    }
    client.write(Buffer.concat([message("R", int32(0)), backend.greeting, message("Z", Buffer.from("I"))]));

    // Piped both ways; counting the answers owed (a Sync or a simple Query each ends with
    // ReadyForQuery) and the transaction status of the last ReadyForQuery.
    let owed = 0;
    let status = 0x49; // "I": idle, outside a transaction
    let done = false;
    const fromClient = typed;
    const fromBackend = new Framer(true);
    const finish = (atRest: boolean) => {
      if (done) return;
      done = true;
      backend.socket.off("data", onBackendData);
      backend.socket.off("close", onBackendClose);
      release(backend, atRest);
      client.end();
    };
    const onClientData = (chunk: Buffer) => {
      const forward: Buffer[] = [];
      let terminated = false;
      for (const whole of fromClient.push(chunk)) {
        const type = whole[0];
        if (type === 0x58) {
          // "X": Terminate, which is the pooler's to act on, not the backend's.
          terminated = true;
          break;
        }
        if (type === 0x53 || type === 0x51) owed++; // "S" Sync, "Q" Query
        forward.push(whole);
      }
      if (forward.length) backend.socket.write(forward.length === 1 ? forward[0] : Buffer.concat(forward));
      if (terminated) finish(owed === 0 && status === 0x49);
    };
    const onBackendData = (chunk: Buffer) => {
      for (const whole of fromBackend.push(chunk)) {
        if (whole[0] === 0x5a) {
          owed--;
          status = whole[5];
        }
      }
      client.write(chunk);
    };
    const onBackendClose = () => {
      done = true;
      client.end();
    };
    backend.socket.on("data", onBackendData);
    backend.socket.once("close", onBackendClose);
    client.on("data", onClientData);
    client.once("close", () => finish(owed === 0 && status === 0x49));
  }

  const server = net.createServer((client) => void serve(client).catch(() => client.destroy()));
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, "127.0.0.1", () => resolve());
  });
  const address = server.address();
  const url = new URL(options.upstream);
  url.hostname = "127.0.0.1";
  url.port = String(typeof address === "object" && address ? address.port : options.port);
  return {
    url: url.toString(),
    close: async () => {
      for (const client of clients) client.destroy();
      for (const backend of idle.splice(0)) closeBackend(backend);
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
