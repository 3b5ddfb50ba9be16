import { rankOf, ROLE_FLAG, ROLE_LABEL, ROLE_RANK, ROLES, type Role, type RoleFlags } from "./roles";

/** The spec's texts for users. */
export const USER_MESSAGES = {
  selectRole: "Please select a role",
  alphaCodeRequired: "Alpha code is required for non-security roles",
  selectAccount: "Please select an account for non-admin users",
  driverNumberRequired: "Driver number is required for Road Driver, Yard Driver, or Mechanic roles",
  driverNumberInvalid: "Driver number must be a valid number",
  emailRequired: "Email is required",
  emailInvalid: "Please enter a valid email address",
  emailTaken: "This email is already registered",
  alphaCodeTaken: "This alpha code is already in use",
  passwordsMustMatch: "Password and Confirm Password must match",
  cannotDeactivateSelf: "You cannot delete your own account. Please contact an administrator for account deletion.",
  notAuthorizedToDelete: "You are not authorized to delete the user.",
  onlyAdminsReactivate: "Only administrators can reactivate users.",
  notAuthorizedToUpdate: "You are not authorized to update this user.",
  inactiveNotUpdatable: "This user is inactive: reactivate it before updating it.",
  roleNotAssignable: "You are not allowed to assign this role.",
  notFound: "User not found",
  accountNotFound: "Account not found",
} as const;

/** Roles a user may give to others: admins any; everyone else only roles strictly below their own. */
export function assignableRoles(actor: RoleFlags): Role[] {
  if (actor.isAdmin) return [...ROLES];
  const rank = rankOf(actor);
  return ROLES.filter((role) => ROLE_RANK[role] < rank);
}

export interface UserRef extends RoleFlags {
  id: number;
  accountId: number | null;
}

/**
 * Whether `actor` may see `target` at all: admins see everyone; others see the users of their
 * own account whose rank is at most their own.
 */
export function canSeeUser(actor: UserRef, target: UserRef): boolean {
  if (actor.isAdmin || actor.id === target.id) return true;
  return target.accountId !== null && target.accountId === actor.accountId && rankOf(target) <= rankOf(actor);
}

/**
 * Edit User, decided once for the page and `PUT /api/users/{id}`: an admin or a super manager,
 * on itself or on a user within its reach of strictly lower rank.
 */
export function canEditUser(actor: UserRef, target: UserRef & { isActive: boolean }): boolean {
  // An active user may be edited; an inactive one only reactivated (by an admin).
  if (!target.isActive) return false;
  if (!actor.isAdmin && !actor.isSuperManager) return false;
  return actor.id === target.id || (canSeeUser(actor, target) && rankOf(actor) > rankOf(target));
}

/** Deactivating: never oneself; another user needs a strictly higher rank (and reach). */
export function canDeactivateUser(actor: UserRef, target: UserRef): boolean {
  return actor.id !== target.id && canSeeUser(actor, target) && rankOf(actor) > rankOf(target);
}

export function canReactivateUser(actor: RoleFlags): boolean {
  return actor.isAdmin;
}

/** Dashboard lists: super manager, account manager, manager, admin, security, mechanic, road driver, yard driver. */
const LIST_LABEL_PRIORITY: Role[] = [
  "super_manager",
  "account_manager",
  "manager",
  "admin",
  "security",
  "mechanic",
  "road_driver",
  "yard_driver",
];
export function listRoleLabel(flags: RoleFlags): string {
  const role = LIST_LABEL_PRIORITY.find((candidate) => flags[ROLE_FLAG[candidate]]);
  return role ? ROLE_LABEL[role] : "User";
}

/** Detail page and reports: Admin, Super Manager, Account Manager, Manager, Yard Driver, Road Driver, Mechanic, Security, else User. */
export function detailRoleLabel(flags: RoleFlags): string {
  const role = ROLES.find((candidate) => flags[ROLE_FLAG[candidate]]);
  return role ? ROLE_LABEL[role] : "User";
}

/** The role flags of a user as the API shows it (`is_admin`, …). */
export function userRoleFlags(user: { [K in Role as `is_${K}`]: boolean }): RoleFlags {
  return Object.fromEntries(ROLES.map((role) => [ROLE_FLAG[role], user[`is_${role}`]])) as RoleFlags;
}

/** The role named by the spec's `is_*` flags in an API body, if exactly one is set. */
export function roleFromFlags(body: Record<string, unknown>): Role | undefined {
  const set = ROLES.filter((role) => body[`is_${role}`] === true);
  return set.length === 1 ? set[0] : undefined;
}
