import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { apiError, methodNotAllowed, readJson } from "~/lib/api.server";
import { requireApi } from "~/lib/guards.server";
import { changeOwnPassword, sessionUser } from "~/services/auth.server";

/** `POST /api/auth/change-password` {password, confirm_password}. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  const { user } = await requireApi(context, { allowFirstLogin: true });
  const body = (await readJson(request)) as Record<string, unknown>;
  const outcome = await changeOwnPassword(context.db(), user, {
    password: body.password,
    confirm_password: body.confirm_password ?? body.password,
  });
  if (!outcome.ok) return apiError(400, outcome.errors);
  return Response.json({ success: true, user: sessionUser(outcome.user), errors: [] });
}

export function loader() {
  return methodNotAllowed();
}
