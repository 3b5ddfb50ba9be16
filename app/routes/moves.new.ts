import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import type { ClientActionFunctionArgs, ClientLoaderFunctionArgs } from "@remix-run/react";
import { createMoveRequest, moveDoneMessage, MOVE_FORM, moveDraftOf } from "#app/domain/move-forms";
import { MOVE_MESSAGES, type CreateMoveChoices } from "#app/domain/moves";
import { FORM_FAILURES } from "#app/domain/failures";
import { pageRoute } from "#app/http/answers.server";
import { orFailure } from "#app/browser/failed-actions";
import { requirePage } from "#app/http/guards.server";
import { answerMoveForm, backToDraft } from "#app/http/move-forms.server";
import { createMoveChoices } from "#app/services/move-panel.server";
import { askedByPage } from "#app/services/context.server";
import { createMove } from "#app/services/moves.server";
import type { StatementBudget } from "#app/http/route-methods";

export const statementBudget = { GET: 3 } satisfies StatementBudget;

/** Create Move's choices for the form's draft (`GET /moves/new?move_account=&leg1_from=…`), as the open form asks for them. */
export const loader = pageRoute(async ({ request, context }: LoaderFunctionArgs) => {
  const { ctx } = await requirePage(request, context);
  return Response.json(await createMoveChoices(ctx, moveDraftOf(new URL(request.url).searchParams)));
});

/**
 * The Create Move form (`POST /moves/new`): "create" requests the move; any other button (a move
 * type, Show trailers) takes the form back to its page with its choices so far.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const { ctx, user } = await requirePage(request, context);
  const form = await request.formData();
  if (form.get(MOVE_FORM.intent) !== "create") return backToDraft(form, request, user);
  const draft = moveDraftOf(form);
  return answerMoveForm(
    request,
    form,
    user,
    async () => ({
      notice: moveDoneMessage(await createMove(askedByPage(ctx, form.get(MOVE_FORM.origin)), createMoveRequest(draft)), "request"),
      open: "requested",
    }),
    { failure: FORM_FAILURES.createMove, refusedDraft: draft },
  );
}

/** Create Move's choices as the open form asks for them; when they fail to load, "Failed to load available trailers" (the form offers Retry). */
export async function clientLoader({ serverLoader }: ClientLoaderFunctionArgs) {
  return orFailure(() => serverLoader<CreateMoveChoices | null>(), { server: MOVE_MESSAGES.loadTrailersFailed });
}

/** A move the server failed to create (a server error, no answer): "Failed to create move", the form kept as filled in. */
export async function clientAction({ serverAction }: ClientActionFunctionArgs) {
  return orFailure(() => serverAction<typeof action>(), FORM_FAILURES.createMove);
}
