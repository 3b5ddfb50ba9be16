import type { AppLoadContext } from "@remix-run/cloudflare";
import { PENDING_LOGIN_MINUTES, type LoginOutcome } from "../services/auth.server";
import type { SystemContext } from "../services/context.server";
import { csrfCookie } from "./csrf.server";
import { clearSessionCookie, sessionCookie } from "./guards.server";
import { newToken, readCookie } from "./session.server";

type SignedIn = Extract<LoginOutcome, { kind: "signed_in" }>;

/** The context of signing in and out: the request's database and event sink, and no actor yet. */
export function systemContext(context: AppLoadContext): SystemContext {
  return { db: context.db(), events: context.events };
}

/** The HttpOnly cookie that holds the sign-in dialog's ticket while it asks about the other session. */
const PENDING_LOGIN_COOKIE = "yardline_pending_login";

function pendingLoginCookie(request: Request, value: string, maxAge: number): string {
  const secure = new URL(request.url).protocol === "https:";
  return `${PENDING_LOGIN_COOKIE}=${value}; Path=/; HttpOnly; SameSite=Strict; Max-Age=${maxAge}${secure ? "; Secure" : ""}`;
}

/** Keeps the ticket of a login refused because the account is live elsewhere, for "Log Out Other Session". */
export function pendingLoginHeaders(request: Request, outcome: Extract<LoginOutcome, { kind: "active_elsewhere" }>): Headers {
  return new Headers({ "Set-Cookie": pendingLoginCookie(request, outcome.ticket, PENDING_LOGIN_MINUTES * 60) });
}

export function pendingLoginTicket(request: Request): string | null {
  return readCookie(request, PENDING_LOGIN_COOKIE);
}

/** What every successful login sets: the session and CSRF cookies (and the end of a pending ticket). */
export function signedInCookies(request: Request, outcome: SignedIn): Headers {
  const headers = new Headers();
  headers.append("Set-Cookie", sessionCookie(request, outcome.token));
  headers.append("Set-Cookie", csrfCookie(request, outcome.session.csrfSecret));
  headers.append("Set-Cookie", pendingLoginCookie(request, "", 0));
  return headers;
}

/** What logging out sets: no session cookie, and a fresh CSRF token for the signed-out pages. */
export function signedOutCookies(request: Request): Headers {
  const headers = new Headers();
  headers.append("Set-Cookie", clearSessionCookie(request));
  headers.append("Set-Cookie", csrfCookie(request, newToken()));
  return headers;
}
