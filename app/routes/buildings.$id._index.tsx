import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { NotFound, PlaceDetail } from "~/components/assets/detail-page";
import { PLACE_MESSAGES } from "~/domain/places";
import { canDeleteAsset, canEditAssets } from "~/domain/roles";
import { actorOf, requirePage } from "~/lib/guards.server";
import { ServiceError } from "~/services/errors.server";
import { deleteBuilding, getBuilding } from "~/services/places.server";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { user } = await requirePage(request, context);
  try {
    const building = await getBuilding(context.db(), actorOf(user), Number(params.id));
    return {
      building: {
        id: building.id,
        name: building.buildingName,
        rows: [
          ["Name", building.buildingName],
          ["Doors", String(building.buildingDoorNumber)],
          ["Created", building.createdAt.toLocaleString("en-US")],
          ["Updated", building.updatedAt.toLocaleString("en-US")],
        ] as [string, string][],
      },
      can: { edit: canEditAssets(user), delete: canDeleteAsset(user, building.accountId) },
    };
  } catch (error) {
    if (error instanceof ServiceError && error.status === 404) return data({ building: null, can: null }, { status: 404 });
    throw error;
  }
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { user } = await requirePage(request, context);
  try {
    await deleteBuilding(context.db(), actorOf(user), Number(params.id));
    return redirect("/?tab=buildings");
  } catch (error) {
    if (error instanceof ServiceError) return data({ errors: error.errors }, { status: error.status });
    throw error;
  }
}

export default function BuildingDetail() {
  const { building, can } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  if (!building || !can) return <NotFound message={PLACE_MESSAGES.buildingNotFound} />;
  return (
    <PlaceDetail
      title={`Building ${building.name}`}
      rows={building.rows}
      editTo={`/buildings/${building.id}/edit`}
      canEdit={can.edit}
      canDelete={can.delete}
      confirmDelete="Are you sure you want to delete this building?"
      errors={actionData?.errors ?? []}
    />
  );
}
