import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { BuildingForm } from "~/components/assets/place-forms";
import { buildingSchema } from "~/domain/places";
import { actorOf, requirePage } from "~/lib/guards.server";
import { ServiceError } from "~/services/errors.server";
import { createBuilding } from "~/services/places.server";
import { accountChoices } from "~/services/accounts.server";

export const meta: MetaFunction = () => [{ title: "Add New Building · Yardline" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx } = await requirePage(request, context);
  const accounts = await accountChoices(ctx);
  return {
    accounts,
    accountId: new URL(request.url).searchParams.get("account") ?? "",
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { user } = await requirePage(request, context);
  const submission = parseWithZod(await request.formData(), { schema: buildingSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  try {
    await createBuilding(context.db(), actorOf(user), submission.value);
    return redirect("/");
  } catch (error) {
    if (error instanceof ServiceError) return data(submission.reply({ formErrors: error.errors }), { status: error.status });
    throw error;
  }
}

export default function AddNewBuilding() {
  const { accounts, accountId } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <BuildingForm
      title="Add New Building"
      submitLabel="Add Building"
      cancelTo="/"
      defaultValue={{ account_id: accountId }}
      accounts={accounts}
      lastResult={lastResult}
    />
  );
}
