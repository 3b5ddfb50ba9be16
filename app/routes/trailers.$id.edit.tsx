import type { MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { TrailerForm } from "~/components/assets/trailer-form";
import { trailerFormValues, trailerSchema } from "~/domain/trailers";
import { FAILURE_MESSAGES } from "~/domain/failures";
import { assetEditLoader, assetSaveAction } from "~/http/asset-routes.server";
import { keepPageAfterFailure } from "~/browser/failed-actions";
import { formClientAction } from "~/browser/failed-forms";
import { getTrailer, updateTrailer } from "~/services/trailers.server";
import type { StatementBudget } from "~/http/route-methods";

export const statementBudget = { GET: 4 } satisfies StatementBudget;

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/error-boundary";
export const meta: MetaFunction = () => [{ title: "Update Trailer · Yardline" }];
export const loader = assetEditLoader(getTrailer, (trailer) => trailer.userId, trailerFormValues);
export const action = assetSaveAction(trailerSchema, (ctx, value, id) => updateTrailer(ctx, id, value).then(() => "/"));
/** An update that failed (a server error, no answer): "Failed to update trailer" above the form, as typed. */
export const clientAction = formClientAction(trailerSchema, { server: FAILURE_MESSAGES.updateTrailer });
export const shouldRevalidate = keepPageAfterFailure;

export default function UpdateTrailer() {
  const { id, values, choices } = useLoaderData<typeof loader>();
  return (
    <TrailerForm
      title="Update Trailer"
      submitLabel="Update"
      cancelTo={`/trailers/${id}`}
      choices={choices}
      defaultValue={values}
      lastResult={useActionData<typeof action>()}
    />
  );
}
