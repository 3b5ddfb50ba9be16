import { describe, expect, it } from "vitest";
import { apiRoleFlags, flagsFor, isManagerial, rankOf, ROLES, roleOf } from "./roles";

describe("roles", () => {
  it("ranks admin 5, super manager 4, account manager 3, manager 2 and every worker 1", () => {
    expect(ROLES.map((role) => [role, rankOf(flagsFor(role))])).toEqual([
      ["admin", 5],
      ["super_manager", 4],
      ["account_manager", 3],
      ["manager", 2],
      ["yard_driver", 1],
      ["road_driver", 1],
      ["mechanic", 1],
      ["security", 1],
    ]);
  });

  it("selecting a role sets exactly one flag", () => {
    for (const role of ROLES) {
      const flags = flagsFor(role);
      expect(Object.values(flags).filter(Boolean)).toHaveLength(1);
      expect(roleOf(flags)).toBe(role);
    }
  });

  it("only managers and above are managerial", () => {
    expect(ROLES.filter((role) => isManagerial(flagsFor(role)))).toEqual(["admin", "super_manager", "account_manager", "manager"]);
  });
});

describe("a user's role in the API", () => {
  it.each(ROLES)("%s: the spec's `role` beside its one true flag", (role) => {
    const shown = apiRoleFlags(flagsFor(role));
    expect(shown.role).toBe(role);
    expect(Object.entries(shown).filter(([, value]) => value === true)).toEqual([[`is_${role}`, true]]);
  });
});
