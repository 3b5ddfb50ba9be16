import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { apiRoute } from "#app/http/answers.server";
import { requireApi } from "#app/http/guards.server";
import { truckAndStays } from "#app/services/trucks.server";
import type { StatementBudget } from "#app/http/route-methods";

export const statementBudget = { GET: 3 } satisfies StatementBudget;

/** `GET /api/trucks/{id}/location-history`: newest first. */
export const loader = apiRoute(async ({ params, context }: LoaderFunctionArgs) => {
  const { ctx } = await requireApi(context);
  const { history } = await truckAndStays(ctx, Number(params.id));
  return Response.json(history);
});
