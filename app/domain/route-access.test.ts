import { describe, expect, it } from "vitest";
import { deniedBecause, findRouteRule, pageAccess, PUBLIC_GUIDE_PATH, PUBLIC_PAGES, ROUTE_RULES } from "./route-access";
import { flagsFor, ROLES, type Role } from "./roles";

/** The route tables of both spec documents, role by role: true = allowed, else the redirect. */
const EXPECTED: Record<string, (role: Role) => true | string> = {
  "/": () => true,
  "/signup": (role) => (["admin", "super_manager", "account_manager", "manager"].includes(role) ? true : "/login"),
  "/admin/dashboard": (role) => (role === "admin" ? true : "/"),
  "/audit-logs": (role) => (role === "admin" ? true : "/login"),
  "/settings": (role) => (role === "admin" ? true : "/"),
  "/how-to": () => true,
  "/companies": () => true,
  "/companies/new": (role) => (role === "admin" ? true : "/"),
  "/companies/1/edit": (role) => (role === "admin" ? true : "/"),
  "/trailers/new": (role) => (role === "admin" || role === "super_manager" ? true : "/login"),
  "/trailers/bulk-upload": (role) => (role === "admin" || role === "super_manager" ? true : "/login"),
  "/trailers/bulk-upload/template": (role) => (role === "admin" || role === "super_manager" ? true : "/login"),
  "/trailers/1/edit": (role) => (role === "admin" || role === "super_manager" ? true : "/login"),
  "/trucks/new": (role) => (role === "admin" || role === "super_manager" ? true : "/login"),
  "/trucks/1/edit": (role) => (role === "admin" || role === "super_manager" ? true : "/login"),
  "/buildings/new": (role) => (role === "admin" || role === "super_manager" ? true : "/login"),
  "/buildings/1/edit": (role) => (role === "admin" || role === "super_manager" ? true : "/login"),
  "/yards/new": (role) => (role === "admin" || role === "super_manager" ? true : "/login"),
  "/yards/1/edit": (role) => (role === "admin" || role === "super_manager" ? true : "/login"),
  "/users/1/edit": (role) => (role === "admin" || role === "super_manager" ? true : "/"),
  "/users/1": () => true,
  "/trailers/1": () => true,
  "/trucks/1": () => true,
  "/buildings/1": () => true,
  "/yards/1": () => true,
  "/change-password": () => true,
  "/moves/new": () => true,
  "/moves/1/accept": () => true,
  // Every signed-in user reaches the reports' loader, which answers 403 below manager (not a redirect).
  "/reports/trailers": () => true,
};

describe("route access", () => {
  it("covers every route of the table", () => {
    expect(ROUTE_RULES.map((rule) => rule.example).sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  for (const [path, expected] of Object.entries(EXPECTED)) {
    it(`${path} for every role`, () => {
      for (const role of ROLES) {
        const access = pageAccess(path, flagsFor(role));
        const want = expected(role);
        expect(access.allowed ? true : access.redirectTo, `${role} on ${path}`).toBe(want);
      }
    });
  }

  it("an unknown path sends everyone to /login", () => {
    for (const role of ROLES) expect(pageAccess("/no/such/page", flagsFor(role))).toEqual({ allowed: false, redirectTo: "/login" });
  });

  it("the public pages (sign-in and the guide) are outside the route table, which guards signed-in pages only", () => {
    expect(PUBLIC_PAGES).toEqual(["/login", PUBLIC_GUIDE_PATH]);
    for (const path of PUBLIC_PAGES) expect(findRouteRule(path), path).toBeUndefined();
  });

  it("a trailing slash does not change the answer", () => {
    expect(pageAccess("/settings/", flagsFor("manager"))).toEqual({ allowed: false, redirectTo: "/" });
  });
});

describe("why a page turns a user away", () => {
  it("names the roles its rule admits, in words for a disabled button; nothing when the user may", () => {
    expect(deniedBecause("/trucks/new", flagsFor("yard_driver"), "add trucks")).toBe("Only admins and super managers can add trucks.");
    expect(deniedBecause("/trucks/new", flagsFor("manager"), "add trucks")).toBe("Only admins and super managers can add trucks.");
    expect(deniedBecause("/trucks/new", flagsFor("super_manager"), "add trucks")).toBeNull();
  });
});
