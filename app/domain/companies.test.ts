import { isRecordId } from "./ids";
import { describe, expect, it } from "vitest";
import {
  accountFormValues,
  accountSchema,
  accountStillHoldsMessage,
  COMPANY_MESSAGES,
  companySchema,
  formatCreatedDate,
} from "./companies";

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : result.error!.issues.map((issue) => issue.message);

describe("COMPANY_MESSAGES", () => {
  it("a missing company on its edit page names the id it was opened with", () => {
    expect(COMPANY_MESSAGES.companyWithIdNotFound("42")).toBe("Company with ID 42 not found");
  });
});

describe("company and account rules", () => {
  it("trims the company name and requires it", () => {
    expect(companySchema.parse({ company_name: "  Acme  " })).toEqual({ company_name: "Acme" });
    expect(messages(companySchema.safeParse({ company_name: "   " }))).toEqual([COMPANY_MESSAGES.companyNameRequired]);
    expect(messages(companySchema.safeParse({}))).toEqual([COMPANY_MESSAGES.companyNameRequired]);
  });

  it("requires an account name and a City, ST location, and whole counts of 0 or more", () => {
    expect(accountSchema.parse({ account_name: " Dock ", location: " Boston, MA " })).toEqual({
      account_name: "Dock",
      location: "Boston, MA",
      yard_count: 0,
      building_count: 0,
    });
    for (const good of ["St. Louis, MO", "Winston-Salem, NC", "Coeur d'Alene, ID", "New York, NY"]) {
      expect(accountSchema.safeParse({ account_name: "A", location: good }).success, good).toBe(true);
    }
    expect(messages(accountSchema.safeParse({ account_name: "", location: "" }))).toEqual([
      COMPANY_MESSAGES.accountNameRequired,
      COMPANY_MESSAGES.locationRequired,
    ]);
    for (const bad of ["Boston", "boston, ma", "Boston,MA", "Boston, Mass", "12, MA", "Boston, MA, US"]) {
      expect(messages(accountSchema.safeParse({ account_name: "A", location: bad })), bad).toEqual([COMPANY_MESSAGES.locationFormat]);
    }
    expect(messages(accountSchema.safeParse({ account_name: "A", location: "Boston, MA", yard_count: -1, building_count: "x" }))).toEqual([
      COMPANY_MESSAGES.yardCount,
      COMPANY_MESSAGES.buildingCount,
    ]);
    expect(messages(accountSchema.safeParse({ account_name: "A", location: "Boston, MA", yard_count: "2.5" }))).toEqual([
      COMPANY_MESSAGES.yardCount,
    ]);
    expect(accountSchema.parse({ account_name: "A", location: "Boston, MA", yard_count: "3", building_count: "" })).toMatchObject({
      yard_count: 3,
      building_count: 0,
    });
  });

  it("takes company_id as a positive whole number when given", () => {
    const base = { account_name: "A", location: "Boston, MA" };
    expect(accountSchema.parse({ ...base, company_id: "7" }).company_id).toBe(7);
    expect(accountSchema.parse({ ...base, company_id: null }).company_id).toBeUndefined();
    for (const bad of [0, -1, "abc", 2.5]) {
      expect(messages(accountSchema.safeParse({ ...base, company_id: bad })), String(bad)).toEqual([COMPANY_MESSAGES.companyRequired]);
    }
  });

  it("knows a record id when it sees one", () => {
    expect([1, 42, 2_147_483_647].every(isRecordId)).toBe(true);
    expect([0, -1, 1.5, Number.NaN, 2_147_483_648].some(isRecordId)).toBe(false);
  });

  it("names what an account still holds", () => {
    expect(accountStillHoldsMessage([{ noun: "trailer", count: 1 }])).toBe(
      "This account still has 1 trailer. Move or remove them before deleting the account.",
    );
    expect(
      accountStillHoldsMessage([
        { noun: "user", count: 12 },
        { noun: "trailer", count: 150 },
        { noun: "truck", count: 25 },
      ]),
    ).toBe("This account still has 12 users, 150 trailers and 25 trucks. Move or remove them before deleting the account.");
  });

  it("fills the account form and formats created dates the same everywhere", () => {
    expect(accountFormValues()).toEqual({ account_name: "", location: "", yard_count: "0", building_count: "0" });
    expect(accountFormValues({ account_name: "Dock", location: "Reno, NV", yard_count: 2, building_count: 1 })).toEqual({
      account_name: "Dock",
      location: "Reno, NV",
      yard_count: "2",
      building_count: "1",
    });
    expect(formatCreatedDate("2026-11-22T23:30:00.000Z")).toBe("Nov 22, 2026");
  });
});
