import { placeCreateApi } from "~/lib/place-routes.server";

/** `POST /api/buildings/new`. */
export const action = placeCreateApi("building");
