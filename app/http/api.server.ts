import { LIMITS } from "#app/domain/limits";
import { API_PAGE_PARAMS, pageHref, pageQueryOf, type CountedPage } from "#app/domain/list-pages";
import { paging } from "#app/lib/paging";
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

/** `?envelope=1`: the app's own object form of a list, instead of the spec's plain list. */
function wantsEnvelope(request: Request): boolean {
  const envelope = new URL(request.url).searchParams.get("envelope");
  return envelope === "1" || envelope === "true";
}

/** The request's own address with some query parameters replaced: a `Link` target. */
function linkTo(request: Request, replaced: Record<string, string>): string {
  const url = new URL(request.url);
  for (const [name, value] of Object.entries(replaced)) url.searchParams.set(name, value);
  return url.toString();
}

/** An RFC 8288 `Link` header of the given relations (none: no header). */
function linkHeader(links: Record<string, string | null>): Record<string, string> {
  const value = Object.entries(links)
    .filter((entry): entry is [string, string] => entry[1] !== null)
    .map(([rel, target]) => `<${target}>; rel="${rel}"`)
    .join(", ");
  return value ? { Link: value } : {};
}

/**
 * A page of a list as the API answers it (docs/decisions/0033-api-lists-are-plain-with-paging-headers.md):
 * the spec's plain list, with the paging in headers — `X-Total-Count`, and `Link` (RFC 8288) to
 * the `first`, `prev`, `next` and `last` pages. `?envelope=1` answers the object form instead: the
 * items under their name, with `total`, `page` and `page_size`.
 */
export function listPage(
  request: Request,
  name: string,
  items: unknown[],
  list: { total: number; page: number; pageSize: number },
): Response {
  const { total, page, pageSize } = list;
  if (wantsEnvelope(request)) return Response.json({ [name]: items, total, page, page_size: pageSize });
  const last = Math.max(1, Math.ceil(total / pageSize));
  const at = (number: number) => linkTo(request, { page: String(number), page_size: String(pageSize) });
  const links = linkHeader({
    first: at(1),
    prev: page > 1 ? at(Math.min(page - 1, last)) : null,
    next: page < last ? at(page + 1) : null,
    last: at(last),
  });
  return Response.json(items, { headers: { "X-Total-Count": String(total), ...links } });
}

/**
 * A page of a list read by cursor (the audit log), answered like `listPage`: the plain list, a
 * `Link` to the `next` page while there is one, and `X-Total-Count` when the total is known
 * exactly; `?envelope=1` answers `page` itself.
 */
export function cursorPage<Page extends { items: unknown[]; next_cursor: string | null }>(
  request: Request,
  page: Page,
  total: number | null,
): Response {
  if (wantsEnvelope(request)) return Response.json(page);
  const headers: Record<string, string> = {
    ...(total === null ? {} : { "X-Total-Count": String(total) }),
    ...linkHeader({ next: page.next_cursor === null ? null : linkTo(request, { cursor: page.next_cursor }) }),
  };
  return Response.json(page.items, { headers });
}

const encoder = new TextEncoder();

/**
 * An object of lists as one JSON answer, streamed: `{"name":[…],…}`, each list written a batch at
 * a time as it is read, so its memory stays one batch whatever the lists' lengths. The first batch
 * of every list is read before the answer leaves (on the request's connection, which closes when
 * it has); the rest as the client reads. A failure midway cuts the answer short, which no JSON
 * reader takes for a whole one.
 */
export async function streamedLists(lists: Record<string, AsyncIterator<unknown[]>>): Promise<Response> {
  const entries = Object.entries(lists);
  const firsts: IteratorResult<unknown[]>[] = [];
  for (const [, batches] of entries) firsts.push(await batches.next());
  let list = -1;
  let pending: IteratorResult<unknown[]> | null = null;
  let written = 0;
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          if (pending === null || pending.done) {
            if (list >= 0) controller.enqueue(encoder.encode("]"));
            list += 1;
            if (list === entries.length) {
              controller.enqueue(encoder.encode("}"));
              controller.close();
              return;
            }
            controller.enqueue(encoder.encode(`${list === 0 ? "{" : ","}${JSON.stringify(entries[list][0])}:[`));
            pending = firsts[list];
            written = 0;
            return;
          }
          const rows = pending.value.map((row) => JSON.stringify(row)).join(",");
          controller.enqueue(encoder.encode(`${written > 0 && rows ? "," : ""}${rows}`));
          written += pending.value.length;
          pending = await entries[list][1].next();
        } catch (error) {
          controller.error(error);
        }
      },
      async cancel() {
        await Promise.all(entries.map(([, batches]) => batches.return?.(undefined)));
      },
    },
    { highWaterMark: 0 },
  );
  return new Response(body, { headers: { "Content-Type": "application/json; charset=utf-8" } });
}

/** An API list's place, newest first: `before` a cursor (the older rows), `after` one (the newer), and `limit` rows (at most `max`). */
export function cursorParams(params: URLSearchParams, defaultSize: number, maxSize: number) {
  const limit = params.get("limit");
  return {
    ...pageQueryOf(params, API_PAGE_PARAMS),
    size: paging({ pageSize: limit === null ? undefined : Number(limit) }, defaultSize, maxSize).pageSize,
  };
}

/**
 * A page of a newest-first list read by keyset (a trailer's or truck's stays, moves), answered
 * like `listPage`: the spec's plain list, `X-Total-Count` (every row the list holds), and `Link`
 * to the `first` (newest) page, the `next` (older) and the `prev` (newer) while there are; with
 * `?envelope=1`, the list's `envelope` instead, where it has one.
 */
export function keysetPage(
  request: Request,
  page: Pick<CountedPage<unknown>, "entries" | "total" | "older" | "newer">,
  envelope?: Record<string, unknown>,
): Response {
  if (envelope && wantsEnvelope(request)) return Response.json(envelope);
  const at = (to: { before?: string | null; after?: string | null }) =>
    new URL(pageHref(new URL(request.url).searchParams, API_PAGE_PARAMS, to), request.url).toString();
  const links = linkHeader({
    first: at({}),
    prev: page.newer ? at({ after: page.newer }) : null,
    next: page.older ? at({ before: page.older }) : null,
  });
  return Response.json(page.entries, { headers: { "X-Total-Count": String(page.total), ...links } });
}
