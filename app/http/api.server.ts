import { LIMITS } from "#app/domain/limits";
import { BODY_LIMIT_BYTES, bodyTooLarge, declaredLength, readBounded } from "#app/lib/request-limits.server";

/**
 * Shapes of the JSON API: errors always as `{ error, errors }` with a 4xx status, and `field`
 * when the refusal is about one field of the request.
 */
export function apiError(status: number, errors: string | string[], headers?: HeadersInit, field?: string): Response {
  const list = Array.isArray(errors) ? errors : [errors];
  return Response.json({ error: list[0], errors: list, ...(field ? { field } : {}) }, { status, headers });
}

export const INVALID_JSON = "The request body must be JSON";
export const NOT_AN_OBJECT = "The request body must be a JSON object";

/**
 * The JSON body of a request, or a 400 thrown when it is not JSON or not an object (`null`, a
 * list, a number: every endpoint takes named fields). An empty body is `{}`. A body over the JSON
 * cap is a 413, refused by its length before it is read, else as soon as the cap is passed.
 */
export async function readJson(request: Request): Promise<Record<string, unknown>> {
  const declared = declaredLength(request);
  const bytes = declared !== null && declared > BODY_LIMIT_BYTES ? null : await readBounded(request.body, BODY_LIMIT_BYTES);
  if (!bytes) throw bodyTooLarge(BODY_LIMIT_BYTES);
  const text = new TextDecoder().decode(bytes);
  if (!text.trim()) return {};
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw apiError(400, INVALID_JSON);
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) throw apiError(400, NOT_AN_OBJECT);
  return body as Record<string, unknown>;
}

/** 405 for a method the route does not serve, naming the ones it does (`Allow`). */
export function methodNotAllowed(allowed: string[]): Response {
  return apiError(405, "Method not allowed", { Allow: allowed.join(", ") });
}

/** What every list endpoint reads from its query: the account asked for, location, search (`q`) and paging. */
export function listParams(params: URLSearchParams) {
  return {
    account: params.get("account_id"),
    location: params.get("location") ?? undefined,
    search: params.get("q")?.slice(0, LIMITS.search) ?? undefined,
    page: Number(params.get("page")) || 1,
    pageSize: Number(params.get("page_size")) || 50,
  };
}

/** A page of a list as the API answers it: the items under their name, with the total and the page. */
export function listPage(name: string, items: unknown[], list: { total: number; page: number; pageSize: number }): Response {
  return Response.json({ [name]: items, total: list.total, page: list.page, page_size: list.pageSize });
}
