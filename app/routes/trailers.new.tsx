import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { TrailerForm } from "~/components/assets/trailer-form";
import { defaultServiceDates, trailerSchema } from "~/domain/trailers";
import { publishLocationChange } from "~/lib/asset-events.server";
import { actorOf, requirePage } from "~/lib/guards.server";
import { ServiceError } from "~/services/errors.server";
import { createTrailer, userChoices } from "~/services/trailer-records.server";
import { accountPlaces } from "~/services/trailers.server";
import { accountChoices } from "~/services/users.server";

export const meta: MetaFunction = () => [{ title: "Add New Trailer · Yardline" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user } = await requirePage(request, context);
  const db = context.db();
  const requested = Number(new URL(request.url).searchParams.get("account")) || null;
  const accountId = user.isAdmin ? requested : user.accountId;
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
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: trailerSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  try {
    const { trailer } = await createTrailer(context.db(), actorOf(user), submission.value);
    publishLocationChange(context, "trailer", trailer.accountId, trailer.id, trailer.trailerLocation);
    return redirect("/");
  } catch (error) {
    if (error instanceof ServiceError) return data(submission.reply({ formErrors: error.errors }), { status: error.status });
    throw error;
  }
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
