import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { TruckForm } from "~/components/assets/truck-form";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { truckFormValues, truckSchema } from "~/domain/trucks";
import { pageRoute, submitForm } from "~/lib/answers.server";
import { requirePage } from "~/lib/guards.server";
import { assetFormChoices } from "~/services/asset-forms.server";
import { getTruck, updateTruck } from "~/services/trucks.server";

export const meta: MetaFunction = () => [{ title: "Update Truck · Yardline" }];

export const loader = pageRoute(async ({ request, params, context }: LoaderFunctionArgs) => {
  const { ctx } = await requirePage(request, context);
  const truck = await getTruck(ctx, Number(params.id));
  const { locations, users } = await assetFormChoices(ctx, truck.accountId, { accountSelect: false });
  const assignee = users.find((choice) => choice.id === truck.assignedUserId)?.value ?? "";
  return { truck: { id: truck.id, values: truckFormValues(truck, assignee) }, locations, users };
});

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { ctx } = await requirePage(request, context);
  return submitForm(request, truckSchema, async (value) => {
    const truck = await updateTruck(ctx, Number(params.id), value);
    return redirect(`/trucks/${truck.id}`);
  });
}

export default function UpdateTruck() {
  const { truck, locations, users } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <TruckForm
      title="Update Truck"
      submitLabel="Update"
      cancelTo={`/trucks/${truck.id}`}
      defaultValue={truck.values}
      locations={locations}
      users={users}
      accounts={null}
      statusAsRadio
      lastResult={lastResult}
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
