import { describe, expect, it } from "vitest";
import { paramsKeptBySearch, searchesInPlace, searchHref, searchTarget, searchTextOf } from "./search";

describe("where the header's search goes", () => {
  it("stays on the pages whose lists it narrows", () => {
    for (const path of ["/", "/admin/dashboard", "/companies", "/audit-logs", "/companies/", "/admin/dashboard/"]) {
      expect(searchesInPlace(path), path).toBe(true);
    }
    expect(searchTarget("/companies/")).toBe("/companies");
    expect(searchTarget("/audit-logs")).toBe("/audit-logs");
    expect(searchTarget("/")).toBe("/");
  });

  it("sends a search from a page with nothing to search to the account dashboard", () => {
    for (const path of [
      "/trailers/12",
      "/trailers/12/edit",
      "/trailers/new",
      "/trailers/bulk-upload",
      "/trucks/3",
      "/buildings/new",
      "/yards/4/edit",
      "/users/7",
      "/signup",
      "/settings",
      "/change-password",
      "/how-to",
      "/companies/new",
      "/companies/2/edit",
      "/admin",
      "/audit-logs-old",
    ]) {
      expect(searchTarget(path), path).toBe("/");
    }
  });

  it("keeps the view of a page that searches in place, without the old search and position", () => {
    const current = new URLSearchParams("tab=trucks&account=3&q=old&page=4&status=red&move_list=requested");
    expect(paramsKeptBySearch("/", current)).toEqual([
      ["tab", "trucks"],
      ["account", "3"],
      ["status", "red"],
      ["move_list", "requested"],
    ]);
    expect(searchHref("/", current, "  ACB1 ")).toBe("/?tab=trucks&account=3&status=red&move_list=requested&q=ACB1");
    expect(searchHref("/audit-logs", new URLSearchParams("table=trailers&cursor=abc&details=9"), "x")).toBe(
      "/audit-logs?table=trailers&q=x",
    ); // A Move Status list's place belongs to the old search: the new one starts from the newest moves.
    expect(searchHref("/", new URLSearchParams("move_list=finished&finished_before=abc&requested_after=def"), "x")).toBe(
      "/?move_list=finished&q=x",
    );
  });

  it("carries only the search from a page that sends it to the dashboard", () => {
    const current = new URLSearchParams("tab=history&q=old");
    expect(paramsKeptBySearch("/trailers/12", current)).toEqual([]);
    expect(searchHref("/trailers/12", current, "ACB1")).toBe("/?q=ACB1");
    expect(searchHref("/settings", new URLSearchParams(), "")).toBe("/");
  });

  it("an empty search clears the search and keeps the view", () => {
    expect(searchHref("/companies", new URLSearchParams("q=acme"), "   ")).toBe("/companies");
  });

  it("reads at most 200 characters of the search, trimmed", () => {
    expect(searchTextOf(new URLSearchParams("q=%20acme%20"))).toBe("acme");
    expect(searchTextOf(new URLSearchParams(`q=${"a".repeat(300)}`))).toHaveLength(200);
    expect(searchTextOf(new URLSearchParams())).toBe("");
  });
});
