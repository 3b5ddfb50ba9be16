import { and, count, desc, eq, gt, isNull, min, sql } from "drizzle-orm";
import { loginAttempts, sessions, users } from "../../db/schema";
import { MESSAGES, newPasswordSchema, type LoginInput } from "../domain/auth";
import { withActor, type Database } from "../lib/db.server";
import { hashPassword, verifyPassword, type ScryptCost } from "../lib/password.server";
import { hashToken, isPastTimeout, newToken, timeoutHours, type SessionRow, type UserRow } from "../lib/session.server";

/** Past this many failed logins in the window, login answers 429 before any hashing. */
export const LOGIN_LIMITS = { windowMinutes: 15, perEmail: 5, perIp: 50 } as const;

export interface ClientInfo {
  userAgent: string | null;
  ipAddress: string | null;
}

/** The spec's sessionInfo. */
export function sessionInfo(session: SessionRow) {
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
  | { kind: "signed_in"; token: string; session: SessionRow; user: UserRow; previousSessionTimedOut: boolean; replacedSession: SessionRow | null }
  | { kind: "active_elsewhere"; other: SessionRow; user: UserRow }
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
  const blocked =
    byEmail.failures >= LOGIN_LIMITS.perEmail ? byEmail : byIp.failures >= LOGIN_LIMITS.perIp ? byIp : null;
  if (!blocked) return null;
  const oldest = blocked.oldest ? new Date(blocked.oldest).getTime() : Date.now();
  const retryAfterSeconds = Math.max(1, Math.ceil((oldest + LOGIN_LIMITS.windowMinutes * 60_000 - Date.now()) / 1000));
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return {
    retryAfterSeconds,
    error: `Too many failed login attempts. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
  };
}

/**
 * Signs a user in. One live session per user: when another live session exists, nothing is
 * created unless `force_login` ends it; a session past the inactivity timeout is ended and the
 * login goes through, saying so. A wrong email and a wrong password take the same time and give
 * the same message.
 */
export async function logIn(db: Database, input: LoginInput, client: ClientInfo): Promise<LoginOutcome> {
  const email = input.email.trim().toLowerCase();
  const limited = await rateLimited(db, email, client.ipAddress);
  if (limited) return { kind: "refused", status: 429, ...limited };

  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  const passwordMatches = await verifyPassword(input.password, user?.passwordHash ?? DUMMY_HASH);
  const accepted = Boolean(user && passwordMatches && user.isActive);
  await db.insert(loginAttempts).values({ email, ipAddress: client.ipAddress, succeeded: accepted });
  if (!user || !accepted) return { kind: "refused", status: 401, error: MESSAGES.invalidCredentials };

  const hours = await timeoutHours(db);
  const token = newToken();
  const tokenHash = await hashToken(token);
  return withActor(db, user.alphaCode, async (tx) => {
    // Lock the user's row so two logins of one user are decided one after the other.
    await tx.execute(sql`select id from users where id = ${user.id} for update`);
    const [other] = await tx
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, user.id), isNull(sessions.endedAt)))
      .limit(1);
    let previousSessionTimedOut = false;
    let replacedSession: SessionRow | null = null;
    if (other) {
      const timedOut = isPastTimeout(other.lastActivity, hours);
      if (!timedOut && !input.force_login) return { kind: "active_elsewhere" as const, other, user };
      previousSessionTimedOut = timedOut;
      [replacedSession] = await tx
        .update(sessions)
        .set({ endedAt: sql`now()`, endReason: timedOut ? "timeout" : "replaced" })
        .where(eq(sessions.id, other.id))
        .returning();
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
    return {
      kind: "signed_in" as const,
      token,
      session,
      user,
      previousSessionTimedOut,
      replacedSession: previousSessionTimedOut ? null : replacedSession,
    };
  });
}

export async function endSession(db: Database, sessionId: number, reason: "logout" | "timeout"): Promise<void> {
  await db
    .update(sessions)
    .set({ endedAt: sql`now()`, endReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.endedAt)));
}

export type PasswordChangeOutcome = { ok: true; user: UserRow } | { ok: false; errors: string[] };

/** The first-login password change (also any later change of one's own password). */
export async function changeOwnPassword(
  db: Database,
  user: UserRow,
  input: unknown,
  cost?: ScryptCost,
): Promise<PasswordChangeOutcome> {
  const parsed = newPasswordSchema.safeParse(input);
  if (!parsed.success) return { ok: false, errors: [...new Set(parsed.error.issues.map((issue) => issue.message))] };
  const passwordHash = await hashPassword(parsed.data.password, cost);
  const [updated] = await withActor(db, user.alphaCode, (tx) =>
    tx.update(users).set({ passwordHash, firstLogin: false }).where(eq(users.id, user.id)).returning(),
  );
  return { ok: true, user: updated };
}
