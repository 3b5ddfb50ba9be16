import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApi } from "~/lib/guards.server";
import { answerServiceErrors } from "~/services/errors.server";
import { assetHistory } from "~/services/location-history.server";
import { getTruck } from "~/services/truck-records.server";
import { methodNotAllowed } from "~/lib/api.server";

/** `GET /api/trucks/{id}/location-history`: newest first. */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const { actor } = await requireApi(context);
  return answerServiceErrors(async () => {
    const truck = await getTruck(context.db(), actor, Number(params.id));
    return Response.json(await assetHistory(context.db(), "truck", truck.id));
  });
}

export function action() {
  return methodNotAllowed();
}
