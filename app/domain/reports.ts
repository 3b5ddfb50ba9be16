/**
 * Reports: every list of the dashboard printed or downloaded as a spreadsheet, for managers and
 * above, built by the server from the same query as the list. The spec's messages, the file name,
 * the footer and the role labels live here.
 */
import type { RoleFlags } from "./roles";
import { detailRoleLabel } from "./users";

/** The lists a report covers: the dashboard's five and, beyond the spec, the moves. */
export const REPORT_TYPES = ["trailers", "trucks", "yards", "buildings", "users", "moves"] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

export const REPORT_FORMATS = ["csv", "xlsx"] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

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
};

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
