import { and, asc, count, desc, eq, inArray, isNull, not, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn, PgSelect } from "drizzle-orm/pg-core";
import { trailerCounts, trailerLocationHistory, trailers, trailerSearchText } from "#db/schema";
import type { TrailerLoadFilter, TrailerSort, TrailerStatusFilter } from "#app/domain/dashboard";
import type { Database, Queryable } from "#app/lib/db.server";
import { orderOf, readByKeyset, type SortKey } from "#app/lib/keyset.server";
import { paging } from "#app/lib/paging";
import { containsPattern, locationIs, searchAny } from "#app/lib/sql.server";
import { type ServiceContext } from "./context.server";
import { latestEntryFields, type LatestEntry } from "./location-history.server";
import { accountPlaces, type AccountPlaces } from "./locations.server";
import type { PlaceCount } from "./trailer-counts.server";
import { requireAccount } from "./scope.server";
import type { TrailerRow } from "./trailers.server";

/**
 * The trailer lists: one account's trailers filtered, searched, sorted and paged in Postgres, their
 * totals and the Location filter's counts (from `trailer_counts`). The dashboard, `GET
 * /api/trailers` and the trailers report all read them here.
 */
export interface TrailerListQuery {
  /** The account asked for (admins); everyone else gets their own. */
  account?: unknown;
  /** "all", "Road", "Shop", a yard name or a building name (all of its doors). */
  location?: string;
  status?: TrailerStatusFilter;
  load?: TrailerLoadFilter;
  search?: string;
  /** The column sorted by (time at location unless named) and its order; time "asc" is the newest arrivals first. */
  sort?: TrailerSort;
  order?: "asc" | "desc";
  page?: number;
  pageSize?: number;
}

/** The columns the filters read: a trailer's, or a row of `trailer_counts` (the same names). */
type FilterColumns = {
  location: AnyPgColumn;
  redTagged: AnyPgColumn;
  yellowTagged: AnyPgColumn;
  inShop: AnyPgColumn;
  isLoaded: AnyPgColumn;
  isTray: AnyPgColumn;
};

const TRAILER_FILTER_COLUMNS: FilterColumns = { ...trailers, location: trailers.trailerLocation };
const COUNT_FILTER_COLUMNS: FilterColumns = trailerCounts;

function statusCondition(status: Exclude<TrailerStatusFilter, "all">, c: FilterColumns): SQL {
  if (status === "red") return eq(c.redTagged, true);
  if (status === "yellow") return and(eq(c.yellowTagged, true), eq(c.redTagged, false))!;
  return and(not(c.redTagged), not(c.yellowTagged), not(c.inShop))!;
}

function loadCondition(load: Exclude<TrailerLoadFilter, "all">, c: FilterColumns): SQL {
  if (load === "loaded") return eq(c.isLoaded, true);
  if (load === "trays") return eq(c.isTray, true);
  return and(not(c.isLoaded), not(c.isTray))!;
}

/** The Status and Load filters of a query, on a trailer's columns or on the counts'. */
function flagConditions(query: TrailerListQuery, c: FilterColumns): SQL | undefined {
  return and(
    query.status && query.status !== "all" ? statusCondition(query.status, c) : undefined,
    query.load && query.load !== "all" ? loadCondition(query.load, c) : undefined,
  );
}

/** The Location filter of a query (none for "all"). */
function placeCondition(query: TrailerListQuery, buildingNames: string[], c: FilterColumns): SQL | undefined {
  return query.location && query.location !== "all" ? locationIs(c.location, query.location, buildingNames) : undefined;
}

const SEARCHED_COLUMNS = [
  trailers.trailerNumber,
  trailers.trailerLocation,
  trailers.licensePlate,
  trailers.companyOwner,
  trailers.loadNumber,
  trailers.lastUser,
  trailers.taggedDescription,
  trailers.type,
];

/**
 * The trailer search: trailers one of whose searched columns contains the text, found through the
 * trigram index over all of them (`trailerSearchText`), then checked column by column. The
 * dashboard's lists, `GET /api/trailers`, the reports and Create Move's trailer picker all search
 * with it.
 */
export function trailerSearchCondition(search: string | undefined): SQL | undefined {
  const exact = searchAny(search, SEARCHED_COLUMNS);
  if (!exact) return undefined;
  const sieve = sql`(${trailerSearchText(trailers)}) ilike ${containsPattern(search!.replace(/\0/g, "").trim())}`;
  return and(sieve, exact);
}

/**
 * What a trailer list shows of each trailer: the trailer, since when it stands where it is (its
 * open history entry, the time-at-location sort) and its latest history entry (time at location:
 * 'Moved' when that one has an exit time). Postgres reads the latest entry only for the rows a
 * page returns, after sorting and paging.
 */
const TRAILER_LIST_FIELDS = {
  trailer: trailers,
  since: trailerLocationHistory.entryTime,
  latest: latestEntryFields(trailerLocationHistory, trailerLocationHistory.trailerId, trailers.id),
};
export type TrailerListItem = { trailer: TrailerRow; since: Date | null; latest: LatestEntry };

/**
 * The trailers a list query asks for: the account's, filtered and searched, and their order. The
 * dashboard page, `GET /api/trailers` and the trailers report all read this one listing. The
 * account's places are read here unless the caller has read them already (`known`).
 */
export async function trailerListing(ctx: ServiceContext, query: TrailerListQuery = {}, known?: AccountPlaces) {
  const accountId = requireAccount(ctx.actor, query.account);
  const places = known?.account?.id === accountId ? known : await accountPlaces(ctx.db, accountId);
  const buildingNames = places.buildings.map((building) => building.buildingName);
  const search = trailerSearchCondition(query.search);
  const flagged = and(eq(trailers.accountId, accountId), flagConditions(query, TRAILER_FILTER_COLUMNS));
  const where = and(flagged, placeCondition(query, buildingNames, TRAILER_FILTER_COLUMNS), search);
  // Without a search, the counts kept per location and flags answer how many a list holds, and where.
  const counted = search ? null : { byPlace: placeCondition(query, buildingNames, TRAILER_FILTER_COLUMNS) !== undefined, flagged };
  const descending = query.order === "desc";
  const sorted = query.sort ?? "time";
  const byTime = sorted === "time";
  // The column (empty values last either way), then by number; the id makes it total. Time at
  // location is since when: the trailers without an open entry last.
  const sort: SortKey[] = [
    ...(byTime
      ? [{ by: trailerLocationHistory.entryTime, descending: !descending, nulls: "last" as const }]
      : SORT_COLUMNS[sorted as Exclude<TrailerSort, "time">].map(({ by, nullable }) => ({
          by,
          descending,
          nulls: nullable ? ("last" as const) : undefined,
        }))),
    { by: trailers.trailerNumber },
    { by: trailers.id },
  ];
  return { accountId, places, where, counted, byTime, oldestFirst: byTime && descending, sort, query, buildingNames, search };
}

/**
 * The columns of each sort but time at location, as the table shows them: State - Plate as its
 * text, Load # OR Trays by kind (empty, loaded, trays), then load number and tray count.
 */
const SORT_COLUMNS: Record<Exclude<TrailerSort, "time">, { by: SortKey["by"]; nullable?: boolean }[]> = {
  location: [{ by: trailers.trailerLocation }],
  type: [{ by: trailers.type, nullable: true }],
  plate: [{ by: sql`concat_ws(' - ', ${trailers.licenseState}, ${trailers.licensePlate})` }],
  number: [{ by: trailers.trailerNumber }],
  load: [
    { by: sql`(case when ${trailers.isTray} then 2 when ${trailers.isLoaded} then 1 else 0 end)` },
    { by: trailers.loadNumber, nullable: true },
    { by: trailers.trayCount },
  ],
  user: [{ by: trailers.lastUser, nullable: true }],
  tag: [{ by: trailers.taggedDescription, nullable: true }],
};

type TrailerListing = Awaited<ReturnType<typeof trailerListing>>;

/**
 * One page of an account's trailers, filtered, searched and sorted in Postgres, with the time
 * each has stood at its location (from its open history entry).
 *
 * The list's order is the open entries' (newest or oldest first, then by number), the trailers
 * without one last (by number). A long list is read through the open entries' index in the page's
 * order, each entry's trailer through its key, so a page reads about as many rows as it shows
 * (plus those sharing the last entry time; page 60 those of the 59 before it) rather than sorting
 * the account; only a page that reaches past them reads the trailers without one. A search, or a
 * list of a few thousand at most, reads its trailers and sorts them. Either way each part is
 * reached only through its keys (`offset 0` keeps Postgres from reordering the joins), so a plan
 * made without statistics (a table just filled) cannot turn a page into one scan per row.
 */
export async function listTrailers(ctx: ServiceContext, query: TrailerListQuery = {}, known?: AccountPlaces) {
  const listing = await trailerListing(ctx, query, known);
  const { page, pageSize, offset } = paging(query, 50, 200);
  const { total, where, facets } = await trailerTotal(ctx.db, listing);
  const rows = total > offset ? await trailerPage(ctx.db, where, listing, { total, pageSize, offset }) : [];
  return { accountId: listing.accountId, trailers: rows, total, page, pageSize, places: listing.places, facets };
}

/** Lists of at most this many trailers (and searches) are read whole and sorted. */
const SORTED_WHOLE = 2_000;

/** The open entry of the trailer in the enclosing query, in the listing's account. */
const openEntry = (accountId: number) =>
  and(
    eq(trailerLocationHistory.trailerId, trailers.id),
    isNull(trailerLocationHistory.exitTime),
    eq(trailerLocationHistory.accountId, accountId),
  );

/** The trailers `where` keeps, each with its open entry (none: null). */
function fromTrailers(db: Queryable, where: SQL | undefined, accountId: number) {
  const kept = db.select().from(trailers).where(where).offset(0).as("trailers");
  const open = db
    .select({ id: trailerLocationHistory.id, entryTime: trailerLocationHistory.entryTime })
    .from(trailerLocationHistory)
    .where(openEntry(accountId))
    .offset(0)
    .as("trailer_location_history");
  return db
    .select(PAGE_KEYS)
    .from(kept)
    .leftJoinLateral(open, sql`true`);
}

/** The trailer of the open entry in the enclosing query, when `where` keeps it. */
function keptAtEntry(db: Queryable, where: SQL | undefined) {
  return db
    .select()
    .from(trailers)
    .where(and(eq(trailers.id, trailerLocationHistory.trailerId), where))
    .offset(0)
    .as("trailers");
}

/** The account's open entries. */
const openEntries = (accountId: number) => and(isNull(trailerLocationHistory.exitTime), eq(trailerLocationHistory.accountId, accountId));

/** What a page is chosen by: each trailer and since when it stands where it is. */
const PAGE_KEYS = { id: trailers.id, since: trailerLocationHistory.entryTime };

/**
 * The rows of a page whose trailers a query chose (in order): what the list shows of each,
 * the latest history entries read for these rows only (and, sorted by a column, the open entries).
 */
async function pageRows(db: Queryable, chosen: PgSelect, listing: TrailerListing): Promise<TrailerListItem[]> {
  const page = chosen.as("page");
  if (!listing.byTime) {
    return db
      .select(TRAILER_LIST_FIELDS)
      .from(page)
      .innerJoin(trailers, eq(trailers.id, page.id))
      .leftJoin(trailerLocationHistory, openEntry(listing.accountId))
      .orderBy(...orderOf(listing.sort));
  }
  return db
    .select({ ...TRAILER_LIST_FIELDS, since: page.since })
    .from(page)
    .innerJoin(trailers, eq(trailers.id, page.id))
    .orderBy(listing.oldestFirst ? sql`${page.since} asc nulls last` : sql`${page.since} desc nulls last`, asc(trailers.trailerNumber));
}

async function trailerPage(
  db: Queryable,
  where: SQL | undefined,
  listing: TrailerListing,
  { total, pageSize, offset }: { total: number; pageSize: number; offset: number },
): Promise<TrailerListItem[]> {
  if (!listing.byTime) {
    // Sorted by a column of the trailers: their page first, its open entries after.
    const chosen = db
      .select({ id: trailers.id })
      .from(trailers)
      .where(where)
      .orderBy(...orderOf(listing.sort))
      .limit(pageSize)
      .offset(offset);
    return pageRows(db, chosen.$dynamic(), listing);
  }
  if (!listing.counted || total <= SORTED_WHOLE) {
    const chosen = fromTrailers(db, where, listing.accountId)
      .orderBy(...orderOf(listing.sort))
      .limit(pageSize)
      .offset(offset);
    return pageRows(db, chosen.$dynamic(), listing);
  }
  const since = trailerLocationHistory.entryTime;
  const chosen = db
    .select(PAGE_KEYS)
    .from(trailerLocationHistory)
    .innerJoinLateral(keptAtEntry(db, where), sql`true`)
    .where(openEntries(listing.accountId))
    .orderBy(listing.oldestFirst ? asc(since) : desc(since), asc(trailers.trailerNumber))
    .limit(pageSize)
    .offset(offset);
  const placed = await pageRows(db, chosen.$dynamic(), listing);
  if (placed.length === pageSize || offset + placed.length >= total) return placed;
  // The page reaches past the trailers with an open entry: the rest of it is those without one.
  const placedInAll =
    placed.length > 0
      ? offset + placed.length
      : (
          await db
            .select({ n: count() })
            .from(trailerLocationHistory)
            .innerJoinLateral(keptAtEntry(db, where), sql`true`)
            .where(openEntries(listing.accountId))
        )[0].n;
  const unplaced = fromTrailers(db, where, listing.accountId)
    .where(isNull(trailerLocationHistory.id))
    .orderBy(asc(trailers.trailerNumber))
    .limit(pageSize - placed.length)
    .offset(Math.max(0, offset - placedInAll));
  return [...placed, ...(await pageRows(db, unplaced.$dynamic(), listing))];
}

/**
 * What a list's filter chips count, each following the search and the other filters (faceted):
 * every location's trailers kept by the Status and Load filters, every status's kept by the
 * Location and Load filters, every load's kept by the Location and Status filters; "all" is the
 * chip that lifts its own filter.
 */
export interface TrailerFacets {
  byLocation: PlaceCount[];
  status: Record<TrailerStatusFilter, number>;
  load: Record<TrailerLoadFilter, number>;
}

/**
 * How many trailers a listing holds, the condition its page reads them with, and its chips'
 * counts, in one statement. Without a search, from the kept counts, which also name the locations
 * holding them: a Location filter then reads those locations (a building: its doors in use), which
 * Postgres estimates well, where the rule for a building's doors would be a guess that can lead it
 * to read every trailer of the building. A search counts its matches, grouped the same way.
 */
async function trailerTotal(
  db: Queryable,
  listing: TrailerListing,
): Promise<{ total: number; where: SQL | undefined; facets: TrailerFacets }> {
  const { counted, query, buildingNames, accountId } = listing;
  const source = counted
    ? { c: COUNT_FILTER_COLUMNS, n: sql`${trailerCounts.trailers}`, from: trailerCounts, where: eq(trailerCounts.accountId, accountId) }
    : { c: TRAILER_FILTER_COLUMNS, n: sql`1`, from: trailers, where: and(eq(trailers.accountId, accountId), listing.search) };
  const { c, n } = source;
  const kept = {
    location: placeCondition(query, buildingNames, c) ?? sql`true`,
    status: query.status && query.status !== "all" ? statusCondition(query.status, c) : sql`true`,
    load: query.load && query.load !== "all" ? loadCondition(query.load, c) : sql`true`,
  };
  /** Trailers of the row's location that `condition` keeps. */
  const here = (condition: SQL | undefined) => sql<number>`coalesce(sum(${n}) filter (where ${condition}), 0)::int`;
  /** Trailers of every location that `condition` keeps (the same on every row). */
  const everywhere = (condition: SQL | undefined) => sql<number>`(sum(${here(condition)}) over ())::int`;
  const statusFacet = (status: Exclude<TrailerStatusFilter, "all">) =>
    everywhere(and(kept.location, kept.load, statusCondition(status, c)));
  const loadFacet = (load: Exclude<TrailerLoadFilter, "all">) => everywhere(and(kept.location, kept.status, loadCondition(load, c)));
  const rows = await db
    .select({
      location: c.location as typeof trailerCounts.location,
      atLocation: here(and(kept.status, kept.load)),
      kept: here(and(kept.location, kept.status, kept.load)),
      total: everywhere(and(kept.location, kept.status, kept.load)),
      statusAll: everywhere(and(kept.location, kept.load)),
      red: statusFacet("red"),
      yellow: statusFacet("yellow"),
      available: statusFacet("available"),
      loadAll: everywhere(and(kept.location, kept.status)),
      loaded: loadFacet("loaded"),
      empty: loadFacet("empty"),
      trays: loadFacet("trays"),
    })
    .from(source.from)
    .where(source.where)
    .groupBy(c.location)
    .having(sql`sum(${n}) <> 0`);
  const first = rows[0];
  const facets: TrailerFacets = {
    byLocation: rows.map((row) => ({ location: row.location, trailers: row.atLocation })),
    status: { all: first?.statusAll ?? 0, red: first?.red ?? 0, yellow: first?.yellow ?? 0, available: first?.available ?? 0 },
    load: { all: first?.loadAll ?? 0, loaded: first?.loaded ?? 0, empty: first?.empty ?? 0, trays: first?.trays ?? 0 },
  };
  const keptAt = rows.filter((row) => row.kept > 0);
  const total = first?.total ?? 0;
  if (!counted) return { total, where: listing.where, facets };
  const where =
    counted.byPlace && keptAt.length > 0
      ? and(
          counted.flagged,
          inArray(
            trailers.trailerLocation,
            keptAt.map((row) => row.location),
          ),
        )
      : listing.where;
  return { total, where, facets };
}

/** Every trailer of a listing, in its order, a batch at a time (reports). */
export function readTrailerListing(db: Database, listing: TrailerListing): AsyncGenerator<TrailerListItem[]> {
  return readByKeyset(db, listing.sort, (batchDb, { keyset, after, orderBy, limit }) =>
    batchDb
      .select({ ...TRAILER_LIST_FIELDS, keyset })
      .from(trailers)
      .leftJoin(trailerLocationHistory, and(eq(trailerLocationHistory.trailerId, trailers.id), isNull(trailerLocationHistory.exitTime)))
      .where(and(listing.where, after))
      .orderBy(...orderBy)
      .limit(limit),
  );
}
