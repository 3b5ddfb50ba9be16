import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { apiRoute } from "#app/http/answers.server";
import { readJson } from "#app/http/api.server";
import { requireApi } from "#app/http/guards.server";
import { deleteTrailer, getTrailer, publicTrailer, trailerWithHistory, updateTrailer } from "#app/services/trailers.server";
import { serves, type StatementBudget } from "#app/http/route-methods";

export const statementBudget = { GET: 3 } satisfies StatementBudget;

/** `GET /api/trailers/{id}`: the trailer with its `user_history`. */
export const loader = apiRoute(async ({ params, context }: LoaderFunctionArgs) => {
  const { ctx } = await requireApi(context);
  return Response.json(await trailerWithHistory(ctx, await getTrailer(ctx, Number(params.id))));
});

/** `PUT /api/trailers/{id}` updates (answered as GET answers); `DELETE /api/trailers/{id}` deletes. */
export const action = apiRoute(async ({ request, params, context }: ActionFunctionArgs) => {
  const { ctx } = await requireApi(context);
  const id = Number(params.id);
  if (request.method === "DELETE") return Response.json(publicTrailer(await deleteTrailer(ctx, id)));
  return Response.json(await trailerWithHistory(ctx, await updateTrailer(ctx, id, await readJson(request), { keepOmitted: true })));
});

export const handle = serves("GET", "PUT", "DELETE");
