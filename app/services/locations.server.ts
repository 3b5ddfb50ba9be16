import { asc, eq } from "drizzle-orm";
import { buildings, yards } from "../../db/schema";
import { locationOptions, resolveLocation } from "../domain/locations";
import type { Queryable } from "../lib/db.server";
import type { ServiceContext } from "./context.server";
import { ServiceError } from "./errors.server";
import { accountScope } from "./scope.server";

/** The buildings and yards of an account: what its locations are made of (doors are never listed here). */
export async function accountPlaces(db: Queryable, accountId: number) {
  const [buildingRows, yardRows] = await Promise.all([
    db
      .select({ id: buildings.id, buildingName: buildings.buildingName, buildingDoorNumber: buildings.buildingDoorNumber })
      .from(buildings)
      .where(eq(buildings.accountId, accountId))
      .orderBy(asc(buildings.buildingName)),
    db.select({ id: yards.id, name: yards.name }).from(yards).where(eq(yards.accountId, accountId)).orderBy(asc(yards.name)),
  ]);
  return { buildings: buildingRows, yards: yardRows };
}
export type AccountPlaces = Awaited<ReturnType<typeof accountPlaces>>;

/** The account's location matching what was typed, else a refusal naming the field. */
export async function canonicalLocation(db: Queryable, accountId: number, typed: string, refusal: { message: string; field: string }) {
  const found = resolveLocation(await accountPlaces(db, accountId), typed);
  if (!found) throw new ServiceError(400, refusal.message, refusal.field);
  return found;
}

/** The locations an add or edit form's picker offers, for the account the actor works in (none chosen: none). */
export async function locationChoices(ctx: ServiceContext, account?: unknown): Promise<string[]> {
  const accountId = accountScope(ctx.actor, account);
  if (accountId === null) return [];
  const places = await accountPlaces(ctx.db, accountId);
  return locationOptions(places.buildings, places.yards);
}
