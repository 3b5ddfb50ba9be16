import type { AppLoadContext } from "@remix-run/cloudflare";
import { publish } from "./realtime.server";

/**
 * Tells the account's room that an asset moved: `trailer_location_updated` (or the truck's) and
 * `location_history_updated`. Call after the write committed; delivery runs after the response.
 */
export function publishLocationChange(
  context: AppLoadContext,
  kind: "trailer" | "truck",
  accountId: number,
  assetId: number,
  location: string,
): void {
  const { env, ctx } = context.cloudflare;
  const moved =
    kind === "trailer"
      ? ({ type: "trailer_location_updated", account_id: accountId, trailer_id: assetId, location } as const)
      : ({ type: "truck_location_updated", account_id: accountId, truck_id: assetId, location } as const);
  ctx.waitUntil(
    Promise.all([
      publish(env, accountId, moved),
      publish(env, accountId, { type: "location_history_updated", account_id: accountId, asset: kind, asset_id: assetId }),
    ]).catch((error) => console.error("publishing a location change", error)),
  );
}

/**
 * Tells the account's room (and the admins') that a move changed state: `move_status_changed`
 * with the trailers it concerns, and for a finished move where each trailer now stands.
 */
export function publishMoveChange(
  context: AppLoadContext,
  change: { accountId: number; moveId: number; affectedTrailers: number[]; moved?: { trailerId: number; location: string }[] },
): void {
  const { env, ctx } = context.cloudflare;
  ctx.waitUntil(
    publish(env, change.accountId, {
      type: "move_status_changed",
      account_id: change.accountId,
      move_id: change.moveId,
      affected_trailers: change.affectedTrailers,
    }).catch((error) => console.error("publishing a move change", error)),
  );
  for (const { trailerId, location } of change.moved ?? []) publishLocationChange(context, "trailer", change.accountId, trailerId, location);
}
