import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import type { ClientActionFunctionArgs } from "@remix-run/react";
import { moveDoneMessage, MOVE_FORM } from "#app/domain/move-forms";
import { moveActionFailure } from "#app/domain/failures";
import { MOVE_ACTIONS } from "#app/domain/moves";
import { orFailure } from "#app/browser/failed-actions";
import { requirePage } from "#app/http/guards.server";
import { answerMoveForm } from "#app/http/move-forms.server";
import { askedByPage } from "#app/services/context.server";
import { transitionMove } from "#app/services/moves.server";
import type { StatementBudget } from "#app/http/route-methods";

export const statementBudget = { GET: 1 } satisfies StatementBudget;

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
    { failure: moveActionFailure(action) },
  );
}

/**
 * With the page's script: a refusal comes back with the server's message; a request that failed
 * says "Failed to accept move" (finish, cancel) when the server failed it, "Error: Failed to
 * accept the move" when no answer came, "Server error: 502 Bad Gateway" for an answer that is not
 * data; the buttons stay for another try.
 */
export async function clientAction({ params, serverAction }: ClientActionFunctionArgs) {
  const verb = MOVE_ACTIONS.find((name) => name === params.action) ?? "accept";
  return orFailure(() => serverAction<typeof action>(), moveActionFailure(verb));
}

/** Nothing to show here: the buttons live on the dashboards. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requirePage(request, context);
  throw new Response("Not found", { status: 404 });
}
