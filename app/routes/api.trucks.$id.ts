import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { methodNotAllowed, readJson } from "~/lib/api.server";
import { publishLocationChange } from "~/lib/asset-events.server";
import { requireApi } from "~/lib/guards.server";
import { answerServiceErrors } from "~/services/errors.server";
import { deleteTruck, getTruck, publicTruck, updateTruck } from "~/services/truck-records.server";

/** `GET /api/trucks/{id}`. */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const { actor } = await requireApi(context);
  return answerServiceErrors(async () => Response.json(publicTruck(await getTruck(context.db(), actor, Number(params.id)))));
}

/** `PUT /api/trucks/{id}` (errors as `{errors}`) and `DELETE /api/trucks/{id}`. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const { actor } = await requireApi(context);
  const id = Number(params.id);
  return answerServiceErrors(async () => {
    if (request.method === "PUT") {
      const { truck, locationChanged } = await updateTruck(context.db(), actor, id, await readJson(request));
      if (locationChanged) publishLocationChange(context, "truck", truck.accountId, truck.id, truck.truckLocation);
      return Response.json(publicTruck(truck));
    }
    if (request.method === "DELETE") return Response.json(publicTruck(await deleteTruck(context.db(), actor, id)));
    return methodNotAllowed();
  });
}
