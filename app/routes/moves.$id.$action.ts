import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import type { ClientActionFunctionArgs } from "@remix-run/react";
import { moveDoneMessage, MOVE_FORM } from "#app/domain/move-forms";
import { MOVE_ACTIONS, MOVE_MESSAGES, type MoveAction } from "#app/domain/moves";
import { orFailure } from "#app/browser/failed-actions";
import { requirePage } from "#app/http/guards.server";
import { answerMoveForm } from "#app/http/move-forms.server";
import { askedByPage } from "#app/services/context.server";
import { transitionMove } from "#app/services/moves.server";
import type { StatementBudget } from "#app/http/route-methods";

export const statementBudget = { GET: 1 } satisfies StatementBudget;

/** "Error: Failed to accept the move" (finish, cancel). */
const actionFailure = (verb: MoveAction) => ({ server: MOVE_MESSAGES.actionFailed(verb) });

/**
 * The Move Status panel's Accept, Finish and Cancel buttons (`POST /moves/{id}/accept`, …): the
 * page's script gets the outcome as data; a plain form goes back to its page, which shows it.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const action = MOVE_ACTIONS.find((name) => name === params.action);
  if (!action) throw new Response("Not found", { status: 404 });
  const { ctx, user } = await requirePage(request, context);
  const form = await request.formData();
  return answerMoveForm(
    request,
    form,
    user,
    async () => {
      const move = await transitionMove(askedByPage(ctx, form.get(MOVE_FORM.origin)), Number(params.id), action);
      return { notice: moveDoneMessage(move, action), open: move.state };
    },
    { failure: actionFailure(action) },
  );
}

/**
 * With the page's script: a refusal comes back with the server's message; a request that failed
 * (a server error, no answer) says "Error: Failed to accept the move" (finish, cancel), and the
 * buttons stay for another try.
 */
export async function clientAction({ params, serverAction }: ClientActionFunctionArgs) {
  const verb = MOVE_ACTIONS.find((name) => name === params.action) ?? "accept";
  return orFailure(() => serverAction<typeof action>(), actionFailure(verb));
}

/** Nothing to show here: the buttons live on the dashboards. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requirePage(request, context);
  throw new Response("Not found", { status: 404 });
}
