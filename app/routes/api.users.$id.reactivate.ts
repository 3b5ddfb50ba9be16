import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { apiRoute } from "#app/http/answers.server";
import { requireApi } from "#app/http/guards.server";
import { publicUser, reactivateUser } from "#app/services/users.server";
import { serves, type StatementBudget } from "#app/http/route-methods";

export const statementBudget = { PUT: 6 } satisfies StatementBudget;

/** `PUT /api/users/{id}/reactivate` (admins only). */
export const action = apiRoute(async ({ params, context }: ActionFunctionArgs) => {
  const { ctx } = await requireApi(context);
  return Response.json({ user: publicUser(await reactivateUser(ctx, Number(params.id))) });
});

export const handle = serves("PUT");
