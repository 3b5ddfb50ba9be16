import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { apiRoute } from "#app/http/answers.server";
import { readJson } from "#app/http/api.server";
import { requireApi } from "#app/http/guards.server";
import { serves, type StatementBudget } from "#app/http/route-methods";
import { deletePlace, getPlace, publicYard, updatePlace } from "#app/services/places.server";

export const statementBudget = { GET: 2 } satisfies StatementBudget;

/** `GET /api/yards/{id}`. */
export const loader = apiRoute(async ({ params, context }: LoaderFunctionArgs) => {
  const { ctx } = await requireApi(context);
  return Response.json(publicYard(await getPlace(ctx, "yard", Number(params.id))));
});

/** `PUT /api/yards/{id}` updates (refused while locations that would vanish are in use); `DELETE` deletes. */
export const action = apiRoute(async ({ request, params, context }: ActionFunctionArgs) => {
  const { ctx } = await requireApi(context);
  const id = Number(params.id);
  if (request.method === "DELETE") return Response.json(publicYard(await deletePlace(ctx, "yard", id)));
  return Response.json(publicYard(await updatePlace(ctx, "yard", id, await readJson(request), { keepOmitted: true })));
});

export const handle = serves("GET", "PUT", "DELETE");
