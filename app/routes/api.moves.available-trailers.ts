import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { apiRoute } from "#app/http/answers.server";
import { requireApi } from "#app/http/guards.server";
import { availableTrailersQueryOf } from "#app/http/queries.server";
import { availableTrailers } from "#app/services/move-panel.server";
import type { StatementBudget } from "#app/http/route-methods";

export const statementBudget = { GET: 2 } satisfies StatementBudget;

/**
 * `GET /api/moves/available-trailers?location=&account_id=&exclude_red_tagged=&q=`: the trailers at
 * a location that a new move may take (none in a requested or in-progress move), by number, the
 * first 500 of them; `q` searches them as the trailer lists do. `X-Total-Count`: how many match
 * in all. 400 naming `q` when the search is longer than 200 characters.
 */
export const loader = apiRoute(async ({ request, context }: LoaderFunctionArgs) => {
  const { ctx } = await requireApi(context);
  const list = await availableTrailers(ctx, availableTrailersQueryOf(new URL(request.url).searchParams));
  return Response.json(list.trailers, { headers: { "X-Total-Count": String(list.total) } });
});
