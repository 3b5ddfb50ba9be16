import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { MESSAGES, SESSION_ID_HEADER } from "#app/domain/auth";
import { apiError } from "#app/http/api.server";
import { signedOutCookies, systemContext } from "#app/http/auth-responses.server";
import { logOut } from "#app/services/auth.server";
import type { StatementBudget } from "#app/http/route-methods";

export const statementBudget = { GET: 6 } satisfies StatementBudget;

/**
 * `GET /api/auth/logout` (the spec's call; also POST): ends the session. With the header
 * `X-Auto-Logout: true` the page is logging out on inactivity, and the session is recorded as timed out.
 */
async function logOutRequest({ request, context }: LoaderFunctionArgs | ActionFunctionArgs) {
  const reason = request.headers.get("X-Auto-Logout") === "true" ? "timeout" : "logout";
  await logOut(systemContext(context), await context.session(), reason);
  return Response.json({ success: true, errors: [] }, { headers: signedOutCookies(request) });
}

/**
 * A GET carries no CSRF token, so it must name the session it ends in `X-Session-Id`, as the
 * page's client does: a link or an image on another site cannot set a header, so it cannot sign
 * anyone out. (A session that is no longer live has nothing to end; its id is not checked.)
 */
export async function loader(args: LoaderFunctionArgs) {
  const named = args.request.headers.get(SESSION_ID_HEADER)?.trim() ?? "";
  const session = await args.context.session();
  const matches = session.state === "live" ? named === String(session.session.id) : /^\d{1,10}$/.test(named);
  if (!matches) return apiError(403, MESSAGES.logoutNeedsSession);
  return logOutRequest(args);
}

/** POST is checked like every other write: the CSRF token and the Origin. */
export const action = logOutRequest;
