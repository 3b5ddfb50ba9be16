import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { methodNotAllowed, readJson } from "~/lib/api.server";
import { requireApi } from "~/lib/guards.server";
import { publishLocationChange } from "~/lib/asset-events.server";
import { answerServiceErrors } from "~/services/errors.server";
import { actingAccount, createTrailer, publicTrailer } from "~/services/trailer-records.server";
import { listTrailers, TRAILER_LOAD_FILTERS, TRAILER_STATUS_FILTERS } from "~/services/trailers.server";

/**
 * `GET /api/trailers/`: a page of the account's trailers (admins name the account with
 * `account_id`; everyone else gets their own). Optional `location`, `status`, `load`, `q`,
 * `sort` (asc|desc by time at location), `page`, `page_size`.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { actor } = await requireApi(context);
  const params = new URL(request.url).searchParams;
  return answerServiceErrors(async () => {
    const accountId = actingAccount(actor, Number(params.get("account_id")) || undefined);
    const list = await listTrailers(context.db(), accountId, {
      location: params.get("location") ?? undefined,
      status: TRAILER_STATUS_FILTERS.find((status) => status === params.get("status")) ?? "all",
      load: TRAILER_LOAD_FILTERS.find((load) => load === params.get("load")) ?? "all",
      search: params.get("q") ?? undefined,
      timeSort: params.get("sort") === "desc" ? "desc" : "asc",
      page: Number(params.get("page")) || 1,
      pageSize: Number(params.get("page_size")) || 50,
    });
    return Response.json({
      trailers: list.trailers.map(({ trailer, since }) => ({ ...publicTrailer(trailer), location_since: since?.toISOString() ?? null })),
      total: list.total,
      page: list.page,
      page_size: list.pageSize,
    });
  });
}

/** `POST /api/trailers/`: Add New Trailer; validation errors come back as `{errors: [...]}` with 400. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  const { actor } = await requireApi(context);
  const body = await readJson(request);
  return answerServiceErrors(async () => {
    const { trailer } = await createTrailer(context.db(), actor, body);
    publishLocationChange(context, "trailer", trailer.accountId, trailer.id, trailer.trailerLocation);
    return Response.json(publicTrailer(trailer), { status: 201 });
  });
}
