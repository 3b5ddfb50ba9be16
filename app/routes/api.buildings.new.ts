import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { apiRoute } from "~/http/answers.server";
import { readJson } from "~/http/api.server";
import { requireApi } from "~/http/guards.server";
import type { StatementBudget } from "~/http/route-methods";
import { createPlace, publicBuilding } from "~/services/places.server";

export const statementBudget = { POST: 5 } satisfies StatementBudget;

/** `POST /api/buildings/new`. */
export const action = apiRoute(async ({ request, context }: ActionFunctionArgs) => {
  const { ctx } = await requireApi(context);
  return Response.json(publicBuilding(await createPlace(ctx, "building", await readJson(request))), { status: 201 });
});
