import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { methodNotAllowed, readJson } from "~/lib/api.server";
import { requireApi } from "~/lib/guards.server";
import { createCompany, listCompanies } from "~/services/companies.server";
import { answerServiceErrors } from "~/services/errors.server";

/** `GET /api/companies` (and `/api/companies/`): admins every company, others their own. */
export async function loader({ context }: LoaderFunctionArgs) {
  const { actor } = await requireApi(context);
  return Response.json(await listCompanies(context.db(), actor));
}

/** `POST /api/companies/` {company_name} (admins). */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  const { actor } = await requireApi(context);
  const body = await readJson(request);
  return answerServiceErrors(async () => Response.json(await createCompany(context.db(), actor, body), { status: 201 }));
}
