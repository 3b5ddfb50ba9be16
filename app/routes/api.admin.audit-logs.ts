import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { parseAuditQuery } from "#app/domain/audit";
import { apiRoute } from "#app/http/answers.server";
import { requireApi } from "#app/http/guards.server";
import { auditLogPage } from "#app/services/audit.server";
import type { StatementBudget } from "#app/http/route-methods";

export const statementBudget = { GET: 3 } satisfies StatementBudget;

/**
 * `GET /api/admin/audit-logs` (admins): the newest page of the audit log, `{ items, next_cursor,
 * counts }`; filters `action`, `table`, `hours`, `q`, `user`, `record_id`, `limit` (1–200), and
 * `cursor` for the page after the one that gave it.
 */
export const loader = apiRoute(async ({ request, context }: LoaderFunctionArgs) => {
  const { ctx } = await requireApi(context, { adminOnly: true });
  return Response.json(await auditLogPage(ctx, parseAuditQuery(new URL(request.url).searchParams)));
});
