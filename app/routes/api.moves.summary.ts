import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { searchTextOf } from "#app/domain/search";
import { apiRoute } from "#app/http/answers.server";
import { requireApi } from "#app/http/guards.server";
import { moveSummary } from "#app/services/move-panel.server";
import type { StatementBudget } from "#app/http/route-methods";

export const statementBudget = { GET: 3 } satisfies StatementBudget;

/**
 * `GET /api/moves/summary?account_id=&tz=&q=`: what the Move Status panel shows — each state's count
 * (Finished and Cancelled also today's, in the time zone `tz`) and the newest moves of each state,
 * with `pages` (each list's `older` cursor, for `GET /api/moves?before=`); with `q` the lists hold
 * only the moves the search finds, and `matches` says how many per state.
 */
export const loader = apiRoute(async ({ request, context }: LoaderFunctionArgs) => {
  const { ctx } = await requireApi(context);
  const params = new URL(request.url).searchParams;
  return Response.json(
    await moveSummary(ctx, { account: params.get("account_id"), timeZone: params.get("tz"), search: searchTextOf(params) }),
  );
});
