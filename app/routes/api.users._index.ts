import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { ROLES, type Role } from "#app/domain/roles";
import { apiRoute } from "#app/http/answers.server";
import { listPage } from "#app/http/api.server";
import { requireApi } from "#app/http/guards.server";
import { listUsers } from "#app/services/users.server";
import type { StatementBudget } from "#app/http/route-methods";

export const statementBudget = { GET: 3 } satisfies StatementBudget;

/**
 * `GET /api/users/`: the users the caller may see (own account; admins any account with
 * `account_id`, or everyone). Optional `role`, `status` (active|inactive), `q`, `page`, `page_size`.
 * The spec's plain list, paged by `Link` and `X-Total-Count`; `envelope=1` gives `{users, total, page, page_size}`.
 */
export const loader = apiRoute(async ({ request, context }: LoaderFunctionArgs) => {
  const { ctx } = await requireApi(context);
  const params = new URL(request.url).searchParams;
  const role = params.get("role");
  const status = params.get("status");
  const result = await listUsers(ctx, {
    account: params.get("account_id"),
    role: ROLES.includes(role as Role) ? (role as Role) : undefined,
    status: status === "active" || status === "inactive" ? status : undefined,
    search: params.get("q") ?? undefined,
    page: Number(params.get("page")) || 1,
    pageSize: Number(params.get("page_size")) || 50,
  });
  return listPage(request, "users", result.users, result);
});
