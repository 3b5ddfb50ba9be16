import { describe, expect, it } from "vitest";
import { firstPartField } from "./csrf.server";

/** A multipart body as a browser sends a form: the parts in the form's order. */
function multipart(parts: [string, string][], boundary = "----formboundary7MA4YWxk") {
  const body =
    parts.map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`).join("") +
    `--${boundary}--\r\n`;
  return { type: `multipart/form-data; boundary=${boundary}`, body };
}

/** A stream of `text` followed by `tail` bytes, counting how many bytes were pulled. */
function streamOf(text: string, tail = 0) {
  let pulled = 0;
  const chunks = [new TextEncoder().encode(text), ...Array.from({ length: Math.ceil(tail / 65536) }, () => new Uint8Array(65536))];
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = chunks.shift();
      if (!next) return controller.close();
      pulled += next.byteLength;
      controller.enqueue(next);
    },
  });
  return { stream, pulled: () => pulled };
}

describe("the csrf field of a large multipart body", () => {
  it("is read from the first part only, without reading the rest of the body", async () => {
    const { type, body } = multipart([
      ["csrf", "token-123"],
      ["file", "x".repeat(1000)],
    ]);
    const source = streamOf(body, 5 * 1024 * 1024);
    expect(await firstPartField(source.stream, type, "csrf")).toBe("token-123");
    expect(source.pulled()).toBeLessThanOrEqual(body.length + 65536);
  });

  it("is not found when another field comes first, the boundary is missing, or the first part never ends", async () => {
    const late = multipart([
      ["account_id", "3"],
      ["csrf", "token-123"],
    ]);
    expect(await firstPartField(streamOf(late.body).stream, late.type, "csrf")).toBeNull();
    const first = multipart([["csrf", "token-123"]]);
    expect(await firstPartField(streamOf(first.body).stream, "multipart/form-data", "csrf")).toBeNull();
    const endless = `--b\r\nContent-Disposition: form-data; name="csrf"\r\n\r\n${"y".repeat(100_000)}`;
    const source = streamOf(endless);
    expect(await firstPartField(source.stream, "multipart/form-data; boundary=b", "csrf")).toBeNull();
    expect(await firstPartField(null, first.type, "csrf")).toBeNull();
  });
});
