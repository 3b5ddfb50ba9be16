import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireApi } from "#app/http/guards.server";
import { refreshSession } from "#app/services/auth.server";
import type { StatementBudget } from "#app/http/route-methods";

export const statementBudget = { POST: 5 } satisfies StatementBudget;

/** `POST /api/auth/refresh-session`: the user was active; the inactivity clock starts again. */
export async function action({ context }: ActionFunctionArgs) {
  const { ctx, session, timeoutHours } = await requireApi(context, { allowFirstLogin: true });
  const lastActivity = await refreshSession(ctx, session.id);
  return Response.json({
    success: true,
    last_activity: lastActivity?.toISOString() ?? null,
    timeout_hours: timeoutHours,
    errors: [],
  });
}
