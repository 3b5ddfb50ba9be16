import { and, asc, count, eq, ilike, or, sql } from "drizzle-orm";
import { accounts, buildings, companies, trailers, trucks, users, yards } from "#db/schema";
import { COMPANY_MESSAGES, companySchema, TEST_COMPANY } from "#app/domain/companies";
import { isRecordId } from "#app/domain/ids";
import { containsPattern } from "#app/lib/sql.server";
import { listAccounts, publicAccount, requireCompanyAdmin, type PublicAccount } from "./accounts.server";
import { write, type ServiceContext } from "./context.server";
import { parseInput, ServiceError } from "./errors.server";
import { requireAccount } from "./scope.server";
import { publicUser } from "./users.server";
import { apiRecord } from "#app/domain/records";

type CompanyRow = typeof companies.$inferSelect;

/** A company as the API shows it: the spec's fields plus how many accounts it has. */
export function publicCompany(company: CompanyRow, accountCount: number) {
  return {
    id: company.id,
    company_name: company.companyName,
    account_count: accountCount,
    created_at: company.createdAt.toISOString(),
    updated_at: company.updatedAt.toISOString(),
  };
}
export type PublicCompany = ReturnType<typeof publicCompany>;

/**
 * The one company a non-admin may see: the company of its own account (0, matching nothing,
 * when it has none). Null for admins, who see every company.
 */
async function reachableCompanyId(ctx: ServiceContext): Promise<number | null> {
  if (ctx.actor.isAdmin) return null;
  const [row] = await ctx.db
    .select({ companyId: accounts.companyId })
    .from(accounts)
    .where(eq(accounts.id, requireAccount(ctx.actor)));
  return row?.companyId ?? 0;
}

/**
 * Companies with their account counts, by name: every company for admins; for a non-admin its
 * own company, counting the accounts it can see (its own). A search (the header's `q`) keeps the
 * companies whose name, or the name of one of their accounts within reach, contains it (any case).
 */
export async function listCompanies(ctx: ServiceContext, query: { search?: string } = {}): Promise<PublicCompany[]> {
  const reachable = await reachableCompanyId(ctx);
  const text = query.search?.replace(/\0/g, "").trim();
  const pattern = text ? containsPattern(text) : null;
  const ownAccount = reachable === null ? undefined : sql` AND a.id = ${requireAccount(ctx.actor)}`;
  const rows = await ctx.db
    .select({ company: companies, accountCount: sql<number>`count(${accounts.id})::int` })
    .from(companies)
    .leftJoin(
      accounts,
      and(eq(accounts.companyId, companies.id), reachable === null ? undefined : eq(accounts.id, requireAccount(ctx.actor))),
    )
    .where(
      and(
        reachable === null ? undefined : eq(companies.id, reachable),
        pattern === null
          ? undefined
          : or(
              ilike(companies.companyName, pattern),
              sql`EXISTS (SELECT 1 FROM ${accounts} a WHERE a.company_id = ${companies.id} AND a.account_name ILIKE ${pattern}${ownAccount ?? sql``})`,
            ),
      ),
    )
    .groupBy(companies.id)
    .orderBy(asc(companies.companyName), asc(companies.id));
  return rows.map(({ company, accountCount }) => publicCompany(company, accountCount));
}

/**
 * One company with its accounts. A company outside the actor's reach answers exactly like a
 * missing one: 404 "Company not found". A non-admin sees only its own account in the list.
 */
export async function getCompany(ctx: ServiceContext, id: number) {
  const reachable = await reachableCompanyId(ctx);
  if (!isRecordId(id) || (reachable !== null && reachable !== id)) throw new ServiceError(404, COMPANY_MESSAGES.companyNotFound);
  const [company] = await ctx.db.select().from(companies).where(eq(companies.id, id));
  if (!company) throw new ServiceError(404, COMPANY_MESSAGES.companyNotFound);
  const companyAccounts = await listAccounts(ctx, id);
  return { ...publicCompany(company, companyAccounts.length), accounts: companyAccounts };
}

/** Creates a company with no accounts yet (admins). */
export async function createCompany(ctx: ServiceContext, input: unknown) {
  requireCompanyAdmin(ctx);
  const value = parseInput(companySchema, input);
  const [company] = await write(ctx, (tx) => tx.insert(companies).values({ companyName: value.company_name }).returning());
  return publicCompany(company, 0);
}

/** Renames a company (admins); answers the company with its accounts. */
export async function renameCompany(ctx: ServiceContext, id: number, input: unknown) {
  requireCompanyAdmin(ctx);
  if (!isRecordId(id)) throw new ServiceError(404, COMPANY_MESSAGES.companyNotFound);
  const value = parseInput(companySchema, input);
  const [company] = await write(ctx, (tx) =>
    tx.update(companies).set({ companyName: value.company_name }).where(eq(companies.id, id)).returning(),
  );
  if (!company) throw new ServiceError(404, COMPANY_MESSAGES.companyNotFound);
  return getCompany(ctx, company.id);
}

/**
 * Seed Test Company (admins): "Test Company" with one account, "Test Account" in
 * Springfield, IL. Only for an installation without companies, as the button on the list says;
 * a lock makes two clicks at once seed one company.
 */
export async function seedTestCompany(ctx: ServiceContext) {
  requireCompanyAdmin(ctx);
  return write(ctx, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('yardline.seed-test-company'))`);
    const [{ existing }] = await tx.select({ existing: count() }).from(companies);
    if (existing > 0) throw new ServiceError(409, COMPANY_MESSAGES.alreadySeeded);
    const [company] = await tx.insert(companies).values({ companyName: TEST_COMPANY.companyName }).returning();
    const [account] = await tx
      .insert(accounts)
      .values({ companyId: company.id, accountName: TEST_COMPANY.accountName, location: TEST_COMPANY.location })
      .returning();
    return { ...publicCompany(company, 1), accounts: [publicAccount(account)] };
  });
}

export const TEST_INFO_SAMPLE_SIZE = 5;

/**
 * What `GET /api/companies/test` reports, and the debug panel of the company list shows: the
 * companies within reach (count, a sample of names, all of them with their accounts) and who asks.
 */
export async function companiesTestInfo(ctx: ServiceContext) {
  const { actor } = ctx;
  const [list, reachableAccounts] = await Promise.all([listCompanies(ctx), listAccounts(ctx)]);
  const accountsByCompany = new Map<number, PublicAccount[]>();
  for (const account of reachableAccounts) {
    accountsByCompany.set(account.company_id, [...(accountsByCompany.get(account.company_id) ?? []), account]);
  }
  return {
    count: list.length,
    sample: list.slice(0, TEST_INFO_SAMPLE_SIZE).map((company) => ({ id: company.id, name: company.company_name })),
    complete_data: list.map((company) => ({ ...company, accounts: accountsByCompany.get(company.id) ?? [] })),
    current_user: { id: actor.id, email: actor.user.email, alpha_code: actor.alphaCode, is_admin: actor.isAdmin },
    is_admin: actor.isAdmin,
  };
}

/** The most rows of each kind `GET /api/admin/` answers; `truncated` names the lists that had more. */
export const ADMIN_SNAPSHOT_LIMIT = 2000;

/**
 * `GET /api/admin/` (admins): companies, accounts, users (never password hashes), trucks,
 * trailers, buildings and yards, each list by id and at most ADMIN_SNAPSHOT_LIMIT rows long.
 */
export async function adminSnapshot(ctx: ServiceContext) {
  requireCompanyAdmin(ctx);
  const { db } = ctx;
  const take = ADMIN_SNAPSHOT_LIMIT + 1;
  const [companyRows, accountRows, userRows, truckRows, trailerRows, buildingRows, yardRows] = await Promise.all([
    db
      .select({
        company: companies,
        accountCount: sql<number>`(select count(*)::int from accounts a where a.company_id = ${companies.id})`,
      })
      .from(companies)
      .orderBy(asc(companies.id))
      .limit(take),
    db.select().from(accounts).orderBy(asc(accounts.id)).limit(take),
    db.select().from(users).orderBy(asc(users.id)).limit(take),
    db.select().from(trucks).orderBy(asc(trucks.id)).limit(take),
    db.select().from(trailers).orderBy(asc(trailers.id)).limit(take),
    db.select().from(buildings).orderBy(asc(buildings.id)).limit(take),
    db.select().from(yards).orderBy(asc(yards.id)).limit(take),
  ]);
  const lists = {
    companies: companyRows.map(({ company, accountCount }) => publicCompany(company, accountCount)),
    accounts: accountRows.map(publicAccount),
    users: userRows.map(publicUser),
    trucks: truckRows.map(apiRecord),
    trailers: trailerRows.map(apiRecord),
    buildings: buildingRows.map(apiRecord),
    yards: yardRows.map(apiRecord),
  };
  const truncated = Object.entries(lists)
    .filter(([, rows]) => rows.length > ADMIN_SNAPSHOT_LIMIT)
    .map(([name]) => name);
  const bounded = Object.fromEntries(
    Object.entries(lists).map(([name, rows]) => [name, rows.slice(0, ADMIN_SNAPSHOT_LIMIT)]),
  ) as typeof lists;
  return { ...bounded, limit: ADMIN_SNAPSHOT_LIMIT, truncated };
}
