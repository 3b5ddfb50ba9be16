import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { methodNotAllowed, readJson } from "~/lib/api.server";
import { publishLocationChange } from "~/lib/asset-events.server";
import { requireApi } from "~/lib/guards.server";
import { answerServiceErrors } from "~/services/errors.server";
import { deleteTrailer, getTrailer, publicTrailer, updateTrailer } from "~/services/trailer-records.server";

/** `GET /api/trailers/{id}`. */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const { actor } = await requireApi(context);
  return answerServiceErrors(async () => Response.json(publicTrailer(await getTrailer(context.db(), actor, Number(params.id)))));
}

/** `PUT /api/trailers/{id}` updates; `DELETE /api/trailers/{id}` deletes. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const { actor } = await requireApi(context);
  const id = Number(params.id);
  return answerServiceErrors(async () => {
    if (request.method === "PUT") {
      const { trailer, locationChanged } = await updateTrailer(context.db(), actor, id, await readJson(request));
      if (locationChanged) publishLocationChange(context, "trailer", trailer.accountId, trailer.id, trailer.trailerLocation);
      return Response.json(publicTrailer(trailer));
    }
    if (request.method === "DELETE") {
      const trailer = await deleteTrailer(context.db(), actor, id);
      return Response.json(publicTrailer(trailer));
    }
    return methodNotAllowed();
  });
}
