import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { addFormChoices } from "#app/components/assets/asset-form";
import { TruckForm } from "#app/components/assets/truck-form";
import { defaultServiceDates } from "#app/domain/trailers";
import { newTruckSchema } from "#app/domain/trucks";
import { FORM_FAILURES, type FailedForm } from "#app/domain/failures";
import { keepPageAfterFailure } from "#app/browser/failed-actions";
import { formClientAction } from "#app/browser/failed-forms";
import { createTruck } from "#app/services/trucks.server";
import type { StatementBudget } from "#app/http/route-methods";
import { pageRoute } from "#app/http/answers.server";
import { addAssetAction } from "#app/http/asset-forms.server";
import { requirePage } from "#app/http/guards.server";
import { assetFormChoices } from "#app/services/asset-forms.server";

export const statementBudget = { GET: 3 } satisfies StatementBudget;

export { GeneralErrorBoundary as ErrorBoundary } from "#app/components/error-boundary";
export const meta: MetaFunction = () => [{ title: "Add Truck · Yardline" }];

/** The account's locations and users; an admin chooses the account (preselected by `?account=`). */
export const loader = pageRoute(async ({ request, context }: LoaderFunctionArgs) => {
  const { ctx } = await requirePage(request, context);
  return assetFormChoices(ctx, new URL(request.url).searchParams.get("account"), { accountSelect: true });
});

const FAILED: FailedForm = { failure: FORM_FAILURES.createTruck };

/** Adds the truck, then the dashboard; a refusal lands on its field; a failure above the form, as typed. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { ctx } = await requirePage(request, context);
  return addAssetAction(
    ctx,
    request,
    newTruckSchema,
    async (value) => {
      await createTruck(ctx, value);
      return redirect("/");
    },
    FAILED,
  );
}

/** An add that failed (a server error, no answer): "Failed to create truck. Please try again." above the form, as typed. */
export const clientAction = formClientAction(newTruckSchema, FAILED);
export const shouldRevalidate = keepPageAfterFailure;

/** Add Truck: the status flags as independent checkboxes. */
export default function AddTruck() {
  const { account, form } = addFormChoices(useLoaderData<typeof loader>(), useActionData<typeof action>());
  return (
    <TruckForm
      title="Add Truck"
      submitLabel="Add Truck"
      cancelTo="/?tab=trucks"
      statusAsRadio={false}
      {...form}
      defaultValue={{ ...defaultServiceDates(), account_id: account }}
    />
  );
}
