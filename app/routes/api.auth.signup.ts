import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { roleFromFlags } from "#app/domain/users";
import { apiRoute } from "#app/http/answers.server";
import { readJson } from "#app/http/api.server";
import { requireApi } from "#app/http/guards.server";
import { createUser, publicUser } from "#app/services/users.server";
import type { StatementBudget } from "#app/http/route-methods";

export const statementBudget = { POST: 8 } satisfies StatementBudget;

/**
 * `POST /api/auth/signup` {alpha_code, email, driver_number, account_id, is_* flags}: adds a user
 * with a temporary password, returned once. A password in the body is ignored.
 */
export const action = apiRoute(async ({ request, context }: ActionFunctionArgs) => {
  const { ctx } = await requireApi(context);
  const body = (await readJson(request)) as Record<string, unknown>;
  const { user, temporaryPassword } = await createUser(ctx, {
    ...body,
    role: body.role ?? roleFromFlags(body),
    account_id: body.account_id ?? undefined,
  });
  return Response.json({ success: true, user: publicUser(user), temporary_password: temporaryPassword, errors: [] }, { status: 201 });
});
