import type { EventEmitter } from "node:events";
import type { Duplex } from "node:stream";
import * as pgCloudflare from "pg-cloudflare";

type WriteCallback = (error?: unknown) => void;

/** What is used of pg-cloudflare's socket (its types resolve to the empty module outside workerd). */
interface CloudflareSocket extends EventEmitter {
  write(data: Uint8Array | string, encoding?: BufferEncoding, callback?: WriteCallback): true | void;
  destroy(reason: string): this;
  _listen(): Promise<void>;
}

/**
 * The socket pg connects through inside workerd: pg-cloudflare's, told when the connection is
 * lost. pg learns that a connection is gone only from its socket's `error` or `close` events;
 * pg-cloudflare's socket drops a failed write's error when pg passed no callback (pg never does),
 * and says nothing when the server's side ends. A connection the database ended (a FATAL error,
 * a crash, a restart) then left the query queued behind it — a transaction's ROLLBACK — waiting
 * for ever. Here a failed write is an `error`, and the end of what the server sends is a `close`
 * (emitted once), as a Node socket reports them.
 *
 * Outside workerd the package resolves to an empty module: pg uses Node's own sockets.
 */
export function workerdSocket(): ((config?: { ssl?: unknown }) => Duplex) | undefined {
  const Base = (pgCloudflare as unknown as { CloudflareSocket?: new (ssl: boolean) => CloudflareSocket }).CloudflareSocket;
  if (!Base) return undefined;

  class WorkerdSocket extends Base {
    private closeEmitted = false;
    /** What pg writes between `cork()` and `uncork()`: one statement's messages, sent as one write. */
    private corked: { data: Uint8Array; done?: WriteCallback }[] | null = null;

    /**
     * pg corks its socket while it writes a statement's messages (Parse, Bind, Describe, Execute,
     * Sync) and uncorks it after, as a Node socket allows; pg-cloudflare's socket has neither, so
     * each message would be a write, and a round trip, of its own through workerd's socket.
     */
    cork() {
      this.corked ??= [];
    }

    uncork() {
      const pending = this.corked;
      this.corked = null;
      if (!pending?.length) return;
      const data = pending.length === 1 ? pending[0].data : Buffer.concat(pending.map((part) => part.data));
      this.write(data, (error) => {
        for (const part of pending) part.done?.(error);
      });
    }

    override emit(event: string | symbol, ...args: unknown[]): boolean {
      if (event === "close") {
        if (this.closeEmitted) return false;
        this.closeEmitted = true;
      }
      return super.emit(event, ...args);
    }

    override write(data: Uint8Array | string, encodingOrCallback?: BufferEncoding | WriteCallback, callback?: WriteCallback) {
      const encoding = typeof encodingOrCallback === "string" ? encodingOrCallback : "utf8";
      const done = typeof encodingOrCallback === "function" ? encodingOrCallback : callback;
      if (this.corked) {
        this.corked.push({ data: typeof data === "string" ? Buffer.from(data, encoding) : data, done });
        return true;
      }
      return super.write(data, encoding, (error?: unknown) => {
        if (error) this.lost(error);
        done?.(error);
      });
    }

    override async _listen() {
      try {
        await super._listen();
      } finally {
        // The server ended its side (or reading failed, which the caller reports as an error).
        this.lost();
      }
    }

    private lost(error?: unknown) {
      if (this.closeEmitted) return;
      if (error) this.emit("error", error instanceof Error ? error : new Error(String(error)));
      this.destroy("connection lost");
      this.emit("close");
    }
  }

  return (config) => new WorkerdSocket(Boolean(config?.ssl)) as unknown as Duplex;
}
