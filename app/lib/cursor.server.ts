import * as drizzle from "drizzle-orm";
import type { SQLWrapper } from "drizzle-orm";
import type { SelectedFields } from "drizzle-orm/pg-core";
import pg from "pg";
import type { Database } from "./db.server";

/** Rows a report reads from Postgres at a time: its memory stays this size whatever the list's length. */
export const CURSOR_BATCH_ROWS = 1_000;

/** A query built with Drizzle (`db.select(fields)…`), as SQL and its parameters. */
interface BuiltQuery extends SQLWrapper {
  toSQL(): { sql: string; params: unknown[] };
}

type Client = Pick<pg.PoolClient, "query" | "release">;

/** Date and time values come back as Postgres wrote them; the columns' own mapping turns them into what Drizzle gives. */
const RAW_TEXT_TYPES = new Set<number>([
  pg.types.builtins.TIMESTAMPTZ,
  pg.types.builtins.TIMESTAMP,
  pg.types.builtins.DATE,
  pg.types.builtins.INTERVAL,
  1115,
  1182,
  1185,
  1187,
  1231,
]);
const AS_DRIZZLE_READS = {
  getTypeParser: (oid: number, format?: string) =>
    RAW_TEXT_TYPES.has(oid) ? (value: string) => value : pg.types.getTypeParser(oid, format as "text"),
};

/** Drizzle's own row mapping (exported, though left out of its types): rows read here come out as its queries' do. */
type OrderedFields = { readonly __ordered: unique symbol };
const { mapResultRow, orderSelectedFields } = drizzle as unknown as {
  orderSelectedFields(fields: SelectedFields): OrderedFields;
  mapResultRow(columns: OrderedFields, row: unknown[], joinsNotNullableMap: undefined): unknown;
};

let cursors = 0;

/**
 * Every row of a query, `batchRows` at a time, mapped as Drizzle maps them. The query runs once, as
 * a `WITH HOLD` cursor: Postgres keeps its result (one snapshot, consistent however long the
 * reader takes) and hands it out in batches, so the Worker never holds more than one batch, and no
 * transaction stays open while a slow client reads. The cursor lives on a connection of the
 * request's pool checked out for the purpose; it is closed and the connection returned when the
 * reader finishes or stops early (`return()`), and dies with the connection otherwise.
 */
export async function* readInBatches<Fields extends SelectedFields, Row>(
  db: Database,
  query: BuiltQuery & PromiseLike<Row[]>,
  fields: Fields,
  batchRows = CURSOR_BATCH_ROWS,
): AsyncGenerator<Row[], void, undefined> {
  const { sql, params } = query.toSQL();
  const columns = orderSelectedFields(fields);
  const name = `rows_${++cursors}`;
  const client: Client = await (db as unknown as { $client: pg.Pool }).$client.connect();
  let open = false;
  try {
    await client.query({ text: `DECLARE ${name} NO SCROLL CURSOR WITH HOLD FOR ${sql}`, values: params });
    open = true;
    for (;;) {
      const batch = await client.query<unknown[]>({ text: `FETCH ${batchRows} FROM ${name}`, rowMode: "array", types: AS_DRIZZLE_READS });
      if (batch.rows.length) yield batch.rows.map((row) => mapResultRow(columns, row, undefined) as Row);
      if (batch.rows.length < batchRows) break;
    }
  } finally {
    const closed = open ? client.query(`CLOSE ${name}`).then(() => undefined) : Promise.resolve();
    await closed.then(
      () => client.release(),
      (error: Error) => client.release(error),
    );
  }
}
