import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { NotFound } from "~/components/assets/detail-page";
import { LocationHistoryPanel } from "~/components/assets/location-history-panel";
import { CsrfInput } from "~/components/csrf-input";
import { ErrorSummary } from "~/components/ui/error-summary";
import { buttonStyles } from "~/components/ui/modal";
import { typeLabel, vehicleStatus } from "~/domain/assets";
import { canDeleteAsset, canEditAssets } from "~/domain/roles";
import { TRUCK_MESSAGES } from "~/domain/trucks";
import { actorOf, requirePage } from "~/lib/guards.server";
import { useLiveRevalidation } from "~/lib/realtime-client";
import { ServiceError } from "~/services/errors.server";
import { assetHistory } from "~/services/location-history.server";
import { deleteTruck, getTruck } from "~/services/truck-records.server";

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  { title: loaded?.truck ? `Truck ${loaded.truck.number} · Yardline` : "Truck · Yardline" },
];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { user } = await requirePage(request, context);
  const db = context.db();
  try {
    const truck = await getTruck(db, actorOf(user), Number(params.id));
    const history = await assetHistory(db, "truck", truck.id);
    const sections: [string, [string, string][]][] = [
      ["General Information", [["Truck Number", truck.truckNumber], ["Type", typeLabel(truck.type)], ["Location", truck.truckLocation], ["Assigned To", truck.lastUser ?? "Not assigned"]]],
      ["Vehicle Details", [["Year", String(truck.year)], ["Make", truck.make], ["Model", truck.model], ["License", `${truck.licenseState} - ${truck.licensePlate}`], ["VIN", truck.vin ?? "—"]]],
      ["Status Information", [["Status", vehicleStatus(truck)], ["Tagged Description", truck.taggedDescription ?? "—"]]],
      ["Maintenance Information", [["Last Inspection", truck.lastInspection ?? "—"], ["Next Inspection", truck.nextInspection ?? "—"], ["Last Maintenance", truck.lastMaintenance ?? "—"], ["Next Maintenance", truck.nextMaintenance ?? "—"]]],
    ];
    return { truck: { id: truck.id, number: truck.truckNumber, sections }, history, can: { edit: canEditAssets(user), delete: canDeleteAsset(user, truck.accountId) } };
  } catch (error) {
    if (error instanceof ServiceError && error.status === 404) return data({ truck: null, history: [], can: null }, { status: 404 });
    throw error;
  }
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { user } = await requirePage(request, context);
  try {
    await deleteTruck(context.db(), actorOf(user), Number(params.id));
    return redirect("/?tab=trucks");
  } catch (error) {
    if (error instanceof ServiceError) return data({ errors: error.errors }, { status: error.status });
    throw error;
  }
}

export default function TruckDetail() {
  const { truck, history, can } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  useLiveRevalidation(
    (event) =>
      (event.type === "truck_location_updated" && event.truck_id === truck?.id) ||
      (event.type === "location_history_updated" && event.asset === "truck" && event.asset_id === truck?.id),
    300_000,
  );
  if (!truck || !can) return <NotFound message={TRUCK_MESSAGES.notFound} />;
  return (
    <section className="mx-auto max-w-3xl space-y-4">
      <h1 className="text-2xl font-semibold">Truck {truck.number}</h1>
      <ErrorSummary errors={actionData?.errors ?? []} heading="The truck was not deleted:" />
      <div className="grid gap-4 md:grid-cols-2">
        {truck.sections.map(([heading, rows]) => (
          <section key={heading} className="rounded-lg border border-slate-200 bg-white p-4">
            <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-500">{heading}</h2>
            <dl className="mt-2 space-y-1 text-sm">
              {rows.map(([label, value]) => (
                <div key={label} className="grid grid-cols-[9rem_1fr] gap-2">
                  <dt className="text-slate-600">{label}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
      </div>
      <div className="flex flex-wrap gap-2">
        <Link to="/?tab=trucks" className={buttonStyles.secondary}>
          Back
        </Link>
        {can.edit ? (
          <Link to={`/trucks/${truck.id}/edit`} className={buttonStyles.primary}>
            Update
          </Link>
        ) : null}
        {can.delete ? (
          <Form method="post" onSubmit={(event) => !confirm("Are you sure you want to delete this truck?") && event.preventDefault()}>
            <CsrfInput />
            <button type="submit" className={buttonStyles.danger}>
              Delete
            </button>
          </Form>
        ) : null}
      </div>
      <LocationHistoryPanel entries={history} />
    </section>
  );
}
