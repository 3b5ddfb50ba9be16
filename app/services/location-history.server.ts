import { and, desc, eq, isNull, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { trailerLocationHistory, trailers, truckLocationHistory, trucks } from "#db/schema";
import { stayDurations } from "#app/domain/assets";
import { PAGE_MESSAGES, type CountedPage } from "#app/domain/list-pages";
import { countOf, newestFirst, readByKeyset, readPage, type TimeCursors } from "#app/lib/keyset.server";
import type { Database, Queryable, Transaction } from "#app/lib/db.server";
import type { ServiceContext } from "./context.server";
import { ServiceError } from "./errors.server";
import { requireAccount } from "./scope.server";

export type AssetKind = "trailer" | "truck";

const TABLES = {
  trailer: { asset: trailers, history: trailerLocationHistory, assetId: trailerLocationHistory.trailerId },
  truck: { asset: trucks, history: truckLocationHistory, assetId: truckLocationHistory.truckId },
} as const;

/**
 * Records that an asset now stands at `location`: closes its open history entry (exit time now)
 * and opens a new one with the acting user's alpha code. Call it inside the transaction that
 * changes the asset's location, after the statement that inserts or updates the asset's row:
 * that statement holds the row until the commit, so concurrent changes of one asset queue up
 * there and the asset always has exactly one open entry.
 */
export async function recordLocationChange(
  tx: Transaction,
  change: { kind: AssetKind; assetId: number; accountId: number; location: string; alphaCode: string | null },
): Promise<void> {
  const { history, assetId } = TABLES[change.kind];
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

/**
 * The spec's history entry: its stay's length in seconds and formatted (d, h, m), and for the open
 * entry the time so far (`current_duration_formatted`, null once it has an exit time).
 */
export function historyEntry(
  row: { id: number; location: string; entryTime: Date; exitTime: Date | null; userAlphaCode: string | null },
  now = Date.now(),
) {
  return {
    id: row.id,
    location: row.location,
    entry_time: row.entryTime.toISOString(),
    exit_time: row.exitTime?.toISOString() ?? null,
    ...stayDurations(row, now),
    user_alpha_code: row.userAlphaCode,
  };
}

export type HistoryEntry = ReturnType<typeof historyEntry>;

/** An asset's latest history entry as a list reads it: both times null when it has none. */
export type LatestEntry = { entryTime: Date | null; exitTime: Date | null };

/**
 * The select fields of an asset list that read each asset's latest history entry (newest entry
 * time, then id), as correlated subqueries: Postgres evaluates them after a page's sort and limit.
 */
export function latestEntryFields(
  history: typeof trailerLocationHistory | typeof truckLocationHistory,
  assetId: AnyPgColumn,
  outerId: AnyPgColumn,
) {
  const latest = (column: typeof history.entryTime | typeof history.exitTime) =>
    sql<Date | null>`(select ${sql.identifier(column.name)} from ${history} as latest_entry
      where latest_entry.${sql.identifier(assetId.name)} = ${outerId}
      order by latest_entry.entry_time desc, latest_entry.id desc limit 1)`.mapWith(column);
  return { entryTime: latest(history.entryTime), exitTime: latest(history.exitTime) };
}

/** The latest entry as `timeAtLocation` takes it: null when the asset has none. */
export function latestOf(entry: LatestEntry) {
  return entry.entryTime ? { entryTime: entry.entryTime, exitTime: entry.exitTime } : null;
}

/** A stay's fields as `historyEntry` reads them. */
function stayFields(history: (typeof TABLES)[AssetKind]["history"]) {
  const { id, location, entryTime, exitTime, userAlphaCode } = history;
  return { id, location, entryTime, exitTime, userAlphaCode };
}

/** The Complete History's page size, and how many of the newest stays Recent Locations shows. */
export const HISTORY_PAGE_SIZE = 200;
/** The most stays one page of the API answers (its `limit`). */
export const HISTORY_API_MAX = 500;
export const RECENT_STAYS = 5;

/** One page of an asset's Complete History, newest first, with its newest stays and how many it has. */
export interface StaysPage extends CountedPage<HistoryEntry> {
  /** The newest RECENT_STAYS stays, wherever the page stands: the current location is the first. */
  recent: HistoryEntry[];
}

/** Which page of the stays: its cursors, its size (HISTORY_PAGE_SIZE), and the name a refused cursor goes by. */
export type StaysQuery = TimeCursors & { size?: number; field?: string };

/**
 * A page of an asset's stays, newest first (entry time, then id): `size` stays older than the
 * `before` cursor's or newer than the `after` cursor's (the newest without either), with the newest
 * RECENT_STAYS and how many stays it has, all counted and read in Postgres in one statement. A
 * cursor that cannot be read is refused (400, naming `field`).
 */
export async function assetStays(db: Queryable, kind: AssetKind, id: number, query: StaysQuery = {}): Promise<StaysPage> {
  const { history, assetId } = TABLES[kind];
  const list = newestFirst(history.entryTime, history.id);
  const start = list.start(query);
  if (start === undefined) throw new ServiceError(400, PAGE_MESSAGES.badCursor, query.field ?? (query.before ? "before" : "after"));
  const ofAsset = (where?: SQL) => and(eq(assetId, id), where);
  const page = await readPage(
    list.keys,
    {
      size: query.size ?? HISTORY_PAGE_SIZE,
      start,
      head: RECENT_STAYS,
      count: (where) => countOf(history, ofAsset(where)),
      offset: true,
    },
    (part) =>
      db
        .select({ ...stayFields(history), ...part.fields })
        .from(history)
        .where(ofAsset(part.where))
        .orderBy(...part.orderBy)
        .limit(part.limit),
  );
  const now = Date.now();
  const entries = (rows: typeof page.rows) => rows.map((row) => historyEntry(row, now));
  return {
    entries: entries(page.rows),
    recent: entries(page.head),
    total: page.total ?? 0,
    offset: page.offset ?? 0,
    ...list.cursors(page),
  };
}

/** The newest `limit` stays of one asset, newest first. */
export async function assetHistory(db: Queryable, kind: AssetKind, id: number, limit = HISTORY_PAGE_SIZE) {
  return (await assetStays(db, kind, id, { size: limit })).entries;
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
  const byAsset: Record<number, HistoryEntry[]> = {};
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
  const sort = [
    { by: history.entryTime, descending: true },
    { by: history.id, descending: true },
  ];
  return readByKeyset(db, sort, (batchDb, { keyset, after, orderBy, limit }) =>
    batchDb
      .select({ ...fields, keyset })
      .from(history)
      .where(and(eq(assetId, id), after))
      .orderBy(...orderBy)
      .limit(limit),
  );
}
