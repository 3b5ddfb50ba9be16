import type { MetaFunction } from "@remix-run/cloudflare";
import { PlaceFormPage } from "~/components/assets/place-forms";
import { placeSaveAction, placeUpdateLoader } from "~/http/place-routes.server";
import type { StatementBudget } from "~/http/route-methods";

export const statementBudget = { GET: 2 } satisfies StatementBudget;

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/error-boundary";
export const meta: MetaFunction = () => [{ title: "Update Building · Yardline" }];
export const loader = placeUpdateLoader("building");
export const action = placeSaveAction("building");

export default function UpdateBuilding() {
  return <PlaceFormPage kind="building" />;
}
