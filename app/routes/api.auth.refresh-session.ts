import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { methodNotAllowed } from "~/lib/api.server";
import { requireApi } from "~/lib/guards.server";
import { refreshSession } from "~/services/auth.server";

/** `POST /api/auth/refresh-session`: the user was active; the inactivity clock starts again. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  const { ctx, session, timeoutHours } = await requireApi(context, { allowFirstLogin: true });
  const lastActivity = await refreshSession(ctx, session.id);
  return Response.json({
    success: true,
    last_activity: lastActivity?.toISOString() ?? null,
    timeout_hours: timeoutHours,
    errors: [],
  });
}

export function loader() {
  return methodNotAllowed();
}
