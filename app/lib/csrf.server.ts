import type { AppLoadContext } from "@remix-run/cloudflare";
import { MESSAGES } from "#app/domain/auth";
import { BODY_LIMIT_BYTES, declaredLength, readBounded } from "./request-limits.server";
import { readCookie, setCookie } from "./cookies.server";
import { newToken } from "./session.server";

/**
 * CSRF protection. The token is bound to the session (its `csrf_secret`); before sign-in it is
 * the random value of the `csrf_token` cookie (double submit). Scripts read the cookie and send
 * it as `X-CSRF-Token`; Remix forms carry it in the hidden field `csrf`. Every non-GET request
 * must present it, and a request whose Origin names another site is refused.
 */
export const CSRF_COOKIE = "csrf_token";
export const CSRF_HEADER = "X-CSRF-Token";
export const CSRF_FIELD = "csrf";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function csrfCookie(request: Request, token: string): string {
  return setCookie(request, CSRF_COOKIE, token, { readableByScripts: true });
}

/** The token pages and scripts must send, and the cookie to set when the browser lacks it. */
export async function csrfTokenFor(request: Request, context: AppLoadContext): Promise<{ token: string; setCookie: string | null }> {
  const current = readCookie(request, CSRF_COOKIE);
  const session = await context.session();
  const token = session.state === "live" ? session.session.csrfSecret : current || newToken();
  return { token, setCookie: token === current ? null : csrfCookie(request, token) };
}

function jsonError(status: number, error: string): Response {
  return Response.json({ error, errors: [error] }, { status });
}

/** How much of a large multipart body is read to find the csrf field, which a form sends first. */
const FIRST_PART_BYTES = 16 * 1024;

/**
 * The value of a multipart body's first part when that part is the field `name`, read from at
 * most FIRST_PART_BYTES of the body's start; null otherwise. Nothing else of the body is read.
 */
export async function firstPartField(body: ReadableStream<Uint8Array> | null, contentType: string, name: string): Promise<string | null> {
  const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  if (!body || !boundary) return null;
  const delimiter = `--${boundary[1] ?? boundary[2]}`;
  const reader = body.getReader();
  let text = "";
  try {
    while (text.length < FIRST_PART_BYTES && text.indexOf(`\r\n${delimiter}`, delimiter.length) < 0) {
      const { done, value } = await reader.read();
      if (done) break;
      text += String.fromCharCode(...value.subarray(0, FIRST_PART_BYTES - text.length));
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  if (!text.startsWith(`${delimiter}\r\n`)) return null;
  const headersEnd = text.indexOf("\r\n\r\n");
  const valueEnd = text.indexOf(`\r\n${delimiter}`, delimiter.length);
  if (headersEnd < 0 || valueEnd < headersEnd) return null;
  const disposition = /^content-disposition:\s*form-data;\s*name="([^"]*)"\s*$/im.exec(text.slice(delimiter.length + 2, headersEnd));
  return disposition?.[1] === name ? text.slice(headersEnd + 4, valueEnd) : null;
}

/**
 * The token the request presents: the header when there is one (scripts, the page's API client);
 * else the hidden form field of a form post. A body within the form cap is read from a copy; of a
 * longer one (an upload, on a path with a larger cap) only the first part is read, where the
 * upload form puts its csrf field: nothing larger is buffered or parsed before the request is
 * known to be authorised.
 */
async function presentedToken(request: Request): Promise<string | null> {
  const header = request.headers.get(CSRF_HEADER);
  if (header) return header;
  const type = request.headers.get("Content-Type") ?? "";
  if (!type.includes("application/x-www-form-urlencoded") && !type.includes("multipart/form-data")) return null;
  const declared = declaredLength(request);
  if (declared === null || declared > BODY_LIMIT_BYTES) {
    return type.includes("multipart/form-data") ? firstPartField(request.clone().body, type, CSRF_FIELD) : null;
  }
  const bytes = await readBounded(request.clone().body, BODY_LIMIT_BYTES);
  if (!bytes) return null;
  try {
    const value = (await new Response(bytes, { headers: { "Content-Type": type } }).formData()).get(CSRF_FIELD);
    return typeof value === "string" ? value : null;
  } catch {
    return null;
  }
}

function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}

/** null when the request may go on; otherwise the 403 to answer. */
export async function verifyCsrf(request: Request, context: AppLoadContext): Promise<Response | null> {
  if (SAFE_METHODS.has(request.method)) return null;
  const origin = request.headers.get("Origin");
  const ownOrigin = new URL(request.url).origin;
  if ((origin && origin !== "null" && origin !== ownOrigin) || request.headers.get("Sec-Fetch-Site") === "cross-site") {
    return jsonError(403, MESSAGES.crossOrigin);
  }
  const presented = await presentedToken(request);
  if (!presented) return jsonError(403, MESSAGES.csrf);
  const session = await context.session();
  const expected = session.state === "live" ? session.session.csrfSecret : readCookie(request, CSRF_COOKIE);
  if (!expected || !constantTimeEqual(presented, expected)) return jsonError(403, MESSAGES.csrf);
  return null;
}
