import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { methodNotAllowed } from "~/lib/api.server";
import { requireApi } from "~/lib/guards.server";
import { answerServiceErrors } from "~/services/errors.server";
import { publicUser, reactivateUser } from "~/services/users.server";

/** `PUT /api/users/{id}/reactivate` (admins only). */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "PUT") return methodNotAllowed();
  const { actor } = await requireApi(context);
  return answerServiceErrors(async () => {
    const user = await reactivateUser(context.db(), actor, Number(params.id));
    return Response.json({ user: publicUser(user) });
  });
}

export function loader() {
  return methodNotAllowed();
}
