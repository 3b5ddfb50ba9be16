import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { addFormChoices } from "#app/components/assets/asset-form";
import { TrailerForm } from "#app/components/assets/trailer-form";
import { defaultServiceDates, trailerSchema } from "#app/domain/trailers";
import { FORM_FAILURES, type FailedForm } from "#app/domain/failures";
import { keepPageAfterFailure } from "#app/browser/failed-actions";
import { formClientAction } from "#app/browser/failed-forms";
import { createTrailer } from "#app/services/trailers.server";
import type { StatementBudget } from "#app/http/route-methods";
import { pageRoute } from "#app/http/answers.server";
import { addAssetAction } from "#app/http/asset-forms.server";
import { requirePage } from "#app/http/guards.server";
import { assetFormChoices } from "#app/services/asset-forms.server";

export const statementBudget = { GET: 3, POST: 8 } satisfies StatementBudget;

export { GeneralErrorBoundary as ErrorBoundary } from "#app/components/error-boundary";
export const meta: MetaFunction = () => [{ title: "Add New Trailer · Yardline" }];

/** The account's locations and users; an admin chooses the account (preselected by `?account=`). */
export const loader = pageRoute(async ({ request, context }: LoaderFunctionArgs) => {
  const { ctx } = await requirePage(request, context);
  return assetFormChoices(ctx, new URL(request.url).searchParams.get("account"), { accountSelect: true });
});

const FAILED: FailedForm = { failure: FORM_FAILURES.createTrailer };

/** Adds the trailer, then the dashboard; a refusal lands on its field; a failure above the form, as typed. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { ctx } = await requirePage(request, context);
  return addAssetAction(
    ctx,
    request,
    trailerSchema,
    async (value) => {
      await createTrailer(ctx, value);
      return redirect("/");
    },
    FAILED,
  );
}

/** An add that failed (a server error, no answer): "Failed to create trailer" above the form, as typed. */
export const clientAction = formClientAction(trailerSchema, FAILED);
export const shouldRevalidate = keepPageAfterFailure;

export default function AddNewTrailer() {
  const { account, form } = addFormChoices(useLoaderData<typeof loader>(), useActionData<typeof action>());
  return (
    <TrailerForm
      title="Add New Trailer"
      submitLabel="Add Trailer"
      cancelTo="/"
      {...form}
      defaultValue={{ ...defaultServiceDates(), load_type: "empty", account_id: account }}
    />
  );
}
