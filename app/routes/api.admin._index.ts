import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { apiRoute } from "#app/http/answers.server";
import { streamedLists } from "#app/http/api.server";
import { requireApi } from "#app/http/guards.server";
import { adminExport } from "#app/services/companies.server";
import type { StatementBudget } from "#app/http/route-methods";

export const statementBudget = { GET: 8 } satisfies StatementBudget;

/**
 * `GET /api/admin/` (admins): every company, account, user, truck, trailer, building and yard,
 * streamed as it is read (an export: nothing is cut off).
 */
export const loader = apiRoute(async ({ context }: LoaderFunctionArgs) => {
  const { ctx } = await requireApi(context, { adminOnly: true });
  return streamedLists(adminExport(ctx));
});
