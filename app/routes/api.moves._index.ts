import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { MOVE_STATES } from "#app/domain/moves";
import { searchTextOf } from "#app/domain/search";
import { apiRoute } from "#app/http/answers.server";
import { readJson } from "#app/http/api.server";
import { requireApi } from "#app/http/guards.server";
import { createMove, listMoves } from "#app/services/moves.server";
import type { StatementBudget } from "#app/http/route-methods";

export const statementBudget = { GET: 3, POST: 11 } satisfies StatementBudget;

/**
 * `GET /api/moves?sort=all_times&order=desc`: moves by request time. Admins see every account's,
 * or the one named by `account_id`; everyone else their own account's. Optional `state`
 * (requested|in_progress|finished|cancelled), `q` (the global search: move number, a leg's
 * trailer, From or To, the requester's or accepting driver's alpha code or name), `page`,
 * `page_size` (at most 500); `total` counts every move the filters keep.
 */
export const loader = apiRoute(async ({ request, context }: LoaderFunctionArgs) => {
  const { ctx } = await requireApi(context);
  const params = new URL(request.url).searchParams;
  const list = await listMoves(ctx, {
    account: params.get("account_id"),
    state: MOVE_STATES.find((state) => state === params.get("state")),
    search: searchTextOf(params),
    order: params.get("order") === "asc" ? "asc" : "desc",
    page: Number(params.get("page")) || 1,
    pageSize: Number(params.get("page_size")) || undefined,
  });
  return Response.json({ moves: list.moves, total: list.total, page: list.page, page_size: list.pageSize });
});

/** `POST /api/moves`: Create Move. The requester is the session's user; the move starts Requested. */
export const action = apiRoute(async ({ request, context }: ActionFunctionArgs) => {
  const { ctx } = await requireApi(context);
  return Response.json(await createMove(ctx, await readJson(request)), { status: 201 });
});
