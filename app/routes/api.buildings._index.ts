import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { apiRoute } from "#app/http/answers.server";
import { requireApi } from "#app/http/guards.server";
import type { StatementBudget } from "#app/http/route-methods";
import { listPlaces, publicBuilding } from "#app/services/places.server";

export const statementBudget = { GET: 2 } satisfies StatementBudget;

/** `GET /api/buildings/` (admins name the account with `account_id`; everyone else gets their own). */
export const loader = apiRoute(async ({ request, context }: LoaderFunctionArgs) => {
  const { ctx } = await requireApi(context);
  const buildings = await listPlaces(ctx, "building", { account: new URL(request.url).searchParams.get("account_id") });
  return Response.json(buildings.map(publicBuilding));
});
