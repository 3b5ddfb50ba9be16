import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { apiRoute } from "#app/http/answers.server";
import { readJson } from "#app/http/api.server";
import { requireApi } from "#app/http/guards.server";
import { changeOwnPassword, sessionUser } from "#app/services/auth.server";
import type { StatementBudget } from "#app/http/route-methods";

export const statementBudget = { POST: 6 } satisfies StatementBudget;

/**
 * `POST /api/auth/change-password` {current_password, password, confirm_password}: the current
 * password is needed unless this is the first-login change; the confirmation defaults to the password.
 */
export const action = apiRoute(async ({ request, context }: ActionFunctionArgs) => {
  const { ctx } = await requireApi(context, { allowFirstLogin: true });
  const body = (await readJson(request)) as Record<string, unknown>;
  const user = await changeOwnPassword(ctx, {
    current_password: body.current_password,
    password: body.password,
    confirm_password: body.confirm_password ?? body.password,
  });
  return Response.json({ success: true, user: sessionUser(user), errors: [] });
});
