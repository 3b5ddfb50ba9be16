import { sql } from "drizzle-orm";
import { accounts, buildings, yards } from "#db/schema";
import { locationOptions, resolveLocation } from "#app/domain/locations";
import type { Queryable } from "#app/lib/db.server";
import type { ServiceContext } from "./context.server";
import { ServiceError } from "./errors.server";
import { accountScope } from "./scope.server";

/**
 * The buildings and yards of an account, each by name: what its locations are made of (doors are
 * never listed here); with what a page says of the account itself, its name and location (null:
 * no such account). One statement.
 */
export async function accountPlaces(db: Queryable, accountId: number) {
  const { rows } = await db.execute<{
    id: number;
    account_name: string;
    location: string;
    buildings: { id: number; buildingName: string; buildingDoorNumber: number }[];
    yards: { id: number; name: string }[];
  }>(sql`
    select a.id, a.account_name, a.location,
      coalesce((select json_agg(json_build_object('id', b.id, 'buildingName', b.building_name, 'buildingDoorNumber', b.building_door_number)
                order by b.building_name) from ${buildings} b where b.account_id = a.id), '[]') as buildings,
      coalesce((select json_agg(json_build_object('id', y.id, 'name', y.name) order by y.name)
                from ${yards} y where y.account_id = a.id), '[]') as yards
    from ${accounts} a where a.id = ${accountId}`);
  const [row] = rows;
  return {
    account: row ? { id: row.id, accountName: row.account_name, location: row.location } : null,
    buildings: row?.buildings ?? [],
    yards: row?.yards ?? [],
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
