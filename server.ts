import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
// The Remix server build; it exists after `npm run build`.
// @ts-ignore: build/server is generated
import * as build from "./build/server";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { CSRF_COOKIE, verifyCsrf } from "#app/lib/csrf.server";
import { isDatabaseUnavailable } from "#app/lib/db.server";
import { withEtag } from "#app/lib/etag.server";
import { applyResponseHeaders } from "#app/lib/headers.server";
import { afterSending } from "#app/lib/held-events.server";
import { refuseUnservedMethod } from "#app/http/methods.server";
import { handleRoomRequest } from "#app/lib/realtime.server";
import { withinBodyLimit } from "#app/lib/request-limits.server";
import { withStatementsTiming } from "#app/lib/server-timing.server";
import { databaseUnavailablePage, isDataRequest } from "#app/lib/unavailable.server";
import type { Env } from "#app/env";
import { getLoadContext } from "./load-context";

export { AccountRoom } from "#party/account-room";

const serverBuild = build as unknown as ServerBuild;
const handleRemixRequest = createRequestHandler(serverBuild);

/** The CSRF cookie to set when the page was given a token the browser does not hold yet. */
async function csrfCookieToSet(response: Response, context: AppLoadContext): Promise<string | null> {
  if (!context.csrfUsed()) return null;
  const { setCookie } = await context.csrf();
  const alreadySet = (response.headers.get("Set-Cookie") ?? "").includes(`${CSRF_COOKIE}=`);
  return setCookie && !alreadySet ? setCookie : null;
}

/**
 * A request that failed because the database could not serve answers 503 with Retry-After (a
 * page: a short page saying so; the API: `{error, errors}`), never 500. A data request keeps
 * Remix's body, which its page's error boundary reads.
 */
function unavailableInsteadOf(response: Response, request: Request): Response {
  if (isDataRequest(request)) return new Response(response.body, { status: 503, headers: response.headers });
  return databaseUnavailablePage(request);
}

/** The answer with the headers every answer carries (and the CSRF cookie when the page needs it). */
function answer(response: Response, setCookie: string | null = null): Response {
  const headers = new Headers(response.headers);
  if (setCookie) headers.append("Set-Cookie", setCookie);
  applyResponseHeaders(headers, response.status);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

function unexpected(error: unknown): Response {
  console.error(error);
  const message = "An unexpected error occurred. Please try again.";
  return Response.json({ error: message, errors: [message] }, { status: 500 });
}

async function roomRequest(request: Request, env: Env): Promise<Response> {
  try {
    return await handleRoomRequest(request, env);
  } catch (error) {
    // The socket's session could not be checked; the page's socket tries again by itself.
    return answer(isDatabaseUnavailable(error) ? databaseUnavailablePage(request) : unexpected(error));
  }
}

/** The Worker's answer to a request for a page, data or the API (everything but the rooms). */
async function respond(request: Request, context: AppLoadContext): Promise<Response> {
  try {
    const refused = refuseUnservedMethod(serverBuild, request) ?? (await verifyCsrf(request, context));
    if (refused) return answer(refused);
    const response = await handleRemixRequest(request, context);
    if (response.status === 500 && context.databaseUnavailable) return answer(unavailableInsteadOf(response, request));
    return answer(await withEtag(request, response), await csrfCookieToSet(response, context));
  } catch (error) {
    // The session the CSRF check needed could not be read: context.session() threw its 503.
    if ((error instanceof Response && error.status === 503) || isDatabaseUnavailable(error)) {
      return answer(databaseUnavailablePage(request));
    }
    return answer(unexpected(error));
  }
}

export default {
  async fetch(received: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
    if (new URL(received.url).pathname.startsWith("/parties/")) return roomRequest(received, env);
    const request = await withinBodyLimit(received);
    if (request instanceof Response) return answer(request);
    const { context, release } = getLoadContext(request, env, ctx);
    try {
      // The headers leave with the response: its count is of what ran before it was made.
      const response = withStatementsTiming(await respond(request, context), context.statements());
      // The realtime events of the request's writes leave once its answer has.
      if (context.events.holding()) return afterSending(response, () => context.events.release());
      context.events.release();
      return response;
    } finally {
      ctx.waitUntil(release());
    }
  },
} satisfies ExportedHandler<Env>;
