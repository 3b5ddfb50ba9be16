import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApi } from "~/lib/guards.server";
import { ROLES, type Role } from "~/domain/roles";
import { listUsers } from "~/services/users.server";
import { methodNotAllowed } from "~/lib/api.server";

/**
 * `GET /api/users/`: the users the caller may see (own account; admins any account with
 * `account_id`, or everyone). Optional `role`, `status` (active|inactive), `q`, `page`, `page_size`.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { actor } = await requireApi(context);
  const params = new URL(request.url).searchParams;
  const accountId = params.get("account_id");
  const role = params.get("role");
  const status = params.get("status");
  const result = await listUsers(context.db(), actor, {
    accountId: accountId && /^\d+$/.test(accountId) ? Number(accountId) : undefined,
    role: ROLES.includes(role as Role) ? (role as Role) : undefined,
    status: status === "active" || status === "inactive" ? status : undefined,
    search: params.get("q") ?? undefined,
    page: Number(params.get("page")) || 1,
    pageSize: Number(params.get("page_size")) || 50,
  });
  return Response.json(result);
}

export function action() {
  return methodNotAllowed();
}
