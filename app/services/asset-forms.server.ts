import { accountChoices } from "./accounts.server";
import { assigneeChoices, assigneeValue } from "./assignees.server";
import type { ServiceContext } from "./context.server";
import { locationChoices } from "./locations.server";
import { accountScope } from "./scope.server";

/**
 * What the add and edit forms of trailers and trucks offer: the locations and users of the account
 * the actor works in, and for an admin adding one, the accounts to choose from.
 */
export async function assetFormChoices(ctx: ServiceContext, account: unknown, options: { accountSelect: boolean }) {
  const accountId = accountScope(ctx.actor, account);
  const [locations, users, accounts] = await Promise.all([
    locationChoices(ctx, accountId),
    assigneeChoices(ctx, accountId),
    options.accountSelect ? accountChoices(ctx) : null,
  ]);
  return { accountId, locations, users, accounts };
}

/**
 * Update Trailer / Update Truck: the locations and users of the asset's account, and what the
 * Assign User field holds for its stored assignee (even one since deactivated).
 */
export async function editFormChoices(ctx: ServiceContext, asset: { accountId: number }, assignedUserId: number | null) {
  const [choices, assignee] = await Promise.all([
    assetFormChoices(ctx, asset.accountId, { accountSelect: false }),
    assigneeValue(ctx, assignedUserId),
  ]);
  return { choices, assignee };
}
