import { describe, expect, it } from "vitest";
import { flagsFor, ROLES } from "./roles";
import {
  isReportType,
  REPORT_COLUMNS,
  reportFileName,
  reportFooter,
  reportHeader,
  reportRoleLabel,
  REPORT_MESSAGES,
  secondsBetween,
  sheetCell,
  type ReportColumn,
} from "./reports";

describe("reports", () => {
  it("names the file '{account} - {type}_report_{timestamp}', safe for any file system", () => {
    const at = new Date("2026-11-24T09:05:03.120Z");
    expect(reportFileName("Acme Newark", "trailers", at, "csv")).toBe("Acme Newark - trailers_report_2026-11-24_090503.csv");
    expect(reportFileName('A/B: "North" <1>', "users", at, "xlsx")).toBe("A-B- -North- -1- - users_report_2026-11-24_090503.xlsx");
  });

  it("labels roles as the spec's reports do: Admin first, else User", () => {
    expect(ROLES.map((role) => reportRoleLabel(flagsFor(role)))).toEqual([
      "Admin",
      "Super Manager",
      "Account Manager",
      "Manager",
      "Yard Driver",
      "Road Driver",
      "Mechanic",
      "Security",
    ]);
    expect(reportRoleLabel({ ...flagsFor("manager"), isAdmin: true })).toBe("Admin");
    expect(reportRoleLabel({ ...flagsFor("manager"), isManager: false })).toBe("User");
  });

  it("ends with a yard management notice with the year, knows its types and has the spec's messages", () => {
    expect(reportFooter(new Date("2027-01-01T00:00:00Z"))).toBe("Yardline Yard Management System © 2027");
    expect(["trailers", "trucks", "yards", "buildings", "users", "moves"].every(isReportType)).toBe(true);
    expect(isReportType("companies")).toBe(false);
    expect(REPORT_MESSAGES).toEqual({
      noDataToPrint: "No data available to generate report",
      noDataToExport: "No data available to export",
      popupsBlocked: "Please allow pop-ups to generate reports",
      unsupported: "Unsupported report type",
      unsupportedExport: "Unsupported report type for Excel export",
    });
  });

  it("writes a time as the report zone's local date and time to the minute, a spreadsheet's date", () => {
    const at = new Date("2026-11-27T05:44:28.821Z");
    const column: ReportColumn = { header: "Entry Time", kind: "datetime", width: 20 };
    expect(sheetCell(column, at, "America/New_York")).toEqual({
      text: "2026-11-27 00:44",
      value: new Date("2026-11-27T00:44:28.821Z"),
      format: "yyyy-mm-dd hh:mm",
    });
    expect(sheetCell(column, at, "UTC").text).toBe("2026-11-27 05:44");
    expect(sheetCell(column, at, "America/Chicago").text).toBe("2026-11-26 23:44");
    // Across a clock change: the zone's offset on that day.
    expect(sheetCell(column, new Date("2026-07-01T12:00:00Z"), "America/Chicago").text).toBe("2026-07-01 07:00");
    expect(sheetCell(column, "Current", "UTC")).toEqual({ text: "Current", value: "Current", format: null });
    expect(sheetCell(column, null, "UTC")).toEqual({ text: "", value: null, format: null });
    expect(reportHeader(column, "America/Chicago")).toBe("Entry Time (America/Chicago)");
  });

  it("writes a duration in seconds as hours with two decimals, and a number as it is", () => {
    const hours: ReportColumn = { header: "Duration (hours)", kind: "hours", width: 12 };
    expect(sheetCell(hours, 9_000, "UTC")).toEqual({ text: "2.50", value: 2.5, format: "0.00" });
    expect(sheetCell(hours, 100, "UTC")).toEqual({ text: "0.03", value: 0.03, format: "0.00" });
    expect(sheetCell(hours, secondsBetween(new Date(0), new Date(3_600_000 * 26)), "UTC").text).toBe("26.00");
    expect(secondsBetween(null, new Date())).toBeNull();
    const count: ReportColumn = { header: "Door Count", kind: "number", width: 10 };
    expect(sheetCell(count, 20, "UTC")).toEqual({ text: "20", value: 20, format: null });
    expect(reportHeader(count, "UTC")).toBe("Door Count");
  });

  it("puts each duration's hours beside its text, and a vehicle's license state and plate in columns of their own", () => {
    const headers = (type: keyof typeof REPORT_COLUMNS) => REPORT_COLUMNS[type].map((column) => reportHeader(column, "America/Chicago"));
    expect(headers("trailers").slice(2, 9)).toEqual([
      "License State",
      "License Plate",
      "Trailer Number",
      "Status",
      "Time at Location",
      "Time at Location (hours)",
      "At Location Since (America/Chicago)",
    ]);
    expect(headers("trucks").slice(5, 10)).toEqual([
      "License State",
      "License Plate",
      "Status",
      "Time at Location",
      "Time at Location (hours)",
    ]);
    expect(headers("trailer-history")).toEqual([
      "Location",
      "Entry Time (America/Chicago)",
      "Exit Time (America/Chicago)",
      "Duration",
      "Duration (hours)",
      "Changed By",
    ]);
    expect(headers("moves").slice(-4)).toEqual([
      "Request to Accept",
      "Request to Accept (hours)",
      "Accept to Finish",
      "Accept to Finish (hours)",
    ]);
  });
});
