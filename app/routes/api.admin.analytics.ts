import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { apiRoute } from "#app/http/answers.server";
import { requireApi } from "#app/http/guards.server";
import { analyticsQueryOf } from "#app/http/queries.server";
import { adminAnalytics } from "#app/services/analytics.server";
import type { StatementBudget } from "#app/http/route-methods";

export const statementBudget = { GET: 11 } satisfies StatementBudget;

/**
 * `GET /api/admin/analytics?period=today|7d|30d&company_id=&account_id=&tz=` (admins): the Moves
 * Summary and Location Analytics of the admin dashboard, for every account, one company's or one.
 */
export const loader = apiRoute(async ({ request, context }: LoaderFunctionArgs) => {
  const { ctx } = await requireApi(context, { adminOnly: true });
  return Response.json(await adminAnalytics(ctx, analyticsQueryOf(new URL(request.url).searchParams)));
});
