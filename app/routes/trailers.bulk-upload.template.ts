import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { TEMPLATE_FILE_NAME } from "#app/domain/trailer-upload";
import { templateCsv } from "#app/services/trailer-upload.server";
import { requirePage } from "#app/http/guards.server";
import type { StatementBudget } from "#app/http/route-methods";

export const statementBudget = { GET: 1 } satisfies StatementBudget;

/** Download Template CSV: the header and two sample rows, for the roles that may upload (the route table). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requirePage(request, context);
  return new Response(templateCsv(), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${TEMPLATE_FILE_NAME}"`,
      "Cache-Control": "no-store",
    },
  });
}
