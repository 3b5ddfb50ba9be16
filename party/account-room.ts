import { Server, type Connection, type ConnectionContext } from "partyserver";
import type { Env } from "../load-context";

/** Headers set by the Worker's socket guard (app/lib/realtime.server.ts) after it admits a socket. */
export const SOCKET_SESSION_HEADER = "x-yardline-session";
export const SOCKET_USER_HEADER = "x-yardline-user";

/**
 * One room per account (named by the account id), plus the admins' room `all`.
 * The room itself holds no state: it fans out events published by the Worker to its sockets.
 */
export class AccountRoom extends Server<Env> {
  static options = { hibernate: true };

  getConnectionTags(_connection: Connection, ctx: ConnectionContext): string[] {
    const sessionId = ctx.request.headers.get(SOCKET_SESSION_HEADER);
    const userId = ctx.request.headers.get(SOCKET_USER_HEADER);
    return [sessionId ? `session:${sessionId}` : "session:none", userId ? `user:${userId}` : "user:none"];
  }

  onMessage(): void {
    // Clients only listen; anything they send is ignored.
  }

  /** Sends an event to every socket of this room. */
  async publish(message: string): Promise<number> {
    let delivered = 0;
    for (const connection of this.getConnections()) {
      connection.send(message);
      delivered++;
    }
    return delivered;
  }

  /**
   * Tells the sockets of an ended session why (logout, forced login elsewhere, timeout,
   * deactivation) and closes them.
   */
  async closeSessionSockets(sessionId: number, reason: string): Promise<number> {
    let closed = 0;
    const message = JSON.stringify({ type: "session_ended", session_id: sessionId, reason });
    for (const connection of this.getConnections(`session:${sessionId}`)) {
      connection.send(message);
      connection.close(4001, reason);
      closed++;
    }
    return closed;
  }
}
