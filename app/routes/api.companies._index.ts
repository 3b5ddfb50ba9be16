import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { searchTextOf } from "~/domain/search";
import { apiRoute } from "~/http/answers.server";
import { readJson } from "~/http/api.server";
import { requireApi } from "~/http/guards.server";
import { createCompany, listCompanies } from "~/services/companies.server";
import type { StatementBudget } from "~/http/route-methods";

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
