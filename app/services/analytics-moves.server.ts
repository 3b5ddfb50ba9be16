/** The admin dashboard's figures of moves: the Moves Summary, moves per day, locations and routes, response and drive times, drivers. */
import { and, sql, type SQL } from "drizzle-orm";
import { moveDriverDays, moveLegs, moveLocationDays, moveMinuteDays, moveQuarters, moveRouteDays, moves, users } from "#db/schema";
import { ANALYTICS_TOP, DRIVERS_LISTED, type Kpis, type MovesSummary, type Spread } from "#app/domain/analytics";
import { dayOf, minutes, spreadsOf, within, type InScope, type PeriodScope } from "./analytics-period.server";
import type { ServiceContext } from "./context.server";
import { STATE_CONDITION } from "./moves.server";

/**
 * The Moves Summary and the moves of each day of the period (in the viewer's time zone, whose
 * midnights fall on quarter hours), from the counts per quarter hour, in one statement.
 */
export async function movesByDay(ctx: ServiceContext, scope: PeriodScope, days: { day: string; start: Date }[]) {
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
export async function topLocationsAndRoutes(ctx: ServiceContext, scope: PeriodScope) {
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

/** Request → accept and accept → finish: the spread of the moves' times, each rounded to the minute, counted per day. */
export async function responseAndDrive(
  ctx: ServiceContext,
  scope: PeriodScope,
): Promise<{ request_to_accept: Spread; accept_to_finish: Spread }> {
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
export async function driverProductivity(ctx: ServiceContext, scope: PeriodScope): Promise<Kpis["drivers"]> {
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

/** Moves requested and not yet accepted, now, and the oldest of them. */
export async function waitingMoves(ctx: ServiceContext, inScope: InScope) {
  const [waiting] = await ctx.db
    .select({
      count: sql<number>`count(*)::int`,
      oldest: sql<{ move_id: number; requested_at: string; account_id: number } | null>`(array_agg(json_build_object(
        'move_id', ${moves.id}, 'requested_at', ${moves.requestTime}, 'account_id', ${moves.accountId})
        ORDER BY ${moves.requestTime}, ${moves.id}))[1]`,
    })
    .from(moves)
    .where(and(STATE_CONDITION.requested, inScope(moves.accountId)));
  return {
    waiting_now: waiting.count,
    oldest_waiting: waiting.oldest ? { ...waiting.oldest, requested_at: new Date(waiting.oldest.requested_at).toISOString() } : null,
  };
}
