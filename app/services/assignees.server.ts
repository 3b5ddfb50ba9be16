import { and, asc, eq, or, sql } from "drizzle-orm";
import { users } from "#db/schema";
import type { AssigneeChoice } from "#app/domain/assets";
import type { Queryable } from "#app/lib/db.server";
import { searchAny } from "#app/lib/sql.server";
import type { ServiceContext } from "./context.server";
import { ServiceError } from "./errors.server";
import { accountScope } from "./scope.server";

export const ASSIGNEE_MESSAGES = { unknown: "The assigned user must be a user of this account" } as const;

/**
 * The user a trailer or truck is assigned to, within its account: by id (the API) or by what the
 * form's type-ahead holds (an alpha code or an email). Nothing chosen means unassigned.
 */
export async function resolveAssignee(db: Queryable, accountId: number, choice: { id?: number | null; typed?: string }, field: string) {
  const typed = choice.typed?.trim().toLowerCase();
  if (!choice.id && !typed) return null;
  const [user] = await db
    .select({ id: users.id, alphaCode: users.alphaCode })
    .from(users)
    .where(
      and(
        eq(users.accountId, accountId),
        typed ? or(sql`lower(${users.alphaCode}) = ${typed}`, eq(users.email, typed)) : eq(users.id, choice.id!),
      ),
    );
  if (!user) throw new ServiceError(400, ASSIGNEE_MESSAGES.unknown, field);
  return user;
}

/** What an edit form's Assign User field holds for the stored assignee (active or not): alpha code, else email. */
export async function assigneeValue(ctx: ServiceContext, userId: number | null): Promise<string> {
  if (!userId) return "";
  const [user] = await ctx.db.select({ alphaCode: users.alphaCode, email: users.email }).from(users).where(eq(users.id, userId));
  return user ? (user.alphaCode ?? user.email) : "";
}

/** Active users of an account to assign an asset to, searched by name, email, alpha code or driver number. */
async function assignableUsers(db: Queryable, accountId: number, search: string, limit: number) {
  return db
    .select({
      id: users.id,
      alphaCode: users.alphaCode,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      driverNumber: users.driverNumber,
    })
    .from(users)
    .where(
      and(
        eq(users.accountId, accountId),
        eq(users.isActive, true),
        searchAny(search, [users.firstName, users.lastName, users.email, users.alphaCode, sql`${users.driverNumber}::text`]),
      ),
    )
    .orderBy(asc(users.alphaCode))
    .limit(limit);
}

/** The Assign User list of an add or edit form: alpha code, name, email, driver number. */
export async function assigneeChoices(ctx: ServiceContext, account?: unknown, search = ""): Promise<AssigneeChoice[]> {
  const accountId = accountScope(ctx.actor, account);
  if (accountId === null) return [];
  const rows = await assignableUsers(ctx.db, accountId, search, 500);
  return rows.map((row) => ({
    id: row.id,
    value: row.alphaCode ?? row.email,
    label: [
      row.alphaCode,
      [row.firstName, row.lastName].filter(Boolean).join(" "),
      row.email,
      row.driverNumber ? `#${row.driverNumber}` : "",
    ]
      .filter(Boolean)
      .join(" · "),
  }));
}
