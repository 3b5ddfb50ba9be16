import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { apiRoute } from "#app/http/answers.server";
import { requireApi } from "#app/http/guards.server";
import { adminSnapshot } from "#app/services/companies.server";
import type { StatementBudget } from "#app/http/route-methods";

export const statementBudget = { GET: 8 } satisfies StatementBudget;

/** `GET /api/admin/` (admins): companies, accounts, users, trucks, trailers, buildings, yards. */
export const loader = apiRoute(async ({ context }: LoaderFunctionArgs) => {
  const { ctx } = await requireApi(context, { adminOnly: true });
  return Response.json(await adminSnapshot(ctx));
});
