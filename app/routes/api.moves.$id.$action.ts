import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { MOVE_ACTIONS } from "~/domain/moves";
import { apiError, methodNotAllowed } from "~/lib/api.server";
import { publishMoveChange } from "~/lib/asset-events.server";
import { requireApi } from "~/lib/guards.server";
import { answerServiceErrors } from "~/services/errors.server";
import { transitionMove } from "~/services/moves.server";

/** `PUT /api/moves/{id}/accept`, `/finish`, `/cancel` (empty body): the move, with its `account_id`. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const action = MOVE_ACTIONS.find((name) => name === params.action);
  if (!action) return apiError(404, "Not found");
  if (request.method !== "PUT") return methodNotAllowed();
  const { actor } = await requireApi(context);
  return answerServiceErrors(async () => {
    const { move, affectedTrailers, moved } = await transitionMove(context.db(), actor, Number(params.id), action);
    publishMoveChange(context, { accountId: move.account_id, moveId: move.id, affectedTrailers, moved });
    return Response.json(move);
  });
}

export function loader() {
  return methodNotAllowed();
}
