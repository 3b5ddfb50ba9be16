import { and, asc, count, eq, isNull, not, sql, type SQL } from "drizzle-orm";
import { trucks, truckLocationHistory, users } from "#db/schema";
import type { TruckSort, TruckStatusFilter } from "#app/domain/dashboard";
import { isRecordId } from "#app/domain/ids";
import { apiRecord, names, overStored } from "#app/domain/records";
import { canDeleteAsset, canEditAssets } from "#app/domain/roles";
import { applyTruckRules, newTruckSchema, serviceDateProblems, TRUCK_MESSAGES, truckFlags, truckSchema } from "#app/domain/trucks";
import { leavesShopWithoutPlace } from "#app/domain/locations";
import type { Database } from "#app/lib/db.server";
import { orderOf, readByKeyset, type SortKey } from "#app/lib/keyset.server";
import { paging } from "#app/lib/paging";
import { isUniqueViolation, locationIs, searchAny } from "#app/lib/sql.server";
import { resolveAssignee } from "./assignees.server";
import { write, type ServiceContext } from "./context.server";
import { parseInput, ServiceError } from "./errors.server";
import { assetStays, latestEntryFields, recordLocationChange, type LatestEntry, type StaysQuery } from "./location-history.server";
import { canonicalLocation } from "./locations.server";
import { requireAccount, withinReach } from "./scope.server";

export type TruckRow = typeof trucks.$inferSelect;

export function publicTruck(row: TruckRow) {
  return apiRecord(row);
}

/** A truck within the actor's reach, else 404 "Truck not found". */
export async function getTruck(ctx: ServiceContext, id: number): Promise<TruckRow> {
  const [truck] = isRecordId(id) ? await ctx.db.select().from(trucks).where(eq(trucks.id, id)) : [];
  if (!truck || !withinReach(ctx.actor, truck.accountId)) throw new ServiceError(404, TRUCK_MESSAGES.notFound);
  return truck;
}

/**
 * A truck and a page of its location history (see `assetStays`), for a viewer who may see it;
 * else the truck's 404.
 */
export async function truckAndStays(ctx: ServiceContext, id: number, page: StaysQuery = {}) {
  const truck = await getTruck(ctx, id);
  return { truck, history: await assetStays(ctx.db, "truck", truck.id, page) };
}

function refuseDuplicate(error: unknown): never {
  if (isUniqueViolation(error)) throw new ServiceError(400, TRUCK_MESSAGES.numberTaken, "truck_number");
  throw error;
}

/** What Add Truck and Update Truck both check before writing: the form, the location, the assignee. */
async function prepareTruck(ctx: ServiceContext, accountId: number, value: ReturnType<typeof truckSchema.parse>) {
  const [location, user] = await Promise.all([
    canonicalLocation(ctx.db, accountId, value.truck_location, { message: TRUCK_MESSAGES.locationUnknown, field: "truck_location" }),
    resolveAssignee(ctx.db, accountId, { id: value.assigned_user_id, typed: value.assigned_user }, "assigned_user"),
  ]);
  return { ...applyTruckRules(value, location), assignedUserId: user?.id ?? null, lastUser: user?.alphaCode ?? null };
}

/** Add Truck: its first location history entry is written with it. */
export async function createTruck(ctx: ServiceContext, input: unknown): Promise<TruckRow> {
  if (!canEditAssets(ctx.actor.user)) throw new ServiceError(403, TRUCK_MESSAGES.editDenied);
  const value = parseInput(newTruckSchema, input);
  const accountId = requireAccount(ctx.actor, value.account_id);
  const fields = await prepareTruck(ctx, accountId, value);
  return write(ctx, async (tx, effects) => {
    const [created] = await tx
      .insert(trucks)
      .values({ ...fields, accountId })
      .returning();
    await recordLocationChange(tx, {
      kind: "truck",
      assetId: created.id,
      accountId,
      location: created.truckLocation,
      alphaCode: ctx.actor.alphaCode,
    });
    effects.assetMoved("truck", accountId, created.id, created.truckLocation);
    return created;
  }).catch(refuseDuplicate);
}

/** The truck fields that decide one thing together: a PUT naming one of them replaces them all. */
const TRUCK_FIELD_GROUPS = [
  ["status", "red_tagged", "yellow_tagged", "in_shop"],
  ["truck_location", "in_shop"],
  ["assigned_user_id", "assigned_user"],
] as const;

/**
 * Update Truck: a new location closes the open history entry and opens one, in the same
 * transaction. Add Truck's date rules apply only to dates that change (an overdue truck can be
 * saved). The API (`keepOmitted`) may leave fields out, which keep their stored values.
 */
export async function updateTruck(
  ctx: ServiceContext,
  id: number,
  input: unknown,
  options: { keepOmitted?: boolean } = {},
): Promise<TruckRow> {
  const current = await getTruck(ctx, id);
  if (!canEditAssets(ctx.actor.user)) throw new ServiceError(403, TRUCK_MESSAGES.editDenied);
  const value = parseInput(truckSchema, options.keepOmitted ? overStored(publicTruck(current), input, TRUCK_FIELD_GROUPS) : input);
  const [dateProblem] = serviceDateProblems(value, current);
  if (dateProblem) throw new ServiceError(400, dateProblem.message, dateProblem.field);
  // The form always sends its status; the API leaving in_shop and status out keeps the Shop rule.
  const wantsShop = truckFlags(value).inShop || (options.keepOmitted === true && !names(input, "in_shop") && !names(input, "status"));
  if (leavesShopWithoutPlace(current, wantsShop, value.truck_location)) {
    throw new ServiceError(400, TRUCK_MESSAGES.leavingShop, "truck_location");
  }
  const fields = await prepareTruck(ctx, current.accountId, value);
  return write(ctx, async (tx, effects) => {
    const [before] = await tx.select().from(trucks).where(eq(trucks.id, id)).for("update");
    const [truck] = await tx.update(trucks).set(fields).where(eq(trucks.id, id)).returning();
    if (before.truckLocation !== truck.truckLocation) {
      await recordLocationChange(tx, {
        kind: "truck",
        assetId: id,
        accountId: truck.accountId,
        location: truck.truckLocation,
        alphaCode: ctx.actor.alphaCode,
      });
      effects.assetMoved("truck", truck.accountId, id, truck.truckLocation);
    } else {
      effects.accountChanged(truck.accountId, "truck", id, "updated");
    }
    return truck;
  }).catch(refuseDuplicate);
}

/** Deletes a truck: admins, or the account's super or account manager. */
export async function deleteTruck(ctx: ServiceContext, id: number): Promise<TruckRow> {
  const truck = await getTruck(ctx, id);
  if (!canDeleteAsset(ctx.actor.user, truck.accountId)) throw new ServiceError(403, TRUCK_MESSAGES.deleteDenied);
  return write(ctx, async (tx, effects) => {
    const [removed] = await tx.delete(trucks).where(eq(trucks.id, id)).returning();
    effects.accountChanged(removed.accountId, "truck", id, "deleted");
    return removed;
  });
}

export interface TruckListQuery {
  /** The account asked for (admins); everyone else gets their own. */
  account?: unknown;
  location?: string;
  status?: TruckStatusFilter;
  /** "all", "unassigned", or a user's alpha code. */
  assigned?: string;
  search?: string;
  sort?: TruckSort;
  order?: "asc" | "desc";
  page?: number;
  pageSize?: number;
  /** The account's buildings: a Location filter naming one keeps the trucks at its doors (the dashboard's chips). */
  buildingNames?: string[];
}

const statusPriority = sql<number>`(case when ${trucks.redTagged} then 1 when ${trucks.yellowTagged} then 2 when ${trucks.inShop} then 3 else 4 end)`;

/**
 * Each sort's column. Time at Location ascending is the shortest time first: the open entries'
 * newest first. A truck without an open entry, or not assigned, is last either way.
 */
const SORT_COLUMNS: Record<TruckSort, { by: SortKey["by"]; reversed?: boolean; nullable?: boolean }> = {
  location: { by: trucks.truckLocation },
  number: { by: trucks.truckNumber },
  type: { by: trucks.type },
  make: { by: trucks.make },
  model: { by: trucks.model },
  time: { by: truckLocationHistory.entryTime, reversed: true, nullable: true },
  assigned: { by: users.alphaCode, nullable: true },
  status: { by: statusPriority },
  tag: { by: trucks.taggedDescription, nullable: true },
};

/** As the trailer list: since when (the sort) and the latest history entry (time at location). */
const TRUCK_LIST_FIELDS = {
  truck: trucks,
  assignedTo: users.alphaCode,
  since: truckLocationHistory.entryTime,
  latest: latestEntryFields(truckLocationHistory, truckLocationHistory.truckId, trucks.id),
};
export type TruckListItem = { truck: TruckRow; assignedTo: string | null; since: Date | null; latest: LatestEntry };

/**
 * The trucks a list query asks for: the account's, filtered and searched, and their order. The
 * dashboard page, `GET /api/trucks` and the trucks report all read this one listing.
 */
export function truckListing(ctx: ServiceContext, query: TruckListQuery = {}) {
  const accountId = requireAccount(ctx.actor, query.account);
  const kept = truckFilters(query);
  const conditions = [eq(trucks.accountId, accountId), kept.location, kept.status, kept.assigned, kept.search];
  const column = SORT_COLUMNS[query.sort ?? "number"];
  const sort: SortKey[] = [
    { by: column.by, descending: (query.order === "desc") !== Boolean(column.reversed), nulls: column.nullable ? "last" : undefined },
    { by: trucks.truckNumber },
    { by: trucks.id },
  ];
  return { accountId, where: and(...conditions), sort };
}

type TruckListing = ReturnType<typeof truckListing>;

function truckStatusCondition(status: Exclude<TruckStatusFilter, "all">): SQL {
  if (status === "red") return eq(trucks.redTagged, true);
  if (status === "yellow") return and(eq(trucks.yellowTagged, true), not(trucks.redTagged))!;
  if (status === "shop") return and(eq(trucks.inShop, true), not(trucks.redTagged), not(trucks.yellowTagged))!;
  return and(not(trucks.redTagged), not(trucks.yellowTagged), not(trucks.inShop))!;
}

function assignedCondition(assigned: string): SQL {
  return assigned === "unassigned" ? isNull(trucks.assignedUserId) : eq(users.alphaCode, assigned);
}

/** Each filter of a truck list query as its condition (`true` when it keeps every truck); the search's likewise. */
function truckFilters(query: TruckListQuery) {
  const { location, status, assigned } = query;
  return {
    location: !location || location === "all" ? sql`true` : locationIs(trucks.truckLocation, location, query.buildingNames ?? []),
    status: !status || status === "all" ? sql`true` : truckStatusCondition(status),
    assigned: !assigned || assigned === "all" ? sql`true` : assignedCondition(assigned),
    search:
      searchAny(query.search, [
        trucks.truckNumber,
        trucks.truckLocation,
        trucks.make,
        trucks.model,
        trucks.licensePlate,
        trucks.taggedDescription,
        users.alphaCode,
      ]) ?? sql`true`,
  };
}

/** A truck list's joins: the assigned user (the Assigned To filter and sort) and the open history entry (since when). */
const ASSIGNED_USER = eq(users.id, trucks.assignedUserId);
const OPEN_ENTRY = and(eq(truckLocationHistory.truckId, trucks.id), isNull(truckLocationHistory.exitTime));

/** One page of an account's trucks, filtered, searched and sorted in Postgres. */
export async function listTrucks(ctx: ServiceContext, query: TruckListQuery = {}) {
  const listing = truckListing(ctx, query);
  const { page, pageSize, offset } = paging(query, 50, 200);
  const [rows, [{ total }]] = await Promise.all([
    ctx.db
      .select(TRUCK_LIST_FIELDS)
      .from(trucks)
      .leftJoin(users, ASSIGNED_USER)
      .leftJoin(truckLocationHistory, OPEN_ENTRY)
      .where(listing.where)
      .orderBy(...orderOf(listing.sort))
      .limit(pageSize)
      .offset(offset),
    ctx.db.select({ total: count() }).from(trucks).leftJoin(users, ASSIGNED_USER).where(listing.where),
  ]);
  return { accountId: listing.accountId, trucks: rows, total, page, pageSize };
}

/** Every truck of a listing, in its order, a batch at a time (reports). */
export function readTruckListing(db: Database, listing: TruckListing): AsyncGenerator<TruckListItem[]> {
  return readByKeyset(db, listing.sort, (batchDb, { keyset, after, orderBy, limit }) =>
    batchDb
      .select({ ...TRUCK_LIST_FIELDS, keyset })
      .from(trucks)
      .leftJoin(users, ASSIGNED_USER)
      .leftJoin(truckLocationHistory, OPEN_ENTRY)
      .where(and(listing.where, after))
      .orderBy(...orderBy)
      .limit(limit),
  );
}

/**
 * The Location, Status and Assigned To chips with their counts, each following the search and the
 * other filters (as the trailer chips do): two grouped statements, by location (with every
 * status's count over all of them) and by assignee.
 */
export async function truckFilterOptions(ctx: ServiceContext, query: TruckListQuery) {
  const accountId = requireAccount(ctx.actor, query.account);
  const kept = truckFilters(query);
  const searched = and(eq(trucks.accountId, accountId), kept.search);
  const here = (condition: SQL | undefined) => sql<number>`(count(*) filter (where ${condition}))::int`;
  const everywhere = (condition: SQL | undefined) => sql<number>`(sum(${here(condition)}) over ())::int`;
  const statusFacet = (status: Exclude<TruckStatusFilter, "all">) =>
    everywhere(and(kept.location, kept.assigned, truckStatusCondition(status)));
  const [locations, assignees] = await Promise.all([
    ctx.db
      .select({
        location: trucks.truckLocation,
        trucks: here(and(kept.status, kept.assigned)),
        all: everywhere(and(kept.location, kept.assigned)),
        red: statusFacet("red"),
        yellow: statusFacet("yellow"),
        shop: statusFacet("shop"),
        available: statusFacet("available"),
      })
      .from(trucks)
      .leftJoin(users, ASSIGNED_USER)
      .where(searched)
      .groupBy(trucks.truckLocation),
    ctx.db
      .select({
        alphaCode: users.alphaCode,
        trucks: here(and(kept.location, kept.status)),
        all: everywhere(and(kept.location, kept.status)),
        unassigned: everywhere(and(kept.location, kept.status, isNull(trucks.assignedUserId))),
      })
      .from(trucks)
      .leftJoin(users, ASSIGNED_USER)
      .where(searched)
      .groupBy(users.alphaCode)
      .orderBy(asc(users.alphaCode)),
  ]);
  const first = locations[0];
  return {
    locations: locations.map(({ location, trucks: held }) => ({ location, trucks: held })),
    status: {
      all: first?.all ?? 0,
      red: first?.red ?? 0,
      yellow: first?.yellow ?? 0,
      shop: first?.shop ?? 0,
      available: first?.available ?? 0,
    } satisfies Record<TruckStatusFilter, number>,
    assignees: assignees.flatMap(({ alphaCode, trucks: held }) => (alphaCode ? [{ alphaCode, trucks: held }] : [])),
    assigned: { all: assignees[0]?.all ?? 0, unassigned: assignees[0]?.unassigned ?? 0 },
  };
}
