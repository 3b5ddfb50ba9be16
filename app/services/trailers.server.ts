import { and, asc, count, desc, eq, isNull, not, sql, type SQL } from "drizzle-orm";
import { moveLegs, trailerAssignments, trailerLocationHistory, trailers } from "../../db/schema";
import type { TrailerLoadFilter, TrailerStatusFilter } from "../domain/dashboard";
import { isRecordId } from "../domain/ids";
import { apiRecord, names, overStored } from "../domain/records";
import { leavesShopWithoutPlace, locationGroup, ROAD, SHOP } from "../domain/locations";
import { canDeleteAsset, canEditAssets } from "../domain/roles";
import { applyTrailerRules, TRAILER_MESSAGES, trailerSchema } from "../domain/trailers";
import { readInBatches } from "../lib/cursor.server";
import type { Database, Queryable } from "../lib/db.server";
import { paging } from "../lib/paging";
import { doorsOf, isUniqueViolation, searchAny } from "../lib/sql.server";
import { resolveAssignee } from "./assignees.server";
import { write, type ServiceContext } from "./context.server";
import { parseInput, ServiceError } from "./errors.server";
import { latestEntryFields, recordLocationChange, type LatestEntry } from "./location-history.server";
import { accountPlaces, canonicalLocation, type AccountPlaces } from "./locations.server";
import { requireAccount, withinReach } from "./scope.server";

export type TrailerRow = typeof trailers.$inferSelect;

/** A trailer as the API shows it (the spec's field names). */
export function publicTrailer(row: TrailerRow) {
  return apiRecord(row);
}

/** A trailer within the actor's reach, else 404 "Trailer not found". */
export async function getTrailer(ctx: ServiceContext, id: number): Promise<TrailerRow> {
  const [trailer] = isRecordId(id) ? await ctx.db.select().from(trailers).where(eq(trailers.id, id)) : [];
  if (!trailer || !withinReach(ctx.actor, trailer.accountId)) throw new ServiceError(404, TRAILER_MESSAGES.notFound);
  return trailer;
}

const LOCATION_REFUSAL = { message: TRAILER_MESSAGES.locationUnknown, field: "trailer_location" };

function refuseDuplicate(error: unknown): never {
  if (isUniqueViolation(error)) throw new ServiceError(400, TRAILER_MESSAGES.numberTaken, "trailer_number");
  throw error;
}

/** What Add New Trailer and Update Trailer both check before writing: the form, the location, the assignee. */
async function prepareTrailer(ctx: ServiceContext, accountId: number, value: ReturnType<typeof trailerSchema.parse>) {
  const [location, user] = await Promise.all([
    canonicalLocation(ctx.db, accountId, value.trailer_location, LOCATION_REFUSAL),
    resolveAssignee(ctx.db, accountId, { id: value.user_id, typed: value.assigned_user }, "assigned_user"),
  ]);
  return { ...applyTrailerRules(value, location), userId: user?.id ?? null, lastUser: user?.alphaCode ?? null, user };
}

/** Add New Trailer: its first location history entry and assignment are written with it. */
export async function createTrailer(ctx: ServiceContext, input: unknown): Promise<TrailerRow> {
  if (!canEditAssets(ctx.actor.user)) throw new ServiceError(403, "Only administrators and super managers can add trailers.");
  const value = parseInput(trailerSchema, input);
  const accountId = requireAccount(ctx.actor, value.account_id);
  const { user, ...fields } = await prepareTrailer(ctx, accountId, value);
  const alphaCode = ctx.actor.alphaCode;
  return write(ctx, async (tx, effects) => {
    const [created] = await tx
      .insert(trailers)
      .values({ ...fields, accountId })
      .returning();
    await recordLocationChange(tx, { kind: "trailer", assetId: created.id, accountId, location: created.trailerLocation, alphaCode });
    if (user) {
      await tx
        .insert(trailerAssignments)
        .values({ trailerId: created.id, assignedUserId: user.id, assignedAlphaCode: user.alphaCode, assignedByAlphaCode: alphaCode });
    }
    effects.assetMoved("trailer", accountId, created.id, created.trailerLocation);
    return created;
  }).catch(refuseDuplicate);
}

/** The trailer fields that decide one thing together: a PUT naming one of them replaces them all. */
const TRAILER_FIELD_GROUPS = [
  ["trailer_location", "in_shop"],
  ["load_type", "is_loaded", "is_tray"],
  ["user_id", "assigned_user"],
] as const;

/**
 * Update Trailer: a new location closes the open history entry and opens one, in the same
 * transaction. The form sends every field; the API (`keepOmitted`) may leave fields out, which
 * keep their stored values.
 */
export async function updateTrailer(
  ctx: ServiceContext,
  id: number,
  input: unknown,
  options: { keepOmitted?: boolean } = {},
): Promise<TrailerRow> {
  const current = await getTrailer(ctx, id);
  if (!canEditAssets(ctx.actor.user)) throw new ServiceError(403, "Only administrators and super managers can update trailers.");
  const value = parseInput(trailerSchema, options.keepOmitted ? overStored(publicTrailer(current), input, TRAILER_FIELD_GROUPS) : input);
  // The form's unticked Shop sends nothing; the API leaving in_shop out keeps the Shop rule (the Shop location sets it).
  const wantsShop = value.in_shop || (options.keepOmitted === true && !names(input, "in_shop"));
  if (leavesShopWithoutPlace(current, wantsShop, value.trailer_location)) {
    throw new ServiceError(400, TRAILER_MESSAGES.leavingShop, "trailer_location");
  }
  const { user, ...fields } = await prepareTrailer(ctx, current.accountId, value);
  const alphaCode = ctx.actor.alphaCode;
  return write(ctx, async (tx, effects) => {
    const [before] = await tx.select().from(trailers).where(eq(trailers.id, id)).for("update");
    const [trailer] = await tx.update(trailers).set(fields).where(eq(trailers.id, id)).returning();
    if (before.trailerLocation !== trailer.trailerLocation) {
      await recordLocationChange(tx, {
        kind: "trailer",
        assetId: id,
        accountId: trailer.accountId,
        location: trailer.trailerLocation,
        alphaCode,
      });
      effects.assetMoved("trailer", trailer.accountId, id, trailer.trailerLocation);
    } else {
      effects.accountChanged(trailer.accountId, "trailer", id, "updated");
    }
    if ((before.userId ?? null) !== (trailer.userId ?? null)) {
      await tx.insert(trailerAssignments).values({
        trailerId: id,
        assignedUserId: user?.id ?? null,
        assignedAlphaCode: user?.alphaCode ?? null,
        assignedByAlphaCode: alphaCode,
      });
    }
    return trailer;
  }).catch(refuseDuplicate);
}

/** Deletes a trailer: admins, or the account's super or account manager; never one in an active move. */
export async function deleteTrailer(ctx: ServiceContext, id: number): Promise<TrailerRow> {
  const trailer = await getTrailer(ctx, id);
  if (!canDeleteAsset(ctx.actor.user, trailer.accountId)) throw new ServiceError(403, TRAILER_MESSAGES.deleteDenied);
  return write(ctx, async (tx, effects) => {
    const [active] = await tx
      .select({ id: moveLegs.id })
      .from(moveLegs)
      .where(and(eq(moveLegs.trailerId, id), eq(moveLegs.active, true)))
      .limit(1);
    if (active) throw new ServiceError(409, TRAILER_MESSAGES.inActiveMove);
    // Finished and cancelled moves keep their legs' trailer numbers; the legs stop pointing here.
    const [removed] = await tx.delete(trailers).where(eq(trailers.id, id)).returning();
    effects.accountChanged(removed.accountId, "trailer", id, "deleted");
    return removed;
  });
}

/** Who the trailer was assigned to, newest first. */
export async function assignmentHistory(ctx: ServiceContext, trailer: TrailerRow) {
  return ctx.db
    .select()
    .from(trailerAssignments)
    .where(eq(trailerAssignments.trailerId, trailer.id))
    .orderBy(desc(trailerAssignments.assignedAt), desc(trailerAssignments.id));
}

/**
 * The spec's `user_history`: each assignment of the trailer, newest first, as `time` (ISO), `assignee`
 * (the assigned user's alpha code, null when unassigned) and `assigner` (who assigned, by alpha code).
 */
export async function userHistory(ctx: ServiceContext, trailer: TrailerRow) {
  const rows = await assignmentHistory(ctx, trailer);
  return rows.map((row) => ({ time: row.assignedAt.toISOString(), assignee: row.assignedAlphaCode, assigner: row.assignedByAlphaCode }));
}

/**
 * A trailer as `GET` and `PUT /api/trailers/{id}` answer it: its fields and its `user_history`. Pass a
 * trailer read within the actor's reach (`getTrailer`, `updateTrailer`).
 */
export async function trailerWithHistory(ctx: ServiceContext, trailer: TrailerRow) {
  return { ...publicTrailer(trailer), user_history: await userHistory(ctx, trailer) };
}

export interface TrailerListQuery {
  /** The account asked for (admins); everyone else gets their own. */
  account?: unknown;
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

function locationCondition(location: string, buildingNames: string[]): SQL {
  // A building: every one of its doors.
  return buildingNames.includes(location) ? doorsOf(trailers.trailerLocation, location) : eq(trailers.trailerLocation, location);
}

const STATUS_CONDITION: Record<Exclude<TrailerStatusFilter, "all">, SQL> = {
  red: eq(trailers.redTagged, true),
  yellow: and(eq(trailers.yellowTagged, true), eq(trailers.redTagged, false))!,
  available: and(not(trailers.redTagged), not(trailers.yellowTagged), not(trailers.inShop))!,
};

const LOAD_CONDITION: Record<Exclude<TrailerLoadFilter, "all">, SQL> = {
  loaded: eq(trailers.isLoaded, true),
  trays: eq(trailers.isTray, true),
  empty: and(not(trailers.isLoaded), not(trailers.isTray))!,
};

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
 * dashboard page, `GET /api/trailers` and the trailers report all read this one listing.
 */
export async function trailerListing(ctx: ServiceContext, query: TrailerListQuery = {}) {
  const accountId = requireAccount(ctx.actor, query.account);
  const places = await accountPlaces(ctx.db, accountId);
  const where = and(
    eq(trailers.accountId, accountId),
    query.location && query.location !== "all"
      ? locationCondition(
          query.location,
          places.buildings.map((building) => building.buildingName),
        )
      : undefined,
    query.status && query.status !== "all" ? STATUS_CONDITION[query.status] : undefined,
    query.load && query.load !== "all" ? LOAD_CONDITION[query.load] : undefined,
    searchAny(query.search, [
      trailers.trailerNumber,
      trailers.trailerLocation,
      trailers.licensePlate,
      trailers.companyOwner,
      trailers.loadNumber,
      trailers.lastUser,
      trailers.taggedDescription,
      trailers.type,
    ]),
  );
  const since = trailerLocationHistory.entryTime;
  const orderBy = [query.timeSort === "desc" ? sql`${since} asc nulls last` : sql`${since} desc nulls last`, asc(trailers.trailerNumber)];
  return { accountId, places, where, orderBy };
}

type TrailerListing = Awaited<ReturnType<typeof trailerListing>>;

function selectTrailerList(db: Queryable, listing: TrailerListing) {
  return db
    .select(TRAILER_LIST_FIELDS)
    .from(trailers)
    .leftJoin(trailerLocationHistory, and(eq(trailerLocationHistory.trailerId, trailers.id), isNull(trailerLocationHistory.exitTime)))
    .where(listing.where)
    .orderBy(...listing.orderBy);
}

/**
 * One page of an account's trailers, filtered, searched and sorted in Postgres, with the time
 * each has stood at its location (from its open history entry).
 */
export async function listTrailers(ctx: ServiceContext, query: TrailerListQuery = {}) {
  const listing = await trailerListing(ctx, query);
  const { page, pageSize, offset } = paging(query, 50, 200);
  const [rows, [{ total }]] = await Promise.all([
    selectTrailerList(ctx.db, listing).limit(pageSize).offset(offset),
    ctx.db.select({ total: count() }).from(trailers).where(listing.where),
  ]);
  return { accountId: listing.accountId, trailers: rows, total, page, pageSize, places: listing.places };
}

/** Every trailer of a listing, a batch at a time (reports). */
export function readTrailerListing(db: Database, listing: TrailerListing): AsyncGenerator<TrailerListItem[]> {
  return readInBatches(db, selectTrailerList(db, listing), TRAILER_LIST_FIELDS);
}

/**
 * The Location filter's counts — All, Road, Shop, each building (all its doors) and each yard —
 * from one grouped query.
 */
export async function trailerLocationCounts(db: Queryable, accountId: number, places: AccountPlaces) {
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
