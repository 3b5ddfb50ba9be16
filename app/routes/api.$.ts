import { apiError } from "#app/http/api.server";
import { ROUTE_METHODS, serves, type StatementBudget } from "#app/http/route-methods";

export const statementBudget = { GET: 0 } satisfies StatementBudget;

/** Unknown /api paths: a JSON 404 rather than the page redirect, whatever the method. */
export function loader() {
  return apiError(404, "Not found");
}

export function action() {
  return apiError(404, "Not found");
}

export const handle = serves(...ROUTE_METHODS);
