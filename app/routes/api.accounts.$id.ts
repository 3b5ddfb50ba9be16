import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { apiRoute } from "#app/http/answers.server";
import { readJson } from "#app/http/api.server";
import { requireApi } from "#app/http/guards.server";
import { deleteAccount, getAccount, updateAccount } from "#app/services/accounts.server";
import { serves, type StatementBudget } from "#app/http/route-methods";

export const statementBudget = { GET: 2 } satisfies StatementBudget;

/** `GET /api/accounts/{id}`: the account; 404 when missing or out of reach. */
export const loader = apiRoute(async ({ params, context }: LoaderFunctionArgs) => {
  const { ctx } = await requireApi(context);
  return Response.json(await getAccount(ctx, Number(params.id)));
});

/**
 * `PUT /api/accounts/{id}` {account_name, location, yard_count, building_count, company_id?} updates;
 * `DELETE /api/accounts/{id}` deletes an account that owns nothing, else 409 naming what remains (admins).
 */
export const action = apiRoute(async ({ request, params, context }: ActionFunctionArgs) => {
  const { ctx } = await requireApi(context);
  const id = Number(params.id);
  if (request.method === "DELETE") return Response.json(await deleteAccount(ctx, id));
  return Response.json(await updateAccount(ctx, id, await readJson(request), { keepOmitted: true }));
});

export const handle = serves("GET", "PUT", "DELETE");
