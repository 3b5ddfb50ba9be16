import { and, desc, eq } from "drizzle-orm";
import { moveLegs, trailerAssignments, trailers } from "#db/schema";
import { isRecordId } from "#app/domain/ids";
import { apiRecord, names, overStored } from "#app/domain/records";
import { leavesShopWithoutPlace } from "#app/domain/locations";
import { canDeleteAsset, canEditAssets } from "#app/domain/roles";
import {
  applyTrailerRules,
  TRAILER_MESSAGES,
  trailerSchema,
  trailerUpdateSchema,
  type TrailerUpdateInput,
  type UserHistoryEntry,
} from "#app/domain/trailers";
import { isUniqueViolation } from "#app/lib/sql.server";
import { resolveAssignee } from "./assignees.server";
import { write, type ServiceContext } from "./context.server";
import { parseInput, ServiceError } from "./errors.server";
import { activeMoveOfTrailer } from "./moves.server";
import { assetStays, recordLocationChange, type StaysQuery } from "./location-history.server";
import { canonicalLocation } from "./locations.server";
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

/**
 * A trailer, the active move it is in (null: none) and a page of its location history (see
 * `assetStays`), for a viewer who may see it; else the trailer's 404.
 */
export async function trailerAndStays(ctx: ServiceContext, id: number, page: StaysQuery = {}) {
  const [found] = isRecordId(id)
    ? await ctx.db.select({ trailer: trailers, activeMove: activeMoveOfTrailer() }).from(trailers).where(eq(trailers.id, id))
    : [];
  if (!found || !withinReach(ctx.actor, found.trailer.accountId)) throw new ServiceError(404, TRAILER_MESSAGES.notFound);
  const { trailer, activeMove } = found;
  return { trailer, activeMove, history: await assetStays(ctx.db, "trailer", trailer.id, page) };
}

const LOCATION_REFUSAL = { message: TRAILER_MESSAGES.locationUnknown, field: "trailer_location" };

function refuseDuplicate(error: unknown): never {
  if (isUniqueViolation(error)) throw new ServiceError(400, TRAILER_MESSAGES.numberTaken, "trailer_number");
  throw error;
}

/** What Add New Trailer and Update Trailer both check before writing: the form, the location, the assignee. */
async function prepareTrailer(ctx: ServiceContext, accountId: number, value: TrailerUpdateInput) {
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
  const value = parseInput(
    trailerUpdateSchema,
    options.keepOmitted ? overStored(publicTrailer(current), input, TRAILER_FIELD_GROUPS) : input,
  );
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
async function assignmentHistory(ctx: ServiceContext, trailer: TrailerRow) {
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
export async function userHistory(ctx: ServiceContext, trailer: TrailerRow): Promise<UserHistoryEntry[]> {
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
