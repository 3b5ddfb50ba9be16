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
import { deletePlace, getPlace, publicYard } from "#app/services/places.server";

export const statementBudget = { GET: 2 } satisfies StatementBudget;

export { GeneralErrorBoundary as ErrorBoundary } from "#app/components/error-boundary";
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.yard.name ?? "Yard"} · Yardline` }];

/** A yard of the viewer's reach (else 404), and what the viewer may do with it. */
export const loader = pageRoute(async ({ request, params, context }: LoaderFunctionArgs) => {
  const { ctx, user } = await requirePage(request, context);
  const yard = await getPlace(ctx, "yard", Number(params.id));
  return { yard: publicYard(yard), can: recordActions(user, yard.accountId) };
});

/** Delete: back to the dashboard's Yards tab, or the refusal listed on the page. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const { ctx } = await requirePage(request, context);
  return refusalOf(async () => {
    await deletePlace(ctx, "yard", Number(params.id));
    return redirect(PLACE_PAGES.yard.afterDelete);
  }, FORM_FAILURES.deleteYard);
}

/** A delete that failed (a server error, no answer) is listed like a refusal: "An error occurred while deleting the yard." */
export async function clientAction({ serverAction }: ClientActionFunctionArgs) {
  return orFailure(() => serverAction<typeof action>(), FORM_FAILURES.deleteYard);
}

export const shouldRevalidate = keepPageAfterFailure;

export default function YardDetail() {
  const { yard, can } = useLoaderData<typeof loader>();
  return (
    <PlaceDetailPage
      kind="yard"
      id={yard.id}
      title={yard.name}
      rows={[
        ["Name", yard.name],
        ["Location", yard.parking_location ?? "—"],
        ["Parking Spots", yard.parking_spots ? "Yes" : "No"],
        ["Address", addressLine(yard) ?? "—"],
        ["Description", yard.description ?? "—"],
        ["Created", <LocalTime key="created" iso={yard.created_at} />],
        ["Updated", <LocalTime key="updated" iso={yard.updated_at} />],
      ]}
      can={can}
    />
  );
}
