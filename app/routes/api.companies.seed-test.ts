import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { apiRoute } from "#app/http/answers.server";
import { requireApi } from "#app/http/guards.server";
import { seedTestCompany } from "#app/services/companies.server";
import type { StatementBudget } from "#app/http/route-methods";

export const statementBudget = { POST: 6 } satisfies StatementBudget;

/** `POST /api/companies/seed-test` (admins): a test company with one account. */
export const action = apiRoute(async ({ context }: ActionFunctionArgs) => {
  const { ctx } = await requireApi(context);
  return Response.json(await seedTestCompany(ctx), { status: 201 });
});
