import { placeChangeApi, placeReadApi } from "~/http/place-routes.server";
import { serves, type StatementBudget } from "~/http/route-methods";

export const statementBudget = { GET: 2 } satisfies StatementBudget;

/** `GET /api/yards/{id}`; `PUT` updates (refused while locations that would vanish are in use); `DELETE` deletes. */
export const loader = placeReadApi("yard");
export const action = placeChangeApi("yard");

export const handle = serves("GET", "PUT", "DELETE");
