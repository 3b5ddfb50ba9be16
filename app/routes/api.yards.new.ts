import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { apiRoute } from "#app/http/answers.server";
import { readJson } from "#app/http/api.server";
import { requireApi } from "#app/http/guards.server";
import type { StatementBudget } from "#app/http/route-methods";
import { createPlace, publicYard } from "#app/services/places.server";

export const statementBudget = { POST: 5 } satisfies StatementBudget;

/** `POST /api/yards/new`. */
export const action = apiRoute(async ({ request, context }: ActionFunctionArgs) => {
  const { ctx } = await requireApi(context);
  return Response.json(publicYard(await createPlace(ctx, "yard", await readJson(request))), { status: 201 });
});
