import { describe, expect, it } from "vitest";
import { applyResponseHeaders } from "./headers.server";
import { databaseUnavailable, databaseUnavailablePage, DATABASE_UNAVAILABLE, RETRY_AFTER_SECONDS } from "./unavailable.server";

describe("headers of every answer", () => {
  it("no cache keeps an answer and no browser sniffs its type", () => {
    for (const status of [200, 201, 302, 400, 404, 500]) {
      const headers = new Headers({ "Content-Type": "application/json", "Cache-Control": "max-age=600" });
      applyResponseHeaders(headers, status);
      expect(headers.get("Cache-Control")).toBe("no-store");
      expect(headers.get("X-Content-Type-Options")).toBe("nosniff");
      expect(headers.has("Retry-After")).toBe(false);
    }
  });

  it("a 503 says when to come back, unless it already does", () => {
    const headers = new Headers();
    applyResponseHeaders(headers, 503);
    expect(headers.get("Retry-After")).toBe(String(RETRY_AFTER_SECONDS));
    const own = new Headers({ "Retry-After": "30" });
    applyResponseHeaders(own, 503);
    expect(own.get("Retry-After")).toBe("30");
  });
});

describe("the answer when the database cannot serve", () => {
  const request = (path: string, accept = "*/*") => new Request(`http://localhost${path}`, { headers: { Accept: accept } });

  it("is 503 with Retry-After: {error, errors} for the API, {message} for a page's error boundary", async () => {
    const api = databaseUnavailable(request("/api/trailers"));
    expect(api.status).toBe(503);
    expect(api.headers.get("Retry-After")).toBe(String(RETRY_AFTER_SECONDS));
    expect(await api.json()).toEqual({ error: DATABASE_UNAVAILABLE, errors: [DATABASE_UNAVAILABLE] });
    expect(await databaseUnavailable(request("/trailers/1")).json()).toEqual({ message: DATABASE_UNAVAILABLE });
  });

  it("is a short page for a browser's page request, JSON for data and API requests", async () => {
    const page = databaseUnavailablePage(request("/trailers/1?tab=history&x=1", "text/html,application/xhtml+xml"));
    expect(page.status).toBe(503);
    expect(page.headers.get("Content-Type")).toContain("text/html");
    const html = await page.text();
    expect(html).toContain(`<h1>${DATABASE_UNAVAILABLE}</h1>`);
    expect(html).toContain('href="/trailers/1?tab=history&amp;x=1"');
    expect(databaseUnavailablePage(request("/trailers/1.data", "text/html")).headers.get("Content-Type")).toContain("json");
    expect(databaseUnavailablePage(request("/api/moves", "text/html")).headers.get("Content-Type")).toContain("json");
  });
});
