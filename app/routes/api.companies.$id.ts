import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { apiRoute } from "#app/http/answers.server";
import { readJson } from "#app/http/api.server";
import { requireApi } from "#app/http/guards.server";
import { getCompany, renameCompany } from "#app/services/companies.server";
import { serves, type StatementBudget } from "#app/http/route-methods";

export const statementBudget = { GET: 4 } satisfies StatementBudget;

/** `GET /api/companies/{id}`: the company with its accounts; 404 when missing or out of reach. */
export const loader = apiRoute(async ({ params, context }: LoaderFunctionArgs) => {
  const { ctx } = await requireApi(context);
  return Response.json(await getCompany(ctx, Number(params.id)));
});

/** `PUT /api/companies/{id}` {company_name} (admins): the renamed company with its accounts. */
export const action = apiRoute(async ({ request, params, context }: ActionFunctionArgs) => {
  const { ctx } = await requireApi(context);
  return Response.json(await renameCompany(ctx, Number(params.id), await readJson(request)));
});

export const handle = serves("GET", "PUT");
