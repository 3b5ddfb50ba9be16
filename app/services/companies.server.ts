import { asc, count, eq, sql } from "drizzle-orm";
import { accounts, buildings, companies, moves, trailers, trucks, users, yards } from "../../db/schema";
import { accountSchema, COMPANY_MESSAGES, companySchema } from "../domain/companies";
import { withActor, type Database, type Queryable } from "../lib/db.server";
import { snakeCaseKeys } from "../lib/api.server";
import type { Actor } from "../lib/guards.server";
import { ServiceError, validationErrors } from "./errors.server";
import { publicUser } from "./users.server";

function requireAdmin(actor: Actor) {
  if (!actor.isAdmin) throw new ServiceError(403, COMPANY_MESSAGES.adminOnly);
}

/** The company of a non-admin's account (null for admins: they see every company). */
async function ownCompanyId(db: Queryable, actor: Actor): Promise<number | null> {
  if (actor.isAdmin || actor.accountId === null) return null;
  const [row] = await db.select({ companyId: accounts.companyId }).from(accounts).where(eq(accounts.id, actor.accountId));
  return row?.companyId ?? -1;
}

export function publicCompany(company: typeof companies.$inferSelect, accountCount: number) {
  return {
    id: company.id,
    company_name: company.companyName,
    account_count: accountCount,
    created_at: company.createdAt.toISOString(),
  };
}

export function publicAccount(account: typeof accounts.$inferSelect) {
  return {
    id: account.id,
    company_id: account.companyId,
    account_name: account.accountName,
    location: account.location,
    yard_count: account.yardCount,
    building_count: account.buildingCount,
  };
}

/** Companies with their account counts: all of them for admins, a non-admin's own company otherwise. */
export async function listCompanies(db: Queryable, actor: Actor) {
  const own = await ownCompanyId(db, actor);
  const rows = await db
    .select({ company: companies, accountCount: sql<number>`count(${accounts.id})::int` })
    .from(companies)
    .leftJoin(accounts, eq(accounts.companyId, companies.id))
    .where(own === null ? undefined : eq(companies.id, own))
    .groupBy(companies.id)
    .orderBy(asc(companies.companyName));
  return rows.map(({ company, accountCount }) => publicCompany(company, accountCount));
}

/** One company with its accounts; a company outside the actor's reach is "Company not found". */
export async function getCompany(db: Queryable, actor: Actor, id: number) {
  const own = await ownCompanyId(db, actor);
  if (!Number.isInteger(id) || (own !== null && own !== id)) throw new ServiceError(404, COMPANY_MESSAGES.companyNotFound);
  const [company] = await db.select().from(companies).where(eq(companies.id, id));
  if (!company) throw new ServiceError(404, COMPANY_MESSAGES.companyNotFound);
  const accountRows = await db
    .select()
    .from(accounts)
    .where(own === null ? eq(accounts.companyId, id) : eq(accounts.id, actor.accountId!))
    .orderBy(asc(accounts.accountName));
  return { ...publicCompany(company, accountRows.length), accounts: accountRows.map(publicAccount) };
}

export async function createCompany(db: Database, actor: Actor, input: unknown) {
  requireAdmin(actor);
  const parsed = companySchema.safeParse(input);
  if (!parsed.success) throw new ServiceError(400, validationErrors(parsed.error));
  const [company] = await withActor(db, actor.alphaCode, (tx) =>
    tx.insert(companies).values({ companyName: parsed.data.company_name }).returning(),
  );
  return publicCompany(company, 0);
}

export async function renameCompany(db: Database, actor: Actor, id: number, input: unknown) {
  requireAdmin(actor);
  const parsed = companySchema.safeParse(input);
  if (!parsed.success) throw new ServiceError(400, validationErrors(parsed.error));
  const [company] = await withActor(db, actor.alphaCode, (tx) =>
    tx.update(companies).set({ companyName: parsed.data.company_name }).where(eq(companies.id, id)).returning(),
  );
  if (!company) throw new ServiceError(404, COMPANY_MESSAGES.companyNotFound);
  return getCompany(db, actor, company.id);
}

/** Seed Test Company: a company with one account, for a fresh installation (admins). */
export async function seedTestCompany(db: Database, actor: Actor) {
  requireAdmin(actor);
  return withActor(db, actor.alphaCode, async (tx) => {
    const [company] = await tx.insert(companies).values({ companyName: "Test Company" }).returning();
    await tx.insert(accounts).values({ companyId: company.id, accountName: "Test Account", location: "Springfield, IL" });
    return publicCompany(company, 1);
  });
}

/** What `GET /api/companies/test` reports (the Seed Test Company button and the debug panel). */
export async function companiesTestInfo(db: Queryable, actor: Actor) {
  const list = await listCompanies(db, actor);
  const complete = actor.isAdmin
    ? await Promise.all(list.slice(0, 5).map((company) => getCompany(db, actor, company.id)))
    : [];
  return {
    count: list.length,
    sample: list.slice(0, 5).map((company) => ({ id: company.id, name: company.company_name })),
    complete_data: complete,
    current_user: { id: actor.id, email: actor.user.email, alpha_code: actor.alphaCode, is_admin: actor.isAdmin },
    is_admin: actor.isAdmin,
  };
}

/** Accounts: every account (or one company's) for admins; a non-admin's own account otherwise. */
export async function listAccounts(db: Queryable, actor: Actor, companyId?: number) {
  const rows = await db
    .select()
    .from(accounts)
    .where(
      actor.isAdmin
        ? companyId
          ? eq(accounts.companyId, companyId)
          : undefined
        : eq(accounts.id, actor.accountId ?? -1),
    )
    .orderBy(asc(accounts.accountName));
  return rows.map(publicAccount);
}

export async function createAccount(db: Database, actor: Actor, input: unknown) {
  requireAdmin(actor);
  const parsed = accountSchema.safeParse(input);
  if (!parsed.success) throw new ServiceError(400, validationErrors(parsed.error));
  const value = parsed.data;
  const [company] = value.company_id
    ? await db.select({ id: companies.id }).from(companies).where(eq(companies.id, value.company_id))
    : [];
  if (!company) throw new ServiceError(404, COMPANY_MESSAGES.companyNotFound);
  const [account] = await withActor(db, actor.alphaCode, (tx) =>
    tx
      .insert(accounts)
      .values({
        companyId: company.id,
        accountName: value.account_name,
        location: value.location,
        yardCount: value.yard_count,
        buildingCount: value.building_count,
      })
      .returning(),
  );
  return publicAccount(account);
}

export async function updateAccount(db: Database, actor: Actor, id: number, input: unknown) {
  requireAdmin(actor);
  const parsed = accountSchema.safeParse(input);
  if (!parsed.success) throw new ServiceError(400, validationErrors(parsed.error));
  const value = parsed.data;
  const [account] = await withActor(db, actor.alphaCode, (tx) =>
    tx
      .update(accounts)
      .set({
        accountName: value.account_name,
        location: value.location,
        yardCount: value.yard_count,
        buildingCount: value.building_count,
      })
      .where(eq(accounts.id, id))
      .returning(),
  );
  if (!account) throw new ServiceError(404, COMPANY_MESSAGES.accountNotFound);
  return publicAccount(account);
}

const OWNED = [
  ["user", users, users.accountId],
  ["trailer", trailers, trailers.accountId],
  ["truck", trucks, trucks.accountId],
  ["yard", yards, yards.accountId],
  ["building", buildings, buildings.accountId],
  ["move", moves, moves.accountId],
] as const;

/**
 * Deletes an account only when it owns nothing: no users, trailers, trucks, yards, buildings or
 * moves. Otherwise the refusal names what remains; nothing is ever deleted along with it.
 */
export async function deleteAccount(db: Database, actor: Actor, id: number) {
  requireAdmin(actor);
  return withActor(db, actor.alphaCode, async (tx) => {
    const [account] = await tx.select().from(accounts).where(eq(accounts.id, id)).for("update");
    if (!account) throw new ServiceError(404, COMPANY_MESSAGES.accountNotFound);
    const remaining: string[] = [];
    for (const [noun, table, column] of OWNED) {
      const [{ rows }] = await tx.select({ rows: count() }).from(table).where(eq(column, id));
      if (rows) remaining.push(`${rows} ${noun}${rows === 1 ? "" : "s"}`);
    }
    if (remaining.length) {
      const list = remaining.length === 1 ? remaining[0] : `${remaining.slice(0, -1).join(", ")} and ${remaining.at(-1)}`;
      throw new ServiceError(409, `This account still has ${list}. Move or remove them before deleting the account.`);
    }
    await tx.delete(accounts).where(eq(accounts.id, id));
    return publicAccount(account);
  });
}

/** `GET /api/admin/`: everything, for admins (never password hashes). */
export async function adminSnapshot(db: Queryable) {
  const [companyRows, accountRows, userRows, truckRows, trailerRows, buildingRows, yardRows] = await Promise.all([
    db.select().from(companies).orderBy(asc(companies.id)),
    db.select().from(accounts).orderBy(asc(accounts.id)),
    db.select().from(users).orderBy(asc(users.id)),
    db.select().from(trucks).orderBy(asc(trucks.id)),
    db.select().from(trailers).orderBy(asc(trailers.id)),
    db.select().from(buildings).orderBy(asc(buildings.id)),
    db.select().from(yards).orderBy(asc(yards.id)),
  ]);
  const accountCounts = new Map<number, number>();
  for (const account of accountRows) accountCounts.set(account.companyId, (accountCounts.get(account.companyId) ?? 0) + 1);
  return {
    companies: companyRows.map((company) => publicCompany(company, accountCounts.get(company.id) ?? 0)),
    accounts: accountRows.map(publicAccount),
    users: userRows.map(publicUser),
    trucks: truckRows.map(snakeCaseKeys),
    trailers: trailerRows.map(snakeCaseKeys),
    buildings: buildingRows.map(snakeCaseKeys),
    yards: yardRows.map(snakeCaseKeys),
  };
}

