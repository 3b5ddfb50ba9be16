import { and, eq, isNull, lt, sql } from "drizzle-orm";
import { sessions, settings, users } from "#db/schema";
import type { Queryable } from "./db.server";
import { readCookie } from "./cookies.server";

export const SESSION_COOKIE = "yardline_session";
export const SECURE_SESSION_COOKIE = "__Host-yardline_session";

export function readSessionToken(request: Request): string | null {
  return readCookie(request, SECURE_SESSION_COOKIE) ?? readCookie(request, SESSION_COOKIE);
}

/** SHA-256 of a session token, hex. Only this is stored. */
export async function hashToken(token: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** A random 256-bit token, base64url. */
export function newToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

export type SessionRow = typeof sessions.$inferSelect;
export type UserRow = typeof users.$inferSelect;

/**
 * What a session cookie stands for:
 * - `live`: a session in use, with its user and the timeout in force;
 * - `timed_out`: inactive longer than the timeout (marked ended here when first noticed);
 * - `invalidated`: ended because the account logged in elsewhere;
 * - `ended`: logged out, deactivated, or an unknown token (`none`: no cookie at all).
 */
export type SessionState =
  | { state: "live"; session: SessionRow; user: UserRow; timeoutHours: number }
  | { state: "timed_out" | "invalidated" | "deactivated" | "ended" | "none" };

export async function timeoutHours(db: Queryable): Promise<number> {
  const [row] = await db.select({ hours: settings.timeoutHours }).from(settings).where(eq(settings.id, 1));
  return row?.hours ?? 4;
}

export function isPastTimeout(lastActivity: Date, hours: number, now = Date.now()): boolean {
  return now - lastActivity.getTime() > hours * 3_600_000;
}

export async function resolveSession(db: Queryable, token: string | null): Promise<SessionState> {
  if (!token) return { state: "none" };
  const [row] = await db
    .select({ session: sessions, user: users, timeoutHours: settings.timeoutHours })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(settings, eq(settings.id, 1))
    .where(eq(sessions.tokenHash, await hashToken(token)))
    .limit(1);
  if (!row) return { state: "ended" };
  const { session, user } = row;
  if (session.endedAt) {
    if (session.endReason === "replaced") return { state: "invalidated" };
    if (session.endReason === "timeout") return { state: "timed_out" };
    if (session.endReason === "deactivated") return { state: "deactivated" };
    return { state: "ended" };
  }
  if (!user.isActive) return { state: "deactivated" };
  const hours = row.timeoutHours ?? 4;
  if (isPastTimeout(session.lastActivity, hours)) {
    await endTimedOutSession(db, session.id, hours);
    return { state: "timed_out" };
  }
  return { state: "live", session, user, timeoutHours: hours };
}

/** Marks a session ended by timeout, if it still is open and past the timeout (the database decides). */
export async function endTimedOutSession(db: Queryable, sessionId: number, hours: number): Promise<boolean> {
  const ended = await db
    .update(sessions)
    .set({ endedAt: sql`now()`, endReason: "timeout" })
    .where(
      and(
        eq(sessions.id, sessionId),
        isNull(sessions.endedAt),
        lt(sessions.lastActivity, sql`now() - make_interval(secs => ${hours * 3600})`),
      ),
    )
    .returning({ id: sessions.id });
  return ended.length > 0;
}

/** Keeps a session alive: its inactivity clock starts again. */
export async function touchSession(db: Queryable, sessionId: number): Promise<Date | null> {
  const [row] = await db
    .update(sessions)
    .set({ lastActivity: sql`now()` })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.endedAt)))
    .returning({ lastActivity: sessions.lastActivity });
  return row?.lastActivity ?? null;
}

/** Why a socket's session is over, as its `session_ended` event says (the page shows the matching message). */
export type EndedSession = { id: number; reason: "logout" | "timeout" | "replaced" | "deactivated" | "ended" };

/**
 * Of these sessions (the sockets of a room), the ones that are no longer live and why, and when
 * the first live one will time out. A live session past the inactivity timeout is ended here as
 * timed out, as a request with its cookie would have done.
 */
export async function sessionsEnded(db: Queryable, ids: number[]): Promise<{ ended: EndedSession[]; nextTimeoutAt: Date | null }> {
  if (!ids.length) return { ended: [], nextTimeoutAt: null };
  const idList = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const { rows } = await db.execute<{ id: number; end_reason: string | null; is_active: boolean; timeout_at: Date | string | null }>(sql`
    with timeout as (select coalesce((select timeout_hours from settings where id = 1), 4)::float8 as hours),
    timed_out as (
      update sessions set ended_at = now(), end_reason = 'timeout'
      where id in (${idList}) and ended_at is null
        and last_activity < now() - make_interval(secs => (select hours from timeout) * 3600)
      returning id
    )
    select s.id, case when t.id is not null then 'timeout' when s.ended_at is not null then s.end_reason end as end_reason,
      u.is_active, s.last_activity + make_interval(secs => (select hours from timeout) * 3600) as timeout_at
    from sessions s join users u on u.id = s.user_id left join timed_out t on t.id = s.id
    where s.id in (${idList})`);
  const found = new Map(rows.map((row) => [Number(row.id), row]));
  const ended: EndedSession[] = [];
  let nextTimeoutAt: Date | null = null;
  for (const id of ids) {
    const row = found.get(id);
    if (!row) ended.push({ id, reason: "ended" });
    else if (row.end_reason) ended.push({ id, reason: (row.end_reason as EndedSession["reason"]) ?? "ended" });
    else if (!row.is_active) ended.push({ id, reason: "deactivated" });
    else if (row.timeout_at) {
      const at = new Date(row.timeout_at);
      if (!nextTimeoutAt || at < nextTimeoutAt) nextTimeoutAt = at;
    }
  }
  return { ended, nextTimeoutAt };
}
