import { and, asc, count, eq, isNull, lt, sql, type Column, type SQL } from "drizzle-orm";
import {
  accounts,
  buildings,
  moveDriverDays,
  moveLegs,
  moveLocationDays,
  moveMinuteDays,
  moveQuarters,
  moveRouteDays,
  moves,
  stayDays,
  trailerLocationHistory,
  trailers,
  users,
  yards,
} from "../../db/schema";
import {
  ANALYTICS_MESSAGES,
  LOCATION_KINDS,
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
  type MovesSummary,
  type LocationKind,
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
  const days = periodDays(since, query.timeZone, now);
  const scope: PeriodScope = { since, inScope, quarters: splitAt(since, QUARTER_MS, inScope), days: splitAt(since, DAY_MS, inScope) };

  const [{ summary, perDay }, ends, idle, kpis] = await Promise.all([
    movesByDay(ctx, scope, days),
    topLocationsAndRoutes(ctx, scope),
    idleTrailers(ctx, inScope),
    keyFigures(ctx, scope),
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
    kpis: { ...kpis, moves_per_day: perDay },
  };
}

/** Which accounts' rows count: the one account named, else the named company's, else all. */
function scopeOf(query: AnalyticsQuery): (column: Column | SQL) => SQL | undefined {
  if (query.accountId !== null) return (column) => sql`${column} = ${query.accountId}`;
  if (query.companyId !== null) {
    const companyId = query.companyId;
    return (column) => sql`${column} IN (SELECT ${accounts.id} FROM ${accounts} WHERE ${accounts.companyId} = ${companyId})`;
  }
  return () => undefined;
}
type InScope = ReturnType<typeof scopeOf>;

const QUARTER_MS = 15 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Where a period's counts begin (db/migrations/0009_move_rollups.sql keeps them per quarter hour
 * and per UTC day of request): at the boundary nearest its start, whose rows are read whole; the
 * moves between that boundary and the start are then read one by one (`edge`), added when the
 * boundary is after the start and taken away (`sign` −1) when it is before: half a quarter hour or
 * half a day of moves at most.
 */
interface Split {
  from: Date;
  /** The moves between the boundary and the start. */
  edge: SQL;
  sign: 1 | -1;
  /** Rows whose `column` lies between the boundary and the start. */
  between(column: Column | SQL): SQL;
}

function splitAt(since: Date, unit: number, inScope: InScope): Split {
  const floor = Math.floor(since.getTime() / unit) * unit;
  const from = new Date(since.getTime() - floor <= unit / 2 ? floor : floor + unit);
  const [lo, hi] = from >= since ? [since, from] : [from, since];
  const between = (column: Column | SQL) =>
    sql`${column} >= ${lo.toISOString()}::timestamptz AND ${column} < ${hi.toISOString()}::timestamptz`;
  return { from, edge: and(between(moves.requestTime), inScope(moves.accountId))!, sign: from >= since ? 1 : -1, between };
}

const dayOf = (split: Split) => sql`${split.from.toISOString().slice(0, 10)}::date`;
const within = (condition: SQL | undefined) => condition ?? sql`true`;

interface PeriodScope {
  since: Date;
  inScope: InScope;
  /** The period against the counts per quarter hour and per day. */
  quarters: Split;
  days: Split;
}

/**
 * The Moves Summary and the moves of each day of the period (in the viewer's time zone, whose
 * midnights fall on quarter hours), from the counts per quarter hour, in one statement.
 */
async function movesByDay(ctx: ServiceContext, scope: PeriodScope, days: { day: string; start: Date }[]) {
  const { from, edge, sign } = scope.quarters;
  const starts = sql`${`{${days.map((day) => day.start.toISOString()).join(",")}}`}::timestamptz[]`;
  const stateOf = (state: keyof typeof STATE_CONDITION) => sql`${sign} * (${STATE_CONDITION[state]})::int`;
  const { rows } = await ctx.db.execute<MovesSummary & { day: number | null; whole: number } & Record<string, unknown>>(sql`
    WITH counted AS (
      SELECT quarter AS at, moves, requested, in_progress, finished, cancelled, finished_minutes
        FROM ${moveQuarters} WHERE quarter >= ${from.toISOString()}::timestamptz AND ${within(scope.inScope(moveQuarters.accountId))}
      UNION ALL
      SELECT request_time, ${sign}, ${stateOf("requested")}, ${stateOf("in_progress")}, ${stateOf("finished")}, ${stateOf("cancelled")},
             CASE WHEN ${STATE_CONDITION.finished} THEN ${sign} * date_part('epoch', finish_time - request_time) / 60 ELSE 0 END
        FROM ${moves} WHERE ${edge}),
    dated AS (SELECT width_bucket(at, ${starts}) AS day, counted.* FROM counted)
    SELECT day, grouping(day) AS whole,
           sum(moves)::int AS total, sum(requested)::int AS requested, sum(in_progress)::int AS in_progress,
           sum(finished)::int AS finished, sum(cancelled)::int AS cancelled,
           round(100.0 * sum(finished) / nullif(sum(moves), 0))::int AS success_rate,
           round((sum(finished_minutes) / nullif(sum(finished), 0))::numeric)::int AS average_move_minutes
      FROM dated GROUP BY GROUPING SETS ((day), ())`);
  const whole = rows.find((row) => row.whole === 1);
  const summary: MovesSummary = {
    total: whole?.total ?? 0,
    requested: whole?.requested ?? 0,
    in_progress: whole?.in_progress ?? 0,
    finished: whole?.finished ?? 0,
    cancelled: whole?.cancelled ?? 0,
    success_rate: whole?.total ? whole.success_rate : null,
    average_move_minutes: whole?.finished ? whole.average_move_minutes : null,
  };
  const byDay = new Map(rows.filter((row) => row.whole === 0).map((row) => [Number(row.day), row]));
  const perDay = days.map((day, index) => {
    const row = byDay.get(index + 1);
    const finished = row?.finished ?? 0;
    const cancelled = row?.cancelled ?? 0;
    return { day: day.day, finished, cancelled, other: (row?.total ?? 0) - finished - cancelled };
  });
  return { summary, perDay };
}

/**
 * The legs of the moves at the edge of a period (the moves `edge` keeps): each move's legs read
 * through its own index entries, never by scanning the legs.
 */
function edgeLegs(edge: SQL) {
  return sql`SELECT l.from_location, l.to_location, edge_moves.finished
    FROM (SELECT ${moves.id} AS id, ${STATE_CONDITION.finished} AS finished FROM ${moves} WHERE ${edge}) AS edge_moves
    CROSS JOIN LATERAL (SELECT from_location, to_location FROM ${moveLegs} WHERE move_id = edge_moves.id) AS l`;
}

/**
 * Top locations (legs from or to each, all moves of the period) and popular routes (legs of its
 * finished moves), from the counts per day, in one statement.
 */
async function topLocationsAndRoutes(ctx: ServiceContext, scope: PeriodScope) {
  const { edge, sign } = scope.days;
  const from = dayOf(scope.days);
  const { rows } = await ctx.db.execute<{
    locations: { location: string; moves: number }[] | null;
    routes: { from: string; to: string; moves: number }[] | null;
  }>(sql`WITH edge AS MATERIALIZED (${edgeLegs(edge)}),
    top_locations AS (
      SELECT location, sum(legs)::int AS moves FROM (
        SELECT location, legs FROM ${moveLocationDays} WHERE day >= ${from} AND ${within(scope.inScope(moveLocationDays.accountId))}
        UNION ALL SELECT from_location, ${sign} FROM edge
        UNION ALL SELECT to_location, ${sign} FROM edge) AS ends
      GROUP BY location HAVING sum(legs) > 0 ORDER BY moves DESC, location LIMIT ${ANALYTICS_TOP}),
    top_routes AS (
      SELECT from_location, to_location, sum(legs)::int AS moves FROM (
        SELECT from_location, to_location, legs FROM ${moveRouteDays}
         WHERE day >= ${from} AND ${within(scope.inScope(moveRouteDays.accountId))}
        UNION ALL SELECT from_location, to_location, ${sign} FROM edge WHERE finished) AS routes
      GROUP BY from_location, to_location HAVING sum(legs) > 0
      ORDER BY moves DESC, from_location, to_location LIMIT ${ANALYTICS_TOP})
    SELECT
      (SELECT json_agg(json_build_object('location', location, 'moves', moves) ORDER BY moves DESC, location) FROM top_locations) AS locations,
      (SELECT json_agg(json_build_object('from', from_location, 'to', to_location, 'moves', moves)
         ORDER BY moves DESC, from_location, to_location) FROM top_routes) AS routes`);
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
async function idleTrailers(ctx: ServiceContext, inScope: InScope) {
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
const minutes = (from: SQL, to: SQL) => sql`date_part('epoch', ${to} - ${from}) / 60`;

/** The figures yards are judged by: dwell, response and drive times, drivers, doors (moves per day come with the summary). */
async function keyFigures(ctx: ServiceContext, scope: PeriodScope): Promise<Omit<Kpis, "moves_per_day">> {
  const since = sql`${scope.since.toISOString()}::timestamptz`;

  const [dwell, longest, response, [waiting], drivers, doors] = await Promise.all([
    dwellByKind(ctx, scope),
    openStays(ctx, and(isNull(trailerLocationHistory.exitTime), scope.inScope(trailerLocationHistory.accountId)), LONGEST_STAYS_LISTED),
    responseAndDrive(ctx, scope),
    ctx.db
      .select({
        count: sql<number>`count(*)::int`,
        oldest: sql<{ move_id: number; requested_at: string; account_id: number } | null>`(array_agg(json_build_object(
          'move_id', ${moves.id}, 'requested_at', ${moves.requestTime}, 'account_id', ${moves.accountId})
          ORDER BY ${moves.requestTime}, ${moves.id}))[1]`,
      })
      .from(moves)
      .where(and(STATE_CONDITION.requested, scope.inScope(moves.accountId))),
    driverProductivity(ctx, scope),
    doorUse(ctx, since, scope.inScope),
  ]);

  return {
    dwell: {
      by_kind: dwell,
      longest_stays: longest.map(({ id, ...row }) => ({ trailer_id: id, ...row })),
    },
    response: {
      ...response,
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
  };
}

/**
 * Stays that ended in the period (exit − entry), by kind of location: median and 90th percentile,
 * from the stays counted per day of their end and length (`yardline_stay_minutes`: to the minute
 * under an hour, to five minutes under a day, to the hour beyond).
 */
async function dwellByKind(ctx: ServiceContext, scope: PeriodScope): Promise<Kpis["dwell"]["by_kind"]> {
  const { sign, between } = scope.days;
  const spread = await spreadsOf<LocationKind>(
    ctx,
    sql`SELECT kind AS measure, minutes, stays AS moves FROM ${stayDays}
         WHERE day >= ${dayOf(scope.days)} AND ${within(scope.inScope(stayDays.accountId))}
        UNION ALL
        SELECT CASE WHEN h.location = 'Road' THEN 'Road' WHEN h.location = 'Shop' THEN 'Shop'
                    WHEN EXISTS (SELECT 1 FROM ${yards} AS y WHERE y.account_id = h.account_id AND y.name = h.location) THEN 'Yard'
                    ELSE 'Door' END,
               yardline_stay_minutes(date_part('epoch', h.exit_time - h.entry_time) / 60), ${sign}
          FROM ${trailerLocationHistory} AS h
         WHERE ${between(sql`h.exit_time`)} AND ${within(scope.inScope(sql`h.account_id`))}`,
  );
  return LOCATION_KINDS.map((kind) => ({ kind, ...spread(kind) }));
}

/**
 * Median and 90th percentile, as percentile_cont gives them, and count of each measure's times,
 * from how many took each whole number of minutes: `counted` has the columns (measure, minutes,
 * moves), a (measure, minutes) pair in as many rows as it likes, some of them negative.
 */
async function spreadsOf<Measure extends string>(ctx: ServiceContext, counted: SQL): Promise<(measure: Measure) => Spread> {
  const { rows } = await ctx.db.execute<{ measure: Measure; count: number; median: number; p90: number }>(sql`
    WITH times AS (
      SELECT measure, minutes, sum(moves) AS moves FROM (${counted}) AS counted
       GROUP BY measure, minutes HAVING sum(moves) > 0),
    ranked AS (
      SELECT measure, minutes, sum(moves) OVER (PARTITION BY measure ORDER BY minutes) - moves AS below,
             sum(moves) OVER (PARTITION BY measure) AS total
        FROM times),
    wanted AS (
      SELECT measure, total, fraction, fraction * (total - 1) AS rank
        FROM (SELECT DISTINCT measure, total FROM ranked) AS measures CROSS JOIN (VALUES (0.5), (0.9)) AS p(fraction)),
    -- The k-th time (from 0) is the longest whose times below it are at most k.
    answered AS (
      SELECT w.measure, w.total, w.fraction,
             max(r.minutes) FILTER (WHERE r.below <= floor(w.rank)) AS low,
             max(r.minutes) FILTER (WHERE r.below <= ceil(w.rank)) AS high,
             w.rank - floor(w.rank) AS part
        FROM wanted AS w JOIN ranked AS r ON r.measure = w.measure AND r.below <= ceil(w.rank)
       GROUP BY w.measure, w.total, w.fraction, w.rank)
    SELECT measure, total::int AS count,
           round(max(low + part * (high - low)) FILTER (WHERE fraction = 0.5))::int AS median,
           round(max(low + part * (high - low)) FILTER (WHERE fraction = 0.9))::int AS p90
      FROM answered GROUP BY measure, total`);
  return (measure) => {
    const row = rows.find((entry) => entry.measure === measure);
    return row ? { median: row.median, p90: row.p90, count: row.count } : { median: null, p90: null, count: 0 };
  };
}

/** Request → accept and accept → finish: the spread of the moves' times, each rounded to the minute, counted per day. */
async function responseAndDrive(ctx: ServiceContext, scope: PeriodScope): Promise<{ request_to_accept: Spread; accept_to_finish: Spread }> {
  const { edge, sign } = scope.days;
  const rounded = (from: SQL, to: SQL) => sql`round(${minutes(from, to)})::int`;
  const spread = await spreadsOf<"accept" | "drive">(
    ctx,
    sql`SELECT measure, minutes, moves FROM ${moveMinuteDays}
         WHERE day >= ${dayOf(scope.days)} AND ${within(scope.inScope(moveMinuteDays.accountId))}
        UNION ALL
        SELECT 'accept', ${rounded(sql`request_time`, sql`accept_time`)}, ${sign} FROM ${moves} WHERE ${edge} AND accept_time IS NOT NULL
        UNION ALL
        SELECT 'drive', ${rounded(sql`accept_time`, sql`finish_time`)}, ${sign} FROM ${moves}
         WHERE ${edge} AND ${STATE_CONDITION.finished} AND accept_time IS NOT NULL`,
  );
  return { request_to_accept: spread("accept"), accept_to_finish: spread("drive") };
}

/** Finished moves per driver who accepted them and per active hour (their accept → finish times), from the counts per day. */
async function driverProductivity(ctx: ServiceContext, scope: PeriodScope): Promise<Kpis["drivers"]> {
  const { edge, sign } = scope.days;
  const { rows } = await ctx.db.execute<Kpis["drivers"][number]>(sql`
    SELECT nullif(d.driver_id, 0) AS user_id,
           coalesce(nullif(concat_ws(' ', ${users.firstName}, ${users.lastName}), ''), ${users.alphaCode}, nullif(max(d.alpha_code), ''), 'Unknown') AS driver,
           sum(d.finished)::int AS finished,
           round((sum(d.active_minutes) / 60)::numeric, 1)::float8 AS active_hours,
           round((sum(d.finished) / nullif(sum(d.active_minutes) / 60, 0))::numeric, 1)::float8 AS moves_per_hour
      FROM (
        SELECT driver_id, alpha_code, finished, active_minutes FROM ${moveDriverDays}
         WHERE day >= ${dayOf(scope.days)} AND ${within(scope.inScope(moveDriverDays.accountId))}
        UNION ALL
        SELECT coalesce(accept_user_id, 0), coalesce(accept_alpha_code, ''), ${sign}, ${sign} * ${minutes(sql`accept_time`, sql`finish_time`)}
          FROM ${moves} WHERE ${edge} AND ${STATE_CONDITION.finished}) AS d
      LEFT JOIN ${users} ON ${users.id} = d.driver_id
     GROUP BY d.driver_id, ${users.id}
    HAVING sum(d.finished) > 0
     ORDER BY finished DESC, moves_per_hour DESC NULLS LAST, nullif(d.driver_id, 0) NULLS LAST
     LIMIT ${DRIVERS_LISTED}`);
  return rows;
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
 * Each building's doors with a trailer now and its trailer-hours at its doors since `since`: each
 * door's name ("{building}-{n}") looked up in the trailers' locations and in the location history
 * (stays going on, or ended after `since`), both through indexes on (account, location).
 */
async function doorUse(ctx: ServiceContext, since: SQL, inScope: InScope): Promise<DoorUse[]> {
  const { rows } = await ctx.db.execute<DoorUse>(sql`
    WITH doors AS MATERIALIZED (
      SELECT b.id, b.account_id, b.building_name || '-' || n AS location
        FROM ${buildings} AS b CROSS JOIN generate_series(1, b.building_door_number) AS n
       WHERE ${within(inScope(sql`b.account_id`))}),
    door_use AS (
      SELECT d.id,
             count(*) FILTER (WHERE EXISTS (
               SELECT 1 FROM ${trailers} AS t WHERE t.account_id = d.account_id AND t.trailer_location = d.location)) AS occupied_now,
             coalesce(sum((
               -- Going on now, and ended in the period: two ranges of the door's index entries.
               SELECT date_part('epoch', sum(now() - greatest(h.entry_time, ${since}))) / 3600
                 FROM ${trailerLocationHistory} AS h
                WHERE h.account_id = d.account_id AND h.location = d.location AND h.exit_time IS NULL AND h.entry_time < now())), 0)
             + coalesce(sum((
               SELECT date_part('epoch', sum(least(h.exit_time, now()) - greatest(h.entry_time, ${since}))) / 3600
                 FROM ${trailerLocationHistory} AS h
                WHERE h.account_id = d.account_id AND h.location = d.location AND h.exit_time > ${since} AND h.entry_time < now())), 0)
               AS occupied_hours
        FROM doors AS d GROUP BY d.id)
    SELECT b.id AS building_id, b.building_name AS building, b.account_id, b.building_door_number AS doors,
           coalesce(u.occupied_now, 0)::int AS occupied_now, coalesce(u.occupied_hours, 0)::float8 AS occupied_hours,
           (date_part('epoch', now() - ${since}) / 3600)::float8 AS period_hours
      FROM ${buildings} AS b LEFT JOIN door_use AS u ON u.id = b.id
     WHERE ${within(inScope(sql`b.account_id`))}
     ORDER BY b.building_name, b.id`);
  return rows;
}
