import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { MOVE_STATES } from "~/domain/moves";
import { methodNotAllowed, readJson } from "~/lib/api.server";
import { publishMoveChange } from "~/lib/asset-events.server";
import { requireApi } from "~/lib/guards.server";
import { answerServiceErrors } from "~/services/errors.server";
import { createMove, listMoves, moveScope } from "~/services/moves.server";

/**
 * `GET /api/moves?sort=all_times&order=desc`: moves by request time. Admins see every account's,
 * or the one named by `account_id`; everyone else their own account's. Optional `state`
 * (requested|in_progress|finished|cancelled), `page`, `page_size` (at most 500).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { actor } = await requireApi(context);
  const params = new URL(request.url).searchParams;
  return answerServiceErrors(async () => {
    const list = await listMoves(context.db(), {
      accountId: moveScope(actor, Number(params.get("account_id")) || undefined),
      state: MOVE_STATES.find((state) => state === params.get("state")),
      order: params.get("order") === "asc" ? "asc" : "desc",
      page: Number(params.get("page")) || 1,
      pageSize: Number(params.get("page_size")) || undefined,
    });
    return Response.json({ moves: list.moves, total: list.total, page: list.page, page_size: list.pageSize });
  });
}

/** `POST /api/moves`: Create Move. The requester is the session's user; the move starts Requested. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  const { actor } = await requireApi(context);
  const body = await readJson(request);
  return answerServiceErrors(async () => {
    const { move, affectedTrailers } = await createMove(context.db(), actor, body);
    publishMoveChange(context, { accountId: move.account_id, moveId: move.id, affectedTrailers });
    return Response.json(move, { status: 201 });
  });
}
