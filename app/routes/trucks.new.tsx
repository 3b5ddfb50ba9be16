import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { TruckForm } from "~/components/assets/truck-form";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { defaultServiceDates } from "~/domain/trailers";
import { truckSchema } from "~/domain/trucks";
import { pageRoute, submitForm } from "~/lib/answers.server";
import { requirePage } from "~/lib/guards.server";
import { assetFormChoices } from "~/services/asset-forms.server";
import { createTruck } from "~/services/trucks.server";

export const meta: MetaFunction = () => [{ title: "Add Truck · Yardline" }];

export const loader = pageRoute(async ({ request, context }: LoaderFunctionArgs) => {
  const { ctx } = await requirePage(request, context);
  return assetFormChoices(ctx, new URL(request.url).searchParams.get("account"), { accountSelect: true });
});

export async function action({ request, context }: ActionFunctionArgs) {
  const { ctx } = await requirePage(request, context);
  return submitForm(request, truckSchema, async (value) => {
    await createTruck(ctx, value);
    return redirect("/");
  });
}

export default function AddTruck() {
  const { accountId, locations, users, accounts } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <TruckForm
      title="Add Truck"
      submitLabel="Add Truck"
      cancelTo="/?tab=trucks"
      defaultValue={{ ...defaultServiceDates(), account_id: accountId ? String(accountId) : "" }}
      locations={locations}
      users={users}
      accounts={accounts}
      statusAsRadio={false}
      lastResult={lastResult}
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
