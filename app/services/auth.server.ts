import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { sessions, users } from "#db/schema";
import { MESSAGES, type SessionInfo } from "#app/domain/auth";
import { newPasswordSchema, type LoginInput } from "#app/domain/auth-schemas";
import { apiRoleFlags } from "#app/domain/roles";
import type { Database } from "#app/lib/db.server";
import { hashPassword, verifyPassword, type ScryptCost } from "#app/lib/password.server";
import {
  hashToken,
  isPastTimeout,
  newToken,
  timeoutHours,
  touchSession,
  type SessionRow,
  type SessionState,
  type UserRow,
} from "#app/lib/session.server";
import { recordSecurityEvent } from "./audit.server";
import { actorOf, write, type ServiceContext, type SystemContext } from "./context.server";
import { parseInput, ServiceError } from "./errors.server";
import { reserveAttempt, settleAttempt } from "./login-throttle.server";

export { LOGIN_LIMITS } from "./login-throttle.server";

/** The client signing in, as the request describes it. */
export interface ClientInfo {
  userAgent: string | null;
  /** The address as reported, shown with the session. */
  ipAddress: string | null;
  /** Whether Cloudflare reported `ipAddress` (TRUST_CF_CONNECTING_IP): only then does throttling rely on it. */
  addressTrusted?: boolean;
  /** The device cookie an earlier sign-in left in this browser, if any. */
  device?: string | null;
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
    ...apiRoleFlags(user),
    first_login: user.firstLogin,
    previous_session_timed_out: previousSessionTimedOut,
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
    driver_number: user.driverNumber,
  };
}

export type LoginOutcome =
  /** `device`: the cookie that marks this browser as one the user signed in from. */
  | { kind: "signed_in"; token: string; session: SessionRow; user: UserRow; previousSessionTimedOut: boolean; device: string }
  /** `ticket`: the proof that the password was right, for logging the other session out without typing it again. */
  | { kind: "active_elsewhere"; other: SessionRow; user: UserRow; ticket: string }
  | { kind: "refused"; status: 401 | 429; error: string; retryAfterSeconds?: number };

/**
 * A hash of a random password nobody knows, with the production cost: verified when the email is
 * unknown, so that answering takes as long as for a wrong password.
 */
const DUMMY_HASH = "scrypt$65536$8$2$jOgsR4ES4RDuh62dKAONiQ==$Qi9qDxWg/1JyOy1B6nPZG2Li+jX3wEW4qjUtWSgwzug=";

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

const deviceText = (userId: number, deviceId: string) => new TextEncoder().encode(`device:${userId}:${deviceId}`);

/** The device cookie of a browser the user signed in from: `{user id}.{device id}.{signature}`. */
async function deviceToken(user: UserRow, deviceId: string): Promise<string> {
  const signature = await crypto.subtle.sign("HMAC", await ticketKey(user), deviceText(user.id, deviceId));
  return `${user.id}.${deviceId}.${base64url(signature)}`;
}

/** The id of the device a cookie names, when it was given to this user (and the password has not changed since). */
async function knownDevice(user: UserRow | undefined, cookie: string | null | undefined): Promise<string | null> {
  const parts = /^(\d{1,10})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/.exec(cookie ?? "");
  if (!user || !parts || Number(parts[1]) !== user.id) return null;
  const signature = Uint8Array.from(atob(parts[3].replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));
  const valid = await crypto.subtle.verify("HMAC", await ticketKey(user), signature, deviceText(user.id, parts[2]));
  return valid ? parts[2] : null;
}

const newDeviceId = () => base64url(crypto.getRandomValues(new Uint8Array(16)).buffer);

/**
 * The client whose failures an email's sign-ins are counted for: a browser the user signed in from
 * before (its device cookie), else the address Cloudflare reported, else one shared `unknown`.
 */
async function throttledClient(user: UserRow | undefined, client: ClientInfo) {
  const device = await knownDevice(user, client.device);
  const address = client.addressTrusted && client.ipAddress ? client.ipAddress : null;
  return { key: device ? `device:${device}` : (address ?? "unknown"), address: device ? null : address };
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
      const endReason = timedOut ? "timeout" : "replaced";
      await tx
        .update(sessions)
        .set({ endedAt: sql`now()`, endReason })
        .where(eq(sessions.id, other.id));
      await recordSecurityEvent(tx, { action: "SIGN_OUT", user, sessionId: other.id, details: { reason: endReason } });
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
    await recordSecurityEvent(tx, {
      action: "SIGN_IN",
      user,
      sessionId: session.id,
      details: { ip_address: client.ipAddress, user_agent: client.userAgent },
    });
    return { kind: "signed_in" as const, token, session, user, previousSessionTimedOut };
  });
  if (outcome.kind === "signed_in") {
    return { ...outcome, device: await deviceToken(user, (await knownDevice(user, client.device)) ?? newDeviceId()) };
  }
  return { ...outcome, user, ticket: await pendingLoginTicket(user, outcome.other.id) };
}

/**
 * Signs a user in (a context without an actor: nobody is signed in yet). When another live
 * session exists, nothing is created unless `force_login` ends it. A wrong email and a wrong
 * password take the same time and give the same message.
 */
export async function logIn(ctx: SystemContext, input: LoginInput, client: ClientInfo): Promise<LoginOutcome> {
  const email = input.email.trim().toLowerCase();
  const [user] = await ctx.db.select().from(users).where(eq(users.email, email)).limit(1);
  const attempt = await reserveAttempt(ctx, email, await throttledClient(user, client));
  if ("refused" in attempt) return { kind: "refused", status: 429, ...attempt.refused };

  const passwordMatches = await verifyPassword(input.password, user?.passwordHash ?? DUMMY_HASH);
  if (!user || !passwordMatches || !user.isActive) {
    const reason = !user ? "unknown email" : !passwordMatches ? "wrong password" : "inactive user";
    await write(ctx, (tx) =>
      recordSecurityEvent(tx, {
        action: "SIGN_IN_FAILED",
        user: null,
        sessionId: null,
        details: { email, reason, ip_address: client.ipAddress, user_agent: client.userAgent },
      }),
    );
    return { kind: "refused", status: 401, error: MESSAGES.invalidCredentials };
  }
  await settleAttempt(ctx, attempt.attemptId);
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
    if (!ended.length) return;
    await recordSecurityEvent(tx, { action: "SIGN_OUT", user: current.user, sessionId: current.session.id, details: { reason } });
    effects.closeSockets(current.session.id, current.user, reason);
  });
}

/** The user was active: the session's inactivity clock starts again (its new last activity; null once ended). */
export async function refreshSession(ctx: ServiceContext, sessionId: number): Promise<Date | null> {
  return write(ctx, (tx) => touchSession(tx, sessionId));
}

/**
 * Refuses a new password for oneself unless `current` is the password the user has now (not asked
 * of the first-login change), and a new password that is the one the user has now.
 */
export async function requireOwnPasswordChange(
  user: UserRow,
  change: { password: string; current_password?: string },
  options: { firstLogin?: boolean } = {},
): Promise<void> {
  if (!options.firstLogin) {
    if (!change.current_password) throw new ServiceError(400, MESSAGES.currentPasswordRequired, "current_password");
    if (!(await verifyPassword(change.current_password, user.passwordHash)))
      throw new ServiceError(400, MESSAGES.currentPasswordIncorrect, "current_password");
  }
  if (await verifyPassword(change.password, user.passwordHash)) throw new ServiceError(400, MESSAGES.samePassword, "password");
}

/**
 * Changing one's own password: the first-login rules, the current password unless this is the
 * first-login change, and a password other than the current one. The session stays signed in;
 * first_login is cleared.
 */
export async function changeOwnPassword(ctx: ServiceContext, input: unknown, cost?: ScryptCost): Promise<UserRow> {
  const { password, current_password } = parseInput(newPasswordSchema, input);
  const [me] = await ctx.db.select().from(users).where(eq(users.id, ctx.actor.id)).limit(1);
  await requireOwnPasswordChange(me, { password, current_password }, { firstLogin: me.firstLogin });
  const passwordHash = await hashPassword(password, cost);
  const [updated] = await write(ctx, (tx) =>
    tx.update(users).set({ passwordHash, firstLogin: false }).where(eq(users.id, ctx.actor.id)).returning(),
  );
  return updated;
}
