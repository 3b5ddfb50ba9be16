import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApi } from "~/lib/guards.server";
import { answerServiceErrors } from "~/services/errors.server";
import { assetHistory } from "~/services/location-history.server";
import { getTrailer } from "~/services/trailer-records.server";
import { methodNotAllowed } from "~/lib/api.server";

/** `GET /api/trailers/{id}/location-history`: the trailer's stays, newest first. */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const { actor } = await requireApi(context);
  return answerServiceErrors(async () => {
    const trailer = await getTrailer(context.db(), actor, Number(params.id));
    return Response.json(await assetHistory(context.db(), "trailer", trailer.id));
  });
}

export function action() {
  return methodNotAllowed();
}
