import { and, eq, isNull } from "drizzle-orm";
import { sessions, settings, users } from "../../db/schema";
import type { Queryable } from "./db.server";

export const SESSION_COOKIE = "yardline_session";
export const SECURE_SESSION_COOKIE = "__Host-yardline_session";

export function readCookie(request: Request, name: string): string | null {
  const header = request.headers.get("Cookie");
  if (!header) return null;
  for (const part of header.split(";")) {
    const index = part.indexOf("=");
    if (index < 0) continue;
    if (part.slice(0, index).trim() === name) return decodeURIComponent(part.slice(index + 1).trim());
  }
  return null;
}

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
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export type LiveSession = Awaited<ReturnType<typeof findLiveSession>>;

/**
 * The live session a token belongs to, with its user, or null when the token is unknown,
 * the session ended, the inactivity timeout passed, or the user was deactivated.
 */
export async function findLiveSession(db: Queryable, token: string | null) {
  if (!token) return null;
  const tokenHash = await hashToken(token);
  const [row] = await db
    .select({ session: sessions, user: users, timeoutHours: settings.timeoutHours })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(settings, eq(settings.id, 1))
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.endedAt)))
    .limit(1);
  if (!row || !row.user.isActive) return null;
  const timeoutMs = (row.timeoutHours ?? 4) * 3_600_000;
  if (Date.now() - row.session.lastActivity.getTime() > timeoutMs) return null;
  return { session: row.session, user: row.user };
}
