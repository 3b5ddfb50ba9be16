/**
 * Reports: every list of the dashboard printed or downloaded as a spreadsheet, for managers and
 * above, built by the server from the same query as the list. The spec's messages, the file name,
 * the footer and the role labels live here.
 */
import type { AuditQuery } from "./audit";
import type { DashboardView } from "./dashboard";
import type { MoveState } from "./moves";
import type { RoleFlags } from "./roles";
import { wallClock } from "./time-zones";
import { detailRoleLabel } from "./users";

/**
 * The lists a report covers: the dashboard's five and, beyond the spec, the moves of a period and
 * the location history of one trailer or truck, and (admins) the audit log.
 */
export const REPORT_TYPES = [
  "trailers",
  "trucks",
  "yards",
  "buildings",
  "users",
  "moves",
  "trailer-history",
  "truck-history",
  "audit-logs",
] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

/** The spreadsheet files a report downloads as; the print page is the third way to read one. */
export const REPORT_FORMATS = ["csv", "xlsx"] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];
export type ReportOutput = ReportFormat | "print";

/**
 * The buttons' words: the spec's "Excel Report" is the CSV, said so, beside the workbook, so
 * nobody has to guess which file is which.
 */
export const REPORT_BUTTONS: Record<ReportOutput, string> = {
  print: "Print Report",
  csv: "Excel Report (CSV)",
  xlsx: "Excel Workbook (.xlsx)",
};

export const REPORT_MESSAGES = {
  noDataToPrint: "No data available to generate report",
  noDataToExport: "No data available to export",
  popupsBlocked: "Please allow pop-ups to generate reports",
  unsupported: "Unsupported report type",
  unsupportedExport: "Unsupported report type for Excel export",
} as const;

export const REPORT_TITLE: Record<ReportType, string> = {
  trailers: "Trailers",
  trucks: "Trucks",
  yards: "Yards",
  buildings: "Buildings",
  users: "Users",
  moves: "Moves",
  "trailer-history": "Trailer Location History",
  "truck-history": "Truck Location History",
  "audit-logs": "Audit Log",
};

/**
 * How a column's cells are written: text as it is, numbers as numbers, times as the report's
 * local date and time, and durations (given in seconds) as hours with two decimals.
 */
export type ReportCellKind = "text" | "number" | "datetime" | "hours";
export type ReportCell = string | number | Date | null;

export interface ReportColumn {
  header: string;
  kind: ReportCellKind;
  /** Width in characters in the spreadsheet. */
  width: number;
}

const text = (header: string, width = 14): ReportColumn => ({ header, kind: "text", width });
const number = (header: string, width = 10): ReportColumn => ({ header, kind: "number", width });
const datetime = (header: string): ReportColumn => ({ header, kind: "datetime", width: 20 });
/** A duration as text ("2h 30m") and, beside it, the same in hours: "Duration", "Duration (hours)". */
const duration = (header: string, width = 14): ReportColumn[] => [
  text(header, width),
  { header: `${header} (hours)`, kind: "hours", width: 12 },
];

const STAY_COLUMNS = [text("Location", 16), datetime("Entry Time"), datetime("Exit Time"), ...duration("Duration"), text("Changed By", 12)];

/**
 * The columns of each report: those of the dashboard's list (with the report role labels for
 * users), and what a list shows as colour or an icon written out (status, since when); a
 * vehicle's license state and plate each in a column of its own.
 */
export const REPORT_COLUMNS: Record<ReportType, readonly ReportColumn[]> = {
  trailers: [
    text("Location", 16),
    text("Type", 12),
    text("License State", 8),
    text("License Plate", 12),
    text("Trailer Number", 14),
    text("Status", 13),
    ...duration("Time at Location"),
    datetime("At Location Since"),
    text("Load # OR Trays", 14),
    text("Current User", 12),
    text("Tag Description", 30),
  ],
  trucks: [
    text("Location", 16),
    text("Number", 12),
    text("Type", 14),
    text("Make", 12),
    text("Model", 12),
    text("License State", 8),
    text("License Plate", 12),
    text("Status", 13),
    ...duration("Time at Location"),
    datetime("At Location Since"),
    text("Assigned To", 12),
    text("Tag Description", 30),
  ],
  yards: [text("Name", 20), text("Parking", 10), text("Location", 20), datetime("Created"), datetime("Updated")],
  buildings: [text("Name", 20), number("Door Count"), datetime("Created"), datetime("Updated")],
  users: [
    text("Alpha Code", 12),
    text("Email", 28),
    text("Role", 16),
    number("Driver Number", 12),
    text("Account", 20),
    text("Status", 10),
    datetime("Created"),
    datetime("Updated"),
  ],
  moves: [
    number("Move #", 8),
    text("Account", 18),
    text("Type", 10),
    text("Status", 12),
    text("Leg", 6),
    text("From", 14),
    text("To", 14),
    text("Trailer", 12),
    text("Requested By", 12),
    text("Accepted By", 12),
    datetime("Requested"),
    datetime("Accepted"),
    datetime("Finished"),
    datetime("Cancelled"),
    ...duration("Request to Accept", 10),
    ...duration("Accept to Finish", 10),
  ],
  "trailer-history": STAY_COLUMNS,
  "truck-history": STAY_COLUMNS,
  "audit-logs": [
    datetime("Timestamp"),
    text("User Performed Changes", 14),
    number("User ID", 8),
    text("Table", 12),
    text("Record ID", 10),
    text("Action", 12),
    text("Changes", 60),
  ],
};

/** A column's heading in a report made in `timeZone`: a time column names the zone, "Entry Time (America/Chicago)". */
export function reportHeader(column: ReportColumn, timeZone: string): string {
  return column.kind === "datetime" ? `${column.header} (${timeZone})` : column.header;
}

/** Seconds from one time to another; null when either is missing. */
export function secondsBetween(from: Date | null, to: Date | null): number | null {
  if (!from || !to) return null;
  return Math.max(0, (to.getTime() - from.getTime()) / 1000);
}

/** The number format of a report's times in a workbook: what the CSV writes, and what a spreadsheet reads as a date. */
export const SHEET_DATE_FORMAT = "yyyy-mm-dd hh:mm";
/** The number format of hours: two decimals. */
export const SHEET_HOURS_FORMAT = "0.00";

/**
 * A report's cell as the files write it: `text` is what the CSV (and the print page) says;
 * `value` what a workbook stores, a number as a number and a time as the date and time the
 * report's zone shows (written as if UTC: spreadsheets know no zones), with its number `format`.
 */
export interface SheetCell {
  text: string;
  value: string | number | Date | null;
  format: string | null;
}

const EMPTY: SheetCell = { text: "", value: null, format: null };

/**
 * The one formatter of report cells, for the CSV, the workbook and the print page alike: a time
 * as the local date and time of `timeZone` to the minute ("2026-11-27 00:44", which spreadsheets
 * read as a date), a duration in seconds as hours with two decimals ("2.50"), a number as it is.
 * A column's cell that is not of its kind ("Current" for a stay not yet left) is text.
 */
export function sheetCell(column: ReportColumn, cell: ReportCell, timeZone: string): SheetCell {
  if (cell === null) return EMPTY;
  if (cell instanceof Date) {
    const local = wallClock(timeZone, cell);
    return { text: local.toISOString().slice(0, 16).replace("T", " "), value: local, format: SHEET_DATE_FORMAT };
  }
  if (typeof cell === "string") return { text: cell, value: cell, format: null };
  if (column.kind === "hours") {
    const hours = Math.round(cell / 36) / 100;
    return { text: hours.toFixed(2), value: hours, format: SHEET_HOURS_FORMAT };
  }
  return { text: String(cell), value: cell, format: null };
}

export function isReportType(value: string): value is ReportType {
  return (REPORT_TYPES as readonly string[]).includes(value);
}

/** The role a report shows for a user: Admin, Super Manager, …, Security, else User. */
export function reportRoleLabel(flags: RoleFlags): string {
  return detailRoleLabel(flags);
}

/** The notice at the foot of every report. */
export function reportFooter(at: Date): string {
  return `Yardline Yard Management System © ${at.getUTCFullYear()}`;
}

/** The report's heading: "Trailers Report". */
export function reportTitle(type: ReportType): string {
  return `${REPORT_TITLE[type]} Report`;
}

/** Characters no file system takes in a name, and control characters. */
// eslint-disable-next-line no-control-regex
const UNSAFE_IN_FILE_NAME = /[\\/:*?"<>|\u0000-\u001f\u007f]+/g;

/**
 * `{account} - {type}_report_{timestamp}.{ext}` (the spec's name), the timestamp the time the
 * report was made, in UTC, as `YYYY-MM-DD_HHmmss`; characters a file system refuses become "-".
 */
export function reportFileName(account: string, type: ReportType, at: Date, format: ReportFormat): string {
  const iso = at.toISOString();
  const stamp = `${iso.slice(0, 10)}_${iso.slice(11, 19).replaceAll(":", "")}`;
  const name = account.replace(UNSAFE_IN_FILE_NAME, "-").trim() || "Account";
  return `${name} - ${type}_report_${stamp}.${format}`;
}

/** The dashboard lists that have a report, each read with the dashboard's own view. */
export type ListReportType = Extract<ReportType, "trailers" | "trucks" | "yards" | "buildings" | "users">;

/** The moves report's query (`from`, `to`, `state`, `account`, `q`). */
export interface MovesReportQuery {
  /** The first day requested (YYYY-MM-DD, in the viewer's time zone); null: today. */
  from: string | null;
  /** The last day requested, inclusive; null: today, or `from` when that is later. */
  to: string | null;
  /** Only the moves in this state; null: every state. */
  state: MoveState | null;
  /** The account an admin names (a non-admin gets its own whatever it names); null: every account. */
  account: number | null;
  /** The header's search, as it narrows the Move Status lists; empty: none. */
  search: string;
}

/**
 * What a report is read from, by its type, parsed from the report's address by the HTTP layer:
 * a list's dashboard view, the moves report's days, the trailer or truck (`id`) whose history it
 * is, the audit log's filters.
 */
export type ReportQuery =
  | { type: ListReportType; view: DashboardView }
  | ({ type: "moves" } & MovesReportQuery)
  | { type: "trailer-history" | "truck-history"; id: number }
  | { type: "audit-logs"; audit: AuditQuery };

/**
 * The address of a report: `/reports/{type}` (print), `.csv` or `.xlsx`, with the list's query
 * parameters (a dashboard view's, without its tab and page: a report holds every page).
 */
export function reportHref(type: ReportType, output: ReportOutput, params: URLSearchParams | Record<string, string>): string {
  const query = new URLSearchParams(params);
  query.delete("tab");
  query.delete("page");
  const text = query.toString();
  return `/reports/${type}${output === "print" ? "" : `.${output}`}${text ? `?${text}` : ""}`;
}
