import { isDataRequest } from "./unavailable.server";

/** The largest answer given an ETag: bigger ones (none of the polled ones) go out as they are. */
export const ETAG_MAX_BYTES = 2 * 1024 * 1024;

/**
 * Whether an answer is one a page polls: a GET of a page's data (`.data`) or of the JSON API
 * that succeeded. Those are given an ETag, so a poll that finds nothing changed costs a 304.
 */
export function isPolledAnswer(request: Request, response: Response): boolean {
  if (request.method !== "GET" || response.status !== 200 || !response.body) return false;
  const api = new URL(request.url).pathname.startsWith("/api/");
  const type = response.headers.get("Content-Type") ?? "";
  if (api) return type.startsWith("application/json");
  return isDataRequest(request);
}

function sameTag(ifNoneMatch: string | null, tag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(",").some((candidate) => candidate.trim().replace(/^W\//, "") === tag);
}

async function tagOf(bytes: ArrayBuffer): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  let hex = "";
  for (const byte of digest.subarray(0, 16)) hex += byte.toString(16).padStart(2, "0");
  return `"${hex}"`;
}

/**
 * A polled answer with its ETag (a digest of its body), or 304 Not Modified without a body when
 * the browser already holds that body (`If-None-Match`). The browser's cache keeps the body for
 * the next conditional request (`Cache-Control: private, no-cache`, set by applyResponseHeaders),
 * so a poll that finds nothing new moves no data and re-renders nothing. The server still answers
 * for the requester: a 304 only confirms that what this session would receive is what it holds.
 */
export async function withEtag(request: Request, response: Response): Promise<Response> {
  if (!isPolledAnswer(request, response)) return response;
  const declared = Number(response.headers.get("Content-Length") ?? "0");
  if (declared > ETAG_MAX_BYTES) return response;
  const bytes = await response.arrayBuffer();
  const headers = new Headers(response.headers);
  if (bytes.byteLength > ETAG_MAX_BYTES) return new Response(bytes, { status: response.status, headers });
  const tag = await tagOf(bytes);
  headers.set("ETag", tag);
  if (sameTag(request.headers.get("If-None-Match"), tag)) {
    headers.delete("Content-Length");
    headers.delete("Content-Type");
    return new Response(null, { status: 304, headers });
  }
  return new Response(bytes, { status: response.status, statusText: response.statusText, headers });
}
