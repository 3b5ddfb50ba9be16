import { describe, expect, it } from "vitest";
import { flagsFor, ROLES } from "./roles";
import { isReportType, reportFileName, reportFooter, reportRoleLabel, REPORT_MESSAGES } from "./reports";

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
});
