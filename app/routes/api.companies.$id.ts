import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { methodNotAllowed, readJson } from "~/lib/api.server";
import { requireApi } from "~/lib/guards.server";
import { getCompany, renameCompany } from "~/services/companies.server";
import { answerServiceErrors } from "~/services/errors.server";

/** `GET /api/companies/{id}`: the company with its accounts; 404 when missing or out of reach. */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const { actor } = await requireApi(context);
  return answerServiceErrors(async () => Response.json(await getCompany(context.db(), actor, Number(params.id))));
}

/** `PUT /api/companies/{id}` {company_name} (admins): the renamed company with its accounts. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "PUT") return methodNotAllowed();
  const { actor } = await requireApi(context);
  const body = await readJson(request);
  return answerServiceErrors(async () => Response.json(await renameCompany(context.db(), actor, Number(params.id), body)));
}
