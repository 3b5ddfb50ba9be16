import { eq, sql } from "drizzle-orm";
import { accounts } from "../../db/schema";
import type { Queryable } from "../lib/db.server";

/** An account with the number of trailers, trucks, yards and buildings it holds. */
export async function accountSummary(db: Queryable, accountId: number) {
  const [row] = await db
    .select({
      id: accounts.id,
      accountName: accounts.accountName,
      location: accounts.location,
      trailers: sql<number>`(select count(*)::int from trailers t where t.account_id = ${accounts.id})`,
      trucks: sql<number>`(select count(*)::int from trucks t where t.account_id = ${accounts.id})`,
      yards: sql<number>`(select count(*)::int from yards y where y.account_id = ${accounts.id})`,
      buildings: sql<number>`(select count(*)::int from buildings b where b.account_id = ${accounts.id})`,
    })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return row ?? null;
}
