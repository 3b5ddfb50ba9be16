import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { apiRoute } from "~/lib/answers.server";
import { requireApi } from "~/lib/guards.server";
import { seedTestCompany } from "~/services/companies.server";
import type { StatementBudget } from "~/lib/route-methods";

export const statementBudget = { POST: 6 } satisfies StatementBudget;

/** `POST /api/companies/seed-test` (admins): a test company with one account. */
export const action = apiRoute(async ({ context }: ActionFunctionArgs) => {
  const { ctx } = await requireApi(context);
  return Response.json(await seedTestCompany(ctx), { status: 201 });
});
