import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { apiRoute } from "#app/http/answers.server";
import { readJson } from "#app/http/api.server";
import { requireApi } from "#app/http/guards.server";
import { deleteTruck, getTruck, publicTruck, updateTruck } from "#app/services/trucks.server";
import { serves, type StatementBudget } from "#app/http/route-methods";

export const statementBudget = { GET: 2 } satisfies StatementBudget;

/** `GET /api/trucks/{id}`. */
export const loader = apiRoute(async ({ params, context }: LoaderFunctionArgs) => {
  const { ctx } = await requireApi(context);
  return Response.json(publicTruck(await getTruck(ctx, Number(params.id))));
});

/** `PUT /api/trucks/{id}` updates; `DELETE /api/trucks/{id}` deletes. */
export const action = apiRoute(async ({ request, params, context }: ActionFunctionArgs) => {
  const { ctx } = await requireApi(context);
  const id = Number(params.id);
  if (request.method === "DELETE") return Response.json(publicTruck(await deleteTruck(ctx, id)));
  return Response.json(publicTruck(await updateTruck(ctx, id, await readJson(request), { keepOmitted: true })));
});

export const handle = serves("GET", "PUT", "DELETE");
