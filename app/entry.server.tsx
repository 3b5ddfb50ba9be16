import type { ActionFunctionArgs, AppLoadContext, EntryContext, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server";
import { isDatabaseUnavailable } from "#app/lib/db.server";
import { applySecurityHeaders } from "#app/lib/headers.server";

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const { nonce } = loadContext;
  const body = await renderToReadableStream(<RemixServer context={remixContext} url={request.url} nonce={nonce} />, {
    nonce,
    signal: request.signal,
    onError(error: unknown) {
      console.error(error);
      responseStatusCode = 500;
    },
  });
  if (isbot(request.headers.get("user-agent") || "")) {
    await body.allReady;
  }
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  applySecurityHeaders(request, responseHeaders, nonce);
  return new Response(body, { headers: responseHeaders, status: responseStatusCode });
}

/**
 * An error a loader or action threw. When the database could not serve (down, refusing
 * connections, a statement past its timeout), the request is marked so that the Worker answers
 * 503 with Retry-After instead of 500, and one line is logged instead of a stack.
 */
export function handleError(error: unknown, { request, context }: LoaderFunctionArgs | ActionFunctionArgs) {
  if (request.signal.aborted) return;
  if (isDatabaseUnavailable(error)) {
    context.databaseUnavailable = true;
    console.warn(
      `database unavailable: ${error instanceof Error ? (error.cause instanceof Error ? error.cause : error).message : String(error)}`,
    );
    return;
  }
  console.error(error);
}
