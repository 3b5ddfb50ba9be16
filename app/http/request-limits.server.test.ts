import { describe, expect, it } from "vitest";
import { readJson } from "./api.server";
import { UPLOAD_MESSAGES } from "#app/domain/trailer-upload";
import type { ServiceError } from "#app/services/errors.server";
import {
  BODY_LIMIT_BYTES,
  bodyTooLargeMessage,
  readBounded,
  UPLOAD_BODY_LIMIT_BYTES,
  withinBodyLimit,
} from "#app/lib/request-limits.server";
import { readUploadForm } from "./upload-form.server";

const url = "http://localhost/api/trailers";

/** A body streamed in 64 KiB chunks with no Content-Length (as a chunked upload arrives), counting what was pulled. */
function streamed(bytes: number) {
  let sent = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= bytes) return controller.close();
      const chunk = new Uint8Array(Math.min(64 * 1024, bytes - sent)).fill(0x20);
      sent += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
  return { stream, pulled: () => sent };
}

function chunkedPost(body: ReadableStream<Uint8Array>, type = "application/json") {
  return new Request(url, { method: "POST", body, headers: { "Content-Type": type }, duplex: "half" } as RequestInit);
}

async function errorOf(response: Response) {
  return { status: response.status, error: ((await response.json()) as { error: string }).error };
}

describe("request body cap", () => {
  it("is 1 MB for JSON and form posts", () => {
    expect(BODY_LIMIT_BYTES).toBe(1024 * 1024);
    expect(bodyTooLargeMessage(BODY_LIMIT_BYTES)).toBe("The request body is too large: at most 1 MB");
  });

  it("refuses a body whose Content-Length is over the cap with 413 before reading it", async () => {
    const body = streamed(2 * BODY_LIMIT_BYTES);
    const request = new Request(url, {
      method: "POST",
      body: body.stream,
      headers: { "Content-Length": String(2 * BODY_LIMIT_BYTES) },
      duplex: "half",
    } as RequestInit);
    const answer = await withinBodyLimit(request);
    expect(answer).toBeInstanceOf(Response);
    expect(await errorOf(answer as Response)).toEqual({ status: 413, error: bodyTooLargeMessage(BODY_LIMIT_BYTES) });
    expect(body.pulled()).toBeLessThanOrEqual(64 * 1024);
  });

  it("keeps at most the cap of a body without a length; reads a little more to its end, and abandons a far longer one", async () => {
    const slightly = streamed(2 * BODY_LIMIT_BYTES);
    const refused = await withinBodyLimit(chunkedPost(slightly.stream));
    expect(await errorOf(refused as Response)).toEqual({ status: 413, error: bodyTooLargeMessage(BODY_LIMIT_BYTES) });
    expect(slightly.pulled()).toBe(2 * BODY_LIMIT_BYTES);
    const endless = streamed(100 * BODY_LIMIT_BYTES);
    expect(await readBounded(endless.stream, BODY_LIMIT_BYTES)).toBeNull();
    expect(endless.pulled()).toBeLessThanOrEqual(8 * BODY_LIMIT_BYTES + 64 * 1024);
  });

  it("hands on a body within the cap whole, with its length", async () => {
    const json = JSON.stringify({ trailer_number: "T1", note: "x".repeat(1000) });
    const bounded = await withinBodyLimit(chunkedPost(new Blob([json]).stream()));
    expect(bounded).toBeInstanceOf(Request);
    expect((bounded as Request).headers.get("Content-Length")).toBe(String(json.length));
    expect(await readJson(bounded as Request)).toEqual(JSON.parse(json));
    expect(await readBounded(new Blob(["x".repeat(BODY_LIMIT_BYTES)]).stream(), BODY_LIMIT_BYTES)).toHaveLength(BODY_LIMIT_BYTES);
  });

  it("readJson reads at most the cap itself (413), and keeps its 400s", async () => {
    const refusal = await readJson(chunkedPost(streamed(BODY_LIMIT_BYTES + 1).stream)).catch((thrown: Response) => errorOf(thrown));
    expect(refusal).toEqual({ status: 413, error: bodyTooLargeMessage(BODY_LIMIT_BYTES) });
    const notJson = await readJson(new Request(url, { method: "POST", body: "{broken" })).catch((thrown: Response) => errorOf(thrown));
    expect(notJson).toEqual({ status: 400, error: "The request body must be JSON" });
  });
});

describe("an upload's body", () => {
  it("streams to the route, capped: a chunked body past the upload cap is a 413 with the file limit's message", async () => {
    const boundary = "b0undary";
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.csv"\r\nContent-Type: text/csv\r\n\r\n`;
    const body = new Blob([head, new Uint8Array(UPLOAD_BODY_LIMIT_BYTES + 1), `\r\n--${boundary}--\r\n`]).stream();
    const request = new Request("http://localhost/api/trailers/bulk-upload", {
      method: "POST",
      body,
      headers: { "Content-Type": `multipart/form-data; boundary=${boundary}` },
      duplex: "half",
    } as RequestInit);
    const capped = await withinBodyLimit(request);
    expect(capped).toBeInstanceOf(Request);
    const refusal = await readUploadForm(capped as Request).then(
      () => null,
      (error: ServiceError) => ({ status: error.status, message: error.message }),
    );
    expect(refusal).toEqual({ status: 413, message: UPLOAD_MESSAGES.tooLarge });
  });

  it("is not touched until the route reads it, and is let go once read or refused, for the runtime to drain", async () => {
    const upload = (stream: ReadableStream<Uint8Array>) =>
      new Request("http://localhost/api/trailers/bulk-upload", { method: "POST", body: stream, duplex: "half" } as RequestInit);
    const unread = streamed(2 * 64 * 1024);
    const refused = (await withinBodyLimit(upload(unread.stream))) as Request;
    expect(refused.bodyUsed).toBe(false);
    expect(unread.stream.locked).toBe(false);

    const read = streamed(2 * 64 * 1024);
    expect((await ((await withinBodyLimit(upload(read.stream))) as Request).arrayBuffer()).byteLength).toBe(2 * 64 * 1024);
    expect(read.stream.locked).toBe(false);

    const long = streamed(UPLOAD_BODY_LIMIT_BYTES + 10 * 64 * 1024);
    await expect(((await withinBodyLimit(upload(long.stream))) as Request).arrayBuffer()).rejects.toThrow();
    expect(long.stream.locked).toBe(false);
    expect(long.pulled()).toBeLessThanOrEqual(UPLOAD_BODY_LIMIT_BYTES + 3 * 64 * 1024);
  });

  it("posted by a page's form without JavaScript past its cap, is a short page in the upload's words that leads back", async () => {
    const request = new Request("http://localhost/trailers/bulk-upload", {
      method: "POST",
      body: "x",
      headers: { "Content-Length": String(UPLOAD_BODY_LIMIT_BYTES + 1), Accept: "text/html" },
    });
    const answer = (await withinBodyLimit(request)) as Response;
    expect(answer.status).toBe(413);
    expect(answer.headers.get("Content-Type")).toContain("text/html");
    const page = await answer.text();
    expect(page).toContain(UPLOAD_MESSAGES.tooLarge);
    expect(page).toContain('href="/trailers/bulk-upload"');
  });
});
