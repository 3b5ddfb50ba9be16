import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { PlaceFormPage } from "#app/components/assets/place-forms";
import { PLACE_SCHEMAS } from "#app/domain/places";
import { FORM_FAILURES, type FailedForm } from "#app/domain/failures";
import { keepPageAfterFailure } from "#app/browser/failed-actions";
import { formClientAction } from "#app/browser/failed-forms";
import { pageRoute, submitForm } from "#app/http/answers.server";
import { requirePage } from "#app/http/guards.server";
import type { StatementBudget } from "#app/http/route-methods";
import { accountChoices } from "#app/services/accounts.server";
import { createPlace } from "#app/services/places.server";

export const statementBudget = { GET: 1 } satisfies StatementBudget;

export { GeneralErrorBoundary as ErrorBoundary } from "#app/components/error-boundary";
export const meta: MetaFunction = () => [{ title: "Add New Building · Yardline" }];

/** An admin chooses the account (preselected by `?account=`); everyone else adds to their own. */
export const loader = pageRoute(async ({ request, context }: LoaderFunctionArgs) => {
  const { ctx } = await requirePage(request, context);
  return { accounts: await accountChoices(ctx), account: new URL(request.url).searchParams.get("account") ?? "" };
});

const FAILED: FailedForm = { failure: FORM_FAILURES.createBuilding };

/** Adds the building, then the dashboard; a refusal lands on its field; a failure above the form, as typed. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { ctx } = await requirePage(request, context);
  return submitForm(
    request,
    PLACE_SCHEMAS.building,
    async (value) => {
      await createPlace(ctx, "building", value);
      return redirect("/");
    },
    FAILED,
  );
}

/** An add that failed (a server error, no answer): "An error occurred while creating the building" above the form, as typed. */
export const clientAction = formClientAction(PLACE_SCHEMAS.building, FAILED);
export const shouldRevalidate = keepPageAfterFailure;

export default function AddNewBuilding() {
  const { accounts, account } = useLoaderData<typeof loader>();
  return <PlaceFormPage kind="building" mode="add" defaultValue={{ account_id: account }} accounts={accounts} cancelTo="/" />;
}
