import type { MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { TruckForm } from "~/components/assets/truck-form";
import { truckFormValues, truckSchema } from "~/domain/trucks";
import { FAILURE_MESSAGES } from "~/domain/failures";
import { assetEditLoader, assetSaveAction } from "~/http/asset-routes.server";
import { keepPageAfterFailure } from "~/browser/failed-actions";
import { formClientAction } from "~/browser/failed-forms";
import { getTruck, updateTruck } from "~/services/trucks.server";
import type { StatementBudget } from "~/http/route-methods";

export const statementBudget = { GET: 5 } satisfies StatementBudget;

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/error-boundary";
export const meta: MetaFunction = () => [{ title: "Update Truck · Yardline" }];
export const loader = assetEditLoader(getTruck, (truck) => truck.assignedUserId, truckFormValues);
export const action = assetSaveAction(truckSchema, (ctx, value, id) => updateTruck(ctx, id, value).then((truck) => `/trucks/${truck.id}`));
/** An update that failed (a server error, no answer): "Failed to update truck. Please try again." above the form, as typed. */
export const clientAction = formClientAction(truckSchema, { server: FAILURE_MESSAGES.updateTruck });
export const shouldRevalidate = keepPageAfterFailure;

/** Update Truck: the status as one radio (Available, Red Tagged, Yellow Tagged, Shop). */
export default function UpdateTruck() {
  const { id, values, choices } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <TruckForm
      title="Update Truck"
      submitLabel="Update"
      cancelTo={`/trucks/${id}`}
      choices={choices}
      defaultValue={values}
      statusAsRadio
      lastResult={lastResult}
    />
  );
}
