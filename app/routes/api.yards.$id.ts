import { placeChangeApi, placeReadApi } from "~/lib/place-routes.server";
import { serves } from "~/lib/route-methods";

/** `GET /api/yards/{id}`; `PUT` updates (refused while locations that would vanish are in use); `DELETE` deletes. */
export const loader = placeReadApi("yard");
export const action = placeChangeApi("yard");

export const handle = serves("GET", "PUT", "DELETE");
