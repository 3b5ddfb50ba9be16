import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { moveDoneMessage } from "~/domain/move-forms";
import { MOVE_ACTIONS } from "~/domain/moves";
import { requirePage } from "~/lib/guards.server";
import { answerMoveForm } from "~/lib/move-forms.server";
import { transitionMove } from "~/services/moves.server";

/**
 * The Move Status panel's Accept, Finish and Cancel buttons (`POST /moves/{id}/accept`, …): the
 * page's script gets the outcome as data; a plain form goes back to its page, which shows it.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const action = MOVE_ACTIONS.find((name) => name === params.action);
  if (!action) throw new Response("Not found", { status: 404 });
  const { ctx, user } = await requirePage(request, context);
  return answerMoveForm(request, await request.formData(), user, async () => {
    const move = await transitionMove(ctx, Number(params.id), action);
    return { notice: moveDoneMessage(move, action), open: move.state };
  });
}

/** Nothing to show here: the buttons live on the dashboards. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requirePage(request, context);
  throw new Response("Not found", { status: 404 });
}
