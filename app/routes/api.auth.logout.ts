import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { csrfCookie } from "~/lib/csrf.server";
import { clearSessionCookie } from "~/lib/guards.server";
import { closeSessionSockets } from "~/lib/realtime.server";
import { newToken } from "~/lib/session.server";
import { endSession } from "~/services/auth.server";

/**
 * `GET /api/auth/logout` (the spec's call; also POST): ends the session. With the header
 * `X-Auto-Logout: true` the page is logging out on inactivity, and the session is recorded as timed out.
 */
async function logOut({ request, context }: LoaderFunctionArgs | ActionFunctionArgs) {
  const session = await context.session();
  const headers = new Headers();
  headers.append("Set-Cookie", clearSessionCookie(request));
  headers.append("Set-Cookie", csrfCookie(request, newToken()));
  if (session.state === "live") {
    const reason = request.headers.get("X-Auto-Logout") === "true" ? "timeout" : "logout";
    await endSession(context.db(), session.session.id, reason);
    context.cloudflare.ctx.waitUntil(
      closeSessionSockets(context.cloudflare.env, session.session.id, session.user, reason).catch(() => {}),
    );
  }
  return Response.json({ success: true, errors: [] }, { headers });
}

export const loader = logOut;
export const action = logOut;
