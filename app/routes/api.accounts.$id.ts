import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { methodNotAllowed, readJson } from "~/lib/api.server";
import { requireApi } from "~/lib/guards.server";
import { deleteAccount, getAccount, updateAccount } from "~/services/accounts.server";
import { answerServiceErrors } from "~/services/errors.server";

/** `GET /api/accounts/{id}`: the account; 404 when missing or out of reach. */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const { actor } = await requireApi(context);
  return answerServiceErrors(async () => Response.json(await getAccount(context.db(), actor, Number(params.id))));
}

/**
 * `PUT /api/accounts/{id}` {account_name, location, yard_count, building_count, company_id?} updates;
 * `DELETE /api/accounts/{id}` deletes an account that owns nothing, else 409 naming what remains (admins).
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "PUT" && request.method !== "DELETE") return methodNotAllowed();
  const { actor } = await requireApi(context);
  const id = Number(params.id);
  if (request.method === "DELETE") {
    return answerServiceErrors(async () => Response.json(await deleteAccount(context.db(), actor, id)));
  }
  const body = await readJson(request);
  return answerServiceErrors(async () => Response.json(await updateAccount(context.db(), actor, id, body)));
}
