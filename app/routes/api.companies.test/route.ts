import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { apiRoute } from "#app/http/answers.server";
import { requireApi } from "#app/http/guards.server";
import { companiesTestInfo } from "#app/services/companies.server";
import type { StatementBudget } from "#app/http/route-methods";

export const statementBudget = { GET: 4 } satisfies StatementBudget;

/** `GET /api/companies/test`: count, sample, complete_data, current_user, is_admin. */
export const loader = apiRoute(async ({ context }: LoaderFunctionArgs) => {
  const { ctx } = await requireApi(context);
  return Response.json(await companiesTestInfo(ctx));
});
