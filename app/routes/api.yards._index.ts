import { placeListApi } from "~/lib/place-routes.server";

/** `GET /api/yards/` (admins name the account with `account_id`; everyone else gets their own). */
export const loader = placeListApi("yard");
