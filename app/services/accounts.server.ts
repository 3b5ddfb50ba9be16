import { and, asc, count, eq, sql } from "drizzle-orm";
import { accounts, buildings, companies, moves, trailers, trucks, users, yards } from "#db/schema";
import { accountSchema, accountStillHoldsMessage, COMPANY_MESSAGES } from "#app/domain/companies";
import { isRecordId } from "#app/domain/ids";
import { overStored } from "#app/domain/records";
import type { Queryable } from "#app/lib/db.server";
import { searchAny } from "#app/lib/sql.server";
import { write, type ServiceContext } from "./context.server";
import { parseInput, ServiceError } from "./errors.server";
import { accountScope, requireAdmin, withinReach } from "./scope.server";

const assetCounts = {
  // Trailers from the counts kept per location (an account may hold tens of thousands).
  trailers: sql<number>`(select coalesce(sum(c.trailers), 0)::int from trailer_counts c where c.account_id = ${accounts.id})`,
  trucks: sql<number>`(select count(*)::int from trucks t where t.account_id = ${accounts.id})`,
  yards: sql<number>`(select count(*)::int from yards y where y.account_id = ${accounts.id})`,
  buildings: sql<number>`(select count(*)::int from buildings b where b.account_id = ${accounts.id})`,
  users: sql<number>`(select count(*)::int from users u where u.account_id = ${accounts.id})`,
};

/**
 * Every account of every company (or of the one company named), with the same counts (admins
 * only); a search (the header's `q`) keeps the accounts whose name or company's name contains it.
 */
export async function accountSummaries(ctx: ServiceContext, companyId: number | null = null, search?: string) {
  requireCompanyAdmin(ctx);
  return ctx.db
    .select({
      id: accounts.id,
      accountName: accounts.accountName,
      location: accounts.location,
      companyId: accounts.companyId,
      companyName: companies.companyName,
      ...assetCounts,
    })
    .from(accounts)
    .innerJoin(companies, eq(companies.id, accounts.companyId))
    .where(
      and(
        companyId === null ? undefined : eq(accounts.companyId, companyId),
        searchAny(search, [accounts.accountName, companies.companyName]),
      ),
    )
    .orderBy(asc(companies.companyName), asc(accounts.accountName));
}

/** Companies and accounts are changed by admins only. */
export function requireCompanyAdmin(ctx: ServiceContext) {
  requireAdmin(ctx.actor, COMPANY_MESSAGES.adminOnly);
}

type AccountRow = typeof accounts.$inferSelect;

/** An account as the API shows it (the spec's fields). */
export function publicAccount(account: AccountRow) {
  return {
    id: account.id,
    company_id: account.companyId,
    account_name: account.accountName,
    location: account.location,
    yard_count: account.yardCount,
    building_count: account.buildingCount,
    created_at: account.createdAt.toISOString(),
    updated_at: account.updatedAt.toISOString(),
  };
}
export type PublicAccount = ReturnType<typeof publicAccount>;

/**
 * Accounts within the actor's reach: every account for admins (or one company's, given
 * `companyId`); a non-admin's own account only, whatever company it asks for.
 */
export async function listAccounts(ctx: ServiceContext, companyId?: number) {
  if (ctx.actor.isAdmin && companyId !== undefined && !isRecordId(companyId)) return [];
  const own = ctx.actor.isAdmin ? null : accountScope(ctx.actor);
  const reach = own !== null ? eq(accounts.id, own) : companyId === undefined ? undefined : eq(accounts.companyId, companyId);
  const rows = await ctx.db.select().from(accounts).where(reach).orderBy(asc(accounts.accountName), asc(accounts.id));
  return rows.map(publicAccount);
}

/** One account: any for admins, a non-admin's own only; anything else is "Account not found". */
export async function getAccount(ctx: ServiceContext, id: number) {
  if (!isRecordId(id) || !withinReach(ctx.actor, id)) throw new ServiceError(404, COMPANY_MESSAGES.accountNotFound);
  const [account] = await ctx.db.select().from(accounts).where(eq(accounts.id, id));
  if (!account) throw new ServiceError(404, COMPANY_MESSAGES.accountNotFound);
  return publicAccount(account);
}

async function requireCompany(db: Queryable, companyId: number) {
  const [company] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).for("share");
  if (!company) throw new ServiceError(404, COMPANY_MESSAGES.companyNotFound);
}

/** Adds an account to an existing company (admins). */
export async function createAccount(ctx: ServiceContext, input: unknown) {
  requireCompanyAdmin(ctx);
  const value = parseInput(accountSchema, input);
  const companyId = value.company_id;
  if (companyId === undefined) throw new ServiceError(400, COMPANY_MESSAGES.companyRequired);
  const account = await write(ctx, async (tx) => {
    await requireCompany(tx, companyId);
    const [row] = await tx
      .insert(accounts)
      .values({
        companyId,
        accountName: value.account_name,
        location: value.location,
        yardCount: value.yard_count,
        buildingCount: value.building_count,
      })
      .returning();
    return row;
  });
  return publicAccount(account);
}

/**
 * Changes an account's name, location and counts, and with `company_id` moves it to another
 * company (admins). The API (`keepOmitted`) may leave fields out, which keep their stored values.
 */
export async function updateAccount(ctx: ServiceContext, id: number, input: unknown, options: { keepOmitted?: boolean } = {}) {
  requireCompanyAdmin(ctx);
  if (!isRecordId(id)) throw new ServiceError(404, COMPANY_MESSAGES.accountNotFound);
  const value = parseInput(accountSchema, options.keepOmitted ? overStored(await getAccount(ctx, id), input) : input);
  const account = await write(ctx, async (tx) => {
    if (value.company_id !== undefined) await requireCompany(tx, value.company_id);
    const [row] = await tx
      .update(accounts)
      .set({
        ...(value.company_id === undefined ? {} : { companyId: value.company_id }),
        accountName: value.account_name,
        location: value.location,
        yardCount: value.yard_count,
        buildingCount: value.building_count,
      })
      .where(eq(accounts.id, id))
      .returning();
    return row;
  });
  if (!account) throw new ServiceError(404, COMPANY_MESSAGES.accountNotFound);
  return publicAccount(account);
}

/** What an account may own; any of it keeps the account from being deleted. */
const HOLDINGS = [
  { noun: "user", table: users, column: users.accountId },
  { noun: "trailer", table: trailers, column: trailers.accountId },
  { noun: "truck", table: trucks, column: trucks.accountId },
  { noun: "yard", table: yards, column: yards.accountId },
  { noun: "building", table: buildings, column: buildings.accountId },
  { noun: "move", table: moves, column: moves.accountId },
] as const;

/**
 * Deletes an account only when it owns nothing: no users, trailers, trucks, yards, buildings or
 * moves. Otherwise the refusal (409) names what remains; nothing is ever deleted along with it.
 * The account row is locked first, and the foreign keys (on delete restrict) back the rule up.
 */
export async function deleteAccount(ctx: ServiceContext, id: number) {
  requireCompanyAdmin(ctx);
  if (!isRecordId(id)) throw new ServiceError(404, COMPANY_MESSAGES.accountNotFound);
  const account = await write(ctx, async (tx) => {
    const [row] = await tx.select().from(accounts).where(eq(accounts.id, id)).for("update");
    if (!row) throw new ServiceError(404, COMPANY_MESSAGES.accountNotFound);
    const remaining = [];
    for (const { noun, table, column } of HOLDINGS) {
      const [{ rows }] = await tx.select({ rows: count() }).from(table).where(eq(column, id));
      if (rows > 0) remaining.push({ noun, count: rows });
    }
    if (remaining.length) throw new ServiceError(409, accountStillHoldsMessage(remaining));
    await tx.delete(accounts).where(eq(accounts.id, id));
    return row;
  });
  return publicAccount(account);
}

export type AccountChoice = { id: number; accountName: string; companyName: string; label: string };

/**
 * The accounts an admin may pick in an account selector, with their company ("Acme · Boston");
 * null for everyone else, who always work in their own account.
 */
export async function accountChoices(ctx: ServiceContext): Promise<AccountChoice[] | null> {
  if (!ctx.actor.isAdmin) return null;
  const rows = await ctx.db
    .select({ id: accounts.id, accountName: accounts.accountName, companyName: companies.companyName })
    .from(accounts)
    .innerJoin(companies, eq(companies.id, accounts.companyId))
    .orderBy(asc(companies.companyName), asc(accounts.accountName));
  return rows.map((row) => ({ ...row, label: `${row.companyName} · ${row.accountName}` }));
}
