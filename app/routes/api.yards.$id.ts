import { placeChangeApi, placeReadApi } from "~/lib/place-routes.server";

/** `GET /api/yards/{id}`; `PUT` updates (refused while locations that would vanish are in use); `DELETE` deletes. */
export const loader = placeReadApi("yard");
export const action = placeChangeApi("yard");
