import { methodNotAllowed } from "~/lib/api.server";
import { placeCreateApi } from "~/lib/place-routes.server";

/** `POST /api/yards/new`. */
export const action = placeCreateApi("yard");

export function loader() {
  return methodNotAllowed();
}
