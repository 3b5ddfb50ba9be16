import { and, or, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { isCalendarDate, LIMITS } from "#app/domain/limits";
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
export type KeyValues = Record<string, string | null>;

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

/*
 * Pages of a list by keyset: a page starts just after the row whose keys its cursor carries (the
 * next page), or ends just before it (the page before), so rows added or removed meanwhile above
 * or below never shift what a cursor shows. Cursors stand in URLs, so a page works as a link.
 */

/** A time as Postgres writes a timestamptz (`2026-03-15 15:30:00.123456+00`), on a real calendar day within the product's years. */
export function isTimestampText(text: string): boolean {
  const day = TIMESTAMP_TEXT.exec(text)?.[1];
  return day !== undefined && isCalendarDate(day) && day >= LIMITS.firstDate && day <= LIMITS.lastDate;
}

const TIMESTAMP_TEXT = /^(\d{4}-\d{2}-\d{2}) ([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d{1,6})?[+-](0\d|1[0-4])(:[0-5]\d)?$/;

/** A row id as text: a positive whole number JavaScript holds exactly. */
export function isIdText(text: string): boolean {
  return /^[1-9]\d{0,15}$/.test(text) && Number.isSafeInteger(Number(text));
}

/** A row's keys as a cursor: their text as Postgres wrote it, in the keys' order, as base64url JSON. */
export function encodeCursor(values: KeyValues): string {
  const list = Object.keys(values).map((_, index) => values[`k${index}`]);
  return btoa(JSON.stringify(list)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/**
 * The keys a cursor carries, each checked by its key's check (`isTimestampText`, `isIdText`), so a
 * forged cursor never reaches Postgres; null when it cannot be read or a value fails its check.
 */
export function decodeCursor(text: string, checks: readonly ((value: string) => boolean)[]): KeyValues | null {
  try {
    const list = JSON.parse(atob(text.replace(/-/g, "+").replace(/_/g, "/"))) as unknown;
    if (!Array.isArray(list) || list.length !== checks.length) return null;
    const values = list.map((value) => (typeof value === "number" ? String(value) : value));
    if (!values.every((value, index) => typeof value === "string" && checks[index](value))) return null;
    return Object.fromEntries(values.map((value, index) => [`k${index}`, value as string]));
  } catch {
    return null;
  }
}

/** Where a page starts: just `after` the row whose keys are `keys`, in the list's order, or just `before` it. */
export interface PageStart {
  side: "after" | "before";
  keys: KeyValues;
}

/** Which page of a list to read. */
export interface PageOptions {
  size: number;
  /** Null: the list's first page. */
  start: PageStart | null;
  /** Also the list's first rows, this many, wherever the page stands. */
  head?: number;
  /** A count of the list's rows where a condition holds (a scalar subquery): the page then says how many the list holds. */
  count?: (where: SQL | undefined) => SQL<number>;
  /** With `count`: also how many rows come before the page. */
  offset?: boolean;
}

/** One page of a list, in the list's order. */
export interface ListPage<Row> {
  rows: Row[];
  /** The list's first rows (as many as `head` asked for). */
  head: Row[];
  /** Where the next page starts (`after` these keys); null at the list's end. */
  next: KeyValues | null;
  /** Where the page before ends (`before` these keys); null on the list's first page. */
  previous: KeyValues | null;
  /** With a count: how many rows the list holds; with `offset`, how many come before the page (else null). */
  total: number | null;
  offset: number | null;
}

/** What one query of a page is given: the fields to select beside the row's (its keys and place), where to start, its order and size. */
export interface PagePart {
  fields: Record<string, SQL>;
  where: SQL | undefined;
  orderBy: SQL[];
  limit: number;
}

/** The fields a page's queries add to each row. */
type PageMarks = {
  list: number;
  part: number;
  place: number;
  total?: number;
  ahead?: number;
} & Record<`k${number}`, string | null>;

/** A query that can stand in a UNION ALL with others of its kind (a Drizzle select). */
interface PartQuery<Row> extends PromiseLike<Row[]> {
  unionAll(other: PartQuery<Row>): PartQuery<Row>;
}

const PART = { page: 0, back: 1, head: 2 } as const;

/** The order the other way round: a key's nulls keep their end of the list. */
function reversed(keys: readonly SortKey[]): SortKey[] {
  return keys.map(({ by, descending, nulls }) => ({
    by,
    descending: !descending,
    nulls: nulls === "first" ? "last" : nulls === "last" ? "first" : undefined,
  }));
}

/** The row whose keys are `values`, or the rows after it. */
function atOrAfter(keys: readonly SortKey[], values: KeyValues): SQL | undefined {
  return or(and(...keys.map((key, index) => sameKey(key, values[`k${index}`]))), after(keys, values));
}

/** How many of the list's first rows a page's queries read beside the page: those asked for, and one to count an empty page's list by. */
function headRows({ head = 0, start, count }: PageOptions): number {
  return head || (count && start ? 1 : 0);
}

/** The queries that read a page of the `list`th list from `start` (and its first rows, when the page may not hold them). */
function pageParts(keys: readonly SortKey[], list: number, options: PageOptions): PagePart[] {
  const { size, start, count } = options;
  const back = reversed(keys);
  const counts: Record<string, SQL> = count
    ? {
        total: count(undefined),
        ...(start && options.offset
          ? { ahead: count(start.side === "after" ? atOrAfter(back, start.keys) : after(back, start.keys)) }
          : {}),
      }
    : {};
  const part = (kind: number, order: readonly SortKey[], where: SQL | undefined, limit: number): PagePart => {
    const orderBy = orderOf(order);
    return {
      fields: {
        ...keyFields(keys),
        ...counts,
        list: sql<number>`${sql.raw(String(list))}`,
        part: sql<number>`${sql.raw(String(kind))}`,
        place: sql<number>`(row_number() over (order by ${sql.join(orderBy, sql`, `)}))::int`,
      },
      where,
      orderBy,
      limit,
    };
  };
  const parts =
    start?.side === "before"
      ? [part(PART.back, back, after(back, start.keys), size + 1), part(PART.page, keys, atOrAfter(keys, start.keys), size + 1)]
      : [part(PART.page, keys, start ? after(keys, start.keys) : undefined, size + 1)];
  const head = headRows(options);
  if (head && (start || head > size)) parts.push(part(PART.head, keys, undefined, head));
  return parts;
}

function keysOf(row: PageMarks): KeyValues {
  return Object.fromEntries(Object.entries(row).filter(([name]) => /^k\d+$/.test(name))) as KeyValues;
}

function withoutMarks<Row>(row: Row & PageMarks): Row {
  const { list: _list, part: _part, place: _place, total: _total, ahead: _ahead, ...fields } = row;
  return Object.fromEntries(Object.entries(fields).filter(([name]) => !/^k\d+$/.test(name))) as Row;
}

/** The page that the rows of `pageParts`'s queries make. */
function pageOf<Row>(rows: (Row & PageMarks)[], options: PageOptions): ListPage<Row> {
  const { size, start, head = 0 } = options;
  const partRows = (kind: number) => rows.filter((row) => Number(row.part) === kind).sort((a, b) => a.place - b.place);
  const [page, back, first] = [partRows(PART.page), partRows(PART.back), partRows(PART.head)];
  const counted = rows[0];
  const total = options.count ? Number(counted?.total ?? 0) : null;
  const ahead = Number(counted?.ahead ?? 0);
  let shown: (Row & PageMarks)[];
  let previous: KeyValues | null;
  let offset: number;
  let more: boolean;
  if (start?.side === "before" && back.length > size) {
    // Enough rows before the cursor for a whole page: the page just before it.
    shown = back.slice(0, size).reverse();
    previous = keysOf(shown[0]);
    offset = ahead - size;
    more = page.length > 0;
  } else {
    // The first page (a page before the cursor that reaches the list's start is the first page), or the page after the cursor.
    const all = start?.side === "before" ? [...back.reverse(), ...page] : page;
    shown = all.slice(0, size);
    previous = start?.side === "after" ? (shown.length ? keysOf(shown[0]) : start.keys) : null;
    offset = start?.side === "after" ? ahead : 0;
    more = all.length > size;
  }
  return {
    rows: shown.map(withoutMarks),
    head: (first.length ? first : shown).slice(0, head).map(withoutMarks),
    next: more && shown.length ? keysOf(shown[shown.length - 1]) : null,
    previous,
    total,
    offset: total !== null && (options.offset || !start) ? offset : null,
  };
}

/**
 * Pages of lists ordered by `keys` (ending with a unique key), one page of each, all read in one
 * statement: `size` rows from `start` (the first page without one). `select` writes one query of
 * a list, as `readByKeyset`'s reader does, given the fields to add, where to start, the order and
 * the size; a page before a cursor takes two (the rows before it, and from it on when those do not
 * fill a page), and `head` adds the list's first rows. `count`, a count of the list's rows where a
 * condition holds, adds how many it holds (and, with `offset`, how many come before the page).
 */
export async function readPages<Row>(
  keys: readonly SortKey[],
  lists: readonly { options: PageOptions; select: (part: PagePart) => PromiseLike<Row[]> }[],
): Promise<ListPage<Row>[]> {
  // Each row also holds the part's fields (its keys, list and place), which the query's type does not name.
  const [first, ...others] = lists.flatMap(({ options, select }, list) =>
    pageParts(keys, list, options).map((part) => select(part) as unknown as PartQuery<Row & PageMarks>),
  );
  const rows = await others.reduce((union, other) => union.unionAll(other), first);
  return lists.map(({ options }, list) =>
    pageOf(
      rows.filter((row) => Number(row.list) === list),
      options,
    ),
  );
}

/** A page's count (`PageOptions.count`): the rows of `table` where `where` holds, as a scalar subquery. */
export function countOf(table: SQLWrapper, where: SQL | undefined): SQL<number> {
  return sql<number>`(select count(*) from ${table}${where ? sql` where ${where}` : sql``})::int`;
}

/** One page of a list ordered by `keys`: see `readPages`. */
export async function readPage<Row>(
  keys: readonly SortKey[],
  options: PageOptions,
  select: (part: PagePart) => PromiseLike<Row[]>,
): Promise<ListPage<Row>> {
  const [page] = await readPages(keys, [{ options, select }]);
  return page;
}

/** A page's cursors in a newest-first list's words: `before` reads the older rows, `after` the newer. */
export interface TimeCursors {
  before?: string | null;
  after?: string | null;
}

/**
 * A list newest first by a time, then by id (the last row first among equal times): its keys, the
 * start of a page from its cursors (null: the first page; undefined: a cursor that cannot be
 * read), and the cursors of the pages beside a page (null at either end).
 */
export function newestFirst(time: AnyPgColumn, id: AnyPgColumn) {
  const checks = [isTimestampText, isIdText];
  return {
    keys: [
      { by: time, descending: true },
      { by: id, descending: true },
    ] satisfies SortKey[],
    start(query: TimeCursors): PageStart | null | undefined {
      const text = query.before || query.after;
      if (!text) return null;
      const keys = decodeCursor(text, checks);
      return keys ? { side: query.before ? "after" : "before", keys } : undefined;
    },
    cursors(page: ListPage<unknown>): { older: string | null; newer: string | null } {
      return { older: page.next && encodeCursor(page.next), newer: page.previous && encodeCursor(page.previous) };
    },
  };
}
