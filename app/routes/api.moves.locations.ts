import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { apiRoute } from "#app/http/answers.server";
import { requireApi } from "#app/http/guards.server";
import { moveLocations } from "#app/services/move-panel.server";
import type { StatementBudget } from "#app/http/route-methods";

export const statementBudget = { GET: 3 } satisfies StatementBudget;

/** `GET /api/moves/locations?account_id=`: Create Move's From choices (with free trailers) and To choices. */
export const loader = apiRoute(async ({ request, context }: LoaderFunctionArgs) => {
  const { ctx } = await requireApi(context);
  return Response.json(await moveLocations(ctx, new URL(request.url).searchParams.get("account_id")));
});
