import type { MetaFunction } from "@remix-run/cloudflare";
import { PlaceFormPage } from "~/components/assets/place-forms";
import { placeSaveAction, placeUpdateLoader } from "~/http/place-routes.server";
import type { StatementBudget } from "~/http/route-methods";

export const statementBudget = { GET: 2 } satisfies StatementBudget;

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/error-boundary";
export const meta: MetaFunction = () => [{ title: "Update Yard · Yardline" }];
export const loader = placeUpdateLoader("yard");
export const action = placeSaveAction("yard");

export default function UpdateYard() {
  return <PlaceFormPage kind="yard" />;
}
