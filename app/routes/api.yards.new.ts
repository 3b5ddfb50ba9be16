import { placeCreateApi } from "~/lib/place-routes.server";

/** `POST /api/yards/new`. */
export const action = placeCreateApi("yard");
