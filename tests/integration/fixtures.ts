/** Small builders for integration tests: each inserts one row with sensible defaults. */
import { accounts, companies, trailers, users } from "#db/schema";
import type { Database } from "#app/lib/db.server";
import type { UserRow } from "#app/lib/session.server";
import { actorOf, type ServiceContext } from "#app/services/context.server";
import type { AfterCommit, EventSink } from "#app/domain/realtime-events";
import { ServiceError } from "#app/services/errors.server";
import { flagsFor, type Role } from "#app/domain/roles";
import { hashPassword } from "#app/lib/password.server";

export const TEST_PASSWORD_COST = { N: 1024, r: 8, p: 1 };
let sequence = 0;
const next = () => ++sequence;

export async function createAccount(db: Database, name = `Account ${next()}`) {
  const [company] = await db
    .insert(companies)
    .values({ companyName: `${name} Co` })
    .returning();
  const [account] = await db.insert(accounts).values({ companyId: company.id, accountName: name, location: "Boston, MA" }).returning();
  return account;
}

export async function createUser(
  db: Database,
  options: { role: Role; accountId: number | null; password?: string; email?: string; alphaCode?: string },
) {
  const n = next();
  const [user] = await db
    .insert(users)
    .values({
      ...flagsFor(options.role),
      accountId: options.accountId,
      email: options.email ?? `user${n}@example.test`,
      alphaCode: options.alphaCode ?? `U${n}`,
      passwordHash: await hashPassword(options.password ?? "Secret#123", TEST_PASSWORD_COST),
      firstLogin: false,
    })
    .returning();
  return user;
}

export async function createTrailer(db: Database, accountId: number, location = "Yard A") {
  const [trailer] = await db
    .insert(trailers)
    .values({ accountId, companyOwner: "ACME", trailerNumber: `T${next()}`, trailerLocation: location, inShop: location === "Shop" })
    .returning();
  return trailer;
}

/**
 * An event sink that records what committed writes sent (and checks, with `committed`, that each
 * batch is sent only once its write is visible to other connections).
 */
export function recordingSink(committed?: (effects: readonly AfterCommit[]) => Promise<void>) {
  const sent: AfterCommit[] = [];
  const checks: Promise<void>[] = [];
  const events: EventSink = {
    send(effects) {
      sent.push(...effects);
      if (!committed) return;
      const check = committed(effects);
      // Its failure is reported by `settled`, which the test awaits once the write has returned.
      check.catch(() => undefined);
      checks.push(check);
    },
  };
  return { events, sent, settled: () => Promise.all(checks) };
}

/** A service context for `user`, with a `recordingSink` (given `committed`, its check) as its event sink. */
export function contextFor(db: Database, user: UserRow, committed?: (effects: readonly AfterCommit[]) => Promise<void>) {
  const { events, sent, settled } = recordingSink(committed);
  const ctx: ServiceContext = { db, actor: actorOf(user), events };
  return { ctx, sent, settled };
}

/** The refusal a service gave ({status, errors} and the field it named, if any), or null when it did not refuse. */
export async function refusal(promise: Promise<unknown>): Promise<{ status: number; errors: string[]; field?: string } | null> {
  try {
    await promise;
    return null;
  } catch (error) {
    if (error instanceof ServiceError)
      return { status: error.status, errors: error.errors, ...(error.field ? { field: error.field } : {}) };
    throw error;
  }
}
