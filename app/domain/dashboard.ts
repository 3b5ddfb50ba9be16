/**
 * The dashboard's view lives in the URL — tab, filters, sort, search, page — so a view can be
 * bookmarked, shared and reloaded, and the filter form works without JavaScript.
 */
/** Rows per page of every dashboard list. */
export const DASHBOARD_PAGE_SIZE = 50;

export const DASHBOARD_TABS = ["trailers", "trucks", "yards", "buildings", "users"] as const;
export type DashboardTab = (typeof DASHBOARD_TABS)[number];

export const TAB_LABEL: Record<DashboardTab, string> = {
  trailers: "Trailers",
  trucks: "Trucks",
  yards: "Yards",
  buildings: "Buildings",
  users: "Users",
};

export interface DashboardView {
  tab: DashboardTab;
  account: number | null;
  q: string;
  location: string;
  status: string;
  load: string;
  sort: "asc" | "desc";
  role: string;
  /** Trucks: Assigned To filter, and the sorted column and its order. */
  assigned: string;
  column: string;
  order: "asc" | "desc";
  page: number;
}

export const DEFAULT_VIEW: DashboardView = {
  tab: "trailers",
  account: null,
  q: "",
  location: "all",
  status: "all",
  load: "all",
  sort: "asc",
  role: "all",
  assigned: "all",
  column: "number",
  order: "asc",
  page: 1,
};

export function parseDashboardView(params: URLSearchParams): DashboardView {
  const tab = params.get("tab");
  const account = params.get("account");
  const page = Number(params.get("page"));
  return {
    tab: DASHBOARD_TABS.includes(tab as DashboardTab) ? (tab as DashboardTab) : DEFAULT_VIEW.tab,
    account: account && /^\d+$/.test(account) ? Number(account) : null,
    q: params.get("q")?.trim() ?? "",
    location: params.get("location") || DEFAULT_VIEW.location,
    status: params.get("status") || DEFAULT_VIEW.status,
    load: params.get("load") || DEFAULT_VIEW.load,
    sort: params.get("sort") === "desc" ? "desc" : "asc",
    role: params.get("role") || DEFAULT_VIEW.role,
    assigned: params.get("assigned") || DEFAULT_VIEW.assigned,
    column: params.get("column") || DEFAULT_VIEW.column,
    order: params.get("order") === "desc" ? "desc" : "asc",
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

/** The dashboard address of a view, leaving defaults out; `changes` override the view. */
export function viewHref(view: DashboardView, changes: Partial<DashboardView> = {}): string {
  const next = { ...view, ...changes };
  const params = new URLSearchParams();
  for (const key of Object.keys(DEFAULT_VIEW) as (keyof DashboardView)[]) {
    const value = next[key];
    if (value !== null && value !== "" && value !== DEFAULT_VIEW[key]) params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `/?${text}` : "/";
}
