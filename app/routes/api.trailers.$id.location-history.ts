import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { apiRoute } from "#app/http/answers.server";
import { requireApi } from "#app/http/guards.server";
import { trailerAndStays } from "#app/services/trailers.server";
import type { StatementBudget } from "#app/http/route-methods";

export const statementBudget = { GET: 3 } satisfies StatementBudget;

/** `GET /api/trailers/{id}/location-history`: the trailer's stays, newest first. */
export const loader = apiRoute(async ({ params, context }: LoaderFunctionArgs) => {
  const { ctx } = await requireApi(context);
  const { history } = await trailerAndStays(ctx, Number(params.id));
  return Response.json(history);
});
