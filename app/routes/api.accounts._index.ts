import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { apiRoute } from "#app/http/answers.server";
import { readJson } from "#app/http/api.server";
import { requireApi } from "#app/http/guards.server";
import { createAccount, listAccounts } from "#app/services/accounts.server";
import type { StatementBudget } from "#app/http/route-methods";

export const statementBudget = { GET: 2 } satisfies StatementBudget;

/** `GET /api/accounts/` (admins: every account, or one company's with `?company_id=`; others their own). */
export const loader = apiRoute(async ({ request, context }: LoaderFunctionArgs) => {
  const { ctx } = await requireApi(context);
  const companyId = new URL(request.url).searchParams.get("company_id");
  return Response.json(await listAccounts(ctx, companyId ? Number(companyId) : undefined));
});

/** `POST /api/accounts/` {account_name, location, yard_count, building_count, company_id} (admins). */
export const action = apiRoute(async ({ request, context }: ActionFunctionArgs) => {
  const { ctx } = await requireApi(context);
  return Response.json(await createAccount(ctx, await readJson(request)), { status: 201 });
});
