import { placeCreateApi } from "~/http/place-routes.server";
import type { StatementBudget } from "~/http/route-methods";

export const statementBudget = { POST: 5 } satisfies StatementBudget;

/** `POST /api/yards/new`. */
export const action = placeCreateApi("yard");
