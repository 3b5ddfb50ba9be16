import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { NotFound } from "~/components/assets/detail-page";
import { BuildingForm } from "~/components/assets/place-forms";
import { buildingSchema, PLACE_MESSAGES } from "~/domain/places";
import { actorOf, requirePage } from "~/lib/guards.server";
import { ServiceError } from "~/services/errors.server";
import { getBuilding, updateBuilding } from "~/services/places.server";

export const meta: MetaFunction = () => [{ title: "Update Building · Yardline" }];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { user } = await requirePage(request, context);
  try {
    const building = await getBuilding(context.db(), actorOf(user), Number(params.id));
    return { building: { id: building.id, building_name: building.buildingName, building_door_number: String(building.buildingDoorNumber) } };
  } catch (error) {
    if (error instanceof ServiceError && error.status === 404) return data({ building: null }, { status: 404 });
    throw error;
  }
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { user } = await requirePage(request, context);
  const submission = parseWithZod(await request.formData(), { schema: buildingSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  try {
    const building = await updateBuilding(context.db(), actorOf(user), Number(params.id), submission.value);
    return redirect(`/buildings/${building.id}`);
  } catch (error) {
    if (error instanceof ServiceError) return data(submission.reply({ formErrors: error.errors }), { status: error.status });
    throw error;
  }
}

export default function UpdateBuilding() {
  const { building } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  if (!building) return <NotFound message={PLACE_MESSAGES.buildingNotFound} />;
  return (
    <BuildingForm
      title="Update Building"
      submitLabel="Update"
      cancelTo={`/buildings/${building.id}`}
      defaultValue={building}
      accounts={null}
      lastResult={lastResult}
    />
  );
}
