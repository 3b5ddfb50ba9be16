import { redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { MESSAGES } from "#app/domain/auth";
import { apiError } from "./api.server";
import { pageAccess } from "#app/domain/route-access";
import { actorOf, type ServiceContext } from "#app/services/context.server";
import { isHttps, setCookie } from "#app/lib/cookies.server";
import { SECURE_SESSION_COOKIE, SESSION_COOKIE, type SessionState } from "#app/lib/session.server";

type LiveSession = Extract<SessionState, { state: "live" }>;
/** A signed-in request: its session, its user, and the context its service calls take. */
export type SignedIn = LiveSession & { ctx: ServiceContext };

function signedIn(session: LiveSession, context: AppLoadContext): SignedIn {
  return { ...session, ctx: { db: context.db(), actor: actorOf(session.user), events: context.events } };
}

/** Where a signed-in user lands: admins on the admin dashboard, everyone else on the account dashboard. */
export function homeOf(user: { isAdmin: boolean }): string {
  return user.isAdmin ? "/admin/dashboard" : "/";
}

function loginRedirect(state: SessionState["state"]): string {
  if (state === "timed_out") return "/login?reason=timeout";
  if (state === "invalidated") return "/login?reason=invalidated";
  if (state === "deactivated") return "/login?reason=deactivated";
  return "/login";
}

/** The page a request is for; single-fetch data requests (`/trailers/1.data`, `/_root.data`) included. */
export function pagePath(request: Request): string {
  const pathname = new URL(request.url).pathname.replace(/\.data$/, "");
  if (pathname === "/_root") return "/";
  return pathname.length > 1 ? pathname.replace(/\/$/, "") : pathname;
}

/**
 * The guard of every page loader and action: signed-out visitors go to /login; a user who must
 * change the password sees only /change-password; the route table (app/domain/route-access.ts)
 * decides the rest.
 */
export async function requirePage(request: Request, context: AppLoadContext): Promise<SignedIn> {
  const session = await context.session();
  if (session.state !== "live") throw redirect(loginRedirect(session.state));
  const pathname = pagePath(request);
  if (session.user.firstLogin) {
    if (pathname !== "/change-password") throw redirect("/change-password");
    return signedIn(session, context);
  }
  const access = pageAccess(pathname, session.user);
  if (!access.allowed) throw redirect(access.redirectTo);
  return signedIn(session, context);
}

const SESSION_MESSAGES: Record<Exclude<SessionState["state"], "live">, string> = {
  timed_out: MESSAGES.sessionTimedOut,
  invalidated: MESSAGES.sessionInvalidated,
  deactivated: MESSAGES.accountDeactivated,
  ended: MESSAGES.notSignedIn,
  none: MESSAGES.notSignedIn,
};

/**
 * The guard of every /api endpoint: 401 with the session's message when not signed in, 403 when
 * the user must first change the password (unless the endpoint is part of that flow).
 */
export async function requireApi(
  context: AppLoadContext,
  options: { allowFirstLogin?: boolean; adminOnly?: boolean } = {},
): Promise<SignedIn> {
  const session = await context.session();
  if (session.state !== "live") throw apiError(401, SESSION_MESSAGES[session.state]);
  if (session.user.firstLogin && !options.allowFirstLogin) throw apiError(403, MESSAGES.mustChangePassword);
  if (options.adminOnly && !session.user.isAdmin) throw apiError(403, MESSAGES.adminOnly);
  return signedIn(session, context);
}

export function sessionMessage(state: SessionState["state"]): string | null {
  return state === "live" ? null : SESSION_MESSAGES[state];
}

/** Set-Cookie for a new session: HttpOnly, SameSite=Lax; Secure and `__Host-` on https. */
export function sessionCookie(request: Request, token: string): string {
  return setCookie(request, isHttps(request) ? SECURE_SESSION_COOKIE : SESSION_COOKIE, token);
}

export function clearSessionCookie(request: Request): string {
  return setCookie(request, isHttps(request) ? SECURE_SESSION_COOKIE : SESSION_COOKIE, "", { maxAge: 0 });
}
