import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { canCreateMoves, MOVE_MESSAGES } from "~/domain/moves";
import { requireApi } from "~/lib/guards.server";
import { answerServiceErrors, ServiceError } from "~/services/errors.server";
import { moveAccount, moveLocations } from "~/services/moves.server";
import { methodNotAllowed } from "~/lib/api.server";

/** `GET /api/moves/locations?account_id=`: Create Move's From choices (with free trailers) and To choices. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { actor } = await requireApi(context);
  const params = new URL(request.url).searchParams;
  return answerServiceErrors(async () => {
    if (!canCreateMoves(actor.user)) throw new ServiceError(403, MOVE_MESSAGES.createDenied);
    return Response.json(await moveLocations(context.db(), moveAccount(actor, Number(params.get("account_id")) || undefined)));
  });
}

export function action() {
  return methodNotAllowed();
}
