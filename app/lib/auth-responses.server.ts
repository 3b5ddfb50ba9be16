import type { AppLoadContext } from "@remix-run/cloudflare";
import { csrfCookie } from "./csrf.server";
import { sessionCookie } from "./guards.server";
import { closeSessionSockets } from "./realtime.server";
import type { LoginOutcome } from "../services/auth.server";

type SignedIn = Extract<LoginOutcome, { kind: "signed_in" }>;

/**
 * What every successful login does besides answering: set the session and CSRF cookies, and
 * close the sockets of the session it replaced (that page then shows the invalidated dialog).
 */
export function signedInCookies(request: Request, outcome: SignedIn): Headers {
  const headers = new Headers();
  headers.append("Set-Cookie", sessionCookie(request, outcome.token));
  headers.append("Set-Cookie", csrfCookie(request, outcome.session.csrfSecret));
  return headers;
}

export function closeReplacedSession(context: AppLoadContext, outcome: SignedIn): void {
  if (!outcome.replacedSession) return;
  context.cloudflare.ctx.waitUntil(
    closeSessionSockets(context.cloudflare.env, outcome.replacedSession.id, outcome.user, "replaced").catch((error) =>
      console.error("closing replaced session sockets", error),
    ),
  );
}
