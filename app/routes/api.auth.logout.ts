import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { signedOutCookies, systemContext } from "~/lib/auth-responses.server";
import { logOut } from "~/services/auth.server";

/**
 * `GET /api/auth/logout` (the spec's call; also POST): ends the session. With the header
 * `X-Auto-Logout: true` the page is logging out on inactivity, and the session is recorded as timed out.
 */
async function logOutRequest({ request, context }: LoaderFunctionArgs | ActionFunctionArgs) {
  const reason = request.headers.get("X-Auto-Logout") === "true" ? "timeout" : "logout";
  await logOut(systemContext(context), await context.session(), reason);
  return Response.json({ success: true, errors: [] }, { headers: signedOutCookies(request) });
}

export const loader = logOutRequest;
export const action = logOutRequest;
