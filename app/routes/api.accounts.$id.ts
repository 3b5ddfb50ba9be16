import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { methodNotAllowed, readJson } from "~/lib/api.server";
import { requireApi } from "~/lib/guards.server";
import { deleteAccount, updateAccount } from "~/services/companies.server";
import { answerServiceErrors } from "~/services/errors.server";

/** `PUT /api/accounts/{id}` updates; `DELETE /api/accounts/{id}` deletes an empty account (admins). */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const { actor } = await requireApi(context);
  const id = Number(params.id);
  return answerServiceErrors(async () => {
    if (request.method === "PUT") return Response.json(await updateAccount(context.db(), actor, id, await readJson(request)));
    if (request.method === "DELETE") return Response.json(await deleteAccount(context.db(), actor, id));
    return methodNotAllowed();
  });
}

export function loader() {
  return methodNotAllowed();
}
