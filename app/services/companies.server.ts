import { and, asc, count, eq, getTableColumns, ilike, or, sql } from "drizzle-orm";
import type { Database } from "#app/lib/db.server";
import { readByKeyset } from "#app/lib/keyset.server";
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

type Exported = typeof accounts | typeof users | typeof trucks | typeof trailers | typeof buildings | typeof yards;

/** One list of the admin export: every row of `table` by id, a batch at a time (keyset), as the API shows it. */
async function* exportList<T extends Exported>(db: Database, table: T, show: (row: T["$inferSelect"]) => unknown) {
  const rows = readByKeyset(db, [{ by: table.id }], (batchDb, { keyset, after, orderBy, limit }) =>
    batchDb
      .select({ row: getTableColumns(table as Exported), keyset })
      .from(table as Exported)
      .where(after)
      .orderBy(...orderBy)
      .limit(limit),
  );
  for await (const batch of rows) yield batch.map(({ row }) => show(row as T["$inferSelect"]));
}

/** The companies, with how many accounts each has, by id, a batch at a time. */
async function* exportCompanies(db: Database) {
  const accountCount = sql<number>`(select count(*)::int from accounts a where a.company_id = ${companies.id})`;
  const rows = readByKeyset(db, [{ by: companies.id }], (batchDb, { keyset, after, orderBy, limit }) =>
    batchDb
      .select({ company: companies, accountCount, keyset })
      .from(companies)
      .where(after)
      .orderBy(...orderBy)
      .limit(limit),
  );
  for await (const batch of rows) yield batch.map(({ company, accountCount }) => publicCompany(company, accountCount));
}

/**
 * `GET /api/admin/` (admins): companies, accounts, users (never password hashes), trucks,
 * trailers, buildings and yards, every row of each by id. An export, so each list is read whole,
 * a batch at a time by keyset, for the answer to stream as it is read
 * (docs/decisions/0033-api-lists-are-plain-with-paging-headers.md).
 */
export function adminExport(ctx: ServiceContext): Record<string, AsyncGenerator<unknown[]>> {
  requireCompanyAdmin(ctx);
  const { db } = ctx;
  return {
    companies: exportCompanies(db),
    accounts: exportList(db, accounts, publicAccount),
    users: exportList(db, users, publicUser),
    trucks: exportList(db, trucks, apiRecord),
    trailers: exportList(db, trailers, apiRecord),
    buildings: exportList(db, buildings, apiRecord),
    yards: exportList(db, yards, apiRecord),
  };
}
