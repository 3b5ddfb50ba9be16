import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { TrailerForm } from "~/components/assets/trailer-form";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { defaultServiceDates, trailerSchema } from "~/domain/trailers";
import { pageRoute, submitForm } from "~/lib/answers.server";
import { requirePage } from "~/lib/guards.server";
import { assetFormChoices } from "~/services/asset-forms.server";
import { createTrailer } from "~/services/trailers.server";

export const meta: MetaFunction = () => [{ title: "Add New Trailer · Yardline" }];

export const loader = pageRoute(async ({ request, context }: LoaderFunctionArgs) => {
  const { ctx } = await requirePage(request, context);
  return assetFormChoices(ctx, new URL(request.url).searchParams.get("account"), { accountSelect: true });
});

export async function action({ request, context }: ActionFunctionArgs) {
  const { ctx } = await requirePage(request, context);
  return submitForm(request, trailerSchema, async (value) => {
    await createTrailer(ctx, value);
    return redirect("/");
  });
}

export default function AddNewTrailer() {
  const { accountId, locations, users, accounts } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <TrailerForm
      title="Add New Trailer"
      submitLabel="Add Trailer"
      cancelTo="/"
      lastResult={lastResult}
      defaultValue={{ ...defaultServiceDates(), load_type: "empty", account_id: accountId ? String(accountId) : "" }}
      locations={locations}
      users={users}
      accounts={accounts}
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
