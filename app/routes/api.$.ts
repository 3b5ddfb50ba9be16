import { apiError } from "~/lib/api.server";

/** Unknown /api paths: a JSON 404 rather than the page redirect. */
export function loader() {
  return apiError(404, "Not found");
}

export function action() {
  return apiError(404, "Not found");
}
