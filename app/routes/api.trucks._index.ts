import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { filterValue, TABLE_SORTS, TRUCK_STATUS_FILTERS } from "#app/domain/dashboard";
import { apiRoute } from "#app/http/answers.server";
import { listPage, listParams, readJson } from "#app/http/api.server";
import { requireApi } from "#app/http/guards.server";
import { createTruck, listTrucks, publicTruck } from "#app/services/trucks.server";
import type { StatementBudget } from "#app/http/route-methods";

export const statementBudget = { GET: 3 } satisfies StatementBudget;

/**
 * `GET /api/trucks/` (admins: `account_id`): a page of trucks; `location`, `status`, `assigned`,
 * `q`, `sort`, `order`, `page`, `page_size`. The spec's plain list, paged by `Link` and
 * `X-Total-Count`; `envelope=1` gives `{trucks, total, page, page_size}`.
 */
export const loader = apiRoute(async ({ request, context }: LoaderFunctionArgs) => {
  const { ctx } = await requireApi(context);
  const params = new URL(request.url).searchParams;
  const list = await listTrucks(ctx, {
    ...listParams(params),
    status: filterValue(TRUCK_STATUS_FILTERS, params.get("status")),
    assigned: params.get("assigned") ?? undefined,
    sort: TABLE_SORTS.trucks.find((column) => column === params.get("sort")) ?? "number",
    order: params.get("order") === "desc" ? "desc" : "asc",
  });
  return listPage(
    request,
    "trucks",
    list.trucks.map(({ truck, assignedTo }) => ({ ...publicTruck(truck), assigned_to: assignedTo })),
    list,
  );
});

/** `POST /api/trucks/`: Add Truck. */
export const action = apiRoute(async ({ request, context }: ActionFunctionArgs) => {
  const { ctx } = await requireApi(context);
  return Response.json(publicTruck(await createTruck(ctx, await readJson(request))), { status: 201 });
});
