import { Server, type Connection, type ConnectionContext } from "partyserver";
import type { Env } from "#app/env";
import { SESSION_ENDED_CLOSE_CODE } from "#app/domain/auth";
import { SOCKET_SESSION_HEADER, SOCKET_USER_HEADER } from "#app/domain/realtime-events";
import { openDatabase } from "#app/lib/db.server";
import { sessionsEnded } from "#app/lib/session.server";

/**
 * How often a room with sockets checks that their sessions are still live. Ends the Worker knows
 * of (logout, forced login, deactivation, a password set by someone else) close the sockets at
 * once; this check catches the rest (a timeout by inactivity, a close that failed to arrive), and
 * the room also wakes when the first of its sessions is due to time out.
 */
export const SESSION_CHECK_MS = 10_000;
/** After a session's timeout, the check waits this long so the database agrees it is past. */
const TIMEOUT_MARGIN_MS = 500;

const SESSION_TAG = "session:";

/**
 * One room per account (named by the account id), plus the admins' room `all`.
 * The room holds no state: it fans out events published by the Worker to its sockets, and drops
 * the sockets whose session is no longer live.
 */
export class AccountRoom extends Server<Env> {
  static options = { hibernate: true };

  getConnectionTags(_connection: Connection, ctx: ConnectionContext): string[] {
    const sessionId = ctx.request.headers.get(SOCKET_SESSION_HEADER);
    const userId = ctx.request.headers.get(SOCKET_USER_HEADER);
    return [sessionId ? `${SESSION_TAG}${sessionId}` : "session:none", userId ? `user:${userId}` : "user:none"];
  }

  async onConnect(): Promise<void> {
    await this.checkSessionsBy(Date.now() + SESSION_CHECK_MS);
  }

  onMessage(): void {
    // Clients only listen; anything they send is ignored.
  }

  /**
   * Sends events (serialised once by the Worker) to every open socket of this room, one event at a
   * time to all of them, in order. Every socket of the room gets every event, so the sockets are
   * taken from the runtime as they are: `getConnections()` would read each socket's attachment
   * back for every event. A socket that cannot take a message is closed, as partyserver's
   * `broadcast` does.
   */
  async publish(messages: readonly string[]): Promise<number> {
    let open = this.ctx.getWebSockets().filter((socket) => socket.readyState === WebSocket.OPEN);
    for (const message of messages) {
      const failed: WebSocket[] = [];
      for (const socket of open) {
        try {
          socket.send(message);
        } catch {
          failed.push(socket);
          socket.close(1011, "Unexpected error");
        }
      }
      if (failed.length) open = open.filter((socket) => !failed.includes(socket));
    }
    return open.length;
  }

  /**
   * Tells the sockets of an ended session why (logout, forced login elsewhere, timeout,
   * deactivation) and closes them.
   */
  async closeSessionSockets(sessionId: number, reason: string): Promise<number> {
    let closed = 0;
    const message = JSON.stringify({ type: "session_ended", session_id: sessionId, reason });
    for (const connection of this.getConnections(`${SESSION_TAG}${sessionId}`)) {
      connection.send(message);
      connection.close(SESSION_ENDED_CLOSE_CODE, reason);
      closed++;
    }
    return closed;
  }

  /** The sessions of the room's sockets. */
  private sessionIds(): number[] {
    const ids = new Set<number>();
    for (const connection of this.getConnections()) {
      const tag = connection.tags.find((candidate) => candidate.startsWith(SESSION_TAG));
      const id = Number(tag?.slice(SESSION_TAG.length));
      if (Number.isInteger(id) && id > 0) ids.add(id);
    }
    return [...ids];
  }

  /**
   * Makes sure the room checks its sessions by `time`. An earlier check already set is kept,
   * unless its time has passed (an alarm left over from before a restart may never fire).
   */
  private async checkSessionsBy(time: number): Promise<void> {
    const current = await this.ctx.storage.getAlarm();
    if (current === null || current > time || current < Date.now()) await this.ctx.storage.setAlarm(time);
  }

  /** Closes the sockets of sessions that ended or timed out, then sets the next check while sockets remain. */
  async onAlarm(): Promise<void> {
    const ids = this.sessionIds();
    if (!ids.length) return;
    let next = Date.now() + SESSION_CHECK_MS;
    const database = openDatabase(this.env);
    try {
      const { ended, nextTimeoutAt } = await sessionsEnded(database.db, ids);
      for (const session of ended) await this.closeSessionSockets(session.id, session.reason);
      if (nextTimeoutAt) next = Math.min(next, Math.max(Date.now(), nextTimeoutAt.getTime()) + TIMEOUT_MARGIN_MS);
    } catch (error) {
      console.error("checking the sessions of a room's sockets", error);
    } finally {
      await database.close().catch(() => undefined);
    }
    if (this.sessionIds().length) await this.checkSessionsBy(next);
  }
}
