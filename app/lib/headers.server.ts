import { isHttps } from "./cookies.server";
import { RETRY_AFTER_SECONDS } from "./unavailable.server";

/** Security headers of every HTML response. */
export function applySecurityHeaders(request: Request, headers: Headers, nonce: string): void {
  const https = isHttps(request);
  headers.set(
    "Content-Security-Policy",
    [
      "default-src 'self'",
      `script-src 'self' 'nonce-${nonce}'`,
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob:",
      "font-src 'self'",
      "connect-src 'self'",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "frame-ancestors 'none'",
    ].join("; "),
  );
  headers.set("Referrer-Policy", "same-origin");
  headers.set("X-Frame-Options", "DENY");
  if (https) headers.set("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
}

/**
 * Headers of every answer the Worker gives: pages, Remix data requests, `/api` JSON and the
 * Worker's own refusals (static files are served before the Worker runs). Each holds one user's
 * live data (a signup answer even holds a temporary password), so no shared cache keeps it, and
 * no browser second-guesses its Content-Type. An answer with an ETag (what a page polls:
 * withEtag) is kept by the user's own browser only to be asked about again (`If-None-Match`),
 * never reused unasked; every other answer is kept nowhere. A 503 says when to come back.
 */
export function applyResponseHeaders(headers: Headers, status: number): void {
  headers.set("Cache-Control", headers.has("ETag") && (status === 200 || status === 304) ? "private, no-cache" : "no-store");
  headers.set("X-Content-Type-Options", "nosniff");
  if (status === 503 && !headers.has("Retry-After")) headers.set("Retry-After", String(RETRY_AFTER_SECONDS));
}
