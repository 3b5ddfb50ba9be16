import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData, type ClientActionFunctionArgs } from "@remix-run/react";
import { AssetDetailPage, type AssetPageFrame } from "#app/components/assets/detail-page";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { assetSummary, typeLabel, vehicleStatus } from "#app/domain/assets";
import { FORM_FAILURES } from "#app/domain/failures";
import { HISTORY_PAGE_PARAMS, pageQueryOf } from "#app/domain/list-pages";
import { recordActions } from "#app/domain/roles";
import { pageRoute, refusalOf } from "#app/http/answers.server";
import { keepPageAfterFailure, orFailure } from "#app/browser/failed-actions";
import { requirePage } from "#app/http/guards.server";
import { deleteTruck, truckAndStays } from "#app/services/trucks.server";
import type { StatementBudget } from "#app/http/route-methods";

export const statementBudget = { GET: 3 } satisfies StatementBudget;

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  { title: loaded?.truck ? `Truck ${loaded.truck.number} · Yardline` : "Truck · Yardline" },
];

export const loader = pageRoute(async ({ request, params, context }: LoaderFunctionArgs) => {
  const { ctx, user } = await requirePage(request, context);
  const stays = pageQueryOf(new URL(request.url).searchParams, HISTORY_PAGE_PARAMS);
  const { truck, history } = await truckAndStays(ctx, Number(params.id), stays);
  const sections: [string, [string, string][]][] = [
    [
      "General Information",
      [
        ["Truck Number", truck.truckNumber],
        ["Type", typeLabel(truck.type)],
        ["Location", truck.truckLocation],
        ["Assigned To", truck.lastUser ?? "Not assigned"],
      ],
    ],
    [
      "Vehicle Details",
      [
        ["Year", String(truck.year)],
        ["Make", truck.make],
        ["Model", truck.model],
        ["License", `${truck.licenseState} - ${truck.licensePlate}`],
        ["VIN", truck.vin ?? "—"],
      ],
    ],
    [
      "Status Information",
      [
        ["Status", vehicleStatus(truck)],
        ["Tagged Description", truck.taggedDescription ?? "—"],
      ],
    ],
    [
      "Maintenance Information",
      [
        ["Last Inspection", truck.lastInspection ?? "—"],
        ["Next Inspection", truck.nextInspection ?? "—"],
        ["Last Maintenance", truck.lastMaintenance ?? "—"],
        ["Next Maintenance", truck.nextMaintenance ?? "—"],
      ],
    ],
  ];
  return {
    truck: { id: truck.id, number: truck.truckNumber, sections },
    page: {
      kind: "truck",
      id: truck.id,
      number: truck.truckNumber,
      backTo: "/?tab=trucks",
      summary: assetSummary({ ...truck, location: truck.truckLocation }, history.recent[0]),
      moveRequest: null,
      can: recordActions(user, truck.accountId),
      history,
    } satisfies AssetPageFrame,
  };
});

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { ctx } = await requirePage(request, context);
  return refusalOf(async () => {
    await deleteTruck(ctx, Number(params.id));
    return redirect("/?tab=trucks");
  }, FORM_FAILURES.deleteTruck);
}

/** A delete that failed (a server error, no answer) is listed like a refusal: "An error occurred while deleting the truck." */
export async function clientAction({ serverAction }: ClientActionFunctionArgs) {
  return orFailure(() => serverAction<typeof action>(), FORM_FAILURES.deleteTruck);
}

export const shouldRevalidate = keepPageAfterFailure;

export default function TruckDetail() {
  const { truck, page } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>() as { errors?: string[] } | undefined;
  return (
    <AssetDetailPage page={page} refusals={refused?.errors}>
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
    </AssetDetailPage>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
