import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { apiRoute } from "#app/http/answers.server";
import { cursorParams, keysetPage } from "#app/http/api.server";
import { requireApi } from "#app/http/guards.server";
import { HISTORY_API_MAX, HISTORY_PAGE_SIZE } from "#app/services/location-history.server";
import { truckAndStays } from "#app/services/trucks.server";
import type { StatementBudget } from "#app/http/route-methods";

export const statementBudget = { GET: 3 } satisfies StatementBudget;

/**
 * `GET /api/trucks/{id}/location-history`: the truck's stays, newest first, as a list; the
 * newest 200, or `limit` (at most 500) older than the `before` cursor or newer than the `after`
 * one. `X-Total-Count` says how many stays there are, `Link` where the newest (`first`), older
 * (`next`) and newer (`prev`) pages are.
 */
export const loader = apiRoute(async ({ request, params, context }: LoaderFunctionArgs) => {
  const { ctx } = await requireApi(context);
  const page = cursorParams(new URL(request.url).searchParams, HISTORY_PAGE_SIZE, HISTORY_API_MAX);
  const { history } = await truckAndStays(ctx, Number(params.id), page);
  return keysetPage(request, history);
});
