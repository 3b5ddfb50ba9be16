import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { MOVE_MESSAGES, MOVE_SORTS, MOVE_STATES, ORDERS } from "#app/domain/moves";
import { isOneOf } from "#app/domain/fields";
import { API_PAGE_PARAMS, pageQueryOf } from "#app/domain/list-pages";
import { searchTextOf } from "#app/domain/search";
import { apiRoute } from "#app/http/answers.server";
import { apiError, keysetPage, listPage, readJson } from "#app/http/api.server";
import { requireApi } from "#app/http/guards.server";
import { createMove } from "#app/services/moves.server";
import { listMoves } from "#app/services/move-lists.server";
import type { StatementBudget } from "#app/http/route-methods";

export const statementBudget = { GET: 3, POST: 11 } satisfies StatementBudget;

/**
 * `GET /api/moves?sort=all_times&order=desc`: moves by request time (`sort=id`: by number), newest
 * first (`order=asc`: oldest first). Admins see every account's,
 * or the one named by `account_id`; everyone else their own account's. Optional `state`
 * (requested|in_progress|finished|cancelled), `q` (the global search: move number, a leg's
 * trailer, From or To, the requester's or accepting driver's alpha code or name), `page`,
 * `page_size` (at most 500). The spec's plain list, paged by `Link` and `X-Total-Count` (every
 * move the filters keep); `envelope=1` gives `{moves, total, page, page_size}`. Newest first by
 * request time, the pages are read by keyset: `Link`'s `next` and `prev` carry a cursor as
 * `before` (older moves) or `after` (newer), which moves added meanwhile never shift, and the
 * envelope carries them as `older_cursor` and `newer_cursor` (`page` null on a cursor's page).
 */
export const loader = apiRoute(async ({ request, context }: LoaderFunctionArgs) => {
  const { ctx } = await requireApi(context);
  const params = new URL(request.url).searchParams;
  const sort = params.get("sort") ?? "all_times";
  const order = params.get("order") ?? "desc";
  if (!isOneOf(MOVE_SORTS, sort)) return apiError(400, MOVE_MESSAGES.sortUnknown, undefined, "sort");
  if (!isOneOf(ORDERS, order)) return apiError(400, MOVE_MESSAGES.orderUnknown, undefined, "order");
  const list = await listMoves(ctx, {
    account: params.get("account_id"),
    state: MOVE_STATES.find((state) => state === params.get("state")),
    search: searchTextOf(params),
    sort,
    order,
    page: Number(params.get("page")) || 1,
    pageSize: Number(params.get("page_size")) || undefined,
    ...pageQueryOf(params, API_PAGE_PARAMS),
  });
  if (!list.keyset) return listPage(request, "moves", list.moves, list);
  const { moves, total, page, pageSize, older, newer } = list;
  return keysetPage(
    request,
    { entries: moves, total, older, newer },
    { moves, total, page, page_size: pageSize, older_cursor: older, newer_cursor: newer },
  );
});

/** `POST /api/moves`: Create Move. The requester is the session's user; the move starts Requested. */
export const action = apiRoute(async ({ request, context }: ActionFunctionArgs) => {
  const { ctx } = await requireApi(context);
  return Response.json(await createMove(ctx, await readJson(request)), { status: 201 });
});
