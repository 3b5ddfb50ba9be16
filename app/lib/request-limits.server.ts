/**
 * How large a request body may be. A longer body is refused with 413: by its Content-Length
 * before it is read, else by reading it up to the cap and no further.
 */
import { UPLOAD_MESSAGES } from "#app/domain/trailer-upload";
import { shortPage, wantsPage } from "./unavailable.server";

const MEGABYTE = 1024 * 1024;

/** JSON bodies and form posts. */
export const BODY_LIMIT_BYTES = MEGABYTE;

/** A file upload: the file's own cap (UPLOAD_LIMITS.fileBytes, 5 MB) and room for the form's other fields. */
export const UPLOAD_BODY_LIMIT_BYTES = 5 * MEGABYTE + 64 * 1024;

/**
 * Paths that take a larger body than BODY_LIMIT_BYTES, by exact pathname: the bulk upload of
 * trailers. Their bodies are not read ahead: they stream to the route, which stops at the cap.
 */
const LARGER_BODY_LIMITS: Readonly<Record<string, number>> = {
  "/api/trailers/bulk-upload": UPLOAD_BODY_LIMIT_BYTES,
  "/trailers/bulk-upload": UPLOAD_BODY_LIMIT_BYTES,
  // The page's form posted with JavaScript (Remix's single fetch).
  "/trailers/bulk-upload.data": UPLOAD_BODY_LIMIT_BYTES,
};

/** What reading a capped body throws once the body turns out longer than its cap. */
export class BodyTooLarge extends Error {}

/**
 * A stream that passes at most `limit` bytes through, then fails with BodyTooLarge. It takes hold
 * of the body only while the route reads it and lets go when it stops (the end, the cap, a cancel),
 * so the runtime can drain whatever a refused or over-long request left unread.
 */
function capped(body: ReadableStream<Uint8Array>, limit: number): ReadableStream<Uint8Array> {
  let reader: ReadableStreamDefaultReader<Uint8Array> | null = null;
  let length = 0;
  const letGo = () => {
    reader?.releaseLock();
    reader = null;
  };
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        reader ??= body.getReader();
        const { done, value } = await reader.read();
        if (done) {
          letGo();
          return controller.close();
        }
        length += value.byteLength;
        if (length <= limit) return controller.enqueue(value);
        letGo();
        controller.error(new BodyTooLarge(bodyTooLargeMessage(limit)));
      },
      async cancel(reason) {
        await reader?.cancel(reason);
        letGo();
      },
    },
    // No read ahead: a read only when the route asks for one.
    { highWaterMark: 0 },
  );
}

export function bodyLimitFor(pathname: string): number {
  return LARGER_BODY_LIMITS[pathname] ?? BODY_LIMIT_BYTES;
}

export const BODY_TOO_LARGE_PREFIX = "The request body is too large";

export function bodyTooLargeMessage(limit: number): string {
  return `${BODY_TOO_LARGE_PREFIX}: at most ${Math.round((limit / MEGABYTE) * 10) / 10} MB`;
}

/**
 * The 413 answer, as JSON `{error, errors}` like every refusal of the API; a page's form posted
 * without JavaScript (`request`) gets a short page instead, in the upload's words on its paths.
 */
export function bodyTooLarge(limit: number, request?: Request): Response {
  const error = bodyTooLargeMessage(limit);
  if (request && wantsPage(request)) return shortPage(request, 413, limit === UPLOAD_BODY_LIMIT_BYTES ? UPLOAD_MESSAGES.tooLarge : error);
  return Response.json({ error, errors: [error] }, { status: 413 });
}

/** The length a request declares, or null when it declares none (or nonsense). */
export function declaredLength(request: Request): number | null {
  const header = request.headers.get("Content-Length");
  if (header === null || !/^\d+$/.test(header.trim())) return null;
  return Number(header);
}

/**
 * How much of a body past its cap is read and thrown away before the answer, as a multiple of the
 * cap: a client that sent a little too much gets its 413 on a connection that stays usable (an
 * unread body leaves the connection it came on broken for the next request, behind a proxy).
 * Nothing read past the cap is kept; past this much the body is abandoned.
 */
const DISCARD_FACTOR = 8;

async function discardRest(reader: ReadableStreamDefaultReader<Uint8Array>, read: number, upTo: number): Promise<void> {
  for (let length = read; length <= upTo;) {
    const { done, value } = await reader.read();
    if (done) return;
    length += value.byteLength;
  }
  await reader.cancel();
}

/** The bytes of a body of at most `limit` bytes; null as soon as it turns out longer (the rest is never read). */
export async function readBounded(body: ReadableStream<Uint8Array> | null, limit: number): Promise<Uint8Array<ArrayBuffer> | null> {
  if (!body) return new Uint8Array(0);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let length = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    length += value.byteLength;
    if (length > limit) {
      await discardRest(reader, length, limit * DISCARD_FACTOR);
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/**
 * The request as the app may read it, or the 413 to answer. A body whose Content-Length is over
 * its path's cap is refused unread. Any other body is read up to the cap and no further (a chunked
 * body has no length, and a proxy may not pass the true one on), then handed on with its length,
 * so nothing downstream reads an unbounded stream; an upload's body streams on, capped.
 */
export async function withinBodyLimit(request: Request): Promise<Request | Response> {
  if (!request.body) return request;
  const limit = bodyLimitFor(new URL(request.url).pathname);
  const declared = declaredLength(request);
  if (declared !== null && declared > limit) return bodyTooLarge(limit, request);
  if (limit > BODY_LIMIT_BYTES) return new Request(request, { body: capped(request.body, limit), duplex: "half" } as RequestInit);
  const bytes = await readBounded(request.body, limit);
  if (!bytes) return bodyTooLarge(limit, request);
  const headers = new Headers(request.headers);
  headers.set("Content-Length", String(bytes.byteLength));
  return new Request(request, { body: bytes, headers });
}
