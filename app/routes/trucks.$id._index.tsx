import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { DetailActions } from "~/components/assets/detail-page";
import { LocationHistoryPanel } from "~/components/assets/location-history-panel";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ErrorSummary } from "~/components/ui/error-summary";
import { typeLabel, vehicleStatus } from "~/domain/assets";
import { canDeleteAsset, canEditAssets } from "~/domain/roles";
import { pageRoute, refusalOf } from "~/lib/answers.server";
import { requirePage } from "~/lib/guards.server";
import { useLiveRevalidation } from "~/lib/realtime-client";
import { concernsAsset } from "~/domain/realtime-events";
import { assetHistory } from "~/services/location-history.server";
import { deleteTruck, getTruck } from "~/services/trucks.server";

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  { title: loaded?.truck ? `Truck ${loaded.truck.number} · Yardline` : "Truck · Yardline" },
];

export const loader = pageRoute(async ({ request, params, context }: LoaderFunctionArgs) => {
  const { ctx, user } = await requirePage(request, context);
  const truck = await getTruck(ctx, Number(params.id));
  const history = await assetHistory(ctx.db, "truck", truck.id);
    const sections: [string, [string, string][]][] = [
      ["General Information", [["Truck Number", truck.truckNumber], ["Type", typeLabel(truck.type)], ["Location", truck.truckLocation], ["Assigned To", truck.lastUser ?? "Not assigned"]]],
      ["Vehicle Details", [["Year", String(truck.year)], ["Make", truck.make], ["Model", truck.model], ["License", `${truck.licenseState} - ${truck.licensePlate}`], ["VIN", truck.vin ?? "—"]]],
      ["Status Information", [["Status", vehicleStatus(truck)], ["Tagged Description", truck.taggedDescription ?? "—"]]],
      ["Maintenance Information", [["Last Inspection", truck.lastInspection ?? "—"], ["Next Inspection", truck.nextInspection ?? "—"], ["Last Maintenance", truck.lastMaintenance ?? "—"], ["Next Maintenance", truck.nextMaintenance ?? "—"]]],
    ];
  return { truck: { id: truck.id, number: truck.truckNumber, sections }, history, can: { edit: canEditAssets(user), delete: canDeleteAsset(user, truck.accountId) } };
});

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { ctx } = await requirePage(request, context);
  return refusalOf(async () => {
    await deleteTruck(ctx, Number(params.id));
    return redirect("/?tab=trucks");
  });
}

export default function TruckDetail() {
  const { truck, history, can } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as { errors?: string[] } | undefined;
  useLiveRevalidation((event) => concernsAsset(event, "truck", truck.id), 300_000);
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
      <DetailActions
        backTo="/?tab=trucks"
        editTo={can.edit ? `/trucks/${truck.id}/edit` : null}
        confirmDelete={can.delete ? "Are you sure you want to delete this truck?" : null}
      />
      <LocationHistoryPanel entries={history} />
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
