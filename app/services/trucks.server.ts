import { and, asc, count, desc, eq, ilike, isNull, not, or, sql, type SQL } from "drizzle-orm";
import { trucks, truckLocationHistory, users } from "../../db/schema";
import type { Queryable } from "../lib/db.server";
import { paging } from "../lib/paging";

export const TRUCK_SORTS = ["location", "number", "type", "make", "model", "assigned", "status"] as const;
export type TruckSort = (typeof TRUCK_SORTS)[number];

export interface TruckListQuery {
  location?: string;
  status?: "all" | "red" | "yellow" | "shop" | "available";
  /** "all", "unassigned", or a user's alpha code. */
  assigned?: string;
  search?: string;
  sort?: TruckSort;
  order?: "asc" | "desc";
  page?: number;
  pageSize?: number;
}

const statusPriority = sql<number>`(case when ${trucks.redTagged} then 1 when ${trucks.yellowTagged} then 2 when ${trucks.inShop} then 3 else 4 end)`;

const SORT_COLUMNS: Record<TruckSort, SQL | typeof trucks.truckNumber> = {
  location: sql`${trucks.truckLocation}`,
  number: trucks.truckNumber,
  type: sql`${trucks.type}`,
  make: sql`${trucks.make}`,
  model: sql`${trucks.model}`,
  assigned: sql`${users.alphaCode}`,
  status: statusPriority,
};

/** One page of an account's trucks, filtered, searched and sorted in Postgres. */
export async function listTrucks(db: Queryable, accountId: number, query: TruckListQuery = {}) {
  const conditions: SQL[] = [eq(trucks.accountId, accountId)];
  if (query.location && query.location !== "all") conditions.push(eq(trucks.truckLocation, query.location));
  if (query.status === "red") conditions.push(eq(trucks.redTagged, true));
  if (query.status === "yellow") conditions.push(and(eq(trucks.yellowTagged, true), not(trucks.redTagged))!);
  if (query.status === "shop") conditions.push(and(eq(trucks.inShop, true), not(trucks.redTagged), not(trucks.yellowTagged))!);
  if (query.status === "available") conditions.push(and(not(trucks.redTagged), not(trucks.yellowTagged), not(trucks.inShop))!);
  if (query.assigned === "unassigned") conditions.push(isNull(trucks.assignedUserId));
  else if (query.assigned && query.assigned !== "all") conditions.push(eq(users.alphaCode, query.assigned));
  const search = query.search?.trim();
  if (search) {
    const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(
      or(
        ilike(trucks.truckNumber, pattern),
        ilike(trucks.truckLocation, pattern),
        ilike(trucks.make, pattern),
        ilike(trucks.model, pattern),
        ilike(trucks.licensePlate, pattern),
        ilike(trucks.taggedDescription, pattern),
        ilike(users.alphaCode, pattern),
      )!,
    );
  }
  const where = and(...conditions);
  const { page, pageSize, offset } = paging(query, 50, 200);
  const column = SORT_COLUMNS[query.sort ?? "number"];
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ truck: trucks, assignedTo: users.alphaCode, since: truckLocationHistory.entryTime })
      .from(trucks)
      .leftJoin(users, eq(users.id, trucks.assignedUserId))
      .leftJoin(truckLocationHistory, and(eq(truckLocationHistory.truckId, trucks.id), isNull(truckLocationHistory.exitTime)))
      .where(where)
      .orderBy(query.order === "desc" ? desc(column) : asc(column), asc(trucks.truckNumber))
      .limit(pageSize)
      .offset(offset),
    db.select({ total: count() }).from(trucks).leftJoin(users, eq(users.id, trucks.assignedUserId)).where(where),
  ]);
  return { trucks: rows, total, page, pageSize };
}

/** The Location and Assigned To filters' options, each from one grouped query. */
export async function truckFilterOptions(db: Queryable, accountId: number) {
  const [locations, assignees] = await Promise.all([
    db
      .select({ location: trucks.truckLocation, trucks: count() })
      .from(trucks)
      .where(eq(trucks.accountId, accountId))
      .groupBy(trucks.truckLocation)
      .orderBy(asc(trucks.truckLocation)),
    db
      .selectDistinct({ alphaCode: users.alphaCode })
      .from(trucks)
      .innerJoin(users, eq(users.id, trucks.assignedUserId))
      .where(eq(trucks.accountId, accountId))
      .orderBy(asc(users.alphaCode)),
  ]);
  const first = (location: string) => (location === "Road" ? 0 : location === "Shop" ? 1 : 2);
  locations.sort((a, b) => first(a.location) - first(b.location));
  return { locations, assignees: assignees.map((row) => row.alphaCode).filter((code): code is string => Boolean(code)) };
}
