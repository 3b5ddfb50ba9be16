import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { apiRoute } from "#app/http/answers.server";
import { requireApi } from "#app/http/guards.server";
import type { StatementBudget } from "#app/http/route-methods";
import { listPlaces, publicYard } from "#app/services/places.server";

export const statementBudget = { GET: 2 } satisfies StatementBudget;

/** `GET /api/yards/` (admins name the account with `account_id`; everyone else gets their own). */
export const loader = apiRoute(async ({ request, context }: LoaderFunctionArgs) => {
  const { ctx } = await requireApi(context);
  const yards = await listPlaces(ctx, "yard", { account: new URL(request.url).searchParams.get("account_id") });
  return Response.json(yards.map(publicYard));
});
