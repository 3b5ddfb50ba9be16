import { and, asc, count, eq, ilike, isNull, or, sql, type SQL } from "drizzle-orm";
import { accounts, sessions, users } from "../../db/schema";
import { flagsFor, ROLE_FLAG, roleOf, type Role } from "../domain/roles";
import {
  assignableRoles,
  canDeactivateUser,
  canReactivateUser,
  canSeeUser,
  canUpdateUser,
  editUserSchema,
  newUserSchema,
  USER_MESSAGES,
} from "../domain/users";
import { isRecordId } from "../domain/ids";
import { withActor, type Database, type Queryable } from "../lib/db.server";
import type { Actor } from "../lib/guards.server";
import { hashPassword } from "../lib/password.server";
import type { UserRow } from "../lib/session.server";
import { ServiceError, validationErrors } from "./errors.server";
import { paging } from "../lib/paging";

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
    is_admin: user.isAdmin,
    is_super_manager: user.isSuperManager,
    is_account_manager: user.isAccountManager,
    is_manager: user.isManager,
    is_yard_driver: user.isYardDriver,
    is_road_driver: user.isRoadDriver,
    is_mechanic: user.isMechanic,
    is_security: user.isSecurity,
    is_active: user.isActive,
    first_login: user.firstLogin,
    created_at: user.createdAt.toISOString(),
    updated_at: user.updatedAt.toISOString(),
  };
}
export type PublicUser = ReturnType<typeof publicUser>;

const TEMPORARY_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789";

/** A random temporary password, shown once to the creator: `xxxx-xxxx-xxxx`. */
export function temporaryPassword(): string {
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

async function findUser(db: Queryable, id: number) {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return user ?? null;
}

/** A user the actor may see, or a 404 "User not found" (missing and out of reach look the same). */
export async function getVisibleUser(db: Queryable, actor: Actor, id: number): Promise<UserRow> {
  const user = isRecordId(id) ? await findUser(db, id) : null;
  if (!user || !canSeeUser(actor.user, user)) throw new ServiceError(404, USER_MESSAGES.notFound);
  return user;
}

/** Which duplicate a unique violation was about, as the form's message. */
async function duplicateErrors(db: Queryable, email: string, alphaCode: string | undefined, exceptId?: number) {
  const errors: string[] = [];
  const [byEmail] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  if (byEmail && byEmail.id !== exceptId) errors.push(USER_MESSAGES.emailTaken);
  if (alphaCode) {
    const [byAlpha] = await db.select({ id: users.id }).from(users).where(eq(users.alphaCode, alphaCode)).limit(1);
    if (byAlpha && byAlpha.id !== exceptId) errors.push(USER_MESSAGES.alphaCodeTaken);
  }
  return errors;
}

function isUniqueViolation(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } }).cause;
  return (cause?.code ?? (error as { code?: string }).code) === "23505";
}

/**
 * Add New User. The role must be one the actor may assign; a non-admin's new user always joins
 * the actor's own account. The user gets a random temporary password, returned once, and must
 * change it at first login.
 */
export async function createUser(db: Database, actor: Actor, input: unknown) {
  const parsed = newUserSchema.safeParse(input);
  if (!parsed.success) throw new ServiceError(400, validationErrors(parsed.error));
  const value = parsed.data;
  if (!assignableRoles(actor.user).includes(value.role)) throw new ServiceError(403, USER_MESSAGES.roleNotAssignable);

  let accountId: number | null;
  if (value.role === "admin") accountId = null;
  else if (actor.isAdmin) {
    if (!value.account_id) throw new ServiceError(400, USER_MESSAGES.selectAccount);
    const [account] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, value.account_id));
    if (!account) throw new ServiceError(400, USER_MESSAGES.accountNotFound);
    accountId = account.id;
  } else accountId = actor.accountId;

  const duplicates = await duplicateErrors(db, value.email, value.alpha_code);
  if (duplicates.length) throw new ServiceError(400, duplicates);

  const password = temporaryPassword();
  const passwordHash = await hashPassword(password);
  try {
    const [user] = await withActor(db, actor.alphaCode, (tx) =>
      tx
        .insert(users)
        .values({
          ...flagsFor(value.role),
          accountId,
          email: value.email,
          alphaCode: value.alpha_code ?? null,
          driverNumber: value.driver_number === undefined ? null : Number(value.driver_number),
          firstName: value.first_name ?? null,
          lastName: value.last_name ?? null,
          passwordHash,
          firstLogin: true,
        })
        .returning(),
    );
    return { user, temporaryPassword: password };
  } catch (error) {
    if (isUniqueViolation(error)) throw new ServiceError(400, await duplicateErrors(db, value.email, value.alpha_code));
    throw error;
  }
}

/**
 * Edit User: oneself, or another user of strictly lower rank. A role change must be a role the
 * actor may assign. A blank password leaves the password as it is.
 */
export async function updateUser(db: Database, actor: Actor, id: number, input: unknown) {
  const target = await getVisibleUser(db, actor, id);
  if (!canUpdateUser(actor.user, target)) throw new ServiceError(403, USER_MESSAGES.notAuthorizedToUpdate);
  const parsed = editUserSchema.safeParse(input);
  if (!parsed.success) throw new ServiceError(400, validationErrors(parsed.error));
  const value = parsed.data;
  const currentRole = roleOf(target);
  const role = value.role ?? currentRole;
  if (role !== currentRole && !assignableRoles(actor.user).includes(role)) {
    throw new ServiceError(403, USER_MESSAGES.roleNotAssignable);
  }
  if (role !== "admin" && target.accountId === null) throw new ServiceError(400, USER_MESSAGES.selectAccount);

  const duplicates = await duplicateErrors(db, value.email, value.alpha_code, target.id);
  if (duplicates.length) throw new ServiceError(400, duplicates);
  const passwordHash = value.password ? await hashPassword(value.password) : undefined;
  try {
    const [user] = await withActor(db, actor.alphaCode, (tx) =>
      tx
        .update(users)
        .set({
          ...flagsFor(role),
          email: value.email,
          alphaCode: value.alpha_code ?? null,
          driverNumber: value.driver_number === undefined ? null : Number(value.driver_number),
          ...(value.first_name !== undefined ? { firstName: value.first_name } : {}),
          ...(value.last_name !== undefined ? { lastName: value.last_name } : {}),
          ...(passwordHash ? { passwordHash } : {}),
        })
        .where(eq(users.id, target.id))
        .returning(),
    );
    return user;
  } catch (error) {
    if (isUniqueViolation(error)) throw new ServiceError(400, await duplicateErrors(db, value.email, value.alpha_code, target.id));
    throw error;
  }
}

/**
 * Deactivates a user (soft delete) and ends its sessions in the same transaction. Returns the
 * user and the ended sessions, whose sockets the caller closes after commit.
 */
export async function deactivateUser(db: Database, actor: Actor, id: number) {
  const target = await getVisibleUser(db, actor, id);
  if (target.id === actor.id) throw new ServiceError(403, USER_MESSAGES.cannotDeactivateSelf);
  if (!canDeactivateUser(actor.user, target)) throw new ServiceError(403, USER_MESSAGES.notAuthorizedToDelete);
  return withActor(db, actor.alphaCode, async (tx) => {
    const [user] = await tx.update(users).set({ isActive: false }).where(eq(users.id, target.id)).returning();
    const ended = await tx
      .update(sessions)
      .set({ endedAt: sql`now()`, endReason: "deactivated" })
      .where(and(eq(sessions.userId, target.id), isNull(sessions.endedAt)))
      .returning({ id: sessions.id });
    return { user, endedSessions: ended.map((session) => session.id) };
  });
}

export async function reactivateUser(db: Database, actor: Actor, id: number) {
  if (!canReactivateUser(actor.user)) throw new ServiceError(403, USER_MESSAGES.onlyAdminsReactivate);
  const target = await getVisibleUser(db, actor, id);
  const [user] = await withActor(db, actor.alphaCode, (tx) =>
    tx.update(users).set({ isActive: true }).where(eq(users.id, target.id)).returning(),
  );
  return user;
}

export interface UserListQuery {
  /** Admins: the account to list (with global admins); ignored for everyone else. */
  accountId?: number | null;
  role?: Role;
  status?: "active" | "inactive";
  search?: string;
  page?: number;
  pageSize?: number;
}

/**
 * The users an actor may see: the account's users (and global admins) whose rank is at most the
 * viewer's, filtered, searched and paged in Postgres. A non-admin always gets its own account.
 */
export async function listUsers(db: Queryable, actor: Actor, query: UserListQuery = {}) {
  const where = visibleUsersWhere(actor, query);
  const { page, pageSize, offset } = paging(query, 50, 200);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ user: users, accountName: accounts.accountName })
      .from(users)
      .leftJoin(accounts, eq(accounts.id, users.accountId))
      .where(where)
      .orderBy(asc(users.alphaCode), asc(users.id))
      .limit(pageSize)
      .offset(offset),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return {
    users: rows.map(({ user, accountName }) => ({ ...publicUser(user), account_name: accountName })),
    total,
    page,
    pageSize,
  };
}

function visibleUsersWhere(actor: Actor, query: UserListQuery) {
  const conditions: SQL[] = [sql`${rankSql} <= ${actor.rank}`];
  const accountId = actor.isAdmin ? query.accountId : actor.accountId;
  if (accountId !== undefined && accountId !== null) {
    conditions.push(or(eq(users.accountId, accountId), isNull(users.accountId))!);
  } else if (!actor.isAdmin) {
    conditions.push(sql`false`);
  }
  if (query.role) conditions.push(eq(users[ROLE_FLAG[query.role]], true));
  if (query.status) conditions.push(eq(users.isActive, query.status === "active"));
  if (query.search?.trim()) {
    const pattern = `%${query.search.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(
      or(
        ilike(users.email, pattern),
        ilike(users.alphaCode, pattern),
        ilike(users.firstName, pattern),
        ilike(users.lastName, pattern),
        sql`${users.driverNumber}::text ilike ${pattern}`,
      )!,
    );
  }
  return and(...conditions);
}

/** Roles present among the users an actor may see in an account (the Role filter's options), from one query. */
export async function rolesPresent(db: Queryable, actor: Actor, accountId: number | null): Promise<Role[]> {
  const roles = Object.keys(ROLE_FLAG) as Role[];
  const [row] = await db
    .select(Object.fromEntries(roles.map((role) => [role, sql<boolean>`coalesce(bool_or(${users[ROLE_FLAG[role]]}), false)`])))
    .from(users)
    .where(visibleUsersWhere(actor, { accountId }));
  return roles.filter((role) => row?.[role]);
}
