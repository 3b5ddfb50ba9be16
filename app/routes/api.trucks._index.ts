import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { filterValue, TRUCK_STATUS_FILTERS } from "~/domain/dashboard";
import { apiRoute } from "~/lib/answers.server";
import { methodNotAllowed, readJson } from "~/lib/api.server";
import { requireApi } from "~/lib/guards.server";
import { createTruck, listTrucks, publicTruck, TRUCK_SORTS } from "~/services/trucks.server";

/** `GET /api/trucks/` (admins: `account_id`): a page of trucks; `location`, `status`, `assigned`, `q`, `sort`, `order`, `page`. */
export const loader = apiRoute(async ({ request, context }: LoaderFunctionArgs) => {
  const { ctx } = await requireApi(context);
  const params = new URL(request.url).searchParams;
  const list = await listTrucks(ctx, {
    account: params.get("account_id"),
    location: params.get("location") ?? undefined,
    status: filterValue(TRUCK_STATUS_FILTERS, params.get("status")),
    assigned: params.get("assigned") ?? undefined,
    search: params.get("q") ?? undefined,
    sort: TRUCK_SORTS.find((column) => column === params.get("sort")) ?? "number",
    order: params.get("order") === "desc" ? "desc" : "asc",
    page: Number(params.get("page")) || 1,
    pageSize: Number(params.get("page_size")) || 50,
  });
  return Response.json({
    trucks: list.trucks.map(({ truck, assignedTo }) => ({ ...publicTruck(truck), assigned_to: assignedTo })),
    total: list.total,
    page: list.page,
    page_size: list.pageSize,
  });
});

/** `POST /api/trucks/`: Add Truck. */
export const action = apiRoute(async ({ request, context }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed();
  const { ctx } = await requireApi(context);
  return Response.json(publicTruck(await createTruck(ctx, await readJson(request))), { status: 201 });
});
