/** Roles, their ranks and labels: the one place the rest of the product asks. */

export const ROLES = [
  "admin",
  "super_manager",
  "account_manager",
  "manager",
  "yard_driver",
  "road_driver",
  "mechanic",
  "security",
] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_FLAG = {
  admin: "isAdmin",
  super_manager: "isSuperManager",
  account_manager: "isAccountManager",
  manager: "isManager",
  yard_driver: "isYardDriver",
  road_driver: "isRoadDriver",
  mechanic: "isMechanic",
  security: "isSecurity",
} as const satisfies Record<Role, string>;

export type RoleFlags = { [K in (typeof ROLE_FLAG)[Role]]: boolean };

/** A user's role as the API shows it: `role`, and the spec's flags (`is_admin`, `is_super_manager`, …). */
export function apiRoleFlags(user: RoleFlags) {
  return {
    role: roleOf(user),
    is_admin: user.isAdmin,
    is_super_manager: user.isSuperManager,
    is_account_manager: user.isAccountManager,
    is_manager: user.isManager,
    is_yard_driver: user.isYardDriver,
    is_road_driver: user.isRoadDriver,
    is_mechanic: user.isMechanic,
    is_security: user.isSecurity,
  };
}

export const ROLE_RANK: Record<Role, number> = {
  admin: 5,
  super_manager: 4,
  account_manager: 3,
  manager: 2,
  yard_driver: 1,
  road_driver: 1,
  mechanic: 1,
  security: 1,
};

export const ROLE_LABEL: Record<Role, string> = {
  admin: "Admin",
  super_manager: "Super Manager",
  account_manager: "Account Manager",
  manager: "Manager",
  yard_driver: "Yard Driver",
  road_driver: "Road Driver",
  mechanic: "Mechanic",
  security: "Security",
};

/** The role a user holds (exactly one, enforced by the database). */
export function roleOf(flags: RoleFlags): Role {
  return ROLES.find((role) => flags[ROLE_FLAG[role]]) ?? "security";
}

export function rankOf(flags: RoleFlags): number {
  return ROLE_RANK[roleOf(flags)];
}

/** Flags for exactly one role: selecting a role clears all the others. */
export function flagsFor(role: Role): RoleFlags {
  return Object.fromEntries(ROLES.map((r) => [ROLE_FLAG[r], r === role])) as RoleFlags;
}

/** Admin, super manager, account manager and manager: may create moves, add users, see reports. */
export function isManagerial(flags: RoleFlags): boolean {
  return rankOf(flags) >= ROLE_RANK.manager;
}

/** Drivers need a driver number; so do mechanics. */
export function needsDriverNumber(role: Role): boolean {
  return role === "yard_driver" || role === "road_driver" || role === "mechanic";
}

/** Adding and editing trailers, trucks, yards and buildings: admins and super managers. */
export function canEditAssets(flags: RoleFlags): boolean {
  return flags.isAdmin || flags.isSuperManager;
}

/** Deleting an asset: admins, and the super manager or account manager of the asset's account. */
export function canDeleteAsset(user: RoleFlags & { accountId: number | null }, assetAccountId: number): boolean {
  if (user.isAdmin) return true;
  return (user.isSuperManager || user.isAccountManager) && user.accountId === assetAccountId;
}

/** What a record's page offers the viewer: Update, Delete, its report and its History in the audit log. */
export function recordActions(user: RoleFlags & { accountId: number | null }, recordAccountId: number) {
  return {
    edit: canEditAssets(user),
    delete: canDeleteAsset(user, recordAccountId),
    report: canPrintReports(user),
    history: canReadAuditLog(user),
  };
}

/** Print and spreadsheet reports: managers and above. */
export function canPrintReports(flags: RoleFlags): boolean {
  return isManagerial(flags);
}

/** The audit log (its page, its API, a record's History link): admins only. */
export function canReadAuditLog(flags: RoleFlags): boolean {
  return flags.isAdmin;
}
