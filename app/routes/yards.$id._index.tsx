import type { MetaFunction } from "@remix-run/cloudflare";
import { PlaceDetailPage } from "~/components/assets/detail-page";
import { placeDeleteAction, placeDetailLoader } from "~/http/place-routes.server";
import type { StatementBudget } from "~/http/route-methods";

export const statementBudget = { GET: 2 } satisfies StatementBudget;

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/error-boundary";
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.title ?? "Yard"} · Yardline` }];
export const loader = placeDetailLoader("yard");
export const action = placeDeleteAction("yard");

export default function YardDetail() {
  return <PlaceDetailPage kind="yard" />;
}
