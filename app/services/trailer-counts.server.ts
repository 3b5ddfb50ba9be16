import { eq, sql } from "drizzle-orm";
import { trailerCounts } from "#db/schema";
import { locationChips } from "#app/domain/locations";
import type { Queryable } from "#app/lib/db.server";
import type { AccountPlaces } from "./locations.server";

/** How many trailers an account holds at one location, from the counts kept per location. */
export type PlaceCount = { location: string; trailers: number };

/**
 * The Location filter's counts — All, Road, Shop, each building (all its doors) and each yard —
 * from the counts kept per location (`trailer_counts`): a few hundred rows, whatever the account
 * holds. A list read without a search has read them already (`listTrailers`' `placeCounts`).
 */
export async function trailerLocationCounts(db: Queryable, accountId: number, places: AccountPlaces, read: PlaceCount[] | null = null) {
  const rows =
    read ??
    (await db
      .select({ location: trailerCounts.location, trailers: sql<number>`sum(${trailerCounts.trailers})::int` })
      .from(trailerCounts)
      .where(eq(trailerCounts.accountId, accountId))
      .groupBy(trailerCounts.location)
      .having(sql`sum(${trailerCounts.trailers}) <> 0`));
  return locationChips(
    places,
    rows.map((row) => ({ location: row.location, count: row.trailers })),
  );
}
