import { placeChangeApi, placeReadApi } from "~/lib/place-routes.server";
import { serves } from "~/lib/route-methods";

/** `GET /api/buildings/{id}`; `PUT` updates (refused while locations that would vanish are in use); `DELETE` deletes. */
export const loader = placeReadApi("building");
export const action = placeChangeApi("building");

export const handle = serves("GET", "PUT", "DELETE");
