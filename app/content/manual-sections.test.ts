import { describe, expect, it } from "vitest";
import { flagsFor, ROLES } from "#app/domain/roles";
import { manualSectionsFor, supportContact, telHref } from "./manual-sections";

const titles = (reader: { isAdmin: boolean } | null) => manualSectionsFor(reader).map((section) => section.title);

describe("the user manual's sections", () => {
  it("an admin reads every section, in the spec's order", () => {
    expect(titles(flagsFor("admin"))).toEqual([
      "General Guide",
      "Features",
      "Admin Guide",
      "Admin Features",
      "Yard",
      "Audit Logs",
      "Troubleshooting",
      "Contact Us",
    ]);
  });

  it("every other role reads all but Admin Guide, Admin Features and Audit Logs", () => {
    for (const role of ROLES.filter((candidate) => candidate !== "admin")) {
      expect(titles(flagsFor(role)), role).toEqual(["General Guide", "Features", "Yard", "Troubleshooting", "Contact Us"]);
    }
  });

  it("a signed-out visitor reads the General Guide only", () => {
    expect(titles(null)).toEqual(["General Guide"]);
  });
});

describe("the support contact", () => {
  it("is none without SUPPORT_EMAIL and SUPPORT_PHONE, or with blank ones", () => {
    expect(supportContact({})).toBeNull();
    expect(supportContact({ SUPPORT_EMAIL: " ", SUPPORT_PHONE: "" })).toBeNull();
  });

  it("carries what is configured, trimmed", () => {
    expect(supportContact({ SUPPORT_EMAIL: " help@example.com " })).toEqual({ email: "help@example.com", phone: null });
    expect(supportContact({ SUPPORT_PHONE: "+1 555 010 2030" })).toEqual({ email: null, phone: "+1 555 010 2030" });
  });

  it("dials a phone number written with spaces, dashes and brackets", () => {
    expect(telHref("+1 (555) 010-2030")).toBe("tel:+15550102030");
    expect(telHref("555.010.2030 ext")).toBe("tel:5550102030");
  });
});
