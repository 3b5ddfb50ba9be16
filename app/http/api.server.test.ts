import { describe, expect, it } from "vitest";
import { cursorPage, listPage, readJson } from "./api.server";

const post = (body: string) => new Request("http://localhost/api/x", { method: "POST", body });

async function refusal(body: string) {
  try {
    await readJson(post(body));
    return null;
  } catch (thrown) {
    const response = thrown as Response;
    return { status: response.status, error: ((await response.json()) as { error: string }).error };
  }
}

describe("readJson", () => {
  it("reads an object, and an empty body as {}", async () => {
    expect(await readJson(post('{"a":1}'))).toEqual({ a: 1 });
    expect(await readJson(post("  "))).toEqual({});
  });

  it("refuses what is not JSON, and JSON that is not an object, with 400", async () => {
    expect(await refusal("{broken")).toEqual({ status: 400, error: "The request body must be JSON" });
    for (const body of ["null", "[]", "[1,2]", "42", '"text"', "true"]) {
      expect(await refusal(body), body).toEqual({ status: 400, error: "The request body must be a JSON object" });
    }
  });
});

describe("list answers (the spec's plain list, paging in headers)", () => {
  const request = (query: string) => new Request(`https://yard.test/api/moves?state=finished${query}`);

  it("answers the items alone, with X-Total-Count and Links to the first, previous, next and last pages", async () => {
    const answer = listPage(request("&page=2&page_size=10"), "moves", [{ id: 1 }], { total: 35, page: 2, pageSize: 10 });
    expect(await answer.json()).toEqual([{ id: 1 }]);
    expect(answer.headers.get("X-Total-Count")).toBe("35");
    const at = (page: number) => `<https://yard.test/api/moves?state=finished&page=${page}&page_size=10>`;
    expect(answer.headers.get("Link")).toBe(`${at(1)}; rel="first", ${at(1)}; rel="prev", ${at(3)}; rel="next", ${at(4)}; rel="last"`);
  });

  it("has no next on the last page, no prev on the first, and a last of 1 for an empty list", () => {
    const last = listPage(request("&page=4&page_size=10"), "moves", [], { total: 35, page: 4, pageSize: 10 }).headers.get("Link")!;
    expect(last).not.toContain('rel="next"');
    const empty = listPage(request(""), "moves", [], { total: 0, page: 1, pageSize: 100 });
    expect(empty.headers.get("X-Total-Count")).toBe("0");
    expect(empty.headers.get("Link")).toBe(
      '<https://yard.test/api/moves?state=finished&page=1&page_size=100>; rel="first", <https://yard.test/api/moves?state=finished&page=1&page_size=100>; rel="last"',
    );
  });

  it("answers the object form with envelope=1", async () => {
    const answer = listPage(request("&envelope=1"), "moves", [{ id: 1 }], { total: 1, page: 1, pageSize: 100 });
    expect(await answer.json()).toEqual({ moves: [{ id: 1 }], total: 1, page: 1, page_size: 100 });
    expect(answer.headers.get("Link")).toBeNull();
  });

  it("pages a cursor list by a next Link that carries the cursor, and counts only when the count is exact", async () => {
    const page = { items: [{ id: 9 }], next_cursor: "abc", counts: null };
    const answer = cursorPage(new Request("https://yard.test/api/admin/audit-logs?table=trailers"), page, null);
    expect(await answer.json()).toEqual([{ id: 9 }]);
    expect(answer.headers.get("Link")).toBe('<https://yard.test/api/admin/audit-logs?table=trailers&cursor=abc>; rel="next"');
    expect(answer.headers.get("X-Total-Count")).toBeNull();
    const lastPage = cursorPage(new Request("https://yard.test/api/admin/audit-logs"), { ...page, next_cursor: null }, 1);
    expect([lastPage.headers.get("Link"), lastPage.headers.get("X-Total-Count")]).toEqual([null, "1"]);
  });
});
