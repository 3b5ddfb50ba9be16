import { methodNotAllowed } from "~/lib/api.server";
import { placeCreateApi } from "~/lib/place-routes.server";

/** `POST /api/buildings/new`. */
export const action = placeCreateApi("building");

export function loader() {
  return methodNotAllowed();
}
