import type { MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { TruckForm } from "~/components/assets/truck-form";
import { defaultServiceDates } from "~/domain/trailers";
import { newTruckSchema } from "~/domain/trucks";
import { assetAddLoader, assetSaveAction } from "~/http/asset-routes.server";
import { createTruck } from "~/services/trucks.server";
import type { StatementBudget } from "~/http/route-methods";

export const statementBudget = { GET: 3 } satisfies StatementBudget;

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/error-boundary";
export const meta: MetaFunction = () => [{ title: "Add Truck · Yardline" }];
export const loader = assetAddLoader();
export const action = assetSaveAction(newTruckSchema, (ctx, value) => createTruck(ctx, value).then(() => "/"));

/** Add Truck: the status flags as independent checkboxes. */
export default function AddTruck() {
  const { accountId, ...choices } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const defaults = { ...defaultServiceDates(), account_id: accountId ? String(accountId) : "" };
  return (
    <TruckForm
      title="Add Truck"
      submitLabel="Add Truck"
      cancelTo="/?tab=trucks"
      choices={choices}
      defaultValue={defaults}
      statusAsRadio={false}
      lastResult={lastResult}
    />
  );
}
