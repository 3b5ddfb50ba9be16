import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { MOVE_ACTIONS } from "#app/domain/moves";
import { apiRoute } from "#app/http/answers.server";
import { apiError } from "#app/http/api.server";
import { requireApi } from "#app/http/guards.server";
import { transitionMove } from "#app/services/moves.server";
import { serves, type StatementBudget } from "#app/http/route-methods";

export const statementBudget = { PUT: 8 } satisfies StatementBudget;

/** `PUT /api/moves/{id}/accept`, `/finish`, `/cancel` (empty body): the move, with its `account_id`. */
export const action = apiRoute(async ({ params, context }: ActionFunctionArgs) => {
  const action = MOVE_ACTIONS.find((name) => name === params.action);
  if (!action) return apiError(404, "Not found");
  const { ctx } = await requireApi(context);
  return Response.json(await transitionMove(ctx, Number(params.id), action));
});

export const handle = serves("PUT");
