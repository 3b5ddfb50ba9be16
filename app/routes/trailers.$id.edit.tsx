import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { TrailerForm } from "~/components/assets/trailer-form";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { trailerFormValues, trailerSchema } from "~/domain/trailers";
import { pageRoute, submitForm } from "~/lib/answers.server";
import { requirePage } from "~/lib/guards.server";
import { assetFormChoices } from "~/services/asset-forms.server";
import { getTrailer, updateTrailer } from "~/services/trailers.server";

export const meta: MetaFunction = () => [{ title: "Update Trailer · Yardline" }];

export const loader = pageRoute(async ({ request, params, context }: LoaderFunctionArgs) => {
  const { ctx } = await requirePage(request, context);
  const trailer = await getTrailer(ctx, Number(params.id));
  const { locations, users } = await assetFormChoices(ctx, trailer.accountId, { accountSelect: false });
  const assignee = users.find((choice) => choice.id === trailer.userId)?.value ?? "";
  return { trailer: { id: trailer.id, values: trailerFormValues(trailer, assignee) }, locations, users };
});

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { ctx } = await requirePage(request, context);
  return submitForm(request, trailerSchema, async (value) => {
    await updateTrailer(ctx, Number(params.id), value);
    return redirect("/");
  });
}

export default function UpdateTrailer() {
  const { trailer, locations, users } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <TrailerForm
      title="Update Trailer"
      submitLabel="Update"
      cancelTo={`/trailers/${trailer.id}`}
      lastResult={lastResult}
      defaultValue={trailer.values}
      locations={locations}
      users={users}
      accounts={null}
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
