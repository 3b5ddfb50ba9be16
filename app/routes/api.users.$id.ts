import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { roleFromFlags } from "#app/domain/users";
import { apiRoute } from "#app/http/answers.server";
import { readJson } from "#app/http/api.server";
import { requireApi } from "#app/http/guards.server";
import { deactivateUser, getVisibleUser, publicUser, updateUser } from "#app/services/users.server";
import { serves, type StatementBudget } from "#app/http/route-methods";

export const statementBudget = { GET: 2 } satisfies StatementBudget;

/** `GET /api/users/{id}`: a user the caller may see, else 404 "User not found". */
export const loader = apiRoute(async ({ params, context }: LoaderFunctionArgs) => {
  const { ctx } = await requireApi(context);
  return Response.json({ user: publicUser(await getVisibleUser(ctx, Number(params.id))) });
});

/**
 * `PUT /api/users/{id}` updates (the Edit User rule: an admin or super manager, on itself or a
 * lower rank); `DELETE /api/users/{id}` deactivates and ends the user's sessions.
 */
export const action = apiRoute(async ({ request, params, context }: ActionFunctionArgs) => {
  const { ctx } = await requireApi(context);
  const id = Number(params.id);
  if (request.method === "DELETE") return Response.json({ user: publicUser(await deactivateUser(ctx, id)) });
  const body = (await readJson(request)) as Record<string, unknown>;
  const input = { ...body, role: body.role ?? roleFromFlags(body), confirm_password: body.confirm_password ?? body.password };
  return Response.json({ user: publicUser(await updateUser(ctx, id, input)) });
});

export const handle = serves("GET", "PUT", "DELETE");
