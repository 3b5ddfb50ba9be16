import { describe, expect, it } from "vitest";
import { ETAG_MAX_BYTES, withEtag } from "./etag.server";
import { applyResponseHeaders } from "./headers.server";

const data = (path: string, init: RequestInit = {}) => new Request(`http://localhost${path}`, init);
const json = (body: unknown, status = 200) => Response.json(body, { status });

describe("withEtag: what a page polls answers 304 when nothing changed", () => {
  it("gives a page's data and the JSON API an ETag, and keeps the body", async () => {
    const page = await withEtag(
      data("/_root.data?_routes=routes%2F_index"),
      new Response("[1,2]", { headers: { "Content-Type": "text/x-script" } }),
    );
    expect(page.headers.get("ETag")).toMatch(/^"[0-9a-f]{32}"$/);
    expect(await page.text()).toBe("[1,2]");
    const api = await withEtag(data("/api/trailers"), json({ trailers: [] }));
    expect(api.headers.get("ETag")).toMatch(/^"[0-9a-f]{32}"$/);
    expect(await api.json()).toEqual({ trailers: [] });
  });

  it("answers 304 without a body to the ETag of the same body, plain, weak or in a list; 200 to another", async () => {
    const first = await withEtag(data("/api/moves"), json({ moves: [1] }));
    const tag = first.headers.get("ETag")!;
    for (const asked of [tag, `W/${tag}`, `"other", ${tag}`]) {
      const again = await withEtag(data("/api/moves", { headers: { "If-None-Match": asked } }), json({ moves: [1] }));
      expect(again.status).toBe(304);
      expect(again.body).toBeNull();
      expect(again.headers.get("ETag")).toBe(tag);
    }
    const changed = await withEtag(data("/api/moves", { headers: { "If-None-Match": tag } }), json({ moves: [1, 2] }));
    expect(changed.status).toBe(200);
    expect(changed.headers.get("ETag")).not.toBe(tag);
  });

  it("leaves alone writes, refusals, pages, files and bodies too big to hold", async () => {
    const untouched = [
      await withEtag(data("/api/moves", { method: "POST" }), json({ ok: true })),
      await withEtag(data("/api/moves"), json({ error: "No" }, 400)),
      await withEtag(data("/"), new Response("<html></html>", { headers: { "Content-Type": "text/html" } })),
      await withEtag(data("/api/trailers/bulk-upload/template"), new Response("a,b", { headers: { "Content-Type": "text/csv" } })),
      await withEtag(data("/reports/trailers.csv"), new Response("a,b", { headers: { "Content-Type": "text/csv" } })),
      await withEtag(data("/api/moves"), new Response("x".repeat(ETAG_MAX_BYTES + 1), { headers: { "Content-Type": "application/json" } })),
    ];
    for (const response of untouched) expect(response.headers.has("ETag")).toBe(false);
  });

  it("an answer with an ETag is kept by the user's browser only to be asked about again; every other answer is kept nowhere", () => {
    for (const status of [200, 304]) {
      const headers = new Headers({ ETag: '"a"' });
      applyResponseHeaders(headers, status);
      expect(headers.get("Cache-Control")).toBe("private, no-cache");
    }
    const refused = new Headers({ ETag: '"a"' });
    applyResponseHeaders(refused, 404);
    expect(refused.get("Cache-Control")).toBe("no-store");
  });
});
