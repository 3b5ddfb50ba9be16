import { sql } from "drizzle-orm";
import type { Queryable } from "#app/lib/db.server";

/** Whether the database answers a trivial query. */
export async function databaseReachable(db: Queryable): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
