import { isRecordId } from "#app/domain/ids";
import type { Actor } from "./context.server";
import { ServiceError } from "./errors.server";

export const SCOPE_MESSAGES = {
  accountRequired: "Account is required",
  accountIdRequired: "Account ID is required",
} as const;

/** An account id as a request may send it (a number or its digits); anything else is none. */
function requestedAccount(requested: unknown): number | null {
  const id = typeof requested === "string" && /^\d{1,10}$/.test(requested.trim()) ? Number(requested) : requested;
  return typeof id === "number" && isRecordId(id) ? id : null;
}

/**
 * The one place that decides which account a request may touch. A non-admin always works in its
 * own account, whatever it sends; an admin in the account it names, or (null) in every account.
 */
export function accountScope(actor: Actor, requested?: unknown): number | null {
  if (!actor.isAdmin) {
    if (actor.accountId === null) throw new ServiceError(400, SCOPE_MESSAGES.accountIdRequired, "account_id");
    return actor.accountId;
  }
  return requestedAccount(requested);
}

/** The single account a write or an account-bound read works in: as `accountScope`, but one must be named. */
export function requireAccount(actor: Actor, requested?: unknown, missing: string = SCOPE_MESSAGES.accountRequired): number {
  const accountId = accountScope(actor, requested);
  if (accountId === null) throw new ServiceError(400, missing, "account_id");
  return accountId;
}

/** Whether a row of `accountId` is within the actor's reach (admins: every account). */
export function withinReach(actor: Actor, accountId: number): boolean {
  return actor.isAdmin || actor.accountId === accountId;
}

/** Admin-only services check the actor themselves. */
export function requireAdmin(actor: Actor, message: string): void {
  if (!actor.isAdmin) throw new ServiceError(403, message);
}
