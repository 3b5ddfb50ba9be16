import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { apiRoute } from "~/lib/answers.server";
import { methodNotAllowed, readJson } from "~/lib/api.server";
import { requireApi } from "~/lib/guards.server";
import { changeOwnPassword, sessionUser } from "~/services/auth.server";

/** `POST /api/auth/change-password` {password, confirm_password}. */
export const action = apiRoute(async ({ request, context }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed();
  const { ctx } = await requireApi(context, { allowFirstLogin: true });
  const body = (await readJson(request)) as Record<string, unknown>;
  const user = await changeOwnPassword(ctx, { password: body.password, confirm_password: body.confirm_password ?? body.password });
  return Response.json({ success: true, user: sessionUser(user), errors: [] });
});

export function loader() {
  return methodNotAllowed();
}
