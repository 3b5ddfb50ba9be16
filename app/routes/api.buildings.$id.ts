import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { methodNotAllowed, readJson } from "~/lib/api.server";
import { requireApi } from "~/lib/guards.server";
import { answerServiceErrors } from "~/services/errors.server";
import { deleteBuilding, getBuilding, publicBuilding, updateBuilding } from "~/services/places.server";

/** `GET /api/buildings/{id}`. */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const { actor } = await requireApi(context);
  return answerServiceErrors(async () => Response.json(publicBuilding(await getBuilding(context.db(), actor, Number(params.id)))));
}

/** `PUT /api/buildings/{id}` updates (refused while locations that would vanish are in use); `DELETE` deletes. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const { actor } = await requireApi(context);
  const id = Number(params.id);
  return answerServiceErrors(async () => {
    if (request.method === "PUT") return Response.json(publicBuilding(await updateBuilding(context.db(), actor, id, await readJson(request))));
    if (request.method === "DELETE") return Response.json(publicBuilding(await deleteBuilding(context.db(), actor, id)));
    return methodNotAllowed();
  });
}
