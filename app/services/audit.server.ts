import { and, desc, eq, getTableColumns, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { accounts, auditLogs, buildings, companies, moveLegs, moves, trailers, trucks, users, yards } from "#db/schema";
import {
  AUDIT_MESSAGES,
  type AuditAction,
  type AuditCounts,
  type AuditLogItem,
  type AuditLogPage,
  type AuditQuery,
} from "#app/domain/audit";
import { recordName, type AuditLogEntry } from "#app/domain/audit-words";
import { canReadAuditLog } from "#app/domain/roles";
import { decodeCursor, encodeCursor, isIdText, isTimestampText, readByKeyset } from "#app/lib/keyset.server";
import type { Queryable, Transaction } from "#app/lib/db.server";
import { searchAny } from "#app/lib/sql.server";
import type { ServiceContext } from "./context.server";
import { ServiceError } from "./errors.server";

/**
 * The audit log as admins read it (`/audit-logs`, `GET /api/admin/audit-logs`): filtered in
 * Postgres, newest first, a page at a time by keyset (timestamp and id), so a page costs the same
 * at the top of a million rows as deep down, and rows written meanwhile never shift a page.
 */

/** Where a page ended: the last row's timestamp exactly as Postgres wrote it, and its id. */
interface Cursor {
  at: string;
  id: number;
}

function encodeAuditCursor(cursor: Cursor): string {
  return encodeCursor({ k0: cursor.at, k1: String(cursor.id) });
}

function decodeAuditCursor(text: string): Cursor {
  const keys = decodeCursor(text, [isTimestampText, isIdText]);
  if (keys?.k0 && keys.k1) return { at: keys.k0, id: Number(keys.k1) };
  throw new ServiceError(400, AUDIT_MESSAGES.badCursor, "cursor");
}

/** The rows a query's filters keep (not its cursor): the list and its cards read the same. */
function filtersOf(query: AuditQuery): SQL | undefined {
  return and(indexedFiltersOf(query), searchAny(query.q, [auditLogs.searchText]));
}

/** The filters an index serves directly: everything but the text search. */
function indexedFiltersOf(query: AuditQuery): SQL | undefined {
  return and(
    query.action ? eq(auditLogs.action, query.action) : undefined,
    query.table ? eq(auditLogs.tableName, query.table) : undefined,
    query.hours ? sql`${auditLogs.timestamp} > now() - make_interval(hours => ${query.hours})` : undefined,
    query.user ? eq(auditLogs.userId, query.user) : undefined,
    query.recordId ? eq(auditLogs.recordId, query.recordId) : undefined,
  );
}

/**
 * A search looks for its page among the newest rows the other filters keep first, this many:
 * a search that matches often (one row in a hundred) finds its page there, reading a few hundred
 * consecutive blocks instead of every match scattered over the log; a rarer one then reads its
 * matches through the trigram index.
 */
const SEARCH_WINDOW = 5_000;

const { searchText: _searchText, ...LOG_COLUMNS } = getTableColumns(auditLogs);

/** Log rows with the acting user's alpha code and name as they are now. */
const LOG_FIELDS = {
  log: LOG_COLUMNS,
  at: sql<string>`${auditLogs.timestamp}::text`,
  alphaCodeNow: users.alphaCode,
  nameNow: sql<string | null>`nullif(concat_ws(' ', ${users.firstName}, ${users.lastName}), '')`,
};

/**
 * The name a row's record goes by now (a trailer's number, a user's alpha code or name, "#12" for
 * a move), or null when the record is gone: one lookup by primary key a row, in the page's own
 * statement. `tableName` and `recordId` are the row's columns (of `audit_logs` or a subquery of it).
 */
function recordNowOf(tableName: SQLWrapper, recordId: SQLWrapper) {
  const id = sql`(case when ${recordId} ~ '^[0-9]{1,9}$' then ${recordId}::int end)`;
  const nameOf = (table: SQL, name: SQL) => sql`(select ${name} from ${table} where id = ${id})`;
  const tables: [string, SQL][] = [
    ["trailers", nameOf(sql`${trailers}`, sql`${sql.identifier(trailers.trailerNumber.name)}`)],
    ["trucks", nameOf(sql`${trucks}`, sql`${sql.identifier(trucks.truckNumber.name)}`)],
    ["yards", nameOf(sql`${yards}`, sql`${sql.identifier(yards.name.name)}`)],
    ["buildings", nameOf(sql`${buildings}`, sql`${sql.identifier(buildings.buildingName.name)}`)],
    ["accounts", nameOf(sql`${accounts}`, sql`${sql.identifier(accounts.accountName.name)}`)],
    ["companies", nameOf(sql`${companies}`, sql`${sql.identifier(companies.companyName.name)}`)],
    [
      "users",
      nameOf(sql`${users} as named_user`, sql`coalesce(nullif(alpha_code, ''), nullif(concat_ws(' ', first_name, last_name), ''), email)`),
    ],
    ["moves", nameOf(sql`${moves}`, sql`'#' || id`)],
    ["move_legs", nameOf(sql`${moveLegs}`, sql`'#' || id`)],
  ];
  return sql<string | null>`case ${tableName} ${sql.join(
    tables.map(([table, name]) => sql`when ${table} then ${name}`),
    sql` `,
  )} end`;
}

function selectLog(db: Queryable) {
  return db
    .select({ ...LOG_FIELDS, recordNow: recordNowOf(auditLogs.tableName, auditLogs.recordId) })
    .from(auditLogs)
    .leftJoin(users, eq(users.id, auditLogs.userId));
}

type LogRow = Awaited<ReturnType<ReturnType<typeof selectLog>["execute"]>>[number];

export function itemOf({ log, alphaCodeNow, nameNow }: Omit<LogRow, "recordNow">): AuditLogItem {
  return {
    id: log.id,
    timestamp: log.timestamp.toISOString(),
    user_id: log.userId,
    user_alpha_code: log.userAlphaCode,
    user_now: log.userId === null ? null : { alpha_code: alphaCodeNow, name: nameNow },
    table_name: log.tableName,
    record_id: log.recordId,
    action: log.action as AuditAction,
    changed_fields: log.changedFields ?? null,
  };
}

/** A row as the Audit Logs page shows it: with its record's name and whether the record is still there. */
function entryOf(row: LogRow): AuditLogEntry {
  const item = itemOf(row);
  return { ...item, record: { name: recordName(item, row.recordNow), exists: row.recordNow !== null } };
}

/** One page of the log, newest first, with the filtered set's counts on the first page. */
export async function auditLogPage(ctx: ServiceContext, query: AuditQuery): Promise<AuditLogPage> {
  const { rows, ...rest } = await logPage(ctx, query);
  return { items: rows.map(itemOf), ...rest };
}

/** The page `auditLogPage` gives, each row with its record's name and whether it is still there (the Audit Logs page). */
export async function auditLogEntries(
  ctx: ServiceContext,
  query: AuditQuery,
): Promise<Omit<AuditLogPage, "items"> & { items: AuditLogEntry[] }> {
  const { rows, ...rest } = await logPage(ctx, query);
  return { items: rows.map(entryOf), ...rest };
}

async function logPage(ctx: ServiceContext, query: AuditQuery): Promise<Omit<AuditLogPage, "items"> & { rows: LogRow[] }> {
  if (!canReadAuditLog(ctx.actor.user)) throw new ServiceError(403, AUDIT_MESSAGES.adminOnly);
  const filters = filtersOf(query);
  const after = query.cursor ? decodeAuditCursor(query.cursor) : null;
  const older = after ? sql`(${auditLogs.timestamp}, ${auditLogs.id}) < (${after.at}::timestamptz, ${after.id})` : undefined;
  const pageRows = async (): Promise<LogRow[]> => {
    if (query.q) {
      // A full page found among the newest rows is the page: nothing newer lies outside them.
      const found = await searchRecent(ctx.db, query, older);
      if (found.length > query.limit) return found;
    }
    return selectLog(ctx.db)
      .where(and(filters, older))
      .orderBy(desc(auditLogs.timestamp), desc(auditLogs.id))
      .limit(query.limit + 1);
  };
  const [rows, counts] = await Promise.all([pageRows(), after ? null : auditCounts(ctx.db, query, filters)]);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    rows: page,
    next_cursor: rows.length > query.limit && last ? encodeAuditCursor({ at: last.at, id: last.log.id }) : null,
    counts,
  };
}

/** A search's page (and one row more) among the SEARCH_WINDOW newest rows the other filters and the cursor keep. */
function searchRecent(db: Queryable, query: AuditQuery, older: SQL | undefined): Promise<LogRow[]> {
  const recent = db
    .select()
    .from(auditLogs)
    .where(and(indexedFiltersOf(query), older))
    .orderBy(desc(auditLogs.timestamp), desc(auditLogs.id))
    .limit(SEARCH_WINDOW)
    .as("recent");
  const log = Object.fromEntries(Object.keys(LOG_COLUMNS).map((key) => [key, recent[key as keyof typeof LOG_COLUMNS]]));
  return db
    .select({
      ...LOG_FIELDS,
      log: log as unknown as typeof LOG_COLUMNS,
      at: sql<string>`${recent.timestamp}::text`,
      recordNow: recordNowOf(recent.tableName, recent.recordId),
    })
    .from(recent)
    .leftJoin(users, eq(users.id, recent.userId))
    .where(searchAny(query.q, [recent.searchText]))
    .orderBy(desc(recent.timestamp), desc(recent.id))
    .limit(query.limit + 1);
}

/**
 * Rows past which a search, user or record filter stops counting: the cards then read
 * "1,000+" (and the tables and actions seen among those rows, as "at least").
 */
export const AUDIT_COUNT_CAP = 1_000;

/**
 * The cards: how many rows the filters keep, in how many tables, with how many kinds of action.
 * Filters of action, table and timeframe alone add up the hourly and daily counts
 * (`audit_log_counts`, exact at any size); a search, user or record filter counts its rows, up
 * to AUDIT_COUNT_CAP (a search's matches are scattered over the log: counting them all would read
 * most of it for a broad one).
 */
async function auditCounts(db: Queryable, query: AuditQuery, filters: SQL | undefined): Promise<AuditCounts> {
  if (!query.q && !query.user && !query.recordId) {
    const since = query.hours ? sql`(now() - make_interval(hours => ${query.hours}))` : sql`null`;
    const { rows } = await db.execute<{ total: number; tables: number; actions: number }>(
      sql`select total::int as total, tables::int as tables, actions::int as actions
            from audit_log_counts(${since}::timestamptz, ${query.table ?? null}::text, ${query.action ?? null}::text)`,
    );
    return { ...rows[0], capped: false };
  }
  const matches = db
    .select({ tableName: auditLogs.tableName, action: auditLogs.action })
    .from(auditLogs)
    .where(filters)
    .limit(AUDIT_COUNT_CAP + 1)
    .as("matches");
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      tables: sql<number>`count(distinct ${matches.tableName})::int`,
      actions: sql<number>`count(distinct ${matches.action})::int`,
    })
    .from(matches);
  return { ...row, total: Math.min(row.total, AUDIT_COUNT_CAP), capped: row.total > AUDIT_COUNT_CAP };
}

/** Every row a query's filters keep, newest first, a batch at a time (the log's CSV and Excel export). */
export function readAuditLog(ctx: ServiceContext, query: AuditQuery) {
  if (!canReadAuditLog(ctx.actor.user)) throw new ServiceError(403, AUDIT_MESSAGES.adminOnly);
  const filters = filtersOf(query);
  const sort = [
    { by: auditLogs.timestamp, descending: true },
    { by: auditLogs.id, descending: true },
  ];
  return readByKeyset(ctx.db, sort, (db, { keyset, after, orderBy, limit }) =>
    db
      .select({ ...LOG_FIELDS, keyset })
      .from(auditLogs)
      .leftJoin(users, eq(users.id, auditLogs.userId))
      .where(and(filters, after))
      .orderBy(...orderBy)
      .limit(limit),
  );
}

/** One row of the log (a row's Change Details) with its record, admins only; null when there is none. */
export async function auditLogItem(ctx: ServiceContext, id: number): Promise<AuditLogEntry | null> {
  if (!canReadAuditLog(ctx.actor.user)) throw new ServiceError(403, AUDIT_MESSAGES.adminOnly);
  if (!Number.isSafeInteger(id) || id < 1) return null;
  const [row] = await selectLog(ctx.db).where(eq(auditLogs.id, id));
  return row ? entryOf(row) : null;
}

/** A sign-in event for the trail: who (when known), which session, and what the request said of itself. */
export interface SecurityEvent {
  action: Extract<AuditAction, "SIGN_IN" | "SIGN_IN_FAILED" | "SIGN_OUT">;
  user: { id: number; alphaCode: string | null } | null;
  sessionId: number | null;
  details: Record<string, string | number | null>;
}

/** Writes a sign-in, failed sign-in or sign-out to the trail, inside the caller's transaction. */
export async function recordSecurityEvent(tx: Transaction, event: SecurityEvent): Promise<void> {
  await tx.insert(auditLogs).values({
    userId: event.user?.id ?? null,
    userAlphaCode: event.user?.alphaCode ?? null,
    tableName: "sessions",
    recordId: event.sessionId === null ? null : String(event.sessionId),
    action: event.action,
    changedFields: Object.fromEntries(Object.entries(event.details).map(([field, value]) => [field, { old: null, new: value }])),
  });
}
