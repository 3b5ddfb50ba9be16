import { accountChoices } from "./accounts.server";
import { assigneeChoices } from "./assignees.server";
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
