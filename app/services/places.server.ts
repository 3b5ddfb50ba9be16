import { and, asc, eq, or, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { ZodType } from "zod";
import { buildings, moveLegs, moves, trailers, trucks, yards } from "#db/schema";
import { isRecordId } from "#app/domain/ids";
import {
  addressColumns,
  PLACE_MESSAGES,
  PLACE_PAGES,
  PLACE_SCHEMAS,
  strandedMessage,
  type PlaceAddress,
  type PlaceInput,
  type PlaceKind,
} from "#app/domain/places";
import { overStored } from "#app/domain/records";
import { canDeleteAsset, canEditAssets } from "#app/domain/roles";
import type { Queryable, Transaction } from "#app/lib/db.server";
import { doorsOf, isUniqueViolation, searchAny } from "#app/lib/sql.server";
import { write, type ServiceContext } from "./context.server";
import { parseInput, ServiceError } from "./errors.server";
import { requireAccount, withinReach } from "./scope.server";

export type BuildingRow = typeof buildings.$inferSelect;
export type YardRow = typeof yards.$inferSelect;
export type PlaceRow<K extends PlaceKind> = { building: BuildingRow; yard: YardRow }[K];

/** Which locations a change removes, as a condition on a location column; null when none. */
type Vanishing = ((column: AnyColumn) => SQL) | null;
type BuildingDoorsRow = { buildingName: string; buildingDoorNumber: number };

/**
 * How each kind of place is stored: its table, its columns from the form, and the locations that
 * vanish when it changes to `after` (deleted: null): a building's doors above the kept count.
 */
const STORES = {
  building: {
    table: buildings,
    name: buildings.buildingName,
    columns: (value: PlaceInput<"building">) => ({
      buildingName: value.building_name,
      buildingDoorNumber: value.building_door_number,
      location: value.location || null,
      ...addressColumns(value),
    }),
    vanishing: (before: BuildingDoorsRow, after: BuildingDoorsRow | null): Vanishing => {
      const kept = after && after.buildingName === before.buildingName ? after.buildingDoorNumber : 0;
      return kept >= before.buildingDoorNumber ? null : (column) => doorsOf(column, before.buildingName, kept);
    },
    searched: [buildings.buildingName],
  },
  yard: {
    table: yards,
    name: yards.name,
    columns: (value: PlaceInput<"yard">) => ({
      name: value.name,
      parkingLocation: value.parking_location || null,
      parkingSpots: value.parking_spots,
      ...addressColumns(value),
    }),
    vanishing: (before: { name: string }, after: { name: string } | null): Vanishing =>
      after && after.name === before.name ? null : (column) => eq(column, before.name),
    searched: [yards.name, yards.parkingLocation],
  },
};

type Store = { table: typeof buildings | typeof yards; name: AnyColumn; searched: AnyColumn[] };
const storeOf = (kind: PlaceKind) => STORES[kind] as Store;
const columnsOf = <K extends PlaceKind>(kind: K, value: PlaceInput<K>) =>
  (STORES[kind].columns as (value: PlaceInput<K>) => Record<string, unknown>)(value);
const vanishingOf = (kind: PlaceKind, before: object, after: object | null) =>
  (STORES[kind].vanishing as (before: object, after: object | null) => Vanishing)(before, after);
/** At most this many of what stands at vanishing locations are named in the refusal. */
const STRANDED_SHOWN = 20;

/** A place's address and description under the spec's names. */
function publicAddress(place: PlaceAddress) {
  return { address: place.address, city: place.city, state: place.state, zip_code: place.zipCode, description: place.description };
}

/** A building as the API and its page show it (the spec's field names, times as ISO text). */
export function publicBuilding(building: BuildingRow) {
  return {
    id: building.id,
    account_id: building.accountId,
    building_name: building.buildingName,
    building_door_number: building.buildingDoorNumber,
    location: building.location,
    ...publicAddress(building),
    created_at: building.createdAt.toISOString(),
    updated_at: building.updatedAt.toISOString(),
  };
}

/** A yard as the API and its page show it. */
export function publicYard(yard: YardRow) {
  return {
    id: yard.id,
    account_id: yard.accountId,
    name: yard.name,
    parking_location: yard.parkingLocation,
    parking_spots: yard.parkingSpots,
    entry_time: yard.entryTime?.toISOString() ?? null,
    ...publicAddress(yard),
    created_at: yard.createdAt.toISOString(),
    updated_at: yard.updatedAt.toISOString(),
  };
}

/** A building or yard as the API shows it (the spec's field names). */
export function publicPlace<K extends PlaceKind>(kind: K, place: PlaceRow<K>) {
  return kind === "building" ? publicBuilding(place as BuildingRow) : publicYard(place as YardRow);
}

function parsePlace<K extends PlaceKind>(kind: K, input: unknown): PlaceInput<K> {
  return parseInput(PLACE_SCHEMAS[kind] as unknown as ZodType<PlaceInput<K>>, input);
}

function requireEditor(ctx: ServiceContext) {
  if (!canEditAssets(ctx.actor.user)) throw new ServiceError(403, PLACE_MESSAGES.editDenied);
}

/** A duplicate name within the account, next to the name field. */
function refuseDuplicate(kind: PlaceKind) {
  return (error: unknown): never => {
    if (isUniqueViolation(error)) throw new ServiceError(400, PLACE_MESSAGES.nameTaken, PLACE_PAGES[kind].nameField);
    throw error;
  };
}

async function findPlace<K extends PlaceKind>(db: Queryable, kind: K, id: number): Promise<PlaceRow<K> | undefined> {
  const { table } = storeOf(kind);
  const [row] = await db.select().from(table).where(eq(table.id, id));
  return row as PlaceRow<K> | undefined;
}

/** The place's row, locked until the write commits (gone meanwhile: 404). */
async function lockPlace<K extends PlaceKind>(tx: Transaction, kind: K, id: number): Promise<PlaceRow<K>> {
  const { table } = storeOf(kind);
  const [row] = await tx.select().from(table).where(eq(table.id, id)).for("update");
  if (!row) throw new ServiceError(404, PLACE_PAGES[kind].notFound);
  return row as PlaceRow<K>;
}

/** A building or yard within the actor's reach, else 404 "Building not found" / "Yard not found". */
export async function getPlace<K extends PlaceKind>(ctx: ServiceContext, kind: K, id: number): Promise<PlaceRow<K>> {
  const place = isRecordId(id) ? await findPlace(ctx.db, kind, id) : undefined;
  if (!place || !withinReach(ctx.actor, place.accountId)) throw new ServiceError(404, PLACE_PAGES[kind].notFound);
  return place;
}

/**
 * The buildings or yards of the account the actor works in (admins: the one named), by name;
 * `search` keeps those whose name (a yard's parking location too) contains it.
 */
export async function listPlaces<K extends PlaceKind>(ctx: ServiceContext, kind: K, query: { account?: unknown; search?: string } = {}) {
  const { table, name, searched } = storeOf(kind);
  const accountId = requireAccount(ctx.actor, query.account);
  const rows = await ctx.db
    .select()
    .from(table)
    .where(and(eq(table.accountId, accountId), searchAny(query.search, searched)))
    .orderBy(asc(name));
  return rows as PlaceRow<K>[];
}

/**
 * Refuses a change that would make locations disappear while trailers or trucks stand there or
 * active moves lead from or to them: nothing is stranded silently. The first few are named.
 */
async function refuseStranding(tx: Transaction, accountId: number, vanishing: Vanishing) {
  if (!vanishing) return;
  // One after another: the queries share the transaction's connection.
  const trailerRows = await tx
    .select({ location: trailers.trailerLocation, what: trailers.trailerNumber })
    .from(trailers)
    .where(and(eq(trailers.accountId, accountId), vanishing(trailers.trailerLocation)))
    .limit(STRANDED_SHOWN);
  const truckRows = await tx
    .select({ location: trucks.truckLocation, what: trucks.truckNumber })
    .from(trucks)
    .where(and(eq(trucks.accountId, accountId), vanishing(trucks.truckLocation)))
    .limit(STRANDED_SHOWN);
  const legRows = await tx
    .select({
      from: moveLegs.fromLocation,
      to: moveLegs.toLocation,
      toVanishes: sql<boolean>`${vanishing(moveLegs.toLocation)}`,
      move: moveLegs.moveId,
    })
    .from(moveLegs)
    .innerJoin(moves, eq(moves.id, moveLegs.moveId))
    .where(
      and(eq(moves.accountId, accountId), eq(moveLegs.active, true), or(vanishing(moveLegs.fromLocation), vanishing(moveLegs.toLocation))),
    )
    .limit(STRANDED_SHOWN);
  const stranded = [
    ...trailerRows.map((row) => ({ location: row.location, what: `trailer ${row.what}` })),
    ...truckRows.map((row) => ({ location: row.location, what: `truck ${row.what}` })),
    ...legRows.map((row) => ({ location: row.toVanishes ? row.to : row.from, what: `move #${row.move}` })),
  ];
  if (stranded.length) throw new ServiceError(409, strandedMessage(stranded));
}

/** Add New Building / Add New Yard: admins and super managers; a non-admin's goes to its own account. */
export async function createPlace<K extends PlaceKind>(ctx: ServiceContext, kind: K, input: unknown): Promise<PlaceRow<K>> {
  requireEditor(ctx);
  const value = parsePlace(kind, input);
  const accountId = requireAccount(ctx.actor, value.account_id);
  const { table } = storeOf(kind);
  return write(ctx, async (tx, effects) => {
    const [created] = await tx
      .insert(table)
      .values({ ...columnsOf(kind, value), accountId } as typeof table.$inferInsert)
      .returning();
    effects.accountChanged(accountId, kind, created.id, "created");
    return created as PlaceRow<K>;
  }).catch(refuseDuplicate(kind));
}

/**
 * Update Building / Update Yard. Renaming a place, or lowering a building's door count, is
 * refused while a location that would disappear is in use. The API (`keepOmitted`) may leave
 * fields out, which keep their stored values.
 */
export async function updatePlace<K extends PlaceKind>(
  ctx: ServiceContext,
  kind: K,
  id: number,
  input: unknown,
  options: { keepOmitted?: boolean } = {},
): Promise<PlaceRow<K>> {
  const current = await getPlace(ctx, kind, id);
  requireEditor(ctx);
  const value = parsePlace(kind, options.keepOmitted ? overStored(publicPlace(kind, current), input) : input);
  const columns = columnsOf(kind, value);
  const { table } = storeOf(kind);
  return write(ctx, async (tx, effects) => {
    const before = await lockPlace(tx, kind, id);
    await refuseStranding(tx, current.accountId, vanishingOf(kind, before, columns));
    const [updated] = await tx.update(table).set(columns).where(eq(table.id, id)).returning();
    effects.accountChanged(current.accountId, kind, id, "updated");
    return updated as PlaceRow<K>;
  }).catch(refuseDuplicate(kind));
}

/** Deletes a building or yard: admins, or the account's super or account manager; never one in use. */
export async function deletePlace<K extends PlaceKind>(ctx: ServiceContext, kind: K, id: number): Promise<PlaceRow<K>> {
  const place = await getPlace(ctx, kind, id);
  if (!canDeleteAsset(ctx.actor.user, place.accountId)) throw new ServiceError(403, PLACE_MESSAGES.deleteDenied);
  const { table } = storeOf(kind);
  return write(ctx, async (tx, effects) => {
    const locked = await lockPlace(tx, kind, id);
    await refuseStranding(tx, place.accountId, vanishingOf(kind, locked, null));
    await tx.delete(table).where(eq(table.id, id));
    effects.accountChanged(place.accountId, kind, id, "deleted");
    return locked;
  });
}
