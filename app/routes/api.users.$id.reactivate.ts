import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { apiRoute } from "~/lib/answers.server";
import { methodNotAllowed } from "~/lib/api.server";
import { requireApi } from "~/lib/guards.server";
import { publicUser, reactivateUser } from "~/services/users.server";

/** `PUT /api/users/{id}/reactivate` (admins only). */
export const action = apiRoute(async ({ request, params, context }: ActionFunctionArgs) => {
  if (request.method !== "PUT") return methodNotAllowed();
  const { ctx } = await requireApi(context);
  return Response.json({ user: publicUser(await reactivateUser(ctx, Number(params.id))) });
});

export function loader() {
  return methodNotAllowed();
}
