import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { apiRoute } from "#app/http/answers.server";
import { requireApi } from "#app/http/guards.server";
import { accountHistory } from "#app/services/location-history.server";
import type { StatementBudget } from "#app/http/route-methods";

export const statementBudget = { GET: 2 } satisfies StatementBudget;

/**
 * `GET /api/accounts/{accountId}/trucks-location-history`: truck id → its stays of the last 30 days,
 * newest first. A non-admin always gets its own account's.
 */
export const loader = apiRoute(async ({ params, context }: LoaderFunctionArgs) => {
  const { ctx } = await requireApi(context);
  return Response.json(await accountHistory(ctx, "truck", params.id));
});
