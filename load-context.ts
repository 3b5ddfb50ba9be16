import type { AppLoadContext } from "@remix-run/cloudflare";
import { csrfTokenFor } from "#app/lib/csrf.server";
import { requestedFault } from "#app/lib/faults.server";
import { isDatabaseUnavailable, openDatabase, type Database, type OpenDatabase } from "#app/lib/db.server";
import type { RequestEvents } from "#app/lib/held-events.server";
import { roomEvents } from "#app/lib/realtime.server";
import { readSessionToken, resolveSession, type SessionState } from "#app/lib/session.server";
import { databaseUnavailable } from "#app/lib/unavailable.server";
import type { Env } from "#app/env";

declare module "@remix-run/cloudflare" {
  interface AppLoadContext {
    cloudflare: { env: Env; ctx: ExecutionContext };
    /** The request's database, opened on first use and closed after the response. */
    db(): Database;
    /** How many statements the request's database has been sent so far (0 when it was never opened). */
    statements(): number;
    /** Where the request's committed writes send their realtime events and socket closes (sent once the response is). */
    events: RequestEvents;
    /** The state of the request's session cookie, resolved once per request. */
    session(): Promise<SessionState>;
    /** The CSRF token this request's page must send back, resolved once per request. */
    csrf(): Promise<{ token: string; setCookie: string | null }>;
    /** Whether csrf() was asked for (then the response sets its cookie when needed). */
    csrfUsed(): boolean;
    /** Nonce of this response's Content-Security-Policy, for Remix's inline scripts. */
    nonce: string;
    /** Set when a loader or action failed because the database could not serve: the Worker answers 503, not 500. */
    databaseUnavailable: boolean;
  }
}

/** Builds the per-request context, and the function that releases what the request opened. */
export function getLoadContext(request: Request, env: Env, ctx: ExecutionContext): { context: AppLoadContext; release(): Promise<void> } {
  let opened: OpenDatabase | undefined;
  let session: Promise<SessionState> | undefined;
  let csrf: Promise<{ token: string; setCookie: string | null }> | undefined;
  const context: AppLoadContext = {
    cloudflare: { env, ctx },
    db() {
      opened ??= openDatabase({
        DATABASE_URL: env.DATABASE_URL,
        DB_DRIVER: env.DB_DRIVER,
        HYPERDRIVE: env.HYPERDRIVE,
        // The end-to-end server's requests may make their writes fail; anywhere else this is null.
        fault: requestedFault(request, env),
      });
      return opened.db;
    },
    statements: () => opened?.statements() ?? 0,
    events: roomEvents(env, ctx),
    session() {
      // The session is the first thing nearly every request reads: when the database cannot
      // answer, the page's error boundary or the API answers 503 with the reason.
      // Each caller gets its own 503 (a Response's body can be read once; the root's and the page's loaders both throw it).
      session ??= resolveSession(context.db(), readSessionToken(request));
      return session.catch((error: unknown) => {
        throw isDatabaseUnavailable(error) ? databaseUnavailable(request) : error;
      });
    },
    csrf() {
      csrf ??= csrfTokenFor(request, context);
      return csrf;
    },
    csrfUsed: () => csrf !== undefined,
    nonce: btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16)))),
    databaseUnavailable: false,
  };
  return { context, release: async () => opened?.close() };
}
