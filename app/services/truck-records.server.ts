import { eq } from "drizzle-orm";
import { trucks } from "../../db/schema";
import { canDeleteAsset, canEditAssets } from "../domain/roles";
import { applyTruckRules, TRUCK_MESSAGES, truckSchema } from "../domain/trucks";
import { isRecordId } from "../domain/ids";
import { withActor, type Database, type Queryable } from "../lib/db.server";
import type { Actor } from "../lib/guards.server";
import { ServiceError, validationErrors } from "./errors.server";
import { recordLocationChange } from "./location-history.server";
import { actingAccount, resolveAssignee } from "./trailer-records.server";
import { accountPlaces } from "./trailers.server";

export type TruckRow = typeof trucks.$inferSelect;

export function publicTruck(truck: TruckRow) {
  return {
    id: truck.id,
    account_id: truck.accountId,
    assigned_user_id: truck.assignedUserId,
    truck_number: truck.truckNumber,
    truck_location: truck.truckLocation,
    type: truck.type,
    license_plate: truck.licensePlate,
    license_state: truck.licenseState,
    year: truck.year,
    make: truck.make,
    model: truck.model,
    vin: truck.vin,
    red_tagged: truck.redTagged,
    yellow_tagged: truck.yellowTagged,
    in_shop: truck.inShop,
    tagged_description: truck.taggedDescription,
    last_user: truck.lastUser,
    last_inspection: truck.lastInspection,
    next_inspection: truck.nextInspection,
    last_maintenance: truck.lastMaintenance,
    next_maintenance: truck.nextMaintenance,
    created_at: truck.createdAt.toISOString(),
    updated_at: truck.updatedAt.toISOString(),
  };
}

export async function getTruck(db: Queryable, actor: Actor, id: number): Promise<TruckRow> {
  const [truck] = isRecordId(id) ? await db.select().from(trucks).where(eq(trucks.id, id)) : [];
  if (!truck || (!actor.isAdmin && truck.accountId !== actor.accountId)) throw new ServiceError(404, TRUCK_MESSAGES.notFound);
  return truck;
}

async function canonicalLocation(db: Queryable, accountId: number, typed: string): Promise<string> {
  const { locations } = await accountPlaces(db, accountId);
  const found = locations.find((location) => location.toLowerCase() === typed.trim().toLowerCase());
  if (!found) throw new ServiceError(400, TRUCK_MESSAGES.locationUnknown);
  return found;
}

function isUniqueViolation(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } }).cause;
  return (cause?.code ?? (error as { code?: string }).code) === "23505";
}

export type TruckChange = { truck: TruckRow; locationChanged: boolean };

export async function createTruck(db: Database, actor: Actor, input: unknown): Promise<TruckChange> {
  if (!canEditAssets(actor.user)) throw new ServiceError(403, TRUCK_MESSAGES.editDenied);
  const parsed = truckSchema.safeParse(input);
  if (!parsed.success) throw new ServiceError(400, validationErrors(parsed.error));
  const accountId = actingAccount(actor, parsed.data.account_id);
  const location = await canonicalLocation(db, accountId, parsed.data.truck_location);
  const user = await resolveAssignee(db, accountId, { id: parsed.data.assigned_user_id, typed: parsed.data.assigned_user });
  try {
    const truck = await withActor(db, actor.alphaCode, async (tx) => {
      const [created] = await tx
        .insert(trucks)
        .values({ ...applyTruckRules(parsed.data, location), accountId, assignedUserId: user?.id ?? null, lastUser: user?.alphaCode ?? null })
        .returning();
      await recordLocationChange(tx, { kind: "truck", assetId: created.id, accountId, location: created.truckLocation, alphaCode: actor.alphaCode });
      return created;
    });
    return { truck, locationChanged: true };
  } catch (error) {
    if (isUniqueViolation(error)) throw new ServiceError(400, TRUCK_MESSAGES.numberTaken);
    throw error;
  }
}

export async function updateTruck(db: Database, actor: Actor, id: number, input: unknown): Promise<TruckChange> {
  const current = await getTruck(db, actor, id);
  if (!canEditAssets(actor.user)) throw new ServiceError(403, TRUCK_MESSAGES.editDenied);
  const parsed = truckSchema.safeParse(input);
  if (!parsed.success) throw new ServiceError(400, validationErrors(parsed.error));
  const location = await canonicalLocation(db, current.accountId, parsed.data.truck_location);
  const user = await resolveAssignee(db, current.accountId, { id: parsed.data.assigned_user_id, typed: parsed.data.assigned_user });
  try {
    return await withActor(db, actor.alphaCode, async (tx) => {
      const [before] = await tx.select().from(trucks).where(eq(trucks.id, id)).for("update");
      const [truck] = await tx
        .update(trucks)
        .set({ ...applyTruckRules(parsed.data, location), assignedUserId: user?.id ?? null, lastUser: user?.alphaCode ?? null })
        .where(eq(trucks.id, id))
        .returning();
      const locationChanged = before.truckLocation !== truck.truckLocation;
      if (locationChanged) {
        await recordLocationChange(tx, { kind: "truck", assetId: id, accountId: truck.accountId, location: truck.truckLocation, alphaCode: actor.alphaCode });
      }
      return { truck, locationChanged };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ServiceError(400, TRUCK_MESSAGES.numberTaken);
    throw error;
  }
}

export async function deleteTruck(db: Database, actor: Actor, id: number): Promise<TruckRow> {
  const truck = await getTruck(db, actor, id);
  if (!canDeleteAsset(actor.user, truck.accountId)) throw new ServiceError(403, TRUCK_MESSAGES.deleteDenied);
  const [removed] = await withActor(db, actor.alphaCode, (tx) => tx.delete(trucks).where(eq(trucks.id, id)).returning());
  return removed;
}
