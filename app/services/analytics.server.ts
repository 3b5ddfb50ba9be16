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

  const [summary, topLocations, topRoutes, idle, kpis] = await Promise.all([
    movesSummary(ctx, inPeriod),
    ctx.db
      .select({ location: sql<string>`ends.location`, moves: sql<number>`count(*)::int` })
      .from(
        sql`(${ctx.db
          .select({ location: sql`${moveLegs.fromLocation}`.as("location") })
          .from(moveLegs)
          .innerJoin(moves, eq(moves.id, moveLegs.moveId))
          .where(inPeriod)
          .unionAll(
            ctx.db
              .select({ location: sql`${moveLegs.toLocation}`.as("location") })
              .from(moveLegs)
              .innerJoin(moves, eq(moves.id, moveLegs.moveId))
              .where(inPeriod),
          )}) as ends`,
      )
      .groupBy(sql`ends.location`)
      .orderBy(desc(sql`count(*)`), asc(sql`ends.location`))
      .limit(ANALYTICS_TOP),
    ctx.db
      .select({ from: moveLegs.fromLocation, to: moveLegs.toLocation, moves: sql<number>`count(*)::int` })
      .from(moveLegs)
      .innerJoin(moves, eq(moves.id, moveLegs.moveId))
      .where(and(inPeriod, STATE_CONDITION.finished))
      .groupBy(moveLegs.fromLocation, moveLegs.toLocation)
      .orderBy(desc(sql`count(*)`), asc(moveLegs.fromLocation), asc(moveLegs.toLocation))
      .limit(ANALYTICS_TOP),
    idleTrailers(ctx, inScope),
    keyFigures(ctx, { since, now, timeZone: query.timeZone, inScope, inPeriod }),
  ]);

  return {
    period: query.period,
    since: since.toISOString(),
    company_id: query.companyId,
    account_id: query.accountId,
    moves_summary: summary,
    top_locations: topLocations,
    top_routes: topRoutes,
    idle_trailers: idle.list,
    idle_trailer_count: idle.count,
    kpis,
  };
}

/** Which accounts' rows count: the one account named, else the named company's, else all. */
type AccountColumn = typeof moves.accountId | typeof trailerLocationHistory.accountId | typeof buildings.accountId;

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
      average_move_minutes: sql<number | null>`round(avg(extract(epoch FROM ${moves.finishTime} - ${moves.requestTime}) / 60)
        FILTER (WHERE ${STATE_CONDITION.finished}))::int`,
    })
    .from(moves)
    .where(inPeriod);
  return row;
}

/** Trailers whose open location entry began more than IDLE_AFTER_DAYS days ago, oldest first. */
async function idleTrailers(ctx: ServiceContext, inScope: ReturnType<typeof scopeOf>) {
  const idle = and(
    isNull(trailerLocationHistory.exitTime),
    lt(trailerLocationHistory.entryTime, sql`now() - make_interval(days => ${IDLE_AFTER_DAYS})`),
    inScope(trailerLocationHistory.accountId),
  );
  const [list, [total]] = await Promise.all([
    ctx.db
      .select({
        id: trailers.id,
        trailer_number: trailers.trailerNumber,
        location: trailerLocationHistory.location,
        since: trailerLocationHistory.entryTime,
        account_id: trailerLocationHistory.accountId,
      })
      .from(trailerLocationHistory)
      .innerJoin(trailers, eq(trailers.id, trailerLocationHistory.trailerId))
      .where(idle)
      .orderBy(asc(trailerLocationHistory.entryTime), asc(trailers.id))
      .limit(IDLE_LIST_LIMIT),
    ctx.db.select({ count: count() }).from(trailerLocationHistory).where(idle),
  ]);
  return { list: list.map((row) => ({ ...row, since: row.since.toISOString() })), count: total.count };
}

const minutes = (from: SQL | typeof moves.requestTime, to: SQL | typeof moves.requestTime) => sql`extract(epoch FROM ${to} - ${from}) / 60`;

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
    WHEN EXISTS (SELECT 1 FROM ${yards} y WHERE y.account_id = trailer_location_history.account_id AND y.name = trailer_location_history.location) THEN 'Yard'
    ELSE 'Door' END`;
  const stay = minutes(trailerLocationHistory.entryTime as unknown as SQL, trailerLocationHistory.exitTime as unknown as SQL);
  const days = periodDays(scope.since, scope.timeZone, scope.now);
  const starts = sql`${`{${days.map((day) => day.start.toISOString()).join(",")}}`}::timestamptz[]`;
  const activeHours = sql`sum(extract(epoch FROM ${moves.finishTime} - ${moves.acceptTime})) / 3600`;

  const [dwell, longest, [response], [waiting], drivers, doors, perDay] = await Promise.all([
    ctx.db
      .select({ kind: sql<LocationKind>`kind`, ...spreadOf(sql`stay`, sql`true`) })
      .from(
        ctx.db
          .select({ kind: kind.as("kind"), stay: sql<number>`${stay}`.as("stay") })
          .from(trailerLocationHistory)
          .where(and(sql`${trailerLocationHistory.exitTime} >= ${since}`, scope.inScope(trailerLocationHistory.accountId)))
          .as("stays"),
      )
      .groupBy(sql`kind`),
    ctx.db
      .select({
        trailer_id: trailers.id,
        trailer_number: trailers.trailerNumber,
        location: trailerLocationHistory.location,
        since: trailerLocationHistory.entryTime,
        account_id: trailerLocationHistory.accountId,
      })
      .from(trailerLocationHistory)
      .innerJoin(trailers, eq(trailers.id, trailerLocationHistory.trailerId))
      .where(and(isNull(trailerLocationHistory.exitTime), scope.inScope(trailerLocationHistory.accountId)))
      .orderBy(asc(trailerLocationHistory.entryTime), asc(trailers.id))
      .limit(LONGEST_STAYS_LISTED),
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
    ctx.db
      .select({
        building_id: buildings.id,
        building: buildings.buildingName,
        account_id: buildings.accountId,
        doors: buildings.buildingDoorNumber,
        occupied_now: sql<number>`(SELECT count(DISTINCT t.trailer_location)::int FROM ${trailers} t
          WHERE t.account_id = buildings.account_id AND ${isDoorOf(sql`t.trailer_location`)})`,
        occupied_hours: sql<number>`(SELECT coalesce(sum(extract(epoch FROM least(coalesce(h.exit_time, now()), now()) - greatest(h.entry_time, ${since}))), 0) / 3600
          FROM ${trailerLocationHistory} h
          WHERE h.account_id = buildings.account_id AND ${isDoorOf(sql`h.location`)}
            AND coalesce(h.exit_time, now()) > ${since} AND h.entry_time < now())::float8`,
        period_hours: sql<number>`(extract(epoch FROM now() - ${since}) / 3600)::float8`,
      })
      .from(buildings)
      .where(scope.inScope(buildings.accountId))
      .orderBy(asc(buildings.buildingName), asc(buildings.id)),
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
      longest_stays: longest.map((row) => ({ ...row, since: row.since.toISOString() })),
    },
    response: {
      request_to_accept: spread(response.accept),
      accept_to_finish: spread(response.finish),
      waiting_now: waiting.count,
      oldest_waiting: waiting.oldest ? { ...waiting.oldest, requested_at: new Date(waiting.oldest.requested_at).toISOString() } : null,
    },
    drivers,
    doors: doors.map(({ occupied_hours, period_hours, ...row }) => ({
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

function spread(row: Spread): Spread {
  return row.count === 0 ? { median: null, p90: null, count: 0 } : row;
}

/** Whether a location is one of the current building's doors: "{name}-{n}" with 1 ≤ n ≤ its door count. */
function isDoorOf(location: SQL) {
  const rest = sql`substr(${location}, length(buildings.building_name) + 2)`;
  return sql`(left(${location}, length(buildings.building_name) + 1) = buildings.building_name || '-'
    AND CASE WHEN ${rest} ~ '^[1-9][0-9]{0,2}$' THEN ${rest}::int <= buildings.building_door_number ELSE false END)`;
}
