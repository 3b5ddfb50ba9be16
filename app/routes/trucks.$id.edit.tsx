import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { TruckForm } from "#app/components/assets/truck-form";
import { truckFormValues, truckSchema } from "#app/domain/trucks";
import { FORM_FAILURES, type FailedForm } from "#app/domain/failures";
import { keepPageAfterFailure } from "#app/browser/failed-actions";
import { formClientAction } from "#app/browser/failed-forms";
import { getTruck, updateTruck } from "#app/services/trucks.server";
import type { StatementBudget } from "#app/http/route-methods";
import { pageRoute, submitForm } from "#app/http/answers.server";
import { requirePage } from "#app/http/guards.server";
import { editFormChoices } from "#app/services/asset-forms.server";

export const statementBudget = { GET: 5 } satisfies StatementBudget;

export { GeneralErrorBoundary as ErrorBoundary } from "#app/components/error-boundary";
export const meta: MetaFunction = () => [{ title: "Update Truck · Yardline" }];

/** The form filled with the truck as stored (one of the viewer's reach, else 404), with its account's locations and users. */
export const loader = pageRoute(async ({ request, params, context }: LoaderFunctionArgs) => {
  const { ctx } = await requirePage(request, context);
  const truck = await getTruck(ctx, Number(params.id));
  const { choices, assignee } = await editFormChoices(ctx, truck, truck.assignedUserId);
  return { id: truck.id, values: truckFormValues(truck, assignee), choices };
});

const FAILED: FailedForm = { failure: FORM_FAILURES.updateTruck };

/** Updates the truck, then its page; a refusal lands on its field; a failure above the form, as typed. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const { ctx } = await requirePage(request, context);
  return submitForm(
    request,
    truckSchema,
    async (value) => {
      const truck = await updateTruck(ctx, Number(params.id), value);
      return redirect(`/trucks/${truck.id}`);
    },
    FAILED,
  );
}

/** An update that failed (a server error, no answer): "Failed to update truck. Please try again." above the form, as typed. */
export const clientAction = formClientAction(truckSchema, FAILED);
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
