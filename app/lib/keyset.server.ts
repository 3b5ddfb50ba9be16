import { and, or, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { withOwnConnection, type Database } from "./db.server";

/** Rows a report reads from Postgres at a time: its memory stays this size whatever the list's length. */
export const BATCH_ROWS = 1_000;

/**
 * One key of a list's order. The keys of a list end with a unique one (the row's id), so the
 * order is total and the last row read says exactly where the next batch starts.
 */
export interface SortKey {
  by: AnyPgColumn | SQL;
  descending?: boolean;
  /**
   * Where the rows without a value go, for a key that can be null (a column of a left join, a
   * nullable column); left out, the key is taken never to be null.
   */
  nulls?: "first" | "last";
}

/** The ORDER BY of a list ordered by `keys`. */
export function orderOf(keys: readonly SortKey[]): SQL[] {
  return keys.map(
    ({ by, descending, nulls }) => sql`${by} ${sql.raw(descending ? "desc" : "asc")}${sql.raw(nulls ? ` nulls ${nulls}` : "")}`,
  );
}

/** A row's keys as Postgres writes them, so each goes back into the next query exactly (a time keeps its microseconds). */
type KeyValues = Record<string, string | null>;

function keyFields(keys: readonly SortKey[]): Record<string, SQL<string | null>> {
  return Object.fromEntries(keys.map(({ by }, index) => [`k${index}`, sql<string | null>`(${by})::text`]));
}

/** Rows whose key comes strictly after `value` in the key's order. */
function pastKey({ by, descending, nulls }: SortKey, value: string | null): SQL | undefined {
  if (value === null) return nulls === "first" ? sql`${by} is not null` : sql`false`;
  const past = descending ? sql`${by} < ${value}` : sql`${by} > ${value}`;
  return nulls === "last" ? or(past, sql`${by} is null`) : past;
}

function sameKey({ by }: SortKey, value: string | null): SQL {
  return value === null ? sql`${by} is null` : sql`${by} = ${value}`;
}

/**
 * The rows after the one whose keys are `values`, in the order of `keys`. Keys that are never null
 * and all go one way compare as one row value, which an index on them serves as a range.
 */
function after(keys: readonly SortKey[], values: KeyValues): SQL | undefined {
  const descending = keys[0].descending ?? false;
  if (keys.every((key) => !key.nulls && (key.descending ?? false) === descending)) {
    const row = sql.join(
      keys.map(({ by }) => sql`${by}`),
      sql`, `,
    );
    const last = sql.join(
      keys.map((_, index) => sql`${values[`k${index}`]}`),
      sql`, `,
    );
    return descending ? sql`(${row}) < (${last})` : sql`(${row}) > (${last})`;
  }
  return or(
    ...keys.map((key, index) =>
      and(...keys.slice(0, index).map((earlier, at) => sameKey(earlier, values[`k${at}`])), pastKey(key, values[`k${index}`])),
    ),
  );
}

/** What a list's query is given to read one batch: its keys to select (as `keyset`), where to start, its order and size. */
export interface Batch {
  keyset: Record<string, SQL<string | null>>;
  after: SQL | undefined;
  orderBy: SQL[];
  limit: number;
}

/**
 * Every row of a list, `batchRows` at a time, each batch its own short query (keyset paging): it
 * reads the rows after the last one read, in the list's order (`keys`), so no connection, cursor
 * or transaction is held between batches while the reader takes its time. The first batch is
 * read on `db` (the request's connection, before the answer leaves); each later one on a
 * connection of its own, opened for it and closed once it is read, since the request's
 * connection is closed as soon as the answer has left.
 *
 * Each batch sees the database as it is when it runs: a row whose keys did not change meanwhile
 * is read exactly once; one added, removed or re-keyed meanwhile may or may not be
 * (docs/decisions/0001-reports-read-by-keyset.md).
 */
export async function* readByKeyset<Row>(
  db: Database,
  keys: readonly SortKey[],
  read: (db: Database, batch: Batch) => Promise<(Row & { keyset: KeyValues })[]>,
  batchRows = BATCH_ROWS,
): AsyncGenerator<Row[], void, undefined> {
  const keyset = keyFields(keys);
  const orderBy = orderOf(keys);
  let last: KeyValues | null = null;
  for (;;) {
    const batch: Batch = { keyset, after: last ? after(keys, last) : undefined, orderBy, limit: batchRows };
    const rows: (Row & { keyset: KeyValues })[] = last ? await withOwnConnection(db, (own) => read(own, batch)) : await read(db, batch);
    if (rows.length === 0) return;
    last = rows[rows.length - 1].keyset;
    yield rows.map((row) => {
      const { keyset: _keys, ...fields } = row;
      return fields as unknown as Row;
    });
    if (rows.length < batchRows) return;
  }
}
