import { describe, expect, it } from "vitest";
import { accountSchema, COMPANY_MESSAGES, companySchema } from "./companies";

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : result.error!.issues.map((issue) => issue.message);

describe("company and account rules", () => {
  it("trims the company name and requires it", () => {
    expect(companySchema.parse({ company_name: "  Acme  " })).toEqual({ company_name: "Acme" });
    expect(messages(companySchema.safeParse({ company_name: "   " }))).toEqual([COMPANY_MESSAGES.companyNameRequired]);
  });

  it("requires an account name and a City, ST location, and counts of 0 or more", () => {
    expect(accountSchema.parse({ account_name: "Dock", location: "Boston, MA" })).toMatchObject({ yard_count: 0, building_count: 0 });
    expect(accountSchema.safeParse({ account_name: "Dock", location: "St. Louis, MO" }).success).toBe(true);
    expect(messages(accountSchema.safeParse({ account_name: "", location: "Boston" }))).toEqual([
      COMPANY_MESSAGES.accountNameRequired,
      COMPANY_MESSAGES.locationFormat,
    ]);
    for (const bad of ["boston, ma", "Boston,MA", "Boston, Mass", "12, MA"]) {
      expect(messages(accountSchema.safeParse({ account_name: "A", location: bad })), bad).toEqual([COMPANY_MESSAGES.locationFormat]);
    }
    expect(messages(accountSchema.safeParse({ account_name: "A", location: "Boston, MA", yard_count: -1, building_count: "x" }))).toEqual([
      COMPANY_MESSAGES.yardCount,
      COMPANY_MESSAGES.buildingCount,
    ]);
  });
});
