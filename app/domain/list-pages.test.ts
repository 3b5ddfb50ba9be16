import { describe, expect, it } from "vitest";
import { HISTORY_PAGE_PARAMS, isPageParam, movePageParams, pageHref, pageQueryOf, pageRange } from "./list-pages";

describe("a list's pages in the URL", () => {
  it("reads one cursor, `before` first, and names the parameter a refusal goes by", () => {
    const params = new URLSearchParams("history_before=old&history_after=new&finished_after=f");
    expect(pageQueryOf(params, HISTORY_PAGE_PARAMS)).toEqual({ before: "old", after: null, field: "history_before" });
    expect(pageQueryOf(params, movePageParams("finished"))).toEqual({ before: null, after: "f", field: "finished_after" });
    expect(pageQueryOf(new URLSearchParams("requested_before="), movePageParams("requested"))).toEqual({
      before: null,
      after: null,
      field: "requested_after",
    });
    expect(pageQueryOf(new URLSearchParams(`history_before=${"x".repeat(500)}`), HISTORY_PAGE_PARAMS).before).toHaveLength(200);
  });

  it("links to another page keeping the page's other parameters and the other lists' places", () => {
    const current = new URLSearchParams("tab=trucks&finished_before=a&cancelled_before=c&q=x");
    const finished = movePageParams("finished");
    expect(pageHref(current, finished, { after: "b" }, { extra: { move_list: "finished" }, hash: "moves-finished" })).toBe(
      "?tab=trucks&cancelled_before=c&q=x&finished_after=b&move_list=finished#moves-finished",
    );
    expect(pageHref(current, finished, {})).toBe("?tab=trucks&cancelled_before=c&q=x");
    expect(pageHref(new URLSearchParams(), HISTORY_PAGE_PARAMS, { before: "z" }, { hash: "complete-history" })).toBe(
      "?history_before=z#complete-history",
    );
  });

  it("knows a list's place among a page's parameters", () => {
    expect(["history_before", "in_progress_after", "finished_before"].every(isPageParam)).toBe(true);
    expect(["before", "move_list", "q", "page", "cursor"].some(isPageParam)).toBe(false);
  });

  it("says which rows a page shows of how many", () => {
    expect(pageRange("Stays", 0, 200, 1234)).toBe("Stays 1–200 of 1,234");
    expect(pageRange("Stays", 1200, 34, 1234)).toBe("Stays 1,201–1,234 of 1,234");
    expect(pageRange("Stays", 230, 0, 230)).toBe("No stays here: 230 in all");
  });
});
