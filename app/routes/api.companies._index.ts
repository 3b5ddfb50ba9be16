import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { searchTextOf } from "#app/domain/search";
import { apiRoute } from "#app/http/answers.server";
import { readJson } from "#app/http/api.server";
import { requireApi } from "#app/http/guards.server";
import { createCompany, listCompanies } from "#app/services/companies.server";
import type { StatementBudget } from "#app/http/route-methods";

export const statementBudget = { GET: 3 } satisfies StatementBudget;

/**
 * `GET /api/companies` (and `/api/companies/`): admins every company, others their own; `q`
 * keeps those whose name, or one of whose accounts' names, contains it.
 */
export const loader = apiRoute(async ({ request, context }: LoaderFunctionArgs) => {
  const { ctx } = await requireApi(context);
  return Response.json(await listCompanies(ctx, { search: searchTextOf(new URL(request.url).searchParams) }));
});

/** `POST /api/companies/` {company_name} (admins). */
export const action = apiRoute(async ({ request, context }: ActionFunctionArgs) => {
  const { ctx } = await requireApi(context);
  return Response.json(await createCompany(ctx, await readJson(request)), { status: 201 });
});
