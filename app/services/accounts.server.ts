import { asc, eq, sql } from "drizzle-orm";
import { accounts, companies } from "../../db/schema";
import type { Queryable } from "../lib/db.server";

const assetCounts = {
  trailers: sql<number>`(select count(*)::int from trailers t where t.account_id = ${accounts.id})`,
  trucks: sql<number>`(select count(*)::int from trucks t where t.account_id = ${accounts.id})`,
  yards: sql<number>`(select count(*)::int from yards y where y.account_id = ${accounts.id})`,
  buildings: sql<number>`(select count(*)::int from buildings b where b.account_id = ${accounts.id})`,
  users: sql<number>`(select count(*)::int from users u where u.account_id = ${accounts.id})`,
};

/** One account with the number of trailers, trucks, yards, buildings and users it holds. */
export async function accountSummary(db: Queryable, accountId: number) {
  const [row] = await db
    .select({ id: accounts.id, accountName: accounts.accountName, location: accounts.location, ...assetCounts })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return row ?? null;
}

/** Every account of every company, with the same counts (admins). */
export async function accountSummaries(db: Queryable) {
  return db
    .select({
      id: accounts.id,
      accountName: accounts.accountName,
      location: accounts.location,
      companyName: companies.companyName,
      ...assetCounts,
    })
    .from(accounts)
    .innerJoin(companies, eq(companies.id, accounts.companyId))
    .orderBy(asc(companies.companyName), asc(accounts.accountName));
}
