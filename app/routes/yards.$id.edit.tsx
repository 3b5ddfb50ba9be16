import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { NotFound } from "~/components/assets/detail-page";
import { YardForm } from "~/components/assets/place-forms";
import { PLACE_MESSAGES, yardSchema } from "~/domain/places";
import { actorOf, requirePage } from "~/lib/guards.server";
import { ServiceError } from "~/services/errors.server";
import { getYard, updateYard } from "~/services/places.server";

export const meta: MetaFunction = () => [{ title: "Update Yard · Yardline" }];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { user } = await requirePage(request, context);
  try {
    const yard = await getYard(context.db(), actorOf(user), Number(params.id));
    return { yard: { id: yard.id, name: yard.name, parking_location: yard.parkingLocation ?? "", parking_spots: yard.parkingSpots ? "on" : "" } };
  } catch (error) {
    if (error instanceof ServiceError && error.status === 404) return data({ yard: null }, { status: 404 });
    throw error;
  }
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { user } = await requirePage(request, context);
  const submission = parseWithZod(await request.formData(), { schema: yardSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  try {
    const yard = await updateYard(context.db(), actorOf(user), Number(params.id), submission.value);
    return redirect(`/yards/${yard.id}`);
  } catch (error) {
    if (error instanceof ServiceError) return data(submission.reply({ formErrors: error.errors }), { status: error.status });
    throw error;
  }
}

export default function UpdateYard() {
  const { yard } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  if (!yard) return <NotFound message={PLACE_MESSAGES.yardNotFound} />;
  return <YardForm title="Update Yard" submitLabel="Update" cancelTo={`/yards/${yard.id}`} defaultValue={yard} accounts={null} lastResult={lastResult} />;
}
