import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { apiRoute } from "#app/http/answers.server";
import { readJson } from "#app/http/api.server";
import { requireApi } from "#app/http/guards.server";
import { serves, type StatementBudget } from "#app/http/route-methods";
import { deletePlace, getPlace, publicBuilding, updatePlace } from "#app/services/places.server";

export const statementBudget = { GET: 2 } satisfies StatementBudget;

/** `GET /api/buildings/{id}`. */
export const loader = apiRoute(async ({ params, context }: LoaderFunctionArgs) => {
  const { ctx } = await requireApi(context);
  return Response.json(publicBuilding(await getPlace(ctx, "building", Number(params.id))));
});

/** `PUT /api/buildings/{id}` updates (refused while locations that would vanish are in use); `DELETE` deletes. */
export const action = apiRoute(async ({ request, params, context }: ActionFunctionArgs) => {
  const { ctx } = await requireApi(context);
  const id = Number(params.id);
  if (request.method === "DELETE") return Response.json(publicBuilding(await deletePlace(ctx, "building", id)));
  return Response.json(publicBuilding(await updatePlace(ctx, "building", id, await readJson(request), { keepOmitted: true })));
});

export const handle = serves("GET", "PUT", "DELETE");
