/** The admin dashboard's figures of trailers' stays: idle trailers, the longest stays, dwell time and doors in use. */
import { and, asc, count, eq, isNull, lt, sql, type SQL } from "drizzle-orm";
import { buildings, stayDays, trailerLocationHistory, trailers, yards } from "#db/schema";
import {
  IDLE_AFTER_DAYS,
  IDLE_LIST_LIMIT,
  LOCATION_KINDS,
  LONGEST_STAYS_LISTED,
  type Kpis,
  type LocationKind,
} from "#app/domain/analytics";
import { dayOf, spreadsOf, within, type InScope, type PeriodScope } from "./analytics-period.server";
import type { ServiceContext } from "./context.server";

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
export async function idleTrailers(ctx: ServiceContext, inScope: InScope) {
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

/** The stays going on now, longest first. */
export async function longestStays(ctx: ServiceContext, inScope: InScope): Promise<Kpis["dwell"]["longest_stays"]> {
  const rows = await openStays(
    ctx,
    and(isNull(trailerLocationHistory.exitTime), inScope(trailerLocationHistory.accountId)),
    LONGEST_STAYS_LISTED,
  );
  return rows.map(({ id, ...row }) => ({ trailer_id: id, ...row }));
}

/**
 * Stays that ended in the period (exit − entry), by kind of location: median and 90th percentile,
 * from the stays counted per day of their end and length (`yardline_stay_minutes`: to the minute
 * under an hour, to five minutes under a day, to the hour beyond).
 */
export async function dwellByKind(ctx: ServiceContext, scope: PeriodScope): Promise<Kpis["dwell"]["by_kind"]> {
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
async function doorHours(ctx: ServiceContext, since: SQL, inScope: InScope): Promise<DoorUse[]> {
  const { rows } = await ctx.db.execute<DoorUse>(sql`
    WITH doors AS MATERIALIZED (
      SELECT b.id, b.account_id, b.building_name || '-' || n AS location
        FROM ${buildings} AS b CROSS JOIN generate_series(1, b.building_door_number) AS n
       WHERE ${within(inScope(sql`b.account_id`))}),
    door_use AS (
      SELECT d.id,
             -- One index probe per door (an EXISTS here is planned as a hash of every trailer).
             count(*) FILTER (WHERE (
               SELECT true FROM ${trailers} AS t WHERE t.account_id = d.account_id AND t.trailer_location = d.location LIMIT 1)) AS occupied_now,
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

/** Each building's doors in use: now, out of its doors; over the period, trailer-hours out of door-hours (at most 100%). */
export async function doorUse(ctx: ServiceContext, since: Date, inScope: InScope): Promise<Kpis["doors"]> {
  const rows = await doorHours(ctx, sql`${since.toISOString()}::timestamptz`, inScope);
  return rows.map(({ occupied_hours, period_hours, ...row }) => ({
    ...row,
    now_percent: row.doors > 0 ? Math.round((100 * row.occupied_now) / row.doors) : null,
    period_percent:
      row.doors > 0 && period_hours > 0 ? Math.min(100, Math.round((100 * occupied_hours) / (row.doors * period_hours))) : null,
  }));
}
