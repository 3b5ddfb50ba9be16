import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { TrailerForm } from "#app/components/assets/trailer-form";
import { trailerFormValues, trailerUpdateSchema } from "#app/domain/trailers";
import { FORM_FAILURES, type FailedForm } from "#app/domain/failures";
import { keepPageAfterFailure } from "#app/browser/failed-actions";
import { formClientAction } from "#app/browser/failed-forms";
import { getTrailer, updateTrailer, userHistory } from "#app/services/trailers.server";
import type { StatementBudget } from "#app/http/route-methods";
import { pageRoute, submitForm } from "#app/http/answers.server";
import { requirePage } from "#app/http/guards.server";
import { editFormChoices } from "#app/services/asset-forms.server";

export const statementBudget = { GET: 5 } satisfies StatementBudget;

export { GeneralErrorBoundary as ErrorBoundary } from "#app/components/error-boundary";
export const meta: MetaFunction = () => [{ title: "Update Trailer · Yardline" }];

/** The form filled with the trailer as stored (one of the viewer's reach, else 404), with its account's locations and users. */
export const loader = pageRoute(async ({ request, params, context }: LoaderFunctionArgs) => {
  const { ctx } = await requirePage(request, context);
  const trailer = await getTrailer(ctx, Number(params.id));
  const [{ choices, assignee }, assignments] = await Promise.all([
    editFormChoices(ctx, trailer, trailer.userId),
    userHistory(ctx, trailer),
  ]);
  return { id: trailer.id, values: trailerFormValues(trailer, assignee), choices, assignments };
});

const FAILED: FailedForm = { failure: FORM_FAILURES.updateTrailer };

/** Updates the trailer, then the dashboard; a refusal lands on its field; a failure above the form, as typed. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const { ctx } = await requirePage(request, context);
  return submitForm(
    request,
    trailerUpdateSchema,
    async (value) => {
      await updateTrailer(ctx, Number(params.id), value);
      return redirect("/");
    },
    FAILED,
  );
}

/** An update that failed (a server error, no answer): "Failed to update trailer" above the form, as typed. */
export const clientAction = formClientAction(trailerUpdateSchema, FAILED);
export const shouldRevalidate = keepPageAfterFailure;

export default function UpdateTrailer() {
  const { id, values, choices, assignments } = useLoaderData<typeof loader>();
  return (
    <TrailerForm
      title="Update Trailer"
      submitLabel="Update"
      update
      assignments={assignments}
      cancelTo={`/trailers/${id}`}
      choices={choices}
      defaultValue={values}
      lastResult={useActionData<typeof action>()}
    />
  );
}
