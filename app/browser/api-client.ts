/**
 * The browser's way to call the JSON API: cookies included, the CSRF token from the `csrf_token`
 * cookie in `X-CSRF-Token` (fetched first when missing), and up to 3 retries when the server
 * answers 403 about the CSRF token.
 */
const CSRF_RETRIES = 3;

/** The CSRF token the latest response set in the `csrf_token` cookie. */
export function csrfFromCookie(): string | null {
  const match = document.cookie.match(/(?:^|;\s*)csrf_token=([^;]+)/);
  return match ? decodeURIComponent(match[1]) : null;
}

async function restoreCsrf(): Promise<string | null> {
  const response = await fetch("/api/csrf/restore", { credentials: "same-origin" });
  if (!response.ok) return null;
  const body = (await response.json()) as { csrf_token?: string };
  return body.csrf_token ?? csrfFromCookie();
}

export async function apiFetch(path: string, init: RequestInit = {}): Promise<Response> {
  const method = (init.method ?? "GET").toUpperCase();
  const headers = new Headers(init.headers);
  if (init.body && !headers.has("Content-Type")) headers.set("Content-Type", "application/json");
  if (method === "GET" || method === "HEAD") return fetch(path, { ...init, headers, credentials: "same-origin" });

  let token = csrfFromCookie() ?? (await restoreCsrf());
  for (let attempt = 0; ; attempt++) {
    if (token) headers.set("X-CSRF-Token", token);
    const response = await fetch(path, { ...init, method, headers, credentials: "same-origin" });
    if (response.status !== 403 || attempt >= CSRF_RETRIES) return response;
    const text = await response.clone().text();
    if (!/csrf|token/i.test(text)) return response;
    token = await restoreCsrf();
  }
}
