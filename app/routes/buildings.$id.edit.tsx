import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { PlaceFormPage } from "#app/components/assets/place-forms";
import { buildingFormValues, PLACE_SCHEMAS } from "#app/domain/places";
import { FORM_FAILURES, type FailedForm } from "#app/domain/failures";
import { keepPageAfterFailure } from "#app/browser/failed-actions";
import { formClientAction } from "#app/browser/failed-forms";
import { pageRoute, submitForm } from "#app/http/answers.server";
import { requirePage } from "#app/http/guards.server";
import type { StatementBudget } from "#app/http/route-methods";
import { getPlace, updatePlace } from "#app/services/places.server";

export const statementBudget = { GET: 2 } satisfies StatementBudget;

export { GeneralErrorBoundary as ErrorBoundary } from "#app/components/error-boundary";
export const meta: MetaFunction = () => [{ title: "Update Building · Yardline" }];

/** The form filled with the building as it stands (one of the viewer's reach, else 404). */
export const loader = pageRoute(async ({ request, params, context }: LoaderFunctionArgs) => {
  const { ctx } = await requirePage(request, context);
  const building = await getPlace(ctx, "building", Number(params.id));
  return { id: building.id, values: buildingFormValues(building) };
});

const FAILED: FailedForm = { failure: FORM_FAILURES.updateBuilding };

/** Updates the building, then its page; a refusal (a name taken, locations still in use) lands on its field; a failure above the form, as typed. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const { ctx } = await requirePage(request, context);
  return submitForm(
    request,
    PLACE_SCHEMAS.building,
    async (value) => {
      const building = await updatePlace(ctx, "building", Number(params.id), value);
      return redirect(`/buildings/${building.id}`);
    },
    FAILED,
  );
}

/** An update that failed (a server error, no answer): "Failed to update building" above the form, as typed. */
export const clientAction = formClientAction(PLACE_SCHEMAS.building, FAILED);
export const shouldRevalidate = keepPageAfterFailure;

export default function UpdateBuilding() {
  const { id, values } = useLoaderData<typeof loader>();
  return <PlaceFormPage kind="building" mode="update" defaultValue={values} cancelTo={`/buildings/${id}`} />;
}
