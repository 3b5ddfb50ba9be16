import { placeChangeApi, placeReadApi } from "~/lib/place-routes.server";

/** `GET /api/buildings/{id}`; `PUT` updates (refused while locations that would vanish are in use); `DELETE` deletes. */
export const loader = placeReadApi("building");
export const action = placeChangeApi("building");
