import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { parseAuditQuery } from "#app/domain/audit";
import { apiRoute } from "#app/http/answers.server";
import { cursorPage } from "#app/http/api.server";
import { requireApi } from "#app/http/guards.server";
import { auditLogPage } from "#app/services/audit.server";
import type { StatementBudget } from "#app/http/route-methods";

export const statementBudget = { GET: 3 } satisfies StatementBudget;

/**
 * `GET /api/admin/audit-logs` (admins): the newest page of the audit log as a plain list, the next
 * page's address in `Link` (`rel="next"`, carrying its `cursor`) and, on the first page, the
 * filtered set's size in `X-Total-Count` (left out when a search's count stops at its cap);
 * `envelope=1` gives `{ items, next_cursor, counts }`. Filters `action`, `table`, `hours`, `q`,
 * `user`, `record_id`, `limit` (1–200), and `cursor` for the page after the one that gave it.
 */
export const loader = apiRoute(async ({ request, context }: LoaderFunctionArgs) => {
  const { ctx } = await requireApi(context, { adminOnly: true });
  const page = await auditLogPage(ctx, parseAuditQuery(new URL(request.url).searchParams));
  return cursorPage(request, page, page.counts && !page.counts.capped ? page.counts.total : null);
});
