import { eq } from "drizzle-orm";
import { accounts } from "#db/schema";
import { formatDuration, secondsAtLocation, vehicleStatus } from "#app/domain/assets";
import { filterLabel, sortFilter, type DashboardView } from "#app/domain/dashboard";
import { AUDIT_ACTION_LABEL, AUDIT_MESSAGES, type AuditQuery } from "#app/domain/audit";
import { dateMessage } from "#app/domain/fields";
import { formatDuration as moveDuration, MOVE_STATE_LABEL, MOVE_TYPE_LABEL, moveState, type MoveType } from "#app/domain/moves";
import { REPORT_QUERY_MESSAGES } from "#app/domain/report-schemas";
import {
  isReportType,
  REPORT_COLUMNS,
  REPORT_MESSAGES,
  reportRoleLabel,
  reportTitle,
  secondsBetween,
  type ListReportType,
  type MovesReportQuery,
  type ReportCell,
  type ReportColumn,
  type ReportOutput,
  type ReportQuery,
  type ReportType,
} from "#app/domain/reports";
import { canPrintReports, ROLE_LABEL, type Role } from "#app/domain/roles";
import { dayIn, dayStart, timeZoneOrUtc } from "#app/domain/time-zones";
import { userRoleFlags } from "#app/domain/users";
import type { Queryable } from "#app/lib/db.server";
import type { ServiceContext } from "./context.server";
import { trailerListRow, trailerQueryOf, truckListRow, truckQueryOf, userQueryOf } from "./dashboard.server";
import { accountPlaces } from "./locations.server";
import { ServiceError } from "./errors.server";
import { latestOf, readAssetHistory, type AssetKind } from "./location-history.server";
import { itemOf, readAuditLog } from "./audit.server";
import { readMoveLegs } from "./moves.server";
import { listPlaces } from "./places.server";
import { accountScope, requireAccount } from "./scope.server";
import { readTrailerListing, trailerListing } from "./trailer-list.server";
import { getTrailer } from "./trailers.server";
import { getTruck, readTruckListing, truckListing } from "./trucks.server";
import { readUserList } from "./users.server";

export const REPORT_REFUSALS = {
  denied: "Only managers and administrators can generate reports",
  dateRange: "The From date must be on or before the To date",
  /** Said by the HTTP layer as it parses the address (`reportQueryOf`). */
  date: dateMessage,
  assetRequired: REPORT_QUERY_MESSAGES.assetRequired,
} as const;

/**
 * A report ready to be written: what it is about (for the heading and the file name), its
 * columns, and its rows, a batch at a time. The first batch is already read (a report with no
 * rows is refused before anything is sent); the rest are read as the file is written.
 */
export interface Report {
  type: ReportType;
  title: string;
  /** The account's name, or "All Accounts" (an admin's moves report). */
  account: string;
  /** The filters applied, as the page shows them ("Status: Red Tagged"). */
  filters: string[];
  columns: readonly ReportColumn[];
  generatedAt: Date;
  timeZone: string;
  batches: AsyncIterable<ReportCell[][]>;
}

export interface ReportRequest {
  /** The report and what it is read from (the list's view, the moves' days, …), parsed from its address. */
  query: ReportQuery;
  output: ReportOutput;
  /** The viewer's time zone (the `tz` parameter, else the browser's cookie). */
  timeZone?: string | null;
  now?: Date;
}

type Rows = { account: string; filters: string[]; batches: AsyncIterable<ReportCell[][]> };

async function accountNameOf(db: Queryable, accountId: number): Promise<string> {
  const [row] = await db.select({ name: accounts.accountName }).from(accounts).where(eq(accounts.id, accountId));
  if (!row) throw new ServiceError(404, "Account not found", "account");
  return row.name;
}

async function* mapped<Item>(source: AsyncIterable<Item[]>, row: (item: Item) => ReportCell[]): AsyncGenerator<ReportCell[][]> {
  for await (const batch of source) yield batch.map(row);
}

/** The dashboard filters a view applies, in the list's words; defaults are left out. */
function viewFilters(type: "trailers" | "trucks" | "users", view: DashboardView): string[] {
  const filters: string[] = [];
  const add = (label: string, value: string, all = "all") => {
    if (value && value !== all) filters.push(`${label}: ${value}`);
  };
  add("Location", view.location);
  if (type === "users") add("Role", ROLE_LABEL[view.role as Role] ?? "");
  add("Status", filterLabel(view.status), "All");
  if (type === "trailers") {
    add("Load Type", filterLabel(view.load), "All");
  }
  if (type === "trucks") add("Assigned To", view.assigned === "unassigned" ? "Unassigned" : view.assigned);
  // The trailers' and trucks' sort is always said (as before); the users' when not by alpha code.
  if (type !== "users" || view.column || view.order === "desc") filters.push(sortFilter(view));
  if (view.q) filters.push(`Search: "${view.q}"`);
  return filters;
}

function searchFilter(view: DashboardView): string[] {
  return view.q ? [`Search: "${view.q}"`] : [];
}

async function listRows(ctx: ServiceContext, type: ListReportType, view: DashboardView, now: number): Promise<Rows> {
  const accountId = requireAccount(ctx.actor, view.account);
  const account = await accountNameOf(ctx.db, accountId);
  switch (type) {
    case "trailers": {
      const listing = await trailerListing(ctx, trailerQueryOf(accountId, view));
      return {
        account,
        filters: viewFilters(type, view),
        batches: mapped(readTrailerListing(ctx.db, listing), (item) => {
          const row = trailerListRow(item, now);
          const status = vehicleStatus(item.trailer);
          return [
            row.location,
            row.type,
            item.trailer.licenseState,
            item.trailer.licensePlate,
            row.number,
            status,
            row.timeAtLocation,
            secondsAtLocation(latestOf(item.latest), now),
            item.since,
            row.load,
            row.currentUser,
            row.tag,
          ];
        }),
      };
    }
    case "trucks": {
      // A Location filter naming a building keeps its doors' trucks, as the dashboard's chip does.
      const buildingNames = view.location === "all" ? [] : (await accountPlaces(ctx.db, accountId)).buildings.map((b) => b.buildingName);
      const listing = truckListing(ctx, { ...truckQueryOf(accountId, view), buildingNames });
      return {
        account,
        filters: viewFilters(type, view),
        batches: mapped(readTruckListing(ctx.db, listing), (item) => {
          const row = truckListRow(item, now);
          return [
            row.location,
            row.number,
            row.type,
            row.make,
            row.model,
            item.truck.licenseState,
            item.truck.licensePlate,
            row.status,
            row.timeAtLocation,
            secondsAtLocation(latestOf(item.latest), now),
            item.since,
            row.assignedTo,
            row.tag,
          ];
        }),
      };
    }
    case "users":
      return {
        account,
        filters: viewFilters(type, view),
        batches: mapped(readUserList(ctx, userQueryOf(accountId, view)), (user) => [
          user.alpha_code,
          user.email,
          reportRoleLabel(userRoleFlags(user)),
          user.driver_number,
          user.account_name ?? "Global Admin",
          user.is_active ? "Active" : "Inactive",
          new Date(user.created_at),
          new Date(user.updated_at),
        ]),
      };
    case "yards": {
      const yards = await listPlaces(ctx, "yard", { account: accountId, search: view.q });
      const rows = yards.map((yard) => [
        yard.name,
        yard.parkingSpots ? "Available" : "None",
        yard.parkingLocation,
        yard.createdAt,
        yard.updatedAt,
      ]);
      return { account, filters: searchFilter(view), batches: once(rows) };
    }
    case "buildings": {
      const buildings = await listPlaces(ctx, "building", { account: accountId, search: view.q });
      const rows = buildings.map((building) => [
        building.buildingName,
        building.buildingDoorNumber,
        building.createdAt,
        building.updatedAt,
      ]);
      return { account, filters: searchFilter(view), batches: once(rows) };
    }
  }
}

/** A duration's two cells: as text ("2h 30m"), and in seconds for its hours column; both empty when there is none. */
function durationCells(seconds: number | null, words: (seconds: number) => string = moveDuration): [string | null, number | null] {
  return seconds === null ? [null, null] : [words(seconds), seconds];
}

async function* once(rows: ReportCell[][]): AsyncGenerator<ReportCell[][]> {
  if (rows.length) yield rows;
}

/** The day after `day` ("YYYY-MM-DD"). */
function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

/**
 * The moves requested from the `from` day to the `to` day (both inclusive, in the viewer's time
 * zone; today when not given), optionally in one `state` and narrowed by the global search (`q`,
 * as the Move Status lists are): one row per leg.
 */
async function moveRows(ctx: ServiceContext, query: MovesReportQuery, zone: string, now: Date): Promise<Rows> {
  const today = dayIn(zone, now);
  const from = query.from ?? today;
  const to = query.to ?? (from > today ? from : today);
  if (from > to) throw new ServiceError(400, REPORT_REFUSALS.dateRange, "from");
  const { state, search } = query;
  const accountId = accountScope(ctx.actor, query.account);
  const account = accountId === null ? "All Accounts" : await accountNameOf(ctx.db, accountId);
  const filters = [
    `Requested: ${from === to ? from : `${from} to ${to}`}`,
    ...(state ? [`Status: ${MOVE_STATE_LABEL[state]}`] : []),
    ...(search ? [`Search: "${search}"`] : []),
  ];
  const legs = readMoveLegs(ctx, {
    account: accountId,
    from: dayStart(zone, from),
    to: dayStart(zone, nextDay(to)),
    state: state ?? undefined,
    search,
  });
  return {
    account,
    filters,
    batches: mapped(legs, ({ move, accountName, requestAlphaCode, leg }) => [
      move.id,
      accountName,
      MOVE_TYPE_LABEL[move.moveType as MoveType] ?? move.moveType,
      MOVE_STATE_LABEL[moveState(move)],
      String(leg.number),
      leg.from,
      leg.to,
      leg.trailer,
      requestAlphaCode,
      move.acceptAlphaCode,
      move.requestTime,
      move.acceptTime,
      move.finishTime,
      move.cancelTime,
      ...durationCells(secondsBetween(move.requestTime, move.acceptTime)),
      ...durationCells(secondsBetween(move.acceptTime, move.finishTime)),
    ]),
  };
}

/** Every stay of one trailer or truck (`id`), newest first, the open one "Current". */
async function historyRows(ctx: ServiceContext, kind: AssetKind, id: number, now: number): Promise<Rows> {
  const asset = kind === "trailer" ? await getTrailer(ctx, id) : await getTruck(ctx, id);
  const number = "trailerNumber" in asset ? asset.trailerNumber : asset.truckNumber;
  const label = `${kind === "trailer" ? "Trailer" : "Truck"} ${number}`;
  return {
    account: await accountNameOf(ctx.db, asset.accountId),
    filters: [label],
    batches: mapped(readAssetHistory(ctx.db, kind, id), (stay) => {
      const seconds = Math.max(0, ((stay.exitTime?.getTime() ?? now) - stay.entryTime.getTime()) / 1000);
      return [stay.location, stay.entryTime, stay.exitTime ?? "Current", ...durationCells(seconds, formatDuration), stay.userAlphaCode];
    }),
  };
}

/** The audit log as its page filters it (`action`, `table`, `hours`, `q`, `user`, `record_id`), admins only. */
function auditRows(ctx: ServiceContext, query: AuditQuery): Rows {
  const filters = [
    query.action ? `Action: ${AUDIT_ACTION_LABEL[query.action]}` : null,
    query.table ? `Table: ${query.table}` : null,
    query.hours ? `Last ${query.hours} hours` : null,
    query.user ? `User #${query.user}` : null,
    query.recordId ? `Record ID: ${query.recordId}` : null,
    query.q ? `Search: "${query.q}"` : null,
  ].filter((filter): filter is string => filter !== null);
  return {
    account: "All Accounts",
    filters,
    batches: mapped(readAuditLog(ctx, query), (row) => {
      const item = itemOf(row);
      return [
        new Date(item.timestamp),
        item.user_alpha_code ?? AUDIT_MESSAGES.unknownUser,
        item.user_id,
        item.table_name,
        item.record_id,
        AUDIT_ACTION_LABEL[item.action],
        item.changed_fields && Object.keys(item.changed_fields).length ? JSON.stringify(item.changed_fields) : AUDIT_MESSAGES.noChanges,
      ];
    }),
  };
}

/**
 * The report an address names (`name`: "trailers", "moves", …), if the viewer may read one:
 * refused with 404 for an unknown type (in the words of the output asked for) and 403 below
 * manager. Asked before the address's query is read, so these come before any fault in it.
 */
export function reportTypeOf(ctx: ServiceContext, name: string, output: ReportOutput): ReportType {
  if (!isReportType(name))
    throw new ServiceError(404, output === "print" ? REPORT_MESSAGES.unsupported : REPORT_MESSAGES.unsupportedExport);
  if (!canPrintReports(ctx.actor.user)) throw new ServiceError(403, REPORT_REFUSALS.denied);
  return name;
}

function rowsOf(ctx: ServiceContext, query: ReportQuery, timeZone: string, now: Date): Rows | Promise<Rows> {
  switch (query.type) {
    case "audit-logs":
      return auditRows(ctx, query.audit);
    case "moves":
      return moveRows(ctx, query, timeZone, now);
    case "trailer-history":
    case "truck-history":
      return historyRows(ctx, query.type === "trailer-history" ? "trailer" : "truck", query.id, now.getTime());
    default:
      return listRows(ctx, query.type, query.view, now.getTime());
  }
}

/**
 * A report of one of the product's lists, built by the server from the same listing as the list
 * itself (the dashboard's filters, sort and search, within the account the viewer may see), for
 * managers and above. Refusals: a viewer below manager (403, as `reportTypeOf`), an empty list
 * (404, with the spec's message for printing or exporting).
 */
export async function openReport(ctx: ServiceContext, request: ReportRequest): Promise<Report> {
  const { query, output } = request;
  const type = reportTypeOf(ctx, query.type, output);
  const now = request.now ?? new Date();
  const timeZone = timeZoneOrUtc(request.timeZone);
  const rows = await rowsOf(ctx, query, timeZone, now);
  const iterator = rows.batches[Symbol.asyncIterator]();
  const first = await iterator.next();
  if (first.done) throw new ServiceError(404, output === "print" ? REPORT_MESSAGES.noDataToPrint : REPORT_MESSAGES.noDataToExport);
  async function* batches() {
    try {
      yield first.value;
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
    } finally {
      await iterator.return?.();
    }
  }
  return {
    type,
    title: reportTitle(type),
    account: rows.account,
    filters: rows.filters,
    columns: REPORT_COLUMNS[type],
    generatedAt: now,
    timeZone,
    batches: batches(),
  };
}
