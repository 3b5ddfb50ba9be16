import { loadLabel, timeAtLocation, typeLabel, vehicleStatus } from "#app/domain/assets";
import {
  DASHBOARD_TABS,
  filterValue,
  sortedColumn,
  TABLE_SORTS,
  TRAILER_LOAD_FILTERS,
  TRAILER_STATUS_FILTERS,
  trailerLoadState,
  TRUCK_STATUS_FILTERS,
  USER_STATUS_FILTERS,
  type AccountDashboard,
  type BuildingCard,
  type DashboardTab,
  type DashboardView,
  type TrailerList,
  type TrailerListRow,
  type TruckList,
  type TruckListRow,
  type UserList,
  type UserListRow,
  type YardCard,
} from "#app/domain/dashboard";
import { locationChips } from "#app/domain/locations";
import { isManagerial, ROLES, type Role } from "#app/domain/roles";
import { listRoleLabel, userRoleFlags } from "#app/domain/users";
import { accountChoices } from "./accounts.server";
import type { ServiceContext } from "./context.server";
import { latestOf } from "./location-history.server";
import { accountPlaces, type AccountPlaces } from "./locations.server";
import { listPlaces } from "./places.server";
import { accountScope } from "./scope.server";
import { listTrailers, type TrailerListItem, type TrailerListQuery } from "./trailer-list.server";
import { trailerLocationCounts } from "./trailer-counts.server";
import { listTrucks, truckFilterOptions, type TruckListItem, type TruckListQuery } from "./trucks.server";
import { listUsers, rolesPresent, type ListedUser, type UserListQuery } from "./users.server";

/** A row of the Trailers tab (and of the trailers report). */
export function trailerListRow({ trailer, latest }: TrailerListItem, now: number): TrailerListRow {
  return {
    id: trailer.id,
    location: trailer.trailerLocation,
    state: trailerLoadState(trailer),
    type: typeLabel(trailer.type),
    statePlate: [trailer.licenseState, trailer.licensePlate].filter(Boolean).join(" - "),
    number: trailer.trailerNumber,
    timeAtLocation: timeAtLocation(latestOf(latest), now),
    load: loadLabel(trailer),
    currentUser: trailer.lastUser ?? "",
    tag: trailer.taggedDescription ?? "",
    redTagged: trailer.redTagged,
    yellowTagged: trailer.yellowTagged,
  };
}

/** A row of the Trucks tab (and of the trucks report). */
export function truckListRow({ truck, assignedTo, latest }: TruckListItem, now: number): TruckListRow {
  return {
    id: truck.id,
    location: truck.truckLocation,
    number: truck.truckNumber,
    type: typeLabel(truck.type),
    make: truck.make,
    model: truck.model,
    timeAtLocation: timeAtLocation(latestOf(latest), now),
    assignedTo: assignedTo ?? "Not assigned",
    tag: truck.taggedDescription ?? "",
    status: vehicleStatus(truck),
  };
}

/** A row of the Users tab. */
export function userListRow(row: ListedUser): UserListRow {
  return {
    id: row.id,
    alphaCode: row.alpha_code,
    email: row.email,
    role: listRoleLabel(userRoleFlags(row)),
    driverNumber: row.driver_number,
    account: row.account_name ?? "Global Admin",
    active: row.is_active,
  };
}

/** The column a view sorts its table by, as one of the table's sorts. */
function sortOf<Sort extends string>(sorts: readonly Sort[], view: DashboardView): Sort {
  return sorts.find((column) => column === sortedColumn(view)) ?? sorts[0];
}

/** The trailer list a dashboard view asks for: the Trailers tab and the trailers report read the same. */
export function trailerQueryOf(account: number, view: DashboardView): TrailerListQuery {
  return {
    account,
    location: view.location,
    status: filterValue(TRAILER_STATUS_FILTERS, view.status),
    load: filterValue(TRAILER_LOAD_FILTERS, view.load),
    search: view.q,
    sort: sortOf(TABLE_SORTS.trailers, view),
    order: view.order,
  };
}

/** The truck list a dashboard view asks for. */
export function truckQueryOf(account: number, view: DashboardView): TruckListQuery {
  return {
    account,
    location: view.location,
    status: filterValue(TRUCK_STATUS_FILTERS, view.status),
    assigned: view.assigned,
    search: view.q,
    sort: sortOf(TABLE_SORTS.trucks, view),
    order: view.order,
  };
}

/** The user list a dashboard view asks for. */
export function userQueryOf(account: number, view: DashboardView): UserListQuery {
  const status = filterValue(USER_STATUS_FILTERS, view.status);
  return {
    account,
    role: ROLES.includes(view.role as Role) ? (view.role as Role) : undefined,
    status: status === "all" ? undefined : status,
    search: view.q,
    sort: sortOf(TABLE_SORTS.users, view),
    order: view.order,
  };
}

async function trailersTab(ctx: ServiceContext, places: AccountPlaces, accountId: number, view: DashboardView): Promise<TrailerList> {
  const list = await listTrailers(ctx, { ...trailerQueryOf(accountId, view), page: view.page, pageSize: view.size }, places);
  const counts = await trailerLocationCounts(ctx.db, accountId, list.places, list.facets.byLocation);
  const now = Date.now();
  return {
    total: list.total,
    counts,
    statusCounts: list.facets.status,
    loadCounts: list.facets.load,
    rows: list.trailers.map((item) => trailerListRow(item, now)),
  };
}

async function trucksTab(ctx: ServiceContext, places: AccountPlaces, accountId: number, view: DashboardView): Promise<TruckList> {
  const query = { ...truckQueryOf(accountId, view), buildingNames: places.buildings.map((building) => building.buildingName) };
  const [list, options] = await Promise.all([
    listTrucks(ctx, { ...query, page: view.page, pageSize: view.size }),
    truckFilterOptions(ctx, query),
  ]);
  const now = Date.now();
  return {
    total: list.total,
    options: {
      ...options,
      locations: locationChips(
        places,
        options.locations.map((row) => ({ location: row.location, count: row.trucks })),
      ),
    },
    rows: list.trucks.map((item) => truckListRow(item, now)),
  };
}

async function usersTab(ctx: ServiceContext, accountId: number, view: DashboardView): Promise<UserList> {
  const [list, roles] = await Promise.all([
    listUsers(ctx, { ...userQueryOf(accountId, view), page: view.page, pageSize: view.size }),
    rolesPresent(ctx, accountId),
  ]);
  return {
    total: list.total,
    roles,
    rows: list.users.map(userListRow),
  };
}

async function yardsTab(ctx: ServiceContext, accountId: number, view: DashboardView): Promise<YardCard[]> {
  const rows = await listPlaces(ctx, "yard", { account: accountId, search: view.q });
  return rows.map((yard) => ({
    id: yard.id,
    name: yard.name,
    parkingSpots: yard.parkingSpots,
    parkingLocation: yard.parkingLocation,
    lastEntry: yard.entryTime?.toISOString() ?? null,
  }));
}

async function buildingsTab(ctx: ServiceContext, accountId: number, view: DashboardView): Promise<BuildingCard[]> {
  const rows = await listPlaces(ctx, "building", { account: accountId, search: view.q });
  return rows.map((building) => ({ id: building.id, name: building.buildingName, doors: building.buildingDoorNumber }));
}

/** The tabs a viewer sees: Users only for managerial roles. */
export function dashboardTabs(ctx: ServiceContext): DashboardTab[] {
  return DASHBOARD_TABS.filter((tab) => tab !== "users" || isManagerial(ctx.actor.user));
}

/**
 * The account dashboard of a view: the account the viewer works in (an admin: the one chosen),
 * and only the open tab's list, filtered, sorted and paged in Postgres.
 */
export async function accountDashboard(ctx: ServiceContext, requested: DashboardView): Promise<AccountDashboard> {
  const accountId = accountScope(ctx.actor, requested.account);
  const tabs = dashboardTabs(ctx);
  const view: DashboardView = {
    ...requested,
    tab: tabs.includes(requested.tab) ? requested.tab : "trailers",
    account: ctx.actor.isAdmin ? requested.account : null,
  };
  // The account's heading comes with its places, which the Trailers tab reads.
  const [places, accounts] = await Promise.all([accountId === null ? null : accountPlaces(ctx.db, accountId), accountChoices(ctx)]);
  const account = places?.account ?? null;
  const none = { trailers: null, trucks: null, users: null, yards: null, buildings: null };
  const base = { view, tabs, account, accounts: accounts ?? [] };
  if (!places || !account) return { ...base, ...none };
  switch (view.tab) {
    case "trucks":
      return { ...base, ...none, trucks: await trucksTab(ctx, places, account.id, view) };
    case "users":
      return { ...base, ...none, users: await usersTab(ctx, account.id, view) };
    case "yards":
      return { ...base, ...none, yards: await yardsTab(ctx, account.id, view) };
    case "buildings":
      return { ...base, ...none, buildings: await buildingsTab(ctx, account.id, view) };
    default:
      return { ...base, ...none, trailers: await trailersTab(ctx, places, account.id, view) };
  }
}
