import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { apiRoute } from "#app/http/answers.server";
import { requireApi } from "#app/http/guards.server";
import { availableTrailers } from "#app/services/move-panel.server";
import type { StatementBudget } from "#app/http/route-methods";

export const statementBudget = { GET: 2 } satisfies StatementBudget;

/**
 * `GET /api/moves/available-trailers?location=&account_id=&exclude_red_tagged=`: the trailers at a
 * location that a new move may take (none in a requested or in-progress move), by number.
 * Optional `q` narrows by trailer number.
 */
export const loader = apiRoute(async ({ request, context }: LoaderFunctionArgs) => {
  const { ctx } = await requireApi(context);
  const params = new URL(request.url).searchParams;
  const trailers = await availableTrailers(ctx, {
    account: params.get("account_id"),
    location: params.get("location") ?? "",
    excludeRedTagged: params.get("exclude_red_tagged") === "true",
    search: params.get("q") ?? undefined,
  });
  return Response.json(trailers);
});
