import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { NotFound } from "~/components/assets/detail-page";
import { TruckForm } from "~/components/assets/truck-form";
import { TRUCK_MESSAGES, truckSchema } from "~/domain/trucks";
import { publishLocationChange } from "~/lib/asset-events.server";
import { actorOf, requirePage } from "~/lib/guards.server";
import { ServiceError } from "~/services/errors.server";
import { userChoices } from "~/services/trailer-records.server";
import { accountPlaces } from "~/services/trailers.server";
import { getTruck, updateTruck } from "~/services/truck-records.server";

export const meta: MetaFunction = () => [{ title: "Update Truck · Yardline" }];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { user } = await requirePage(request, context);
  const db = context.db();
  try {
    const truck = await getTruck(db, actorOf(user), Number(params.id));
    const [places, users] = await Promise.all([accountPlaces(db, truck.accountId), userChoices(db, truck.accountId)]);
    return {
      truck: {
        id: truck.id,
        values: {
          truck_number: truck.truckNumber,
          truck_location: truck.truckLocation,
          type: truck.type,
          license_plate: truck.licensePlate,
          license_state: truck.licenseState,
          year: String(truck.year),
          make: truck.make,
          model: truck.model,
          status: truck.redTagged ? "red" : truck.yellowTagged ? "yellow" : truck.inShop ? "shop" : "available",
          tagged_description: truck.taggedDescription ?? "",
          assigned_user: users.find((choice) => choice.id === truck.assignedUserId)?.value ?? "",
          last_inspection: truck.lastInspection ?? "",
          next_inspection: truck.nextInspection ?? "",
          last_maintenance: truck.lastMaintenance ?? "",
          next_maintenance: truck.nextMaintenance ?? "",
        },
      },
      locations: places.locations,
      users,
    };
  } catch (error) {
    if (error instanceof ServiceError && error.status === 404) return data({ truck: null, locations: [], users: [] }, { status: 404 });
    throw error;
  }
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { user } = await requirePage(request, context);
  const submission = parseWithZod(await request.formData(), { schema: truckSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  try {
    const { truck, locationChanged } = await updateTruck(context.db(), actorOf(user), Number(params.id), submission.value);
    if (locationChanged) publishLocationChange(context, "truck", truck.accountId, truck.id, truck.truckLocation);
    return redirect(`/trucks/${truck.id}`);
  } catch (error) {
    if (error instanceof ServiceError) return data(submission.reply({ formErrors: error.errors }), { status: error.status });
    throw error;
  }
}

export default function UpdateTruck() {
  const { truck, locations, users } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  if (!truck) return <NotFound message={TRUCK_MESSAGES.notFound} />;
  return (
    <TruckForm
      title="Update Truck"
      submitLabel="Update"
      cancelTo={`/trucks/${truck.id}`}
      defaultValue={truck.values}
      locations={locations}
      users={users}
      accounts={null}
      statusAsRadio
      lastResult={lastResult}
    />
  );
}
