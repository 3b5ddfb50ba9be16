import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { apiRoute } from "~/http/answers.server";
import { requireApi } from "~/http/guards.server";
import { companiesTestInfo } from "~/services/companies.server";
import type { StatementBudget } from "~/http/route-methods";

export const statementBudget = { GET: 4 } satisfies StatementBudget;

/** `GET /api/companies/test`: count, sample, complete_data, current_user, is_admin. */
export const loader = apiRoute(async ({ context }: LoaderFunctionArgs) => {
  const { ctx } = await requireApi(context);
  return Response.json(await companiesTestInfo(ctx));
});
