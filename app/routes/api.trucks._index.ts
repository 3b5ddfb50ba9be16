import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { methodNotAllowed, readJson } from "~/lib/api.server";
import { publishLocationChange } from "~/lib/asset-events.server";
import { requireApi } from "~/lib/guards.server";
import { answerServiceErrors } from "~/services/errors.server";
import { actingAccount } from "~/services/trailer-records.server";
import { createTruck, publicTruck } from "~/services/truck-records.server";
import { listTrucks, TRUCK_SORTS } from "~/services/trucks.server";

/** `GET /api/trucks/` (admins: `account_id`): a page of trucks; `location`, `status`, `assigned`, `q`, `sort`, `order`, `page`. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { actor } = await requireApi(context);
  const params = new URL(request.url).searchParams;
  return answerServiceErrors(async () => {
    const accountId = actingAccount(actor, Number(params.get("account_id")) || undefined);
    const list = await listTrucks(context.db(), accountId, {
      location: params.get("location") ?? undefined,
      status: (["red", "yellow", "shop", "available"] as const).find((status) => status === params.get("status")) ?? "all",
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
}

/** `POST /api/trucks/`: Add Truck. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  const { actor } = await requireApi(context);
  const body = await readJson(request);
  return answerServiceErrors(async () => {
    const { truck } = await createTruck(context.db(), actor, body);
    publishLocationChange(context, "truck", truck.accountId, truck.id, truck.truckLocation);
    return Response.json(publicTruck(truck), { status: 201 });
  });
}
