import { canEditAssets, flagsFor, ROLE_FLAG, ROLE_LABEL, ROLES, type Role, type RoleFlags } from "./roles";
import { canEditUser } from "./users";

/**
 * Who may open each page of the product (the route tables of both spec documents), and where
 * everyone else is sent. Signed-out visitors go to /login from every page but the public ones
 * (`PUBLIC_PAGES`); paths not listed here, and unknown paths, go to /login too (app/routes/$.tsx).
 */
export interface RouteRule {
  pattern: RegExp;
  /** Example path, for tests and docs. */
  example: string;
  /** Roles allowed; `null` = any signed-in user. */
  roles: readonly Role[] | null;
  /** Where a signed-in user without access is sent. */
  otherwise: "/" | "/login";
}

/** The user manual, for every signed-in user. */
export const MANUAL_PATH = "/how-to";
/** The manual's General Guide for signed-out visitors; a signed-in visitor is sent on to the manual. */
export const PUBLIC_GUIDE_PATH = "/guide";

/**
 * Pages a signed-out visitor may open: their loaders do not call `requirePage`, and none of them is
 * in the route table. The sign-in page sends a signed-in visitor home, the public guide to the manual.
 */
export const PUBLIC_PAGES: readonly string[] = ["/login", PUBLIC_GUIDE_PATH];

const ADMIN = ["admin"] as const;
/** The pages that add or change trailers, trucks, yards and buildings: the roles `canEditAssets` allows, as the services do. */
const ASSET_EDITORS = ROLES.filter((role) => canEditAssets(flagsFor(role)));
/** Edit User: the roles that may edit at least their own user (`canEditUser` decides each user, as `PUT /api/users/{id}` does). */
const USER_EDITORS = ROLES.filter((role) => {
  const self = { ...flagsFor(role), id: 1, accountId: 1, isActive: true };
  return canEditUser(self, self);
});
const MANAGERS = ["admin", "super_manager", "account_manager", "manager"] as const;

const id = "(\\d+)";
const rule = (path: string, example: string, roles: readonly Role[] | null, otherwise: "/" | "/login" = "/login"): RouteRule => ({
  pattern: new RegExp(`^${path}/?$`),
  example,
  roles,
  otherwise,
});

export const ROUTE_RULES: readonly RouteRule[] = [
  rule("/", "/", null),
  rule("/signup", "/signup", MANAGERS, "/login"),
  rule("/admin/dashboard", "/admin/dashboard", ADMIN, "/"),
  rule("/audit-logs", "/audit-logs", ADMIN, "/login"),
  rule("/settings", "/settings", ADMIN, "/"),
  rule(MANUAL_PATH, MANUAL_PATH, null),
  rule("/companies", "/companies", null),
  rule("/companies/new", "/companies/new", ADMIN, "/"),
  rule(`/companies/${id}/edit`, "/companies/1/edit", ADMIN, "/"),
  rule("/trailers/new", "/trailers/new", ASSET_EDITORS, "/login"),
  rule("/trailers/bulk-upload", "/trailers/bulk-upload", ASSET_EDITORS, "/login"),
  rule("/trailers/bulk-upload/template", "/trailers/bulk-upload/template", ASSET_EDITORS, "/login"),
  rule(`/trailers/${id}/edit`, "/trailers/1/edit", ASSET_EDITORS, "/login"),
  rule("/trucks/new", "/trucks/new", ASSET_EDITORS, "/login"),
  rule(`/trucks/${id}/edit`, "/trucks/1/edit", ASSET_EDITORS, "/login"),
  rule("/buildings/new", "/buildings/new", ASSET_EDITORS, "/login"),
  rule(`/buildings/${id}/edit`, "/buildings/1/edit", ASSET_EDITORS, "/login"),
  rule("/yards/new", "/yards/new", ASSET_EDITORS, "/login"),
  rule(`/yards/${id}/edit`, "/yards/1/edit", ASSET_EDITORS, "/login"),
  rule(`/users/${id}/edit`, "/users/1/edit", USER_EDITORS, "/"),
  rule(`/users/${id}`, "/users/1", null),
  rule(`/trailers/${id}`, "/trailers/1", null),
  rule(`/trucks/${id}`, "/trucks/1", null),
  rule(`/buildings/${id}`, "/buildings/1", null),
  rule(`/yards/${id}`, "/yards/1", null),
  rule("/change-password", "/change-password", null),
  // Reports (print pages, CSV and Excel files): the reports service decides who may read which (managers and above; others 403).
  rule("/reports/[^/]+", "/reports/trailers", null),
  // The Move Status panel's forms: the moves services decide who may create or act on a move.
  rule("/moves/new", "/moves/new", null),
  rule(`/moves/${id}/(accept|finish|cancel)`, "/moves/1/accept", null),
];

export function findRouteRule(pathname: string): RouteRule | undefined {
  return ROUTE_RULES.find((candidate) => candidate.pattern.test(pathname));
}

export type Access = { allowed: true } | { allowed: false; redirectTo: string };

/** Whether a signed-in user may open a page; unknown pages are not allowed (they go to /login). */
export function pageAccess(pathname: string, user: RoleFlags): Access {
  const found = findRouteRule(pathname);
  if (!found) return { allowed: false, redirectTo: "/login" };
  if (found.roles === null || found.roles.some((role) => user[ROLE_FLAG[role]])) return { allowed: true };
  return { allowed: false, redirectTo: found.otherwise };
}

/**
 * Why the guard of `path` turns `user` away, in words for a disabled button ("Only admins and super
 * managers can add trucks."); null when it lets the user in. The guard's own decision, and the
 * roles its rule admits.
 */
export function deniedBecause(path: string, user: RoleFlags, doing: string): string | null {
  if (pageAccess(path, user).allowed) return null;
  const roles = (findRouteRule(path)?.roles ?? []).map((role) => `${ROLE_LABEL[role].toLowerCase()}s`);
  const who = roles.length > 1 ? `${roles.slice(0, -1).join(", ")} and ${roles.at(-1)}` : (roles[0] ?? "");
  return `Only ${who} can ${doing}.`;
}
