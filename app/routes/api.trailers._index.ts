import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { filterValue, TRAILER_LOAD_FILTERS, TRAILER_STATUS_FILTERS } from "#app/domain/dashboard";
import { apiRoute } from "#app/http/answers.server";
import { listPage, listParams, readJson } from "#app/http/api.server";
import { requireApi } from "#app/http/guards.server";
import { listTrailers } from "#app/services/trailer-list.server";
import { createTrailer, publicTrailer } from "#app/services/trailers.server";
import type { StatementBudget } from "#app/http/route-methods";

export const statementBudget = { GET: 4, POST: 8 } satisfies StatementBudget;

/**
 * `GET /api/trailers/`: a page of the account's trailers (admins name the account with
 * `account_id`; everyone else gets their own). Optional `location`, `status`, `load`, `q`,
 * `sort` (asc|desc by time at location), `page`, `page_size`. The spec's plain list, paged by
 * `Link` and `X-Total-Count`; `envelope=1` gives `{trailers, total, page, page_size}`.
 */
export const loader = apiRoute(async ({ request, context }: LoaderFunctionArgs) => {
  const { ctx } = await requireApi(context);
  const params = new URL(request.url).searchParams;
  const list = await listTrailers(ctx, {
    ...listParams(params),
    status: filterValue(TRAILER_STATUS_FILTERS, params.get("status")),
    load: filterValue(TRAILER_LOAD_FILTERS, params.get("load")),
    order: params.get("sort") === "desc" ? "desc" : "asc",
  });
  const rows = list.trailers.map(({ trailer, since }) => ({ ...publicTrailer(trailer), location_since: since?.toISOString() ?? null }));
  return listPage(request, "trailers", rows, list);
});

/** `POST /api/trailers/`: Add New Trailer; validation errors come back as `{errors: [...]}` with 400. */
export const action = apiRoute(async ({ request, context }: ActionFunctionArgs) => {
  const { ctx } = await requireApi(context);
  const trailer = await createTrailer(ctx, await readJson(request));
  return Response.json(publicTrailer(trailer), { status: 201 });
});
