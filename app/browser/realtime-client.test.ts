import { describe, expect, it } from "vitest";
import { pageDataPath } from "./realtime-client";

describe("the address a poll asks about: the page's own data, as the router reloads it", () => {
  it("is the page's address as .data with the routes below the root", () => {
    expect(pageDataPath({ pathname: "/", search: "" }, ["root", "routes/_index"])).toBe("/_root.data?_routes=routes%2F_index");
    expect(pageDataPath({ pathname: "/trailers/5", search: "" }, ["root", "routes/trailers.$id._index"])).toBe(
      "/trailers/5.data?_routes=routes%2Ftrailers.%24id._index",
    );
    expect(pageDataPath({ pathname: "/admin/dashboard/", search: "?period=7d" }, ["root", "routes/admin.dashboard"])).toBe(
      "/admin/dashboard.data?period=7d&_routes=routes%2Fadmin.dashboard",
    );
  });

  it("keeps the view's parameters in their order, before the routes", () => {
    expect(pageDataPath({ pathname: "/", search: "?tab=trucks&q=a%20b" }, ["root", "routes/_index"])).toBe(
      "/_root.data?tab=trucks&q=a+b&_routes=routes%2F_index",
    );
  });
});
