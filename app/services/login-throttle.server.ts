import { eq, sql } from "drizzle-orm";
import { loginAttempts } from "#db/schema";
import type { Transaction } from "#app/lib/db.server";
import { write, type SystemContext } from "./context.server";

/**
 * Sign-in throttling. Failed sign-ins are counted per email and client together, so a stranger's
 * wrong passwords slow down only the stranger: the owner signing in from another client (another
 * address, or a browser that has signed in before) is not held back. After `freeFailures` failures
 * in a row a client waits before its next try for that email, 1 minute, then 2, 4, 8, up to 15
 * minutes; a success clears the count. One address is also held back after `perAddress` failures
 * for any emails within `addressWindowMinutes`. Each try is counted before its password is
 * checked, under a lock on the client, so tries sent at once are counted one after the other and
 * never more than the limit gets through.
 */
export const LOGIN_LIMITS = {
  freeFailures: 5,
  firstDelayMinutes: 1,
  maxDelayMinutes: 15,
  /** Failures older than this are forgotten. */
  memoryHours: 24,
  perAddress: 50,
  addressWindowMinutes: 15,
} as const;

/**
 * Who is trying, as throttling sees it: `key` names the client the failures of an email are
 * counted for (a trusted address, a known device `device:{id}`, or `unknown`); `address` is the
 * address Cloudflare reported, when the app trusts it, for the per-address limit. The key is kept
 * in `login_attempts.ip_address`.
 */
export interface ThrottledClient {
  key: string;
  address: string | null;
}

export type Reservation = { attemptId: number } | { refused: { retryAfterSeconds: number; error: string } };

/** The wait after `failures` failures in a row, in seconds (0 while still free). */
export function backOffSeconds(failures: number): number {
  if (failures < LOGIN_LIMITS.freeFailures) return 0;
  const minutes = LOGIN_LIMITS.firstDelayMinutes * 2 ** (failures - LOGIN_LIMITS.freeFailures);
  return Math.min(minutes, LOGIN_LIMITS.maxDelayMinutes) * 60;
}

function refusal(retryAfterSeconds: number) {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  const minutes = Math.ceil(seconds / 60);
  return {
    refused: {
      retryAfterSeconds: seconds,
      error: `Too many failed login attempts. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
    },
  };
}

type Row = Record<string, unknown>;

/** Failures of this email from this client since its last success: how many, and seconds since the last one. */
async function failuresInARow(tx: Transaction, email: string, key: string) {
  const { rows } = await tx.execute<Row>(sql`
    select count(*)::int as failures, extract(epoch from now() - max(attempted_at))::float8 as since_last
    from login_attempts
    where email = ${email} and ip_address = ${key} and not succeeded
      and attempted_at > now() - make_interval(hours => ${LOGIN_LIMITS.memoryHours})
      and attempted_at > coalesce(
        (select max(attempted_at) from login_attempts where email = ${email} and ip_address = ${key} and succeeded),
        '-infinity')`);
  return { failures: Number(rows[0]?.failures ?? 0), sinceLast: Number(rows[0]?.since_last ?? 0) };
}

/** Seconds until this address may try again (0: it may). */
async function addressWait(tx: Transaction, address: string): Promise<number> {
  const { rows } = await tx.execute<Row>(sql`
    select count(*)::int as failures,
      extract(epoch from min(attempted_at) + make_interval(mins => ${LOGIN_LIMITS.addressWindowMinutes}) - now())::float8 as wait
    from login_attempts
    where ip_address = ${address} and not succeeded
      and attempted_at > now() - make_interval(mins => ${LOGIN_LIMITS.addressWindowMinutes})`);
  return Number(rows[0]?.failures ?? 0) >= LOGIN_LIMITS.perAddress ? Number(rows[0]?.wait ?? 0) : 0;
}

/**
 * Counts a sign-in try before its password is checked: refused while the client must wait, else
 * recorded as a failure (`settleAttempt` turns it into a success). Tries of one client are
 * decided one at a time (an advisory lock held until the try is recorded).
 */
export async function reserveAttempt(ctx: SystemContext, email: string, client: ThrottledClient): Promise<Reservation> {
  const lock = client.address !== null ? `login:address:${client.address}` : `login:${client.key}:${email}`;
  return write(ctx, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${lock}, 0))`);
    const { failures, sinceLast } = await failuresInARow(tx, email, client.key);
    const pairWait = backOffSeconds(failures) - sinceLast;
    if (failures >= LOGIN_LIMITS.freeFailures && pairWait > 0) return refusal(pairWait);
    const wait = client.address !== null ? await addressWait(tx, client.address) : 0;
    if (wait > 0) return refusal(wait);
    const [attempt] = await tx
      .insert(loginAttempts)
      .values({ email, ipAddress: client.key, succeeded: false })
      .returning({ id: loginAttempts.id });
    return { attemptId: attempt.id };
  });
}

/** The password was right: the try counts as a success, and the client's failures start again from zero. */
export async function settleAttempt(ctx: SystemContext, attemptId: number): Promise<void> {
  await write(ctx, (tx) => tx.update(loginAttempts).set({ succeeded: true }).where(eq(loginAttempts.id, attemptId)));
}
