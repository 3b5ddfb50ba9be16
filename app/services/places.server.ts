import { and, asc, eq, ilike, inArray, or } from "drizzle-orm";
import { buildings, moveLegs, moves, trailers, trucks, yards } from "../../db/schema";
import { doorLocations } from "../domain/locations";
import { buildingSchema, PLACE_MESSAGES, strandedMessage, yardSchema } from "../domain/places";
import { canDeleteAsset, canEditAssets } from "../domain/roles";
import { isRecordId } from "../domain/ids";
import { containsPattern } from "../lib/sql.server";
import { withActor, type Database, type Queryable, type Transaction } from "../lib/db.server";
import type { Actor } from "./context.server";
import { ServiceError, validationErrors } from "./errors.server";
import { requireAccount } from "./scope.server";

export type BuildingRow = typeof buildings.$inferSelect;
export type YardRow = typeof yards.$inferSelect;

export function publicBuilding(building: BuildingRow) {
  return {
    id: building.id,
    account_id: building.accountId,
    building_name: building.buildingName,
    building_door_number: building.buildingDoorNumber,
    created_at: building.createdAt.toISOString(),
    updated_at: building.updatedAt.toISOString(),
  };
}

export function publicYard(yard: YardRow) {
  return {
    id: yard.id,
    account_id: yard.accountId,
    name: yard.name,
    parking_location: yard.parkingLocation,
    parking_spots: yard.parkingSpots,
    entry_time: yard.entryTime?.toISOString() ?? null,
    created_at: yard.createdAt.toISOString(),
    updated_at: yard.updatedAt.toISOString(),
  };
}

function requireEditor(actor: Actor) {
  if (!canEditAssets(actor.user)) throw new ServiceError(403, PLACE_MESSAGES.editDenied);
}

function isUniqueViolation(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } }).cause;
  return (cause?.code ?? (error as { code?: string }).code) === "23505";
}

export async function getBuilding(db: Queryable, actor: Actor, id: number): Promise<BuildingRow> {
  const [building] = isRecordId(id) ? await db.select().from(buildings).where(eq(buildings.id, id)) : [];
  if (!building || (!actor.isAdmin && building.accountId !== actor.accountId)) throw new ServiceError(404, PLACE_MESSAGES.buildingNotFound);
  return building;
}

export async function getYard(db: Queryable, actor: Actor, id: number): Promise<YardRow> {
  const [yard] = isRecordId(id) ? await db.select().from(yards).where(eq(yards.id, id)) : [];
  if (!yard || (!actor.isAdmin && yard.accountId !== actor.accountId)) throw new ServiceError(404, PLACE_MESSAGES.yardNotFound);
  return yard;
}

export async function listBuildings(db: Queryable, accountId: number) {
  return db.select().from(buildings).where(eq(buildings.accountId, accountId)).orderBy(asc(buildings.buildingName));
}

export async function listYards(db: Queryable, accountId: number) {
  return db.select().from(yards).where(eq(yards.accountId, accountId)).orderBy(asc(yards.name));
}

/**
 * Refuses a change that would make `vanishing` locations disappear while trailers or trucks stand
 * there or active moves lead from or to them: nothing is stranded silently.
 */
async function refuseStranding(tx: Transaction, accountId: number, vanishing: string[]) {
  if (!vanishing.length) return;
  const [trailerRows, truckRows, legRows] = await Promise.all([
    tx
      .select({ location: trailers.trailerLocation, what: trailers.trailerNumber })
      .from(trailers)
      .where(and(eq(trailers.accountId, accountId), inArray(trailers.trailerLocation, vanishing))),
    tx
      .select({ location: trucks.truckLocation, what: trucks.truckNumber })
      .from(trucks)
      .where(and(eq(trucks.accountId, accountId), inArray(trucks.truckLocation, vanishing))),
    tx
      .select({ from: moveLegs.fromLocation, to: moveLegs.toLocation, move: moveLegs.moveId })
      .from(moveLegs)
      .innerJoin(moves, eq(moves.id, moveLegs.moveId))
      .where(
        and(
          eq(moves.accountId, accountId),
          eq(moveLegs.active, true),
          or(inArray(moveLegs.fromLocation, vanishing), inArray(moveLegs.toLocation, vanishing)),
        ),
      ),
  ]);
  const stranded = [
    ...trailerRows.map((row) => ({ location: row.location, what: `trailer ${row.what}` })),
    ...truckRows.map((row) => ({ location: row.location, what: `truck ${row.what}` })),
    ...legRows.map((row) => ({ location: vanishing.includes(row.to) ? row.to : row.from, what: `move #${row.move}` })),
  ];
  if (stranded.length) throw new ServiceError(409, strandedMessage(stranded));
}

export async function createBuilding(db: Database, actor: Actor, input: unknown) {
  requireEditor(actor);
  const parsed = buildingSchema.safeParse(input);
  if (!parsed.success) throw new ServiceError(400, validationErrors(parsed.error));
  const accountId = requireAccount(actor, parsed.data.account_id);
  try {
    const [building] = await withActor(db, actor.alphaCode, (tx) =>
      tx
        .insert(buildings)
        .values({ accountId, buildingName: parsed.data.building_name, buildingDoorNumber: parsed.data.building_door_number })
        .returning(),
    );
    return building;
  } catch (error) {
    if (isUniqueViolation(error)) throw new ServiceError(400, PLACE_MESSAGES.nameTaken);
    throw error;
  }
}

/** Renames a building or changes its door count, unless doors that would vanish are in use. */
export async function updateBuilding(db: Database, actor: Actor, id: number, input: unknown) {
  const current = await getBuilding(db, actor, id);
  requireEditor(actor);
  const parsed = buildingSchema.safeParse(input);
  if (!parsed.success) throw new ServiceError(400, validationErrors(parsed.error));
  try {
    return await withActor(db, actor.alphaCode, async (tx) => {
      const [before] = await tx.select().from(buildings).where(eq(buildings.id, id)).for("update");
      const kept = new Set(
        doorLocations({ buildingName: parsed.data.building_name, buildingDoorNumber: parsed.data.building_door_number }),
      );
      await refuseStranding(tx, current.accountId, doorLocations(before).filter((door) => !kept.has(door)));
      const [building] = await tx
        .update(buildings)
        .set({ buildingName: parsed.data.building_name, buildingDoorNumber: parsed.data.building_door_number })
        .where(eq(buildings.id, id))
        .returning();
      return building;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ServiceError(400, PLACE_MESSAGES.nameTaken);
    throw error;
  }
}

export async function deleteBuilding(db: Database, actor: Actor, id: number) {
  const building = await getBuilding(db, actor, id);
  if (!canDeleteAsset(actor.user, building.accountId)) throw new ServiceError(403, PLACE_MESSAGES.deleteDenied);
  return withActor(db, actor.alphaCode, async (tx) => {
    const [locked] = await tx.select().from(buildings).where(eq(buildings.id, id)).for("update");
    await refuseStranding(tx, building.accountId, doorLocations(locked));
    await tx.delete(buildings).where(eq(buildings.id, id));
    return locked;
  });
}

export async function createYard(db: Database, actor: Actor, input: unknown) {
  requireEditor(actor);
  const parsed = yardSchema.safeParse(input);
  if (!parsed.success) throw new ServiceError(400, validationErrors(parsed.error));
  const accountId = requireAccount(actor, parsed.data.account_id);
  try {
    const [yard] = await withActor(db, actor.alphaCode, (tx) =>
      tx
        .insert(yards)
        .values({ accountId, name: parsed.data.name, parkingLocation: parsed.data.parking_location || null, parkingSpots: parsed.data.parking_spots })
        .returning(),
    );
    return yard;
  } catch (error) {
    if (isUniqueViolation(error)) throw new ServiceError(400, PLACE_MESSAGES.nameTaken);
    throw error;
  }
}

/** Updates a yard; renaming it is refused while its current name is a location in use. */
export async function updateYard(db: Database, actor: Actor, id: number, input: unknown) {
  const current = await getYard(db, actor, id);
  requireEditor(actor);
  const parsed = yardSchema.safeParse(input);
  if (!parsed.success) throw new ServiceError(400, validationErrors(parsed.error));
  try {
    return await withActor(db, actor.alphaCode, async (tx) => {
      const [before] = await tx.select().from(yards).where(eq(yards.id, id)).for("update");
      if (before.name !== parsed.data.name) await refuseStranding(tx, current.accountId, [before.name]);
      const [yard] = await tx
        .update(yards)
        .set({ name: parsed.data.name, parkingLocation: parsed.data.parking_location || null, parkingSpots: parsed.data.parking_spots })
        .where(eq(yards.id, id))
        .returning();
      return yard;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ServiceError(400, PLACE_MESSAGES.nameTaken);
    throw error;
  }
}

export async function deleteYard(db: Database, actor: Actor, id: number) {
  const yard = await getYard(db, actor, id);
  if (!canDeleteAsset(actor.user, yard.accountId)) throw new ServiceError(403, PLACE_MESSAGES.deleteDenied);
  return withActor(db, actor.alphaCode, async (tx) => {
    const [locked] = await tx.select().from(yards).where(eq(yards.id, id)).for("update");
    await refuseStranding(tx, yard.accountId, [locked.name]);
    await tx.delete(yards).where(eq(yards.id, id));
    return locked;
  });
}

/** An account's yards and buildings as the dashboard's cards show them. */
export async function yardCards(db: Queryable, accountId: number, search: string) {
  const pattern = containsPattern(search);
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
    .where(and(eq(buildings.accountId, accountId), search ? ilike(buildings.buildingName, containsPattern(search)) : undefined))
    .orderBy(asc(buildings.buildingName));
}
