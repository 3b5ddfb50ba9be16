import { and, asc, count, desc, eq, inArray, isNull, lt, sql, type SQL } from "drizzle-orm";
import { accounts, moveLegs, moves, trailerLocationHistory, trailers } from "../../db/schema";
import {
  ANALYTICS_MESSAGES,
  parseAnalyticsQuery,
  ANALYTICS_TOP,
  IDLE_AFTER_DAYS,
  IDLE_LIST_LIMIT,
  periodStart,
  type Analytics,
  type AnalyticsQuery,
  type MovesSummary,
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

  const [summary, topLocations, topRoutes, idle] = await Promise.all([
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
  };
}

/** Which accounts' rows count: the one account named, else the named company's, else all. */
function scopeOf(query: AnalyticsQuery): (column: typeof moves.accountId | typeof trailerLocationHistory.accountId) => SQL | undefined {
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
