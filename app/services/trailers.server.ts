import { and, asc, count, eq, ilike, isNull, not, or, sql, type SQL } from "drizzle-orm";
import { buildings, trailerLocationHistory, trailers, yards } from "../../db/schema";
import { locationGroup, locationOptions, ROAD, SHOP } from "../domain/locations";
import type { Queryable } from "../lib/db.server";
import { paging } from "../lib/paging";

export const TRAILER_STATUS_FILTERS = ["all", "red", "yellow", "available"] as const;
export const TRAILER_LOAD_FILTERS = ["all", "loaded", "empty", "trays"] as const;
export type TrailerStatusFilter = (typeof TRAILER_STATUS_FILTERS)[number];
export type TrailerLoadFilter = (typeof TRAILER_LOAD_FILTERS)[number];

export interface TrailerListQuery {
  /** "all", "Road", "Shop", a yard name or a building name (all of its doors). */
  location?: string;
  status?: TrailerStatusFilter;
  load?: TrailerLoadFilter;
  search?: string;
  /** Time at location: "asc" newest arrivals first, "desc" oldest first. */
  timeSort?: "asc" | "desc";
  page?: number;
  pageSize?: number;
}

/** The buildings and yards of an account: what its locations are made of. */
export async function accountPlaces(db: Queryable, accountId: number) {
  const [buildingRows, yardRows] = await Promise.all([
    db
      .select({ id: buildings.id, buildingName: buildings.buildingName, buildingDoorNumber: buildings.buildingDoorNumber })
      .from(buildings)
      .where(eq(buildings.accountId, accountId))
      .orderBy(asc(buildings.buildingName)),
    db.select({ id: yards.id, name: yards.name }).from(yards).where(eq(yards.accountId, accountId)).orderBy(asc(yards.name)),
  ]);
  return { buildings: buildingRows, yards: yardRows, locations: locationOptions(buildingRows, yardRows) };
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function locationCondition(location: string, buildingNames: string[]): SQL {
  if (buildingNames.includes(location)) {
    // Every door of the building: "{name}-{digits}".
    return sql`${trailers.trailerLocation} ~ ${`^${location.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}-[0-9]+$`}`;
  }
  return eq(trailers.trailerLocation, location);
}

/**
 * One page of an account's trailers, filtered, searched and sorted in Postgres, with the time
 * each has stood at its location (from its open history entry).
 */
export async function listTrailers(db: Queryable, accountId: number, query: TrailerListQuery = {}) {
  const places = await accountPlaces(db, accountId);
  const conditions: SQL[] = [eq(trailers.accountId, accountId)];
  if (query.location && query.location !== "all") {
    conditions.push(locationCondition(query.location, places.buildings.map((building) => building.buildingName)));
  }
  if (query.status === "red") conditions.push(eq(trailers.redTagged, true));
  if (query.status === "yellow") conditions.push(and(eq(trailers.yellowTagged, true), eq(trailers.redTagged, false))!);
  if (query.status === "available") {
    conditions.push(and(not(trailers.redTagged), not(trailers.yellowTagged), not(trailers.inShop))!);
  }
  if (query.load === "loaded") conditions.push(eq(trailers.isLoaded, true));
  if (query.load === "trays") conditions.push(eq(trailers.isTray, true));
  if (query.load === "empty") conditions.push(and(not(trailers.isLoaded), not(trailers.isTray))!);
  const search = query.search?.trim();
  if (search) {
    const pattern = `%${escapeLike(search)}%`;
    conditions.push(
      or(
        ilike(trailers.trailerNumber, pattern),
        ilike(trailers.trailerLocation, pattern),
        ilike(trailers.licensePlate, pattern),
        ilike(trailers.companyOwner, pattern),
        ilike(trailers.loadNumber, pattern),
        ilike(trailers.lastUser, pattern),
        ilike(trailers.taggedDescription, pattern),
        ilike(trailers.type, pattern),
      )!,
    );
  }
  const where = and(...conditions);
  const { page, pageSize, offset } = paging(query, 50, 200);
  const since = trailerLocationHistory.entryTime;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ trailer: trailers, since })
      .from(trailers)
      .leftJoin(trailerLocationHistory, and(eq(trailerLocationHistory.trailerId, trailers.id), isNull(trailerLocationHistory.exitTime)))
      .where(where)
      .orderBy(query.timeSort === "desc" ? sql`${since} asc nulls last` : sql`${since} desc nulls last`, asc(trailers.trailerNumber))
      .limit(pageSize)
      .offset(offset),
    db.select({ total: count() }).from(trailers).where(where),
  ]);
  return { trailers: rows, total, page, pageSize, places };
}

/**
 * The Location filter's counts — All, Road, Shop, each building (all its doors) and each yard —
 * from one grouped query.
 */
export async function trailerLocationCounts(
  db: Queryable,
  accountId: number,
  places: Awaited<ReturnType<typeof accountPlaces>>,
) {
  const rows = await db
    .select({ location: trailers.trailerLocation, trailers: count() })
    .from(trailers)
    .where(eq(trailers.accountId, accountId))
    .groupBy(trailers.trailerLocation);
  const counts = new Map<string, number>([
    [ROAD, 0],
    [SHOP, 0],
    ...places.buildings.map((building) => [building.buildingName, 0] as [string, number]),
    ...places.yards.map((yard) => [yard.name, 0] as [string, number]),
  ]);
  let all = 0;
  for (const row of rows) {
    const group = locationGroup(row.location, places.buildings);
    counts.set(group, (counts.get(group) ?? 0) + row.trailers);
    all += row.trailers;
  }
  return { all, byLocation: [...counts.entries()].map(([location, trailerCount]) => ({ location, count: trailerCount })) };
}


/** An account's yards and buildings as the dashboard's cards show them. */
export async function yardCards(db: Queryable, accountId: number, search: string) {
  const pattern = `%${escapeLike(search)}%`;
  return db
    .select()
    .from(yards)
    .where(and(eq(yards.accountId, accountId), search ? or(ilike(yards.name, pattern), ilike(yards.parkingLocation, pattern)) : undefined))
    .orderBy(asc(yards.name));
}

export async function buildingCards(db: Queryable, accountId: number, search: string) {
  return db
    .select()
    .from(buildings)
    .where(and(eq(buildings.accountId, accountId), search ? ilike(buildings.buildingName, `%${escapeLike(search)}%`) : undefined))
    .orderBy(asc(buildings.buildingName));
}
