/**
 * Reports: every list of the dashboard printed or downloaded as a spreadsheet, for managers and
 * above, built by the server from the same query as the list. The spec's messages, the file name,
 * the footer and the role labels live here.
 */
import type { AuditQuery } from "./audit";
import type { DashboardView } from "./dashboard";
import type { MoveState } from "./moves";
import type { RoleFlags } from "./roles";
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

/** How a column's cells are written: text as it is, numbers as numbers, times as dates (ISO in CSV). */
export type ReportCellKind = "text" | "number" | "datetime";
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

const STAY_COLUMNS = [
  text("Location", 16),
  datetime("Entry Time"),
  datetime("Exit Time"),
  text("Duration", 14),
  number("Duration (minutes)", 12),
  text("Changed By", 12),
];

/**
 * The columns of each report: those of the dashboard's list (with the report role labels for
 * users), and what a list shows as colour or an icon written out (status, since when).
 */
export const REPORT_COLUMNS: Record<ReportType, readonly ReportColumn[]> = {
  trailers: [
    text("Location", 16),
    text("Type", 12),
    text("State - Plate", 14),
    text("Trailer Number", 14),
    text("Status", 13),
    text("Time at Location", 14),
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
    text("Status", 13),
    text("Time at Location", 14),
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
    number("Request to Accept (minutes)", 14),
    number("Accept to Finish (minutes)", 14),
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

/** Minutes between two times, to one decimal; null when either is missing. */
export function minutesBetween(from: Date | null, to: Date | null): number | null {
  if (!from || !to) return null;
  return Math.round((to.getTime() - from.getTime()) / 6_000) / 10;
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
