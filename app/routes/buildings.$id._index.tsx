import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, type ClientActionFunctionArgs } from "@remix-run/react";
import { PlaceDetailPage } from "#app/components/assets/detail-page";
import { LocalTime } from "#app/components/ui/local-time";
import { addressLine, PLACE_PAGES } from "#app/domain/places";
import { recordActions } from "#app/domain/roles";
import { pageRoute, refusalOf } from "#app/http/answers.server";
import { FORM_FAILURES } from "#app/domain/failures";
import { keepPageAfterFailure, orFailure } from "#app/browser/failed-actions";
import { requirePage } from "#app/http/guards.server";
import type { StatementBudget } from "#app/http/route-methods";
import { deletePlace, getPlace, publicBuilding } from "#app/services/places.server";

export const statementBudget = { GET: 2 } satisfies StatementBudget;

export { GeneralErrorBoundary as ErrorBoundary } from "#app/components/error-boundary";
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data ? `Building ${data.building.building_name}` : "Building"} · Yardline` },
];

/** A building of the viewer's reach (else 404), and what the viewer may do with it. */
export const loader = pageRoute(async ({ request, params, context }: LoaderFunctionArgs) => {
  const { ctx, user } = await requirePage(request, context);
  const building = await getPlace(ctx, "building", Number(params.id));
  return { building: publicBuilding(building), can: recordActions(user, building.accountId) };
});

/** Delete: back to the dashboard's Buildings tab, or the refusal listed on the page. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const { ctx } = await requirePage(request, context);
  return refusalOf(async () => {
    await deletePlace(ctx, "building", Number(params.id));
    return redirect(PLACE_PAGES.building.afterDelete);
  }, FORM_FAILURES.deleteBuilding);
}

/** A delete that failed (a server error, no answer) is listed like a refusal: "An error occurred while deleting the building." */
export async function clientAction({ serverAction }: ClientActionFunctionArgs) {
  return orFailure(() => serverAction<typeof action>(), FORM_FAILURES.deleteBuilding);
}

export const shouldRevalidate = keepPageAfterFailure;

export default function BuildingDetail() {
  const { building, can } = useLoaderData<typeof loader>();
  return (
    <PlaceDetailPage
      kind="building"
      id={building.id}
      title={`Building ${building.building_name}`}
      rows={[
        ["Name", building.building_name],
        ["Doors", String(building.building_door_number)],
        ["Location", building.location ?? "—"],
        ["Address", addressLine(building) ?? "—"],
        ["Description", building.description ?? "—"],
        ["Created", <LocalTime key="created" iso={building.created_at} />],
        ["Updated", <LocalTime key="updated" iso={building.updated_at} />],
      ]}
      can={can}
    />
  );
}
