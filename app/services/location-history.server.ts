import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { trailerLocationHistory, trailers, truckLocationHistory, trucks } from "../../db/schema";
import { readInBatches } from "../lib/cursor.server";
import type { Database, Queryable, Transaction } from "../lib/db.server";
import type { ServiceContext } from "./context.server";
import { requireAccount } from "./scope.server";

export type AssetKind = "trailer" | "truck";

const TABLES = {
  trailer: { asset: trailers, history: trailerLocationHistory, assetId: trailerLocationHistory.trailerId },
  truck: { asset: trucks, history: truckLocationHistory, assetId: truckLocationHistory.truckId },
} as const;

/**
 * Records that an asset now stands at `location`: closes its open history entry (exit time now)
 * and opens a new one with the acting user's alpha code. Call it inside the transaction that
 * changes the asset's location; it locks the asset's row first, so concurrent changes of one
 * asset queue up and the asset always has exactly one open entry.
 */
export async function recordLocationChange(
  tx: Transaction,
  change: { kind: AssetKind; assetId: number; accountId: number; location: string; alphaCode: string | null },
): Promise<void> {
  const { asset, history, assetId } = TABLES[change.kind];
  await tx.select({ id: asset.id }).from(asset).where(eq(asset.id, change.assetId)).for("update");
  await tx
    .update(history)
    .set({ exitTime: sql`greatest(now(), ${history.entryTime})` })
    .where(and(eq(assetId, change.assetId), isNull(history.exitTime)));
  await tx.insert(history).values({
    ...(change.kind === "trailer" ? { trailerId: change.assetId } : { truckId: change.assetId }),
    accountId: change.accountId,
    location: change.location,
    userAlphaCode: change.alphaCode,
  } as typeof trailerLocationHistory.$inferInsert & typeof truckLocationHistory.$inferInsert);
}

/** The spec's history entry: durations in seconds and formatted, the open one 'Current'. */
export function historyEntry(
  row: { id: number; location: string; entryTime: Date; exitTime: Date | null; userAlphaCode: string | null },
  now = Date.now(),
) {
  const end = row.exitTime ? row.exitTime.getTime() : now;
  const seconds = Math.max(0, Math.round((end - row.entryTime.getTime()) / 1000));
  return {
    id: row.id,
    location: row.location,
    entry_time: row.entryTime.toISOString(),
    exit_time: row.exitTime?.toISOString() ?? null,
    duration_seconds: seconds,
    user_alpha_code: row.userAlphaCode,
  };
}

/** The history of one asset, newest first. */
export async function assetHistory(db: Queryable, kind: AssetKind, id: number, limit = 200) {
  const { history, assetId } = TABLES[kind];
  const rows = await db.select().from(history).where(eq(assetId, id)).orderBy(desc(history.entryTime), desc(history.id)).limit(limit);
  return rows.map((row) => historyEntry(row));
}

/**
 * The recent history of every trailer (or truck) of an account, keyed by asset id: the stays that
 * were open at some point in the last `days` days, newest first.
 */
export async function accountHistory(ctx: ServiceContext, kind: AssetKind, account: unknown, days = 30) {
  const accountId = requireAccount(ctx.actor, account);
  const { history, assetId } = TABLES[kind];
  const rows = await ctx.db
    .select({ assetId, row: history })
    .from(history)
    .where(and(eq(history.accountId, accountId), sql`coalesce(${history.exitTime}, now()) > now() - make_interval(days => ${days})`))
    .orderBy(desc(history.entryTime), desc(history.id));
  const byAsset: Record<number, ReturnType<typeof historyEntry>[]> = {};
  const now = Date.now();
  for (const { assetId: id, row } of rows) (byAsset[id] ??= []).push(historyEntry(row, now));
  return byAsset;
}

/** Every stay of one asset, newest first, a batch at a time (its location history report). */
export function readAssetHistory(db: Database, kind: AssetKind, id: number) {
  const { history, assetId } = TABLES[kind];
  const fields = {
    location: history.location,
    entryTime: history.entryTime,
    exitTime: history.exitTime,
    userAlphaCode: history.userAlphaCode,
  };
  const query = db.select(fields).from(history).where(eq(assetId, id)).orderBy(desc(history.entryTime), desc(history.id));
  return readInBatches(db, query, fields);
}
