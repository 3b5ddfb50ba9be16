import { sql } from "drizzle-orm";
import { buildings, yards } from "../../db/schema";
import { locationOptions, resolveLocation } from "../domain/locations";
import type { Queryable } from "../lib/db.server";
import type { ServiceContext } from "./context.server";
import { ServiceError } from "./errors.server";
import { accountScope } from "./scope.server";

/**
 * The buildings and yards of an account: what its locations are made of (doors are never listed
 * here). One statement for both, each by name.
 */
export async function accountPlaces(db: Queryable, accountId: number) {
  const { rows } = await db.execute<{ kind: "building" | "yard"; id: number; name: string; doors: number | null }>(sql`
    select 'building' as kind, id, building_name as name, building_door_number as doors from ${buildings} where account_id = ${accountId}
    union all
    select 'yard', id, name, null from ${yards} where account_id = ${accountId}
    order by kind, name`);
  return {
    buildings: rows
      .filter((row) => row.kind === "building")
      .map((row) => ({ id: row.id, buildingName: row.name, buildingDoorNumber: row.doors ?? 0 })),
    yards: rows.filter((row) => row.kind === "yard").map((row) => ({ id: row.id, name: row.name })),
  };
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
