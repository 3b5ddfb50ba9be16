/**
 * The dashboard's view lives in the URL — tab, filters, sort, search, page — so a view can be
 * bookmarked, shared and reloaded, and the filter form works without JavaScript.
 */
import { STATUS_LABEL } from "./assets";
import { ROLE_LABEL, type Role } from "./roles";
import { LIMITS } from "./limits";
import { isRecordId } from "./ids";

/** The rows per page a dashboard list offers, and the one it shows unless the address names another. */
export const PAGE_SIZES = [25, 50, 100, 200] as const;
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
  role: string;
  /** Trucks: Assigned To filter. */
  assigned: string;
  /** The column a table is sorted by, one of the tab's `TABLE_SORTS` ("": the tab's default, `sortedColumn`), and its order. */
  column: string;
  order: "asc" | "desc";
  page: number;
  /** Rows per page, one of `PAGE_SIZES`. */
  size: number;
}

/**
 * The columns each dashboard table sorts by (its headings are links), the first its default. The
 * trailers' default is Time at Location, whose order the Time at Location filter also sets
 * ("asc": the shortest time first, newest arrivals first). Yards and Buildings are cards, sorted by
 * name.
 */
export const TABLE_SORTS = {
  trailers: ["time", "location", "type", "plate", "number", "load", "user", "tag"],
  trucks: ["number", "location", "type", "make", "model", "time", "assigned", "status", "tag"],
  users: ["alpha", "email", "role", "driver", "account", "status"],
} as const;
export type TrailerSort = (typeof TABLE_SORTS.trailers)[number];
export type TruckSort = (typeof TABLE_SORTS.trucks)[number];
export type UserSort = (typeof TABLE_SORTS.users)[number];
type SortedTab = keyof typeof TABLE_SORTS;

/** The sort columns of a tab's table; none for a tab of cards. */
export function tableSorts(tab: DashboardTab): readonly string[] {
  return tab in TABLE_SORTS ? TABLE_SORTS[tab as SortedTab] : [];
}

/** The column a view's table is sorted by: the one it names, or its tab's default. */
export function sortedColumn(view: DashboardView): string {
  return tableSorts(view.tab).includes(view.column) ? view.column : (tableSorts(view.tab)[0] ?? "");
}

/** A sort column in the table's words, for a report's list of filters. */
const SORT_LABEL: Record<string, string> = {
  time: "Time at Location",
  location: "Location",
  type: "Type",
  plate: "State - Plate",
  number: "Number",
  load: "Load # OR Trays",
  user: "Current User",
  tag: "Tag Description",
  make: "Make",
  model: "Model",
  assigned: "Assigned To",
  status: "Status",
  alpha: "Alpha Code",
  email: "Email",
  role: "Role",
  driver: "Driver Number",
  account: "Account",
};

/**
 * How a view's table is sorted, as a report lists it among its filters: the trailers' Time at
 * Location as that filter ("Time at Location: Oldest First"), any other column as "Sorted by: Make,
 * descending".
 */
export function sortFilter(view: DashboardView): string {
  const column = sortedColumn(view);
  if (column === "time" && view.tab === "trailers") return `${SORT_LABEL.time}: ${filterLabel(view.order)}`;
  return `Sorted by: ${SORT_LABEL[column]}, ${view.order === "desc" ? "descending" : "ascending"}`;
}

export const DEFAULT_VIEW: DashboardView = {
  tab: "trailers",
  account: null,
  q: "",
  location: "all",
  status: "all",
  load: "all",
  role: "all",
  assigned: "all",
  column: "",
  order: "asc",
  page: 1,
  size: DASHBOARD_PAGE_SIZE,
};

/**
 * The view an address asks for. A table's sort is `column` and `order`, a column not of the tab's
 * table its default; on the Trailers tab a `sort` (the Time at Location filter, "asc" or "desc")
 * sorts by time at location whatever `column` says, so that filter's choice wins over a heading's.
 */
export function parseDashboardView(params: URLSearchParams): DashboardView {
  const requested = params.get("tab");
  const tab = DASHBOARD_TABS.includes(requested as DashboardTab) ? (requested as DashboardTab) : DEFAULT_VIEW.tab;
  const account = params.get("account");
  const page = Number(params.get("page"));
  const timeOrder = tab === "trailers" ? params.get("sort") : null;
  const byTime = timeOrder === "asc" || timeOrder === "desc";
  const column = byTime ? "time" : (params.get("column") ?? "");
  return {
    tab,
    account: account && /^\d{1,10}$/.test(account) && isRecordId(Number(account)) ? Number(account) : null,
    q: params.get("q")?.trim().slice(0, LIMITS.search) ?? "",
    location: params.get("location") || DEFAULT_VIEW.location,
    status: params.get("status") || DEFAULT_VIEW.status,
    load: params.get("load") || DEFAULT_VIEW.load,
    role: params.get("role") || DEFAULT_VIEW.role,
    assigned: params.get("assigned") || DEFAULT_VIEW.assigned,
    // The tab's default column is "" (left out of the address), as is one not of the tab's table.
    column: tableSorts(tab).indexOf(column) > 0 ? column : "",
    order: (byTime ? timeOrder : params.get("order")) === "desc" ? "desc" : "asc",
    page: Number.isInteger(page) && page > 0 ? Math.min(page, LIMITS.page) : 1,
    size: PAGE_SIZES.find((size) => String(size) === params.get("size")) ?? DASHBOARD_PAGE_SIZE,
  };
}

/** A view's query parameters, leaving defaults out; `changes` override the view. */
export function viewParams(view: DashboardView, changes: Partial<DashboardView> = {}): URLSearchParams {
  const next = { ...view, ...changes };
  const params = new URLSearchParams();
  for (const key of Object.keys(DEFAULT_VIEW) as (keyof DashboardView)[]) {
    const value = next[key];
    if (key === "column" && tableSorts(next.tab).indexOf(String(value)) === 0) continue; // the tab's default
    if (value !== null && value !== "" && value !== DEFAULT_VIEW[key]) params.set(key, String(value));
  }
  return params;
}

/**
 * The page links of a list of `last` pages on page `current`: the first, the last, and the two
 * either side of the current one; "gap" where pages are left out between them.
 */
export function pageNumbers(current: number, last: number): (number | "gap")[] {
  const shown = [...new Set([1, current - 2, current - 1, current, current + 1, current + 2, last])]
    .filter((page) => page >= 1 && page <= last)
    .sort((a, b) => a - b);
  return shown.flatMap((page, index) => (index > 0 && page - shown[index - 1] > 1 ? ["gap" as const, page] : [page]));
}

/** The dashboard address of a view, leaving defaults out; `changes` override the view. */
export function viewHref(view: DashboardView, changes: Partial<DashboardView> = {}): string {
  const text = viewParams(view, changes).toString();
  return text ? `/?${text}` : "/";
}

/** A filter's radio options with their counts: "Red Tagged (3)". */
export function countedOptions<Value extends FilterValue>(values: readonly Value[], counts: Record<Value, number>): FilterOption[] {
  return filterOptions(values).map((option) => ({ ...option, label: `${option.label} (${counts[option.value as Value]})` }));
}

/** The values of each filter, "all" first: the dashboard's forms and the trailer and truck lists read them. */
export const TRAILER_STATUS_FILTERS = ["all", "red", "yellow", "available"] as const;
export const TRAILER_LOAD_FILTERS = ["all", "loaded", "empty", "trays"] as const;
export const TRUCK_STATUS_FILTERS = ["all", "red", "yellow", "shop", "available"] as const;
export const USER_STATUS_FILTERS = ["all", "active", "inactive"] as const;
/** The Time at Location filter: "asc" the shortest time first (newest arrivals), "desc" oldest first. */
export const TIME_SORTS = ["asc", "desc"] as const;
export type TrailerStatusFilter = (typeof TRAILER_STATUS_FILTERS)[number];
export type TrailerLoadFilter = (typeof TRAILER_LOAD_FILTERS)[number];
export type TruckStatusFilter = (typeof TRUCK_STATUS_FILTERS)[number];

type FilterValue =
  TrailerStatusFilter | TrailerLoadFilter | TruckStatusFilter | (typeof USER_STATUS_FILTERS)[number] | (typeof TIME_SORTS)[number];

const FILTER_LABEL: Record<FilterValue, string> = {
  all: "All",
  ...STATUS_LABEL,
  loaded: "Loaded",
  empty: "Empty",
  trays: "With Trays",
  active: "Active",
  inactive: "Inactive",
  asc: "Newest First",
  desc: "Oldest First",
};

export interface FilterOption {
  value: string;
  label: string;
}

/** A filter's radio options, labelled as the dashboard shows them. */
export function filterOptions(values: readonly FilterValue[]): FilterOption[] {
  return values.map((value) => ({ value, label: FILTER_LABEL[value] }));
}

/** The words of a filter value ("red" → "Red Tagged", "desc" → "Oldest First"); other values as they are. */
export function filterLabel(value: string): string {
  return FILTER_LABEL[value as FilterValue] ?? value;
}

/**
 * The filters a view's tab has in force, in the chips' words, for the folded filter line:
 * "Yard A", "Red Tagged", "Oldest First", "Assigned To: YDB", "Yard Driver".
 */
export function activeFilters(view: DashboardView): string[] {
  const chosen = (value: string) => (value && value !== "all" ? [filterLabel(value)] : []);
  switch (view.tab) {
    case "trailers":
      return [
        ...chosen(view.location),
        ...chosen(view.status),
        ...chosen(view.load),
        ...(sortedColumn(view) === "time" && view.order === "desc" ? [filterLabel("desc")] : []),
      ];
    case "trucks": {
      const assigned = view.assigned === "unassigned" ? "Unassigned" : view.assigned;
      return [...chosen(view.location), ...chosen(view.status), ...(view.assigned !== "all" ? [`Assigned To: ${assigned}`] : [])];
    }
    case "users":
      return [...(ROLE_LABEL[view.role as Role] ? [ROLE_LABEL[view.role as Role]] : []), ...chosen(view.status)];
    default:
      return [];
  }
}

/** The filter value a URL asked for, or the filter's first ("all") when it is not one of them. */
export function filterValue<Values extends readonly string[]>(values: Values, requested: string | null): Values[number] {
  return values.find((value) => value === requested) ?? values[0];
}

/** How a trailer is drawn and filtered by its load: with trays, loaded, or empty. */
export type TrailerLoadState = "loaded" | "trays" | "empty";

export function trailerLoadState(trailer: { isLoaded: boolean; isTray: boolean }): TrailerLoadState {
  if (trailer.isTray) return "trays";
  return trailer.isLoaded ? "loaded" : "empty";
}

/** The account a dashboard shows, and an admin's choices of account. */
export interface DashboardAccount {
  id: number;
  accountName: string;
  location: string;
}
export interface AccountOption {
  id: number;
  accountName: string;
  companyName: string;
}

/** A row of the Trailers tab. */
export interface TrailerListRow {
  id: number;
  location: string;
  state: TrailerLoadState;
  type: string;
  statePlate: string;
  number: string;
  timeAtLocation: string;
  load: string;
  currentUser: string;
  tag: string;
  redTagged: boolean;
  yellowTagged: boolean;
}
export interface TrailerList {
  total: number;
  /**
   * The chips' counts, each following the search and the other filters: the Location filter's
   * (all, and each place's), the Status filter's and the Load Type filter's.
   */
  counts: { all: number; byLocation: { location: string; count: number }[] };
  statusCounts: Record<TrailerStatusFilter, number>;
  loadCounts: Record<TrailerLoadFilter, number>;
  rows: TrailerListRow[];
}

/** A row of the Trucks tab. */
export interface TruckListRow {
  id: number;
  location: string;
  number: string;
  type: string;
  make: string;
  model: string;
  timeAtLocation: string;
  assignedTo: string;
  tag: string;
  status: string;
}
export interface TruckList {
  total: number;
  /**
   * The chips with their counts, each following the search and the other filters: the Location
   * filter's (all, and each place's, a building's doors together), the Status filter's, and the
   * Assigned To filter's (all, unassigned, each alpha code with trucks).
   */
  options: {
    locations: { all: number; byLocation: { location: string; count: number }[] };
    status: Record<TruckStatusFilter, number>;
    assigned: { all: number; unassigned: number };
    assignees: { alphaCode: string; trucks: number }[];
  };
  rows: TruckListRow[];
}

/** A row of the Users tab. */
export interface UserListRow {
  id: number;
  alphaCode: string | null;
  email: string;
  role: string;
  driverNumber: number | null;
  account: string;
  active: boolean;
}
export interface UserList {
  total: number;
  /** The roles present among the users the viewer may see: the Role filter's options. */
  roles: Role[];
  rows: UserListRow[];
}

/** A card of the Yards tab; `lastEntry` is an ISO time. */
export interface YardCard {
  id: number;
  name: string;
  parkingSpots: boolean;
  parkingLocation: string | null;
  lastEntry: string | null;
}

/** A card of the Buildings tab. */
export interface BuildingCard {
  id: number;
  name: string;
  doors: number;
}

/**
 * What the dashboard shows: the view as the viewer may see it, its tabs, the account (none until
 * an admin picks one), an admin's choices of account, and the open tab's list (the others null).
 */
export interface AccountDashboard {
  view: DashboardView;
  tabs: DashboardTab[];
  account: DashboardAccount | null;
  accounts: AccountOption[];
  trailers: TrailerList | null;
  trucks: TruckList | null;
  users: UserList | null;
  yards: YardCard[] | null;
  buildings: BuildingCard[] | null;
}

/** An Add page (`/trailers/new`, …) for the account an admin is viewing. */
export function addHref(path: string, view: DashboardView): string {
  return view.account ? `${path}?account=${view.account}` : path;
}
