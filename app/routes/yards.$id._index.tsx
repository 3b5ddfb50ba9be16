import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { NotFound, PlaceDetail } from "~/components/assets/detail-page";
import { PLACE_MESSAGES } from "~/domain/places";
import { canDeleteAsset, canEditAssets } from "~/domain/roles";
import { actorOf, requirePage } from "~/lib/guards.server";
import { ServiceError } from "~/services/errors.server";
import { deleteYard, getYard } from "~/services/places.server";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { user } = await requirePage(request, context);
  try {
    const yard = await getYard(context.db(), actorOf(user), Number(params.id));
    return {
      yard: {
        id: yard.id,
        name: yard.name,
        rows: [
          ["Name", yard.name],
          ["Location", yard.parkingLocation ?? "—"],
          ["Parking Spots", yard.parkingSpots ? "Yes" : "No"],
          ["Created", yard.createdAt.toLocaleString("en-US")],
          ["Updated", yard.updatedAt.toLocaleString("en-US")],
        ] as [string, string][],
      },
      can: { edit: canEditAssets(user), delete: canDeleteAsset(user, yard.accountId) },
    };
  } catch (error) {
    if (error instanceof ServiceError && error.status === 404) return data({ yard: null, can: null }, { status: 404 });
    throw error;
  }
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { user } = await requirePage(request, context);
  try {
    await deleteYard(context.db(), actorOf(user), Number(params.id));
    return redirect("/?tab=yards");
  } catch (error) {
    if (error instanceof ServiceError) return data({ errors: error.errors }, { status: error.status });
    throw error;
  }
}

export default function YardDetail() {
  const { yard, can } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  if (!yard || !can) return <NotFound message={PLACE_MESSAGES.yardNotFound} />;
  return (
    <PlaceDetail
      title={yard.name}
      rows={yard.rows}
      editTo={`/yards/${yard.id}/edit`}
      canEdit={can.edit}
      canDelete={can.delete}
      confirmDelete="Are you sure you want to delete this yard?"
      errors={actionData?.errors ?? []}
    />
  );
}
