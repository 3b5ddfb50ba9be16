/**
 * The app's cookies, read and written in one place. Every cookie is written the same way:
 * `Path=/`, `HttpOnly` unless the page's scripts must read it, `SameSite=Lax` unless asked for
 * `Strict`, `Max-Age` when it should not last the browser's session, and `Secure` on https.
 */

/** Whether the request came over https: its cookies are then Secure (and the session's `__Host-` prefixed). */
export function isHttps(request: Request): boolean {
  return new URL(request.url).protocol === "https:";
}

/** A cookie's value; a missing one, or one the browser garbled, is none. */
export function readCookie(request: Request, name: string): string | null {
  const header = request.headers.get("Cookie");
  if (!header) return null;
  for (const part of header.split(";")) {
    const index = part.indexOf("=");
    if (index < 0 || part.slice(0, index).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(index + 1).trim());
    } catch {
      return null;
    }
  }
  return null;
}

export interface CookieOptions {
  /** Seconds it lasts; 0 removes it; none: until the browser closes. */
  maxAge?: number;
  sameSite?: "Lax" | "Strict";
  /** Whether the page's scripts may read it (the CSRF token's double submit). */
  readableByScripts?: boolean;
}

/** A `Set-Cookie` value for `name`, as the app writes every cookie. */
export function setCookie(request: Request, name: string, value: string, options: CookieOptions = {}): string {
  return [
    `${name}=${value}`,
    "Path=/",
    ...(options.readableByScripts ? [] : ["HttpOnly"]),
    `SameSite=${options.sameSite ?? "Lax"}`,
    ...(options.maxAge === undefined ? [] : [`Max-Age=${options.maxAge}`]),
    ...(isHttps(request) ? ["Secure"] : []),
  ].join("; ");
}
