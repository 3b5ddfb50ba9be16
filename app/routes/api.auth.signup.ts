import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { methodNotAllowed, readJson } from "~/lib/api.server";
import { requireApi } from "~/lib/guards.server";
import { roleFromFlags } from "~/domain/users";
import { answerServiceErrors } from "~/services/errors.server";
import { createUser, publicUser } from "~/services/users.server";

/**
 * `POST /api/auth/signup` {alpha_code, email, driver_number, account_id, is_* flags}: adds a user
 * with a temporary password, returned once. A password in the body is ignored.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  const { actor } = await requireApi(context);
  const body = (await readJson(request)) as Record<string, unknown>;
  return answerServiceErrors(async () => {
    const { user, temporaryPassword } = await createUser(context.db(), actor, {
      ...body,
      role: body.role ?? roleFromFlags(body),
      account_id: body.account_id ?? undefined,
    });
    return Response.json({ success: true, user: publicUser(user), temporary_password: temporaryPassword, errors: [] }, { status: 201 });
  });
}

export function loader() {
  return methodNotAllowed();
}
