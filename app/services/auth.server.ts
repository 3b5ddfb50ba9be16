import { and, count, desc, eq, gt, isNull, min, sql } from "drizzle-orm";
import { loginAttempts, sessions, users } from "../../db/schema";
import { MESSAGES, newPasswordSchema, type LoginInput, type SessionInfo } from "../domain/auth";
import type { Database } from "../lib/db.server";
import { hashPassword, verifyPassword, type ScryptCost } from "../lib/password.server";
import {
  hashToken,
  isPastTimeout,
  newToken,
  timeoutHours,
  touchSession,
  type SessionRow,
  type SessionState,
  type UserRow,
} from "../lib/session.server";
import { actorOf, write, type ServiceContext, type SystemContext } from "./context.server";
import { parseInput } from "./errors.server";

/** Past this many failed logins in the window, login answers 429 before any hashing. */
export const LOGIN_LIMITS = { windowMinutes: 15, perEmail: 5, perIp: 50 } as const;

export interface ClientInfo {
  userAgent: string | null;
  ipAddress: string | null;
}

/** The spec's sessionInfo. */
export function sessionInfo(session: SessionRow): SessionInfo {
  return {
    user_agent: session.userAgent,
    ip_address: session.ipAddress,
    login_time: session.loginTime.toISOString(),
    last_activity: session.lastActivity.toISOString(),
  };
}

/** The spec's session user. */
export function sessionUser(user: UserRow, previousSessionTimedOut = false) {
  return {
    id: user.id,
    account_id: user.accountId,
    alpha_code: user.alphaCode,
    is_admin: user.isAdmin,
    is_super_manager: user.isSuperManager,
    is_account_manager: user.isAccountManager,
    is_manager: user.isManager,
    is_yard_driver: user.isYardDriver,
    is_road_driver: user.isRoadDriver,
    is_mechanic: user.isMechanic,
    is_security: user.isSecurity,
    first_login: user.firstLogin,
    previous_session_timed_out: previousSessionTimedOut,
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
    driver_number: user.driverNumber,
  };
}

export type LoginOutcome =
  | { kind: "signed_in"; token: string; session: SessionRow; user: UserRow; previousSessionTimedOut: boolean }
  /** `ticket`: the proof that the password was right, for logging the other session out without typing it again. */
  | { kind: "active_elsewhere"; other: SessionRow; user: UserRow; ticket: string }
  | { kind: "refused"; status: 401 | 429; error: string; retryAfterSeconds?: number };

/**
 * A hash of a random password nobody knows, with the production cost: verified when the email is
 * unknown, so that answering takes as long as for a wrong password.
 */
const DUMMY_HASH = "scrypt$65536$8$2$jOgsR4ES4RDuh62dKAONiQ==$Qi9qDxWg/1JyOy1B6nPZG2Li+jX3wEW4qjUtWSgwzug=";

async function rateLimited(db: Database, email: string, ipAddress: string | null) {
  const since = sql`now() - make_interval(mins => ${LOGIN_LIMITS.windowMinutes})`;
  const failures = (where: ReturnType<typeof and>) =>
    db
      .select({ failures: count(), oldest: min(loginAttempts.attemptedAt) })
      .from(loginAttempts)
      .where(and(where, eq(loginAttempts.succeeded, false), gt(loginAttempts.attemptedAt, since)));
  const [[byEmail], [byIp]] = await Promise.all([
    failures(eq(loginAttempts.email, email)),
    ipAddress ? failures(eq(loginAttempts.ipAddress, ipAddress)) : Promise.resolve([{ failures: 0, oldest: null }]),
  ]);
  const blocked = byEmail.failures >= LOGIN_LIMITS.perEmail ? byEmail : byIp.failures >= LOGIN_LIMITS.perIp ? byIp : null;
  if (!blocked) return null;
  const oldest = blocked.oldest ? new Date(blocked.oldest).getTime() : Date.now();
  const retryAfterSeconds = Math.max(1, Math.ceil((oldest + LOGIN_LIMITS.windowMinutes * 60_000 - Date.now()) / 1000));
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return {
    retryAfterSeconds,
    error: `Too many failed login attempts. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
  };
}

/** How long the other-session dialog may wait for "Log Out Other Session". */
export const PENDING_LOGIN_MINUTES = 5;

function base64url(bytes: ArrayBuffer): string {
  return btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

/** The ticket's HMAC key: the user's password hash, which never leaves the server (a new password voids every ticket). */
function ticketKey(user: UserRow) {
  return crypto.subtle.importKey("raw", new TextEncoder().encode(user.passwordHash), { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
    "verify",
  ]);
}

const ticketText = (userId: number, otherSessionId: number, expires: number) =>
  new TextEncoder().encode(`pending-login:${userId}:${otherSessionId}:${expires}`);

async function pendingLoginTicket(user: UserRow, otherSessionId: number): Promise<string> {
  const expires = Date.now() + PENDING_LOGIN_MINUTES * 60_000;
  const signature = await crypto.subtle.sign("HMAC", await ticketKey(user), ticketText(user.id, otherSessionId, expires));
  return `${user.id}.${otherSessionId}.${expires}.${base64url(signature)}`;
}

/** The user and the other session a ticket was given for, while it is valid and the user still active. */
async function readPendingLogin(db: Database, ticket: string | null): Promise<{ user: UserRow; otherSessionId: number } | null> {
  const parts = /^(\d{1,10})\.(\d{1,10})\.(\d{1,15})\.([A-Za-z0-9_-]{43})$/.exec(ticket ?? "");
  if (!parts) return null;
  const [userId, otherSessionId, expires] = parts.slice(1, 4).map(Number);
  if (expires < Date.now()) return null;
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user?.isActive) return null;
  const signature = Uint8Array.from(atob(parts[4].replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));
  const valid = await crypto.subtle.verify("HMAC", await ticketKey(user), signature, ticketText(userId, otherSessionId, expires));
  return valid ? { user, otherSessionId } : null;
}

/**
 * Opens the user's session. One live session per user: another live one is ended only when
 * `replaces` says so (its sockets are closed after commit), else nothing is created and the
 * outcome describes it; a session past the inactivity timeout is ended and the login goes
 * through, saying so.
 */
async function openSession(
  ctx: SystemContext,
  user: UserRow,
  client: ClientInfo,
  replaces: (other: SessionRow) => boolean,
): Promise<LoginOutcome> {
  const hours = await timeoutHours(ctx.db);
  const token = newToken();
  const tokenHash = await hashToken(token);
  const outcome = await write({ ...ctx, actor: actorOf(user) }, async (tx, effects) => {
    // Lock the user's row so two logins of one user are decided one after the other.
    await tx.execute(sql`select id from users where id = ${user.id} for update`);
    const [other] = await tx
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, user.id), isNull(sessions.endedAt)))
      .limit(1);
    let previousSessionTimedOut = false;
    if (other) {
      const timedOut = isPastTimeout(other.lastActivity, hours);
      if (!timedOut && !replaces(other)) return { kind: "active_elsewhere" as const, other };
      previousSessionTimedOut = timedOut;
      await tx
        .update(sessions)
        .set({ endedAt: sql`now()`, endReason: timedOut ? "timeout" : "replaced" })
        .where(eq(sessions.id, other.id));
      if (!timedOut) effects.closeSockets(other.id, user, "replaced");
    } else {
      const [last] = await tx
        .select({ endReason: sessions.endReason })
        .from(sessions)
        .where(eq(sessions.userId, user.id))
        .orderBy(desc(sessions.id))
        .limit(1);
      previousSessionTimedOut = last?.endReason === "timeout";
    }
    const [session] = await tx
      .insert(sessions)
      .values({ userId: user.id, tokenHash, csrfSecret: newToken(), userAgent: client.userAgent, ipAddress: client.ipAddress })
      .returning();
    return { kind: "signed_in" as const, token, session, user, previousSessionTimedOut };
  });
  if (outcome.kind === "signed_in") return outcome;
  return { ...outcome, user, ticket: await pendingLoginTicket(user, outcome.other.id) };
}

/**
 * Signs a user in (a context without an actor: nobody is signed in yet). When another live
 * session exists, nothing is created unless `force_login` ends it. A wrong email and a wrong
 * password take the same time and give the same message.
 */
export async function logIn(ctx: SystemContext, input: LoginInput, client: ClientInfo): Promise<LoginOutcome> {
  const email = input.email.trim().toLowerCase();
  const limited = await rateLimited(ctx.db, email, client.ipAddress);
  if (limited) return { kind: "refused", status: 429, ...limited };

  const [user] = await ctx.db.select().from(users).where(eq(users.email, email)).limit(1);
  const passwordMatches = await verifyPassword(input.password, user?.passwordHash ?? DUMMY_HASH);
  const accepted = Boolean(user && passwordMatches && user.isActive);
  await write(ctx, (tx) => tx.insert(loginAttempts).values({ email, ipAddress: client.ipAddress, succeeded: accepted }));
  if (!user || !accepted) return { kind: "refused", status: 401, error: MESSAGES.invalidCredentials };
  return openSession(ctx, user, client, () => input.force_login);
}

/**
 * "Log Out Other Session" of the sign-in dialog, with the ticket the refused login gave: ends the
 * session the dialog described and signs in. Another session that went live meanwhile is
 * described in its place; an expired or forged ticket asks to log in again.
 */
export async function logInReplacingOther(ctx: SystemContext, ticket: string | null, client: ClientInfo): Promise<LoginOutcome> {
  const pending = await readPendingLogin(ctx.db, ticket);
  if (!pending) return { kind: "refused", status: 401, error: MESSAGES.loginExpired };
  return openSession(ctx, pending.user, client, (other) => other.id === pending.otherSessionId);
}

/** Log Out (or the page's logout on inactivity): ends a live session and, once committed, closes its sockets. */
export async function logOut(ctx: SystemContext, current: SessionState, reason: "logout" | "timeout"): Promise<void> {
  if (current.state !== "live") return;
  await write({ ...ctx, actor: actorOf(current.user) }, async (tx, effects) => {
    const ended = await tx
      .update(sessions)
      .set({ endedAt: sql`now()`, endReason: reason })
      .where(and(eq(sessions.id, current.session.id), isNull(sessions.endedAt)))
      .returning({ id: sessions.id });
    if (ended.length) effects.closeSockets(current.session.id, current.user, reason);
  });
}

/** The user was active: the session's inactivity clock starts again (its new last activity; null once ended). */
export async function refreshSession(ctx: ServiceContext, sessionId: number): Promise<Date | null> {
  return write(ctx, (tx) => touchSession(tx, sessionId));
}

/** The first-login password change (also any later change of one's own password). */
export async function changeOwnPassword(ctx: ServiceContext, input: unknown, cost?: ScryptCost): Promise<UserRow> {
  const { password } = parseInput(newPasswordSchema, input);
  const passwordHash = await hashPassword(password, cost);
  const [updated] = await write(ctx, (tx) =>
    tx.update(users).set({ passwordHash, firstLogin: false }).where(eq(users.id, ctx.actor.id)).returning(),
  );
  return updated;
}
