import type { MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { TrailerForm } from "~/components/assets/trailer-form";
import { defaultServiceDates, trailerSchema } from "~/domain/trailers";
import { assetAddLoader, assetSaveAction } from "~/http/asset-routes.server";
import { createTrailer } from "~/services/trailers.server";
import type { StatementBudget } from "~/http/route-methods";

export const statementBudget = { GET: 3, POST: 8 } satisfies StatementBudget;

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/error-boundary";
export const meta: MetaFunction = () => [{ title: "Add New Trailer · Yardline" }];
export const loader = assetAddLoader();
export const action = assetSaveAction(trailerSchema, (ctx, value) => createTrailer(ctx, value).then(() => "/"));

export default function AddNewTrailer() {
  const { accountId, ...choices } = useLoaderData<typeof loader>();
  const defaults = { ...defaultServiceDates(), load_type: "empty", account_id: accountId ? String(accountId) : "" };
  return (
    <TrailerForm
      title="Add New Trailer"
      submitLabel="Add Trailer"
      cancelTo="/"
      choices={choices}
      defaultValue={defaults}
      lastResult={useActionData<typeof action>()}
    />
  );
}
