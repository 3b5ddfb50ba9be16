/**
 * The audit log as admins read it: its actions, tables and timeframes, the filters an address
 * carries, and how a change reads.
 */
import { LIMITS } from "./limits";

/** What happened: the spec's three, and the sign-in events Yardline adds to the trail. */
export const AUDIT_ACTIONS = ["CREATE", "UPDATE", "DELETE", "SIGN_IN", "SIGN_IN_FAILED", "SIGN_OUT"] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_ACTION_LABEL: Record<AuditAction, string> = {
  CREATE: "CREATE",
  UPDATE: "UPDATE",
  DELETE: "DELETE",
  SIGN_IN: "SIGN IN",
  SIGN_IN_FAILED: "SIGN IN FAILED",
  SIGN_OUT: "SIGN OUT",
};

/** The tables whose changes the trail records (`sessions`: sign-in events only). */
export const AUDITED_TABLES = [
  "accounts",
  "buildings",
  "companies",
  "move_legs",
  "moves",
  "sessions",
  "settings",
  "trailers",
  "trucks",
  "users",
  "yards",
] as const;
export type AuditedTable = (typeof AUDITED_TABLES)[number];

/** The spec's timeframes in hours (24, 168, 720); "all" is all time. */
export const AUDIT_TIMEFRAMES = [
  { hours: 24, label: "Last 24 Hours" },
  { hours: 168, label: "Last 7 Days" },
  { hours: 720, label: "Last 30 Days" },
] as const;

export const AUDIT_MESSAGES = {
  empty: "No audit logs found matching your search criteria.",
  noChanges: "No changes",
  unknownUser: "Unknown",
  badCursor: "The cursor is not valid: start again from the first page",
  adminOnly: "Only administrators can read the audit log",
  countsCapped: (counted: number) =>
    `More than ${counted.toLocaleString("en-US")} rows match: the cards count the first ${counted.toLocaleString("en-US")}. Narrow the search for exact figures.`,
} as const;

/** Rows of one page of the log. */
export const AUDIT_PAGE_SIZE = 50;
export const AUDIT_MAX_PAGE_SIZE = 200;

export interface AuditQuery {
  action: AuditAction | null;
  table: AuditedTable | null;
  /** Only rows of the last this many hours; null: all time. */
  hours: number | null;
  q: string;
  /** A user's id: the rows that user wrote. */
  user: number | null;
  recordId: string | null;
  /** Where the previous page ended (opaque); null: the newest page. */
  cursor: string | null;
  limit: number;
}

const wholeNumber = (text: string | null, max: number) =>
  text && /^\d{1,10}$/.test(text) && Number(text) >= 1 && Number(text) <= max ? Number(text) : null;

/** The filters of an address (`/audit-logs?…` and `GET /api/admin/audit-logs?…`); anything unknown is no filter. */
export function parseAuditQuery(params: URLSearchParams): AuditQuery {
  const action = params.get("action");
  const table = params.get("table");
  return {
    action: AUDIT_ACTIONS.find((candidate) => candidate === action) ?? null,
    table: AUDITED_TABLES.find((candidate) => candidate === table) ?? null,
    hours: wholeNumber(params.get("hours"), 24 * 366 * 10),
    q: params.get("q")?.trim().slice(0, LIMITS.search) ?? "",
    user: wholeNumber(params.get("user"), LIMITS.int4),
    recordId: params.get("record_id")?.trim().slice(0, LIMITS.shortText) || null,
    cursor: params.get("cursor")?.slice(0, 200) || null,
    limit: wholeNumber(params.get("limit"), AUDIT_MAX_PAGE_SIZE) ?? AUDIT_PAGE_SIZE,
  };
}

/** The address of a view of the log, leaving empty filters out; `changes` override it. */
export function auditHref(query: AuditQuery, changes: Partial<AuditQuery> = {}, path = "/audit-logs"): string {
  const next = { ...query, ...changes };
  const params = new URLSearchParams();
  if (next.action) params.set("action", next.action);
  if (next.table) params.set("table", next.table);
  if (next.hours) params.set("hours", String(next.hours));
  if (next.q) params.set("q", next.q);
  if (next.user) params.set("user", String(next.user));
  if (next.recordId) params.set("record_id", next.recordId);
  if (next.cursor) params.set("cursor", next.cursor);
  if (next.limit !== AUDIT_PAGE_SIZE) params.set("limit", String(next.limit));
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

/** An audit log row as the API shows it (the spec's fields, and the acting user's id and current names). */
export interface AuditLogItem {
  id: number;
  timestamp: string;
  user_id: number | null;
  user_alpha_code: string | null;
  /** The user's alpha code and name now (they may differ from the recorded code). */
  user_now: { alpha_code: string | null; name: string | null } | null;
  table_name: string;
  record_id: string | null;
  action: AuditAction;
  changed_fields: Record<string, { old: unknown; new: unknown }> | null;
}

/**
 * The cards of a filtered log. `capped`: a search, user or record filter matched more rows than
 * are counted (the service's AUDIT_COUNT_CAP); `total` is then that cap, and `tables` and
 * `actions` count what those rows hold: each is "at least".
 */
export interface AuditCounts {
  total: number;
  tables: number;
  actions: number;
  capped: boolean;
}

export interface AuditLogPage {
  items: AuditLogItem[];
  /** The next page's cursor; null on the last page. */
  next_cursor: string | null;
  /** The filtered set's cards (on the first page only; null when paging on). */
  counts: AuditCounts | null;
}

/** A changed value as people read it: times in the viewer's zone, booleans Yes/No, empty as "—". */
export function changeText(value: unknown, timeZone: string): string {
  if (value === null || value === undefined || value === "") return "—";
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (typeof value === "string") {
    if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) {
      const date = new Date(value);
      if (!Number.isNaN(date.getTime())) return date.toLocaleString("en-US", { timeZone });
    }
    return value;
  }
  return JSON.stringify(value);
}

/** A record's History: the audit log filtered to it (`table` as the trail names it: "trailers", "users", …). */
export function recordHistoryHref(table: AuditedTable, id: number): string {
  return `/audit-logs?table=${table}&record_id=${id}`;
}
