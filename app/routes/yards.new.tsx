import type { MetaFunction } from "@remix-run/cloudflare";
import { PlaceFormPage } from "~/components/assets/place-forms";
import { placeAddLoader, placeSaveAction } from "~/http/place-routes.server";
import type { StatementBudget } from "~/http/route-methods";

export const statementBudget = { GET: 1 } satisfies StatementBudget;

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/error-boundary";
export const meta: MetaFunction = () => [{ title: "Add New Yard · Yardline" }];
export const loader = placeAddLoader();
export const action = placeSaveAction("yard");

export default function AddNewYard() {
  return <PlaceFormPage kind="yard" />;
}
