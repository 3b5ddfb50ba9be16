import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { PlaceFormPage } from "#app/components/assets/place-forms";
import { yardFormValues, PLACE_SCHEMAS } from "#app/domain/places";
import { FORM_FAILURES, type FailedForm } from "#app/domain/failures";
import { keepPageAfterFailure } from "#app/browser/failed-actions";
import { formClientAction } from "#app/browser/failed-forms";
import { pageRoute, submitForm } from "#app/http/answers.server";
import { requirePage } from "#app/http/guards.server";
import type { StatementBudget } from "#app/http/route-methods";
import { getPlace, updatePlace } from "#app/services/places.server";

export const statementBudget = { GET: 2 } satisfies StatementBudget;

export { GeneralErrorBoundary as ErrorBoundary } from "#app/components/error-boundary";
export const meta: MetaFunction = () => [{ title: "Update Yard · Yardline" }];

/** The form filled with the yard as it stands (one of the viewer's reach, else 404). */
export const loader = pageRoute(async ({ request, params, context }: LoaderFunctionArgs) => {
  const { ctx } = await requirePage(request, context);
  const yard = await getPlace(ctx, "yard", Number(params.id));
  return { id: yard.id, values: yardFormValues(yard) };
});

const FAILED: FailedForm = { failure: FORM_FAILURES.updateYard };

/** Updates the yard, then its page; a refusal (a name taken, locations still in use) lands on its field; a failure above the form, as typed. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const { ctx } = await requirePage(request, context);
  return submitForm(
    request,
    PLACE_SCHEMAS.yard,
    async (value) => {
      const yard = await updatePlace(ctx, "yard", Number(params.id), value);
      return redirect(`/yards/${yard.id}`);
    },
    FAILED,
  );
}

/** An update that failed (a server error, no answer): "Failed to update yard" above the form, as typed. */
export const clientAction = formClientAction(PLACE_SCHEMAS.yard, FAILED);
export const shouldRevalidate = keepPageAfterFailure;

export default function UpdateYard() {
  const { id, values } = useLoaderData<typeof loader>();
  return <PlaceFormPage kind="yard" mode="update" defaultValue={values} cancelTo={`/yards/${id}`} />;
}
