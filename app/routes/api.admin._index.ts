import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { apiRoute } from "~/lib/answers.server";
import { requireApi } from "~/lib/guards.server";
import { adminSnapshot } from "~/services/companies.server";
import type { StatementBudget } from "~/lib/route-methods";

export const statementBudget = { GET: 8 } satisfies StatementBudget;

/** `GET /api/admin/` (admins): companies, accounts, users, trucks, trailers, buildings, yards. */
export const loader = apiRoute(async ({ context }: LoaderFunctionArgs) => {
  const { ctx } = await requireApi(context, { adminOnly: true });
  return Response.json(await adminSnapshot(ctx));
});
