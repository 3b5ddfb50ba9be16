import { describe, expect, it } from "vitest";
import {
  addHref,
  DEFAULT_VIEW,
  filterOptions,
  filterValue,
  activeFilters,
  DASHBOARD_PAGE_SIZE,
  pageNumbers,
  parseDashboardView,
  sortedColumn,
  sortFilter,
  TIME_SORTS,
  TRAILER_LOAD_FILTERS,
  TRAILER_STATUS_FILTERS,
  trailerLoadState,
  TRUCK_STATUS_FILTERS,
  USER_STATUS_FILTERS,
  viewHref,
} from "./dashboard";

describe("dashboard filters", () => {
  it("labels each filter's options as the dashboard shows them, All first", () => {
    expect(filterOptions(TRAILER_STATUS_FILTERS)).toEqual([
      { value: "all", label: "All" },
      { value: "red", label: "Red Tagged" },
      { value: "yellow", label: "Yellow Tagged" },
      { value: "available", label: "Available" },
    ]);
    expect(filterOptions(TRUCK_STATUS_FILTERS).map((option) => option.label)).toEqual([
      "All",
      "Red Tagged",
      "Yellow Tagged",
      "Shop",
      "Available",
    ]);
    expect(filterOptions(TRAILER_LOAD_FILTERS).map((option) => option.label)).toEqual(["All", "Loaded", "Empty", "With Trays"]);
    expect(filterOptions(USER_STATUS_FILTERS).map((option) => option.label)).toEqual(["All", "Active", "Inactive"]);
    expect(filterOptions(TIME_SORTS)).toEqual([
      { value: "asc", label: "Newest First" },
      { value: "desc", label: "Oldest First" },
    ]);
  });

  it("takes a filter value from the URL only when it is one of the filter's, else All", () => {
    expect(filterValue(TRUCK_STATUS_FILTERS, "shop")).toBe("shop");
    expect(filterValue(TRAILER_STATUS_FILTERS, "shop")).toBe("all");
    expect(filterValue(TRAILER_LOAD_FILTERS, "Loaded")).toBe("all");
    expect(filterValue(USER_STATUS_FILTERS, null)).toBe("all");
  });
});

describe("dashboard view", () => {
  it("reads the view from the URL, falling back to the defaults", () => {
    expect(parseDashboardView(new URLSearchParams(""))).toEqual(DEFAULT_VIEW);
    const view = parseDashboardView(new URLSearchParams("tab=trucks&account=7&q=+acb+&status=red&page=3&order=desc&column=make"));
    expect(view).toMatchObject({ tab: "trucks", account: 7, q: "acb", status: "red", page: 3, order: "desc", column: "make" });
    expect(parseDashboardView(new URLSearchParams("tab=moves&account=x&page=-2&sort=up&column=make"))).toMatchObject({
      tab: "trailers",
      account: null,
      page: 1,
      column: "",
      order: "asc",
    });
  });

  it("writes a view's address with its defaults left out, and reads it back the same", () => {
    expect(viewHref(DEFAULT_VIEW)).toBe("/");
    const view = { ...DEFAULT_VIEW, tab: "trucks" as const, status: "shop", page: 2 };
    const href = viewHref(view);
    expect(href).toBe("/?tab=trucks&status=shop&page=2");
    expect(parseDashboardView(new URL(href, "http://yard").searchParams)).toEqual(view);
    expect(viewHref(view, { page: 1, status: "all" })).toBe("/?tab=trucks");
  });

  it("sorts a table by one of its own columns; on Trailers the Time at Location filter's choice wins over a heading's", () => {
    const parse = (query: string) => parseDashboardView(new URLSearchParams(query));
    expect(sortedColumn(parse(""))).toBe("time");
    expect(sortedColumn(parse("tab=trucks"))).toBe("number");
    expect(sortedColumn(parse("tab=users"))).toBe("alpha");
    expect(parse("column=number&order=desc")).toMatchObject({ column: "number", order: "desc" });
    // The filter form posts the heading's column as kept, and the time order just chosen.
    expect(parse("column=number&order=desc&sort=asc")).toMatchObject({ column: "", order: "asc" });
    expect(parse("sort=desc")).toMatchObject({ column: "", order: "desc" });
    // A column of another table is the tab's default; `sort` is the trailers' filter only.
    expect(parse("tab=users&column=make&sort=desc")).toMatchObject({ column: "", order: "asc" });
    expect(parse("tab=trucks&column=time")).toMatchObject({ column: "time" });
    expect(viewHref(parse("tab=trucks&column=make"), { column: "", order: "asc" })).toBe("/?tab=trucks");
    expect(viewHref(parse(""), { column: "time", order: "desc" })).toBe("/?order=desc");
  });

  it("numbers a list's pages: the first, the last, two either side of the current, gaps between", () => {
    expect(pageNumbers(1, 1)).toEqual([1]);
    expect(pageNumbers(1, 4)).toEqual([1, 2, 3, 4]);
    expect(pageNumbers(1, 102)).toEqual([1, 2, 3, "gap", 102]);
    expect(pageNumbers(50, 102)).toEqual([1, "gap", 48, 49, 50, 51, 52, "gap", 102]);
    expect(pageNumbers(4, 102)).toEqual([1, 2, 3, 4, 5, 6, "gap", 102]);
    expect(pageNumbers(102, 102)).toEqual([1, "gap", 100, 101, 102]);
  });

  it("takes a page size only from the sizes offered, and leaves the default out of the address", () => {
    const parse = (query: string) => parseDashboardView(new URLSearchParams(query));
    expect(parse("size=100").size).toBe(100);
    expect(parse("size=1000000").size).toBe(DASHBOARD_PAGE_SIZE);
    expect(parse("size=abc").size).toBe(DASHBOARD_PAGE_SIZE);
    expect(viewHref(parse("size=25&page=3"), { page: 1 })).toBe("/?size=25");
    expect(viewHref(parse("size=25"), { size: DASHBOARD_PAGE_SIZE })).toBe("/");
  });

  it("names the filters in force in the chips' words, for the folded filter line", () => {
    const parse = (query: string) => parseDashboardView(new URLSearchParams(query));
    expect(activeFilters(parse(""))).toEqual([]);
    expect(activeFilters(parse("location=Yard+A&status=red&load=trays&sort=desc"))).toEqual([
      "Yard A",
      "Red Tagged",
      "With Trays",
      "Oldest First",
    ]);
    // A heading's sort is not a filter; the Time at Location filter's Oldest First is.
    expect(activeFilters(parse("column=number&order=desc"))).toEqual([]);
    expect(activeFilters(parse("tab=trucks&status=shop&assigned=unassigned"))).toEqual(["Shop", "Assigned To: Unassigned"]);
    expect(activeFilters(parse("tab=users&role=yard_driver&status=inactive"))).toEqual(["Yard Driver", "Inactive"]);
  });

  it("says a report's sort as the table's words", () => {
    const parse = (query: string) => parseDashboardView(new URLSearchParams(query));
    expect(sortFilter(parse("sort=desc"))).toBe("Time at Location: Oldest First");
    expect(sortFilter(parse(""))).toBe("Time at Location: Newest First");
    expect(sortFilter(parse("column=plate&order=desc"))).toBe("Sorted by: State - Plate, descending");
    expect(sortFilter(parse("tab=trucks&column=time"))).toBe("Sorted by: Time at Location, ascending");
    expect(sortFilter(parse("tab=users"))).toBe("Sorted by: Alpha Code, ascending");
  });

  it("opens an Add page for the account an admin is viewing", () => {
    expect(addHref("/trailers/new", DEFAULT_VIEW)).toBe("/trailers/new");
    expect(addHref("/yards/new", { ...DEFAULT_VIEW, account: 4 })).toBe("/yards/new?account=4");
  });

  it("draws a trailer with trays as trays, whether or not it is also marked loaded", () => {
    expect(trailerLoadState({ isLoaded: false, isTray: true })).toBe("trays");
    expect(trailerLoadState({ isLoaded: true, isTray: true })).toBe("trays");
    expect(trailerLoadState({ isLoaded: true, isTray: false })).toBe("loaded");
    expect(trailerLoadState({ isLoaded: false, isTray: false })).toBe("empty");
  });
});
