import { and, asc, count, desc, eq, inArray, isNull, lt, sql, type SQL } from "drizzle-orm";
import { accounts, buildings, moveLegs, moves, trailerLocationHistory, trailers, users, yards } from "../../db/schema";
import {
  ANALYTICS_MESSAGES,
  parseAnalyticsQuery,
  ANALYTICS_TOP,
  DRIVERS_LISTED,
  IDLE_AFTER_DAYS,
  LONGEST_STAYS_LISTED,
  periodDays,
  IDLE_LIST_LIMIT,
  periodStart,
  type Analytics,
  type AnalyticsQuery,
  type Kpis,
  type LocationKind,
  type MovesSummary,
  type Spread,
} from "../domain/analytics";
import type { ServiceContext } from "./context.server";
import { STATE_CONDITION } from "./moves.server";
import { requireAdmin } from "./scope.server";
import { ServiceError } from "./errors.server";

/** The analytics query a request asks for (`period`, `company_id`, `account_id`, `tz`); 400 for an unknown period. */
export function analyticsQueryOf(params: URLSearchParams, viewerTimeZone?: string | null): AnalyticsQuery {
  const query = parseAnalyticsQuery(params, viewerTimeZone);
  if ("error" in query) throw new ServiceError(400, query.error, "period");
  return query;
}

/**
 * The admin dashboard's Moves Summary and Location Analytics (`/admin/dashboard`,
 * `GET /api/admin/analytics`): every figure computed in Postgres, one statement per panel, over
 * the moves requested in the period, of every account, one company's accounts or one account.
 */
export async function adminAnalytics(ctx: ServiceContext, query: AnalyticsQuery, now = new Date()): Promise<Analytics> {
  requireAdmin(ctx.actor, ANALYTICS_MESSAGES.adminOnly);
  const since = periodStart(query.period, query.timeZone, now);
  const inScope = scopeOf(query);
  const inPeriod = and(sql`${moves.requestTime} >= ${since.toISOString()}::timestamptz`, inScope(moves.accountId));

  const [summary, ends, idle, kpis] = await Promise.all([
    movesSummary(ctx, inPeriod),
    topLocationsAndRoutes(ctx, inPeriod),
    idleTrailers(ctx, inScope),
    keyFigures(ctx, { since, now, timeZone: query.timeZone, inScope, inPeriod }),
  ]);

  return {
    period: query.period,
    since: since.toISOString(),
    company_id: query.companyId,
    account_id: query.accountId,
    moves_summary: summary,
    top_locations: ends.locations,
    top_routes: ends.routes,
    idle_trailers: idle.list,
    idle_trailer_count: idle.count,
    kpis,
  };
}

/** Which accounts' rows count: the one account named, else the named company's, else all. */
type AccountColumn =
  typeof moves.accountId | typeof trailerLocationHistory.accountId | typeof buildings.accountId | typeof trailers.accountId;

function scopeOf(query: AnalyticsQuery): (column: AccountColumn) => SQL | undefined {
  if (query.accountId !== null) return (column) => eq(column, query.accountId!);
  if (query.companyId !== null) {
    const companyId = query.companyId;
    return (column) => inArray(column, sql`(select ${accounts.id} from ${accounts} where ${accounts.companyId} = ${companyId})`);
  }
  return () => undefined;
}

async function movesSummary(ctx: ServiceContext, inPeriod: SQL | undefined): Promise<MovesSummary> {
  const [row] = await ctx.db
    .select({
      total: sql<number>`count(*)::int`,
      requested: sql<number>`count(*) FILTER (WHERE ${STATE_CONDITION.requested})::int`,
      in_progress: sql<number>`count(*) FILTER (WHERE ${STATE_CONDITION.in_progress})::int`,
      finished: sql<number>`count(*) FILTER (WHERE ${STATE_CONDITION.finished})::int`,
      cancelled: sql<number>`count(*) FILTER (WHERE ${STATE_CONDITION.cancelled})::int`,
      success_rate: sql<number | null>`round(100.0 * count(*) FILTER (WHERE ${STATE_CONDITION.finished}) / nullif(count(*), 0))::int`,
      average_move_minutes: sql<number | null>`round((date_part('epoch', avg(${moves.finishTime} - ${moves.requestTime})
        FILTER (WHERE ${STATE_CONDITION.finished})) / 60)::numeric)::int`,
    })
    .from(moves)
    .where(inPeriod);
  return row;
}

/**
 * Top locations (legs from or to each, all moves of the period) and popular routes (legs of its
 * finished moves), from one pass over the period's legs grouped by route.
 */
async function topLocationsAndRoutes(ctx: ServiceContext, inPeriod: SQL | undefined) {
  const routes = ctx.db
    .select({
      from: sql<string>`${moveLegs.fromLocation}`.as("from_location"),
      to: sql<string>`${moveLegs.toLocation}`.as("to_location"),
      legs: sql<number>`count(*)::int`.as("legs"),
      finished: sql<number>`(count(*) FILTER (WHERE ${STATE_CONDITION.finished}))::int`.as("finished"),
    })
    .from(moveLegs)
    .innerJoin(moves, eq(moves.id, moveLegs.moveId))
    .where(inPeriod)
    .groupBy(moveLegs.fromLocation, moveLegs.toLocation);
  const { rows } = await ctx.db.execute<{
    locations: { location: string; moves: number }[] | null;
    routes: { from: string; to: string; moves: number }[] | null;
  }>(sql`WITH routes AS MATERIALIZED (${routes})
    SELECT
      (SELECT json_agg(json_build_object('location', location, 'moves', moves) ORDER BY moves DESC, location) FROM (
        SELECT location, sum(legs)::int AS moves FROM (
          SELECT from_location AS location, legs FROM routes UNION ALL SELECT to_location, legs FROM routes) AS ends
        GROUP BY location ORDER BY moves DESC, location LIMIT ${ANALYTICS_TOP}) AS top) AS locations,
      (SELECT json_agg(json_build_object('from', from_location, 'to', to_location, 'moves', finished) ORDER BY finished DESC, from_location, to_location) FROM (
        SELECT from_location, to_location, finished FROM routes WHERE finished > 0
        ORDER BY finished DESC, from_location, to_location LIMIT ${ANALYTICS_TOP}) AS top) AS routes`);
  return { locations: rows[0]?.locations ?? [], routes: rows[0]?.routes ?? [] };
}

/** Trailers' location entries that `where` keeps, the oldest first (at most `limit`), with the trailer's number. */
async function openStays(ctx: ServiceContext, where: SQL | undefined, limit: number) {
  const rows = await ctx.db
    .select({
      id: trailers.id,
      trailer_number: trailers.trailerNumber,
      location: trailerLocationHistory.location,
      since: trailerLocationHistory.entryTime,
      account_id: trailerLocationHistory.accountId,
    })
    .from(trailerLocationHistory)
    .innerJoin(trailers, eq(trailers.id, trailerLocationHistory.trailerId))
    .where(where)
    .orderBy(asc(trailerLocationHistory.entryTime), asc(trailers.id))
    .limit(limit);
  return rows.map((row) => ({ ...row, since: row.since.toISOString() }));
}

/** Trailers whose open location entry began more than IDLE_AFTER_DAYS days ago, oldest first. */
async function idleTrailers(ctx: ServiceContext, inScope: ReturnType<typeof scopeOf>) {
  const idle = and(
    isNull(trailerLocationHistory.exitTime),
    lt(trailerLocationHistory.entryTime, sql`now() - make_interval(days => ${IDLE_AFTER_DAYS})`),
    inScope(trailerLocationHistory.accountId),
  );
  const [list, [total]] = await Promise.all([
    openStays(ctx, idle, IDLE_LIST_LIMIT),
    ctx.db.select({ count: count() }).from(trailerLocationHistory).where(idle),
  ]);
  return { list, count: total.count };
}

/** A duration in minutes as float8 (`extract` answers numeric, slow to add up and sort). */
const minutes = (from: SQL | typeof moves.requestTime, to: SQL | typeof moves.requestTime) => sql`date_part('epoch', ${to} - ${from}) / 60`;

/** Median, 90th percentile (rounded minutes) and count of a duration in minutes, over the rows a filter keeps. */
function spreadOf(duration: SQL, filter: SQL) {
  return {
    median: sql<number | null>`round((percentile_cont(0.5) WITHIN GROUP (ORDER BY ${duration}) FILTER (WHERE ${filter}))::numeric)::int`,
    p90: sql<number | null>`round((percentile_cont(0.9) WITHIN GROUP (ORDER BY ${duration}) FILTER (WHERE ${filter}))::numeric)::int`,
    count: sql<number>`count(*) FILTER (WHERE ${filter})::int`,
  };
}

interface KpiScope {
  since: Date;
  now: Date;
  timeZone: string;
  inScope: ReturnType<typeof scopeOf>;
  inPeriod: SQL | undefined;
}

/** The figures yards are judged by: dwell, response and drive times, drivers, doors, moves per day. */
async function keyFigures(ctx: ServiceContext, scope: KpiScope): Promise<Kpis> {
  const since = sql`${scope.since.toISOString()}::timestamptz`;
  // Columns inside a correlated subquery are named with their table: Drizzle leaves a one-table
  // query's columns unqualified, and the subquery's own columns would then answer for them.
  const kind = sql<LocationKind>`CASE
    WHEN trailer_location_history.location = 'Road' THEN 'Road'
    WHEN trailer_location_history.location = 'Shop' THEN 'Shop'
    WHEN ${yards.id} IS NOT NULL THEN 'Yard'
    ELSE 'Door' END`;
  const stay = minutes(trailerLocationHistory.entryTime as unknown as SQL, trailerLocationHistory.exitTime as unknown as SQL);
  const days = periodDays(scope.since, scope.timeZone, scope.now);
  const starts = sql`${`{${days.map((day) => day.start.toISOString()).join(",")}}`}::timestamptz[]`;
  const activeHours = sql`date_part('epoch', sum(${moves.finishTime} - ${moves.acceptTime})) / 3600`;

  const [dwell, longest, [response], [waiting], drivers, doors, perDay] = await Promise.all([
    ctx.db
      .select({ kind: sql<LocationKind>`kind`, ...spreadOf(sql`stay`, sql`true`) })
      .from(
        ctx.db
          .select({ kind: kind.as("kind"), stay: sql<number>`${stay}`.as("stay") })
          .from(trailerLocationHistory)
          // The account's own yard of that name (one at most: names are unique in an account).
          .leftJoin(yards, and(eq(yards.accountId, trailerLocationHistory.accountId), eq(yards.name, trailerLocationHistory.location)))
          .where(and(sql`${trailerLocationHistory.exitTime} >= ${since}`, scope.inScope(trailerLocationHistory.accountId)))
          .as("stays"),
      )
      .groupBy(sql`kind`),
    openStays(ctx, and(isNull(trailerLocationHistory.exitTime), scope.inScope(trailerLocationHistory.accountId)), LONGEST_STAYS_LISTED),
    ctx.db
      .select({
        accept: spreadOf(minutes(moves.requestTime, moves.acceptTime as unknown as SQL), sql`${moves.acceptTime} IS NOT NULL`),
        finish: spreadOf(minutes(moves.acceptTime as unknown as SQL, moves.finishTime as unknown as SQL), STATE_CONDITION.finished),
      })
      .from(moves)
      .where(scope.inPeriod),
    ctx.db
      .select({
        count: sql<number>`count(*)::int`,
        oldest: sql<{ move_id: number; requested_at: string; account_id: number } | null>`(array_agg(json_build_object(
          'move_id', ${moves.id}, 'requested_at', ${moves.requestTime}, 'account_id', ${moves.accountId})
          ORDER BY ${moves.requestTime}, ${moves.id}))[1]`,
      })
      .from(moves)
      .where(and(STATE_CONDITION.requested, scope.inScope(moves.accountId))),
    ctx.db
      .select({
        user_id: moves.acceptUserId,
        driver: sql<string>`coalesce(nullif(concat_ws(' ', ${users.firstName}, ${users.lastName}), ''), ${users.alphaCode}, max(${moves.acceptAlphaCode}), 'Unknown')`,
        finished: sql<number>`count(*)::int`,
        active_hours: sql<number>`round((${activeHours})::numeric, 1)::float8`,
        moves_per_hour: sql<number | null>`round((count(*) / nullif(${activeHours}, 0))::numeric, 1)::float8`,
      })
      .from(moves)
      .leftJoin(users, eq(users.id, moves.acceptUserId))
      .where(and(scope.inPeriod, STATE_CONDITION.finished))
      .groupBy(moves.acceptUserId, users.id)
      .orderBy(desc(sql`count(*)`), sql`count(*) / nullif(${activeHours}, 0) DESC NULLS LAST`, asc(moves.acceptUserId))
      .limit(DRIVERS_LISTED),
    doorUse(ctx, since, scope.inScope),
    ctx.db
      .select({
        day: sql<number>`bucket`,
        finished: sql<number>`count(*) FILTER (WHERE ${STATE_CONDITION.finished})::int`,
        cancelled: sql<number>`count(*) FILTER (WHERE ${STATE_CONDITION.cancelled})::int`,
        other: sql<number>`count(*) FILTER (WHERE NOT ${STATE_CONDITION.finished} AND NOT ${STATE_CONDITION.cancelled})::int`,
      })
      .from(
        ctx.db
          .select({
            bucket: sql`width_bucket(${moves.requestTime}, ${starts})`.as("bucket"),
            isCancel: moves.isCancel,
            finishTime: moves.finishTime,
            inProgress: moves.inProgress,
          })
          .from(moves)
          .where(scope.inPeriod)
          .as("moves"),
      )
      .groupBy(sql`bucket`),
  ]);

  const byDay = new Map(perDay.map((row) => [Number(row.day), row]));
  return {
    dwell: {
      by_kind: (["Door", "Yard", "Shop", "Road"] as const).map((kindName) => {
        const row = dwell.find((entry) => entry.kind === kindName);
        return { kind: kindName, median: row?.median ?? null, p90: row?.p90 ?? null, count: row?.count ?? 0 };
      }),
      longest_stays: longest.map(({ id, ...row }) => ({ trailer_id: id, ...row })),
    },
    response: {
      request_to_accept: spread(response.accept),
      accept_to_finish: spread(response.finish),
      waiting_now: waiting.count,
      oldest_waiting: waiting.oldest ? { ...waiting.oldest, requested_at: new Date(waiting.oldest.requested_at).toISOString() } : null,
    },
    drivers,
    doors: doors.map(({ occupied_hours, period_hours, ...row }: DoorUse) => ({
      ...row,
      now_percent: row.doors > 0 ? Math.round((100 * row.occupied_now) / row.doors) : null,
      period_percent:
        row.doors > 0 && period_hours > 0 ? Math.min(100, Math.round((100 * occupied_hours) / (row.doors * period_hours))) : null,
    })),
    moves_per_day: days.map((day, index) => {
      const row = byDay.get(index + 1);
      return { day: day.day, finished: row?.finished ?? 0, cancelled: row?.cancelled ?? 0, other: row?.other ?? 0 };
    }),
  };
}

type DoorUse = {
  building_id: number;
  building: string;
  account_id: number;
  doors: number;
  occupied_now: number;
  occupied_hours: number;
  period_hours: number;
};

/**
 * Each building's doors with a trailer now and its trailer-hours at its doors since `since`: the
 * trailers' locations and the period's stays are gathered once per account and location, then
 * matched to each building's doors.
 */
async function doorUse(ctx: ServiceContext, since: SQL, inScope: ReturnType<typeof scopeOf>): Promise<DoorUse[]> {
  const { rows } = await ctx.db.execute<DoorUse>(sql`
    WITH occupied AS MATERIALIZED (
      SELECT DISTINCT trailers.account_id, trailers.trailer_location AS location
        FROM ${trailers} WHERE ${inScope(trailers.accountId) ?? sql`true`}),
    stays AS MATERIALIZED (
      SELECT trailer_location_history.account_id, trailer_location_history.location,
             date_part('epoch', sum(least(coalesce(exit_time, now()), now()) - greatest(entry_time, ${since}))) / 3600 AS hours
        FROM ${trailerLocationHistory}
       WHERE coalesce(exit_time, now()) > ${since} AND entry_time < now() AND ${inScope(trailerLocationHistory.accountId) ?? sql`true`}
       GROUP BY 1, 2)
    SELECT buildings.id AS building_id, buildings.building_name AS building, buildings.account_id,
           buildings.building_door_number AS doors,
           (SELECT count(*)::int FROM occupied o WHERE o.account_id = buildings.account_id AND ${isDoorOf(sql`o.location`)}) AS occupied_now,
           (SELECT coalesce(sum(s.hours), 0)::float8 FROM stays s WHERE s.account_id = buildings.account_id AND ${isDoorOf(sql`s.location`)}) AS occupied_hours,
           (date_part('epoch', now() - ${since}) / 3600)::float8 AS period_hours
      FROM ${buildings}
     WHERE ${inScope(buildings.accountId) ?? sql`true`}
     ORDER BY buildings.building_name, buildings.id`);
  return rows;
}

function spread(row: Spread): Spread {
  return row.count === 0 ? { median: null, p90: null, count: 0 } : row;
}

/** Whether a location is one of the current building's doors: "{name}-{n}" with 1 ≤ n ≤ its door count. */
function isDoorOf(location: SQL) {
  const rest = sql`substr(${location}, length(buildings.building_name) + 2)`;
  return sql`(left(${location}, length(buildings.building_name) + 1) = buildings.building_name || '-'
    AND CASE WHEN ${rest} ~ '^[1-9][0-9]{0,2}$' THEN ${rest}::int <= buildings.building_door_number ELSE false END)`;
}
