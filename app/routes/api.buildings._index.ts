import { placeListApi } from "~/http/place-routes.server";
import type { StatementBudget } from "~/http/route-methods";

export const statementBudget = { GET: 2 } satisfies StatementBudget;

/** `GET /api/buildings/` (admins name the account with `account_id`; everyone else gets their own). */
export const loader = placeListApi("building");
