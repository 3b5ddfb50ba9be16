import { and, asc, desc, eq, ilike, or, sql } from "drizzle-orm";
import { moveLegs, trailerAssignments, trailers, users } from "../../db/schema";
import { canDeleteAsset, canEditAssets } from "../domain/roles";
import { applyTrailerRules, TRAILER_MESSAGES, trailerSchema } from "../domain/trailers";
import { isRecordId } from "../domain/ids";
import { withActor, type Database, type Queryable } from "../lib/db.server";
import type { Actor } from "../lib/guards.server";
import { ServiceError, validationErrors } from "./errors.server";
import { recordLocationChange } from "./location-history.server";
import { accountPlaces } from "./trailers.server";

export type TrailerRow = typeof trailers.$inferSelect;

/** A trailer as the API shows it (the spec's field names). */
export function publicTrailer(trailer: TrailerRow) {
  return {
    id: trailer.id,
    account_id: trailer.accountId,
    company_owner: trailer.companyOwner,
    trailer_number: trailer.trailerNumber,
    trailer_location: trailer.trailerLocation,
    type: trailer.type,
    license_state: trailer.licenseState,
    license_plate: trailer.licensePlate,
    is_loaded: trailer.isLoaded,
    load_number: trailer.loadNumber,
    is_tray: trailer.isTray,
    tray_count: trailer.trayCount,
    red_tagged: trailer.redTagged,
    yellow_tagged: trailer.yellowTagged,
    in_shop: trailer.inShop,
    tagged_description: trailer.taggedDescription,
    user_id: trailer.userId,
    last_user: trailer.lastUser,
    last_inspection: trailer.lastInspection,
    next_inspection: trailer.nextInspection,
    last_maintenance: trailer.lastMaintenance,
    next_maintenance: trailer.nextMaintenance,
    created_at: trailer.createdAt.toISOString(),
    updated_at: trailer.updatedAt.toISOString(),
  };
}

/** The account an actor acts on: its own (non-admins, whatever they send), or the one an admin names. */
export function actingAccount(actor: Actor, requested: number | undefined): number {
  if (actor.isAdmin) {
    if (!requested) throw new ServiceError(400, TRAILER_MESSAGES.accountRequired);
    return requested;
  }
  if (actor.accountId === null) throw new ServiceError(400, TRAILER_MESSAGES.accountIdRequired);
  return actor.accountId;
}

/** A trailer within the actor's reach, else 404 "Trailer not found". */
export async function getTrailer(db: Queryable, actor: Actor, id: number): Promise<TrailerRow> {
  const [trailer] = isRecordId(id) ? await db.select().from(trailers).where(eq(trailers.id, id)) : [];
  if (!trailer || (!actor.isAdmin && trailer.accountId !== actor.accountId)) throw new ServiceError(404, TRAILER_MESSAGES.notFound);
  return trailer;
}

/** The account's location matching what was typed (any case), in its canonical spelling. */
async function canonicalLocation(db: Queryable, accountId: number, typed: string): Promise<string> {
  const { locations } = await accountPlaces(db, accountId);
  const found = locations.find((location) => location.toLowerCase() === typed.trim().toLowerCase());
  if (!found) throw new ServiceError(400, TRAILER_MESSAGES.locationUnknown);
  return found;
}

/**
 * The user an asset is assigned to, within its account: by id (the API) or by what the form's
 * type-ahead holds (an alpha code or an email). Nothing chosen means unassigned.
 */
export async function resolveAssignee(db: Queryable, accountId: number, choice: { id?: number | null; typed?: string }) {
  const typed = choice.typed?.trim().toLowerCase();
  if (!choice.id && !typed) return null;
  const [user] = await db
    .select({ id: users.id, alphaCode: users.alphaCode })
    .from(users)
    .where(
      and(
        eq(users.accountId, accountId),
        typed ? or(sql`lower(${users.alphaCode}) = ${typed}`, eq(users.email, typed)) : eq(users.id, choice.id!),
      ),
    );
  if (!user) throw new ServiceError(400, TRAILER_MESSAGES.assignedUserUnknown);
  return user;
}

function isUniqueViolation(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } }).cause;
  return (cause?.code ?? (error as { code?: string }).code) === "23505";
}

export type TrailerChange = { trailer: TrailerRow; locationChanged: boolean };

/** Add New Trailer: its first location history entry and assignment are written with it. */
export async function createTrailer(db: Database, actor: Actor, input: unknown): Promise<TrailerChange> {
  if (!canEditAssets(actor.user)) throw new ServiceError(403, "Only administrators and super managers can add trailers.");
  const parsed = trailerSchema.safeParse(input);
  if (!parsed.success) throw new ServiceError(400, validationErrors(parsed.error));
  const accountId = actingAccount(actor, parsed.data.account_id);
  const location = await canonicalLocation(db, accountId, parsed.data.trailer_location);
  const user = await resolveAssignee(db, accountId, { id: parsed.data.user_id, typed: parsed.data.assigned_user });
  try {
    const trailer = await withActor(db, actor.alphaCode, async (tx) => {
      const [created] = await tx
        .insert(trailers)
        .values({ ...applyTrailerRules(parsed.data, location), accountId, userId: user?.id ?? null, lastUser: user?.alphaCode ?? null })
        .returning();
      await recordLocationChange(tx, { kind: "trailer", assetId: created.id, accountId, location: created.trailerLocation, alphaCode: actor.alphaCode });
      if (user) {
        await tx.insert(trailerAssignments).values({ trailerId: created.id, assignedUserId: user.id, assignedAlphaCode: user.alphaCode, assignedByAlphaCode: actor.alphaCode });
      }
      return created;
    });
    return { trailer, locationChanged: true };
  } catch (error) {
    if (isUniqueViolation(error)) throw new ServiceError(400, TRAILER_MESSAGES.numberTaken);
    throw error;
  }
}

/** Update Trailer: a new location closes the open history entry and opens one, in the same transaction. */
export async function updateTrailer(db: Database, actor: Actor, id: number, input: unknown): Promise<TrailerChange> {
  const current = await getTrailer(db, actor, id);
  if (!canEditAssets(actor.user)) throw new ServiceError(403, "Only administrators and super managers can update trailers.");
  const parsed = trailerSchema.safeParse(input);
  if (!parsed.success) throw new ServiceError(400, validationErrors(parsed.error));
  const location = await canonicalLocation(db, current.accountId, parsed.data.trailer_location);
  const user = await resolveAssignee(db, current.accountId, { id: parsed.data.user_id, typed: parsed.data.assigned_user });
  try {
    return await withActor(db, actor.alphaCode, async (tx) => {
      const [before] = await tx.select().from(trailers).where(eq(trailers.id, id)).for("update");
      const [trailer] = await tx
        .update(trailers)
        .set({ ...applyTrailerRules(parsed.data, location), userId: user?.id ?? null, lastUser: user?.alphaCode ?? null })
        .where(eq(trailers.id, id))
        .returning();
      const locationChanged = before.trailerLocation !== trailer.trailerLocation;
      if (locationChanged) {
        await recordLocationChange(tx, { kind: "trailer", assetId: id, accountId: trailer.accountId, location: trailer.trailerLocation, alphaCode: actor.alphaCode });
      }
      if ((before.userId ?? null) !== (trailer.userId ?? null)) {
        await tx.insert(trailerAssignments).values({ trailerId: id, assignedUserId: user?.id ?? null, assignedAlphaCode: user?.alphaCode ?? null, assignedByAlphaCode: actor.alphaCode });
      }
      return { trailer, locationChanged };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ServiceError(400, TRAILER_MESSAGES.numberTaken);
    throw error;
  }
}

/** Deletes a trailer: admins, or the account's super or account manager; never one in an active move. */
export async function deleteTrailer(db: Database, actor: Actor, id: number): Promise<TrailerRow> {
  const trailer = await getTrailer(db, actor, id);
  if (!canDeleteAsset(actor.user, trailer.accountId)) throw new ServiceError(403, TRAILER_MESSAGES.deleteDenied);
  return withActor(db, actor.alphaCode, async (tx) => {
    const [active] = await tx.select({ id: moveLegs.id }).from(moveLegs).where(and(eq(moveLegs.trailerId, id), eq(moveLegs.active, true))).limit(1);
    if (active) throw new ServiceError(409, TRAILER_MESSAGES.inActiveMove);
    // Finished and cancelled moves keep their legs' trailer numbers; the legs stop pointing here.
    const [removed] = await tx.delete(trailers).where(eq(trailers.id, id)).returning();
    return removed;
  });
}

/** Who the trailer was assigned to, newest first. */
export async function assignmentHistory(db: Queryable, trailerId: number) {
  return db
    .select()
    .from(trailerAssignments)
    .where(eq(trailerAssignments.trailerId, trailerId))
    .orderBy(desc(trailerAssignments.assignedAt), desc(trailerAssignments.id));
}

/** Users of an account to assign a trailer to, searched by name, email, alpha code or driver number. */
export async function assignableUsers(db: Queryable, accountId: number, search = "", limit = 20) {
  const pattern = `%${search.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return db
    .select({ id: users.id, alphaCode: users.alphaCode, email: users.email, firstName: users.firstName, lastName: users.lastName, driverNumber: users.driverNumber })
    .from(users)
    .where(
      and(
        eq(users.accountId, accountId),
        eq(users.isActive, true),
        search.trim()
          ? or(ilike(users.firstName, pattern), ilike(users.lastName, pattern), ilike(users.email, pattern), ilike(users.alphaCode, pattern), sql`${users.driverNumber}::text ilike ${pattern}`)
          : undefined,
      ),
    )
    .orderBy(asc(users.alphaCode))
    .limit(limit);
}

/** The users of an account as the Assign User lists show them: alpha code, name, email, driver number. */
export async function userChoices(db: Queryable, accountId: number) {
  const rows = await assignableUsers(db, accountId, "", 500);
  return rows.map((row) => ({
    id: row.id,
    value: row.alphaCode ?? row.email,
    label: [row.alphaCode, [row.firstName, row.lastName].filter(Boolean).join(" "), row.email, row.driverNumber ? `#${row.driverNumber}` : ""]
      .filter(Boolean)
      .join(" · "),
  }));
}
