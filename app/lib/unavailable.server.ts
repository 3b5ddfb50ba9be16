/**
 * The answer when the database cannot serve a request (down, restarting, refusing connections,
 * a statement past its timeout): 503 with Retry-After and a message, for pages and API alike.
 */
export const DATABASE_UNAVAILABLE = "The database is busy or unavailable. Please try again shortly.";
export const RETRY_AFTER_SECONDS = 5;

const retryAfter = { "Retry-After": String(RETRY_AFTER_SECONDS) };

function isApi(request: Request): boolean {
  return new URL(request.url).pathname.startsWith("/api/");
}

/** Remix's data requests: single fetch (`/trailers/1.data`) and `?_data=`. */
export function isDataRequest(request: Request): boolean {
  const url = new URL(request.url);
  return url.pathname.endsWith(".data") || url.searchParams.has("_data");
}

/**
 * What a loader or action throws: `/api` answers `{ error, errors }`; a page's error boundary
 * shows `message` (as it shows a service's refusal).
 */
export function databaseUnavailable(request: Request): Response {
  const body = isApi(request) ? { error: DATABASE_UNAVAILABLE, errors: [DATABASE_UNAVAILABLE] } : { message: DATABASE_UNAVAILABLE };
  return Response.json(body, { status: 503, headers: retryAfter });
}

/** Whether a request is a browser's page request (not the API, not Remix's data): it gets a short page rather than JSON. */
export function wantsPage(request: Request): boolean {
  return !isApi(request) && !isDataRequest(request) && (request.headers.get("Accept") ?? "").includes("text/html");
}

/**
 * A short page the Worker answers by itself, outside Remix: the message and a link back (the same
 * address for a GET, else the page a form was posted from).
 */
export function shortPage(request: Request, status: number, message: string, headers: Record<string, string> = {}): Response {
  const url = new URL(request.url);
  // The URL parser has percent-encoded quotes and angle brackets already.
  const back = request.method === "GET" ? (url.pathname + url.search).replace(/&/g, "&amp;") : url.pathname;
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Yardline</title></head>
<body><main role="alert"><h1>${message}</h1><p><a href="${back}">Try again</a></p></main></body></html>`;
  return new Response(html, { status, headers: { ...headers, "Content-Type": "text/html; charset=utf-8" } });
}

/** The Worker's own answer, outside Remix: a short page for a browser's page request, else as above. */
export function databaseUnavailablePage(request: Request): Response {
  return wantsPage(request) ? shortPage(request, 503, DATABASE_UNAVAILABLE, retryAfter) : databaseUnavailable(request);
}
