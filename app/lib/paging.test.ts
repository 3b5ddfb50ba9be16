import { describe, expect, it } from "vitest";
import { paging } from "./paging";

describe("paging", () => {
  it("keeps whole numbers within bounds", () => {
    expect(paging({ page: 3, pageSize: 20 }, 50, 200)).toEqual({ page: 3, pageSize: 20, offset: 40 });
    expect(paging({ page: 0, pageSize: 1000 }, 50, 200)).toEqual({ page: 1, pageSize: 200, offset: 0 });
    expect(paging({ page: -4, pageSize: -1 }, 50, 200)).toEqual({ page: 1, pageSize: 1, offset: 0 });
  });
  it("turns fractions, infinities and missing values into whole numbers or the defaults", () => {
    expect(paging({ page: 1.5, pageSize: 2.5 }, 50, 200)).toEqual({ page: 1, pageSize: 2, offset: 0 });
    expect(paging({ page: Infinity, pageSize: NaN }, 50, 200)).toEqual({ page: 1, pageSize: 50, offset: 0 });
    expect(paging({}, 100, 500)).toEqual({ page: 1, pageSize: 100, offset: 0 });
    expect(paging({ page: 1e12 }, 50, 200).page).toBe(1_000_000);
  });
});
