import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { TruckForm } from "~/components/assets/truck-form";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { defaultServiceDates } from "~/domain/trailers";
import { truckSchema } from "~/domain/trucks";
import { pageRoute, replyTo } from "~/lib/answers.server";
import { requirePage } from "~/lib/guards.server";
import { assetFormChoices } from "~/services/asset-forms.server";
import { createTruck } from "~/services/trucks.server";

export const meta: MetaFunction = () => [{ title: "Add Truck · Yardline" }];

export const loader = pageRoute(async ({ request, context }: LoaderFunctionArgs) => {
  const { ctx } = await requirePage(request, context);
  return assetFormChoices(ctx, new URL(request.url).searchParams.get("account"), { accountSelect: true });
});

export async function action({ request, context }: ActionFunctionArgs) {
  const { ctx } = await requirePage(request, context);
  const submission = parseWithZod(await request.formData(), { schema: truckSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  return replyTo(submission, async () => {
    await createTruck(ctx, submission.value);
    return redirect("/");
  });
}

export default function AddTruck() {
  const { accountId, locations, users, accounts } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <TruckForm
      title="Add Truck"
      submitLabel="Add Truck"
      cancelTo="/?tab=trucks"
      defaultValue={{ ...defaultServiceDates(), account_id: accountId ? String(accountId) : "" }}
      locations={locations}
      users={users}
      accounts={accounts}
      statusAsRadio={false}
      lastResult={lastResult}
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
