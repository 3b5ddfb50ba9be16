import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { TruckForm } from "~/components/assets/truck-form";
import { defaultServiceDates } from "~/domain/trailers";
import { truckSchema } from "~/domain/trucks";
import { publishLocationChange } from "~/lib/asset-events.server";
import { actorOf, requirePage } from "~/lib/guards.server";
import { ServiceError } from "~/services/errors.server";
import { userChoices } from "~/services/trailer-records.server";
import { accountPlaces } from "~/services/trailers.server";
import { createTruck } from "~/services/truck-records.server";
import { accountChoices } from "~/services/users.server";

export const meta: MetaFunction = () => [{ title: "Add Truck · Yardline" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user } = await requirePage(request, context);
  const db = context.db();
  const accountId = user.isAdmin ? Number(new URL(request.url).searchParams.get("account")) || null : user.accountId;
  const [places, users, accounts] = await Promise.all([
    accountId ? accountPlaces(db, accountId) : null,
    accountId ? userChoices(db, accountId) : [],
    user.isAdmin ? accountChoices(db) : null,
  ]);
  return {
    accountId,
    locations: places?.locations ?? [],
    users,
    accounts: accounts?.map((account) => ({ id: account.id, label: `${account.companyName} · ${account.accountName}` })) ?? null,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { user } = await requirePage(request, context);
  const submission = parseWithZod(await request.formData(), { schema: truckSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  try {
    const { truck } = await createTruck(context.db(), actorOf(user), submission.value);
    publishLocationChange(context, "truck", truck.accountId, truck.id, truck.truckLocation);
    return redirect("/");
  } catch (error) {
    if (error instanceof ServiceError) return data(submission.reply({ formErrors: error.errors }), { status: error.status });
    throw error;
  }
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
