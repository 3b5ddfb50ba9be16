import type { AppLoadContext } from "@remix-run/cloudflare";
import { PENDING_LOGIN_MINUTES, type ClientInfo, type LoginOutcome } from "#app/services/auth.server";
import type { SystemContext } from "#app/services/context.server";
import { csrfCookie } from "#app/lib/csrf.server";
import { clearSessionCookie, sessionCookie } from "./guards.server";
import { readCookie, setCookie } from "#app/lib/cookies.server";
import { newToken } from "#app/lib/session.server";

type SignedIn = Extract<LoginOutcome, { kind: "signed_in" }>;

/** The context of signing in and out: the request's database and event sink, and no actor yet. */
export function systemContext(context: AppLoadContext): SystemContext {
  return { db: context.db(), events: context.events };
}

/**
 * Who is signing in. The address is the `CF-Connecting-IP` header: trusted (and then used to
 * throttle sign-ins per client) only when the app is configured to sit behind Cloudflare
 * (`TRUST_CF_CONNECTING_IP=1`), which sets that header itself; anywhere else any client could
 * write it, so it is only shown with the session.
 */
export function clientOf(request: Request, context: AppLoadContext): ClientInfo {
  const reported = request.headers.get("CF-Connecting-IP")?.trim() || null;
  const forwarded = request.headers.get("X-Forwarded-For")?.split(",")[0]?.trim() || null;
  return {
    userAgent: request.headers.get("User-Agent"),
    ipAddress: reported ?? forwarded ?? "127.0.0.1",
    addressTrusted: context.cloudflare.env.TRUST_CF_CONNECTING_IP === "1" && reported !== null,
    device: readCookie(request, DEVICE_COOKIE),
  };
}

/** The HttpOnly cookie that marks a browser the user signed in from (sign-in throttling counts its tries apart). */
const DEVICE_COOKIE = "yardline_device";
const DEVICE_COOKIE_DAYS = 365;

function deviceCookie(request: Request, value: string): string {
  return setCookie(request, DEVICE_COOKIE, value, { maxAge: DEVICE_COOKIE_DAYS * 86_400 });
}

/** The HttpOnly cookie that holds the sign-in dialog's ticket while it asks about the other session. */
const PENDING_LOGIN_COOKIE = "yardline_pending_login";

function pendingLoginCookie(request: Request, value: string, maxAge: number): string {
  return setCookie(request, PENDING_LOGIN_COOKIE, value, { maxAge, sameSite: "Strict" });
}

/** Keeps the ticket of a login refused because the account is live elsewhere, for "Log Out Other Session". */
export function pendingLoginHeaders(request: Request, outcome: Extract<LoginOutcome, { kind: "active_elsewhere" }>): Headers {
  return new Headers({ "Set-Cookie": pendingLoginCookie(request, outcome.ticket, PENDING_LOGIN_MINUTES * 60) });
}

export function pendingLoginTicket(request: Request): string | null {
  return readCookie(request, PENDING_LOGIN_COOKIE);
}

/** What every successful login sets: the session, CSRF and device cookies (and the end of a pending ticket). */
export function signedInCookies(request: Request, outcome: SignedIn): Headers {
  const headers = new Headers();
  headers.append("Set-Cookie", sessionCookie(request, outcome.token));
  headers.append("Set-Cookie", csrfCookie(request, outcome.session.csrfSecret));
  headers.append("Set-Cookie", pendingLoginCookie(request, "", 0));
  headers.append("Set-Cookie", deviceCookie(request, outcome.device));
  return headers;
}

/** What logging out sets: no session cookie, and a fresh CSRF token for the signed-out pages. */
export function signedOutCookies(request: Request): Headers {
  const headers = new Headers();
  headers.append("Set-Cookie", clearSessionCookie(request));
  headers.append("Set-Cookie", csrfCookie(request, newToken()));
  return headers;
}
