import { and, count, eq, isNull, or, sql } from "drizzle-orm";
import { accounts, sessions, users } from "#db/schema";
import { PASSWORD_RULES } from "#app/domain/auth";
import { apiRoleFlags, flagsFor, ROLE_FLAG, roleOf, type Role } from "#app/domain/roles";
import type { UserSort } from "#app/domain/dashboard";
import { assignableRoles, canDeactivateUser, canEditUser, canReactivateUser, canSeeUser, USER_MESSAGES } from "#app/domain/users";
import { editUserSchema, newUserSchema } from "#app/domain/user-schemas";
import { isRecordId } from "#app/domain/ids";
import { orderOf, readByKeyset, type SortKey } from "#app/lib/keyset.server";
import type { Queryable, Transaction } from "#app/lib/db.server";
import { paging } from "#app/lib/paging";
import { hashPassword, type ScryptCost } from "#app/lib/password.server";
import type { UserRow } from "#app/lib/session.server";
import { isUniqueViolation, searchAny } from "#app/lib/sql.server";
import { requireOwnPasswordChange } from "./auth.server";
import { write, type Effects, type ServiceContext } from "./context.server";
import { parseInput, ServiceError } from "./errors.server";
import { accountScope, requireAccount } from "./scope.server";

/** A user as the API and pages show it: never the password hash. */
export function publicUser(user: UserRow) {
  return {
    id: user.id,
    account_id: user.accountId,
    alpha_code: user.alphaCode,
    email: user.email,
    driver_number: user.driverNumber,
    first_name: user.firstName,
    last_name: user.lastName,
    ...apiRoleFlags(user),
    is_active: user.isActive,
    first_login: user.firstLogin,
    created_at: user.createdAt.toISOString(),
    updated_at: user.updatedAt.toISOString(),
  };
}
export type PublicUser = ReturnType<typeof publicUser>;

const TEMPORARY_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789";

/** A random temporary password, shown once to the creator: `xxxx-xxxx-xxxx`, meeting every first-login rule. */
export function temporaryPassword(): string {
  for (;;) {
    const password = randomTemporaryPassword();
    if (PASSWORD_RULES.every((rule) => rule.test(password))) return password;
  }
}

function randomTemporaryPassword(): string {
  const characters: string[] = [];
  while (characters.length < 12) {
    for (const byte of crypto.getRandomValues(new Uint8Array(16))) {
      // Rejection sampling keeps every character equally likely.
      if (byte < 224 && characters.length < 12) characters.push(TEMPORARY_ALPHABET[byte % TEMPORARY_ALPHABET.length]);
    }
  }
  return [0, 4, 8].map((start) => characters.slice(start, start + 4).join("")).join("-");
}

/** SQL rank of a user row, the same table as app/domain/roles.ts. */
const rankSql = sql<number>`(case when ${users.isAdmin} then 5 when ${users.isSuperManager} then 4
  when ${users.isAccountManager} then 3 when ${users.isManager} then 2 else 1 end)`;

/** A user the actor may see, or a 404 "User not found" (missing and out of reach look the same). */
export async function getVisibleUser(ctx: ServiceContext, id: number): Promise<UserRow> {
  const [user] = isRecordId(id) ? await ctx.db.select().from(users).where(eq(users.id, id)).limit(1) : [];
  if (!user || !canSeeUser(ctx.actor.user, user)) throw new ServiceError(404, USER_MESSAGES.notFound);
  return user;
}

/**
 * Refuses an email or alpha code another user already has: "This email is already registered"
 * next to the email, "This alpha code is already in use" next to the alpha code (both: above the form).
 */
async function refuseDuplicates(db: Queryable, value: { email: string; alpha_code?: string }, exceptId?: number) {
  const taken = async (column: typeof users.email | typeof users.alphaCode, text: string | undefined) => {
    if (!text) return false;
    const [row] = await db.select({ id: users.id }).from(users).where(eq(column, text)).limit(1);
    return Boolean(row && row.id !== exceptId);
  };
  const duplicates = [
    ...((await taken(users.email, value.email)) ? [{ field: "email", message: USER_MESSAGES.emailTaken }] : []),
    ...((await taken(users.alphaCode, value.alpha_code)) ? [{ field: "alpha_code", message: USER_MESSAGES.alphaCodeTaken }] : []),
  ];
  if (!duplicates.length) return;
  const field = duplicates.length === 1 ? duplicates[0].field : undefined;
  throw new ServiceError(
    400,
    duplicates.map((duplicate) => duplicate.message),
    field,
  );
}

/** Runs a user write; a unique violation (a duplicate that arrived meanwhile) is answered as `refuseDuplicates` does. */
async function writeUser<T>(
  ctx: ServiceContext,
  value: { email: string; alpha_code?: string },
  exceptId: number | undefined,
  work: Parameters<typeof write<T>>[1],
) {
  try {
    return await write(ctx, work);
  } catch (error) {
    if (isUniqueViolation(error)) await refuseDuplicates(ctx.db, value, exceptId);
    throw error;
  }
}

/** The users tab of the account shows the change (global admins belong to no account's room). */
function userChanged(effects: Effects, user: UserRow, change: "created" | "updated") {
  if (user.accountId !== null) effects.accountChanged(user.accountId, "user", user.id, change);
}

/** The account a new user joins: none for an admin; the one an admin names (which must exist); else the actor's own. */
async function newUserAccount(ctx: ServiceContext, role: Role, requested: number | undefined): Promise<number | null> {
  if (role === "admin") return null;
  const accountId = requireAccount(ctx.actor, requested, USER_MESSAGES.selectAccount);
  const [account] = await ctx.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId));
  if (!account) throw new ServiceError(400, USER_MESSAGES.accountNotFound, "account_id");
  return account.id;
}

/**
 * Add New User. The role must be one the actor may assign; a non-admin's new user always joins
 * the actor's own account. The user gets a random temporary password, returned once, and must
 * change it at first login.
 */
export async function createUser(ctx: ServiceContext, input: unknown, cost?: ScryptCost) {
  const value = parseInput(newUserSchema, input);
  if (!assignableRoles(ctx.actor.user).includes(value.role)) throw new ServiceError(403, USER_MESSAGES.roleNotAssignable, "role");
  const accountId = await newUserAccount(ctx, value.role, value.account_id);
  await refuseDuplicates(ctx.db, value);
  const password = temporaryPassword();
  const passwordHash = await hashPassword(password, cost);
  const user = await writeUser(ctx, value, undefined, async (tx, effects) => {
    const [created] = await tx
      .insert(users)
      .values({
        ...flagsFor(value.role),
        accountId,
        email: value.email,
        alphaCode: value.alpha_code ?? null,
        driverNumber: value.driver_number ?? null,
        firstName: value.first_name ?? null,
        lastName: value.last_name ?? null,
        passwordHash,
        firstLogin: true,
      })
      .returning();
    userChanged(effects, created, "created");
    return created;
  });
  return { user, temporaryPassword: password };
}

/**
 * What Edit User reads: the user's current values, with every field the request sent in their
 * place. A field left out is kept; a field sent as null or blank is cleared (and refused where the
 * role needs it). Read-only fields of the user's shape (id, times, flags of state) are ignored.
 */
function overCurrentValues(target: UserRow, input: unknown): unknown {
  if (typeof input !== "object" || input === null || Array.isArray(input)) return input;
  const sent = Object.entries(input).filter(([, value]) => value !== undefined);
  return {
    role: roleOf(target),
    alpha_code: target.alphaCode,
    email: target.email,
    driver_number: target.driverNumber,
    first_name: target.firstName,
    last_name: target.lastName,
    ...Object.fromEntries(sent),
  };
}

/**
 * Edit User (`canEditUser`: an admin or super manager, on itself or a strictly lower rank). A role
 * change must be a role the actor may assign. A blank password leaves the password as it is; a new
 * one for oneself needs the current one and must differ from it; a password set for someone else must be changed by its
 * owner at the next sign-in, and ends the owner's session (its sockets close after commit).
 */
export async function updateUser(ctx: ServiceContext, id: number, input: unknown, cost?: ScryptCost) {
  const target = await getVisibleUser(ctx, id);
  if (!target.isActive) throw new ServiceError(409, USER_MESSAGES.inactiveNotUpdatable);
  if (!canEditUser(ctx.actor.user, target)) throw new ServiceError(403, USER_MESSAGES.notAuthorizedToUpdate);
  const value = parseInput(editUserSchema, overCurrentValues(target, input));
  const currentRole = roleOf(target);
  const role = value.role ?? currentRole;
  if (role !== currentRole && !assignableRoles(ctx.actor.user).includes(role)) {
    throw new ServiceError(403, USER_MESSAGES.roleNotAssignable, "role");
  }
  if (role !== "admin" && target.accountId === null) throw new ServiceError(400, USER_MESSAGES.selectAccount);
  const own = target.id === ctx.actor.id;
  if (value.password && own) await requireOwnPasswordChange(target, { password: value.password, current_password: value.current_password });
  await refuseDuplicates(ctx.db, value, target.id);
  const passwordHash = value.password ? await hashPassword(value.password, cost) : undefined;
  return writeUser(ctx, value, target.id, async (tx, effects) => {
    const [user] = await tx
      .update(users)
      .set({
        ...flagsFor(role),
        email: value.email,
        alphaCode: value.alpha_code ?? null,
        driverNumber: value.driver_number ?? null,
        firstName: value.first_name ?? null,
        lastName: value.last_name ?? null,
        ...(passwordHash ? { passwordHash, ...(own ? {} : { firstLogin: true }) } : {}),
      })
      .where(eq(users.id, target.id))
      .returning();
    if (passwordHash && !own) await endSessions(tx, effects, user, "logout");
    userChanged(effects, user, "updated");
    return user;
  });
}

/** Ends every live session of `user`; once committed, each one's sockets are told why and closed. */
async function endSessions(tx: Transaction, effects: Effects, user: UserRow, reason: "logout" | "deactivated") {
  const ended = await tx
    .update(sessions)
    .set({ endedAt: sql`now()`, endReason: reason })
    .where(and(eq(sessions.userId, user.id), isNull(sessions.endedAt)))
    .returning({ id: sessions.id });
  for (const session of ended) effects.closeSockets(session.id, user, reason);
}

/**
 * Deactivates a user (soft delete) and ends its sessions in the same transaction; once committed,
 * the sockets of each ended session are closed (its pages show why).
 */
export async function deactivateUser(ctx: ServiceContext, id: number): Promise<UserRow> {
  const target = await getVisibleUser(ctx, id);
  if (target.id === ctx.actor.id) throw new ServiceError(403, USER_MESSAGES.cannotDeactivateSelf);
  if (!canDeactivateUser(ctx.actor.user, target)) throw new ServiceError(403, USER_MESSAGES.notAuthorizedToDelete);
  return write(ctx, async (tx, effects) => {
    const [user] = await tx.update(users).set({ isActive: false }).where(eq(users.id, target.id)).returning();
    await endSessions(tx, effects, user, "deactivated");
    userChanged(effects, user, "updated");
    return user;
  });
}

export async function reactivateUser(ctx: ServiceContext, id: number): Promise<UserRow> {
  if (!canReactivateUser(ctx.actor.user)) throw new ServiceError(403, USER_MESSAGES.onlyAdminsReactivate);
  const target = await getVisibleUser(ctx, id);
  return write(ctx, async (tx, effects) => {
    const [user] = await tx.update(users).set({ isActive: true }).where(eq(users.id, target.id)).returning();
    userChanged(effects, user, "updated");
    return user;
  });
}

export interface UserListQuery {
  /** Admins: the account to list (with global admins), or none for everyone; ignored for everyone else. */
  account?: unknown;
  role?: Role;
  status?: "active" | "inactive";
  search?: string;
  /** The column sorted by (alpha code unless named) and its order. */
  sort?: UserSort;
  order?: "asc" | "desc";
  page?: number;
  pageSize?: number;
}

const USER_LIST_FIELDS = { user: users, accountName: accounts.accountName };

/**
 * Each sort's column; empty values last either way. Role ascending is the highest rank first (as
 * the Role filter lists them), Status ascending active first, Account ascending the global
 * admins (no account) last.
 */
const SORT_COLUMNS: Record<UserSort, { by: SortKey["by"]; nullable?: boolean }> = {
  alpha: { by: users.alphaCode, nullable: true },
  email: { by: users.email },
  role: { by: sql`(- ${rankSql})` },
  driver: { by: users.driverNumber, nullable: true },
  account: { by: accounts.accountName, nullable: true },
  status: { by: sql`(not ${users.isActive})` },
};

/** A user list's order: the sorted column, then alpha code and id. */
function userSort(query: UserListQuery): SortKey[] {
  const column = SORT_COLUMNS[query.sort ?? "alpha"];
  return [
    { by: column.by, descending: query.order === "desc", nulls: column.nullable ? "last" : undefined },
    { by: users.alphaCode, nulls: "last" },
    { by: users.id },
  ];
}
const USER_ACCOUNT = eq(accounts.id, users.accountId);

const listedUser = ({ user, accountName }: { user: UserRow; accountName: string | null }) => ({
  ...publicUser(user),
  account_name: accountName,
});
export type ListedUser = ReturnType<typeof listedUser>;

/**
 * The users an actor may see: the account's users (and global admins) whose rank is at most the
 * viewer's, filtered, searched and paged in Postgres. A non-admin always gets its own account.
 */
export async function listUsers(ctx: ServiceContext, query: UserListQuery = {}) {
  const where = visibleUsersWhere(ctx, query);
  const { page, pageSize, offset } = paging(query, 50, 200);
  const [rows, [{ total }]] = await Promise.all([
    ctx.db
      .select(USER_LIST_FIELDS)
      .from(users)
      .leftJoin(accounts, USER_ACCOUNT)
      .where(where)
      .orderBy(...orderOf(userSort(query)))
      .limit(pageSize)
      .offset(offset),
    ctx.db.select({ total: count() }).from(users).where(where),
  ]);
  return { users: rows.map(listedUser), total, page, pageSize };
}

/** Every user `listUsers` would list, a batch at a time (reports). */
export async function* readUserList(ctx: ServiceContext, query: UserListQuery): AsyncGenerator<ListedUser[]> {
  const where = visibleUsersWhere(ctx, query);
  const batches = readByKeyset(ctx.db, userSort(query), (db, { keyset, after, orderBy, limit }) =>
    db
      .select({ ...USER_LIST_FIELDS, keyset })
      .from(users)
      .leftJoin(accounts, USER_ACCOUNT)
      .where(and(where, after))
      .orderBy(...orderBy)
      .limit(limit),
  );
  for await (const batch of batches) {
    yield batch.map(listedUser);
  }
}

function visibleUsersWhere(ctx: ServiceContext, query: UserListQuery) {
  const accountId = accountScope(ctx.actor, query.account);
  return and(
    sql`${rankSql} <= ${ctx.actor.rank}`,
    accountId === null ? undefined : or(eq(users.accountId, accountId), isNull(users.accountId)),
    query.role ? eq(users[ROLE_FLAG[query.role]], true) : undefined,
    query.status ? eq(users.isActive, query.status === "active") : undefined,
    searchAny(query.search, [users.email, users.alphaCode, users.firstName, users.lastName, sql`${users.driverNumber}::text`]),
  );
}

/** Roles present among the users an actor may see in an account (the Role filter's options), from one query. */
export async function rolesPresent(ctx: ServiceContext, account: unknown): Promise<Role[]> {
  const roles = Object.keys(ROLE_FLAG) as Role[];
  const [row] = await ctx.db
    .select(Object.fromEntries(roles.map((role) => [role, sql<boolean>`coalesce(bool_or(${users[ROLE_FLAG[role]]}), false)`])))
    .from(users)
    .where(visibleUsersWhere(ctx, { account }));
  return roles.filter((role) => row?.[role]);
}
