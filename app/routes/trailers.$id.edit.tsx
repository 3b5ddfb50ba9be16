import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { TrailerForm } from "~/components/assets/trailer-form";
import { buttonStyles } from "~/components/ui/modal";
import { TRAILER_MESSAGES, trailerSchema } from "~/domain/trailers";
import { publishLocationChange } from "~/lib/asset-events.server";
import { actorOf, requirePage } from "~/lib/guards.server";
import { ServiceError } from "~/services/errors.server";
import { getTrailer, updateTrailer, userChoices } from "~/services/trailer-records.server";
import { accountPlaces } from "~/services/trailers.server";

export const meta: MetaFunction = () => [{ title: "Update Trailer · Yardline" }];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { user } = await requirePage(request, context);
  const db = context.db();
  try {
    const trailer = await getTrailer(db, actorOf(user), Number(params.id));
    const [places, users] = await Promise.all([accountPlaces(db, trailer.accountId), userChoices(db, trailer.accountId)]);
    const check = (on: boolean) => (on ? "on" : "");
    return {
      trailer: {
        id: trailer.id,
        values: {
          trailer_number: trailer.trailerNumber,
          company_owner: trailer.companyOwner,
          trailer_location: trailer.trailerLocation,
          type: trailer.type ?? "",
          license_state: trailer.licenseState ?? "",
          license_plate: trailer.licensePlate ?? "",
          load_type: trailer.isLoaded ? "loaded" : trailer.isTray ? "tray" : "empty",
          load_number: trailer.loadNumber ?? "",
          tray_count: String(trailer.trayCount),
          red_tagged: check(trailer.redTagged),
          yellow_tagged: check(trailer.yellowTagged),
          in_shop: check(trailer.inShop),
          tagged_description: trailer.taggedDescription ?? "",
          assigned_user: users.find((choice) => choice.id === trailer.userId)?.value ?? "",
          last_inspection: trailer.lastInspection ?? "",
          next_inspection: trailer.nextInspection ?? "",
          last_maintenance: trailer.lastMaintenance ?? "",
          next_maintenance: trailer.nextMaintenance ?? "",
        },
      },
      locations: places.locations,
      users,
    };
  } catch (error) {
    if (error instanceof ServiceError && error.status === 404) return data({ trailer: null, locations: [], users: [] }, { status: 404 });
    throw error;
  }
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { user } = await requirePage(request, context);
  const submission = parseWithZod(await request.formData(), { schema: trailerSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  try {
    const { trailer, locationChanged } = await updateTrailer(context.db(), actorOf(user), Number(params.id), submission.value);
    if (locationChanged) publishLocationChange(context, "trailer", trailer.accountId, trailer.id, trailer.trailerLocation);
    return redirect("/");
  } catch (error) {
    if (error instanceof ServiceError) return data(submission.reply({ formErrors: error.errors }), { status: error.status });
    throw error;
  }
}

export default function UpdateTrailer() {
  const { trailer, locations, users } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  if (!trailer) {
    return (
      <section className="mx-auto max-w-xl rounded-lg border border-slate-200 bg-white p-6">
        <h1 className="text-xl font-semibold">{TRAILER_MESSAGES.notFound}</h1>
        <Link to="/" className={`${buttonStyles.secondary} mt-4`}>
          Back
        </Link>
      </section>
    );
  }
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
