import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { MOVE_ACTIONS } from "~/domain/moves";
import { apiRoute } from "~/lib/answers.server";
import { apiError, methodNotAllowed } from "~/lib/api.server";
import { requireApi } from "~/lib/guards.server";
import { transitionMove } from "~/services/moves.server";

/** `PUT /api/moves/{id}/accept`, `/finish`, `/cancel` (empty body): the move, with its `account_id`. */
export const action = apiRoute(async ({ request, params, context }: ActionFunctionArgs) => {
  const action = MOVE_ACTIONS.find((name) => name === params.action);
  if (!action) return apiError(404, "Not found");
  if (request.method !== "PUT") return methodNotAllowed();
  const { ctx } = await requireApi(context);
  return Response.json(await transitionMove(ctx, Number(params.id), action));
});

export function loader() {
  return methodNotAllowed();
}
