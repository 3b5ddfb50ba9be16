import { ANALYTICS_MESSAGES, periodDays, periodStart, type Analytics, type AnalyticsQuery } from "#app/domain/analytics";
import { driverProductivity, movesByDay, responseAndDrive, topLocationsAndRoutes, waitingMoves } from "./analytics-moves.server";
import { periodScopeOf } from "./analytics-period.server";
import { doorUse, dwellByKind, idleTrailers, longestStays } from "./analytics-stays.server";
import type { ServiceContext } from "./context.server";
import { requireAdmin } from "./scope.server";

/**
 * The admin dashboard's Moves Summary and Location Analytics (`/admin/dashboard`,
 * `GET /api/admin/analytics`): every figure computed in Postgres, one statement per panel, over
 * the moves requested in the period, of every account, one company's accounts or one account
 * (the query as the HTTP layer parsed it: `analyticsQueryOf`, app/http/queries.server.ts).
 */
export async function adminAnalytics(ctx: ServiceContext, query: AnalyticsQuery, now = new Date()): Promise<Analytics> {
  requireAdmin(ctx.actor, ANALYTICS_MESSAGES.adminOnly);
  const since = periodStart(query.period, query.timeZone, now);
  const scope = periodScopeOf(query, since);

  const [{ summary, perDay }, ends, idle, dwell, longest, response, waiting, drivers, doors] = await Promise.all([
    movesByDay(ctx, scope, periodDays(since, query.timeZone, now)),
    topLocationsAndRoutes(ctx, scope),
    idleTrailers(ctx, scope.inScope),
    // The figures yards are judged by: dwell, response and drive times, drivers, doors, moves per day.
    dwellByKind(ctx, scope),
    longestStays(ctx, scope.inScope),
    responseAndDrive(ctx, scope),
    waitingMoves(ctx, scope.inScope),
    driverProductivity(ctx, scope),
    doorUse(ctx, since, scope.inScope),
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
    kpis: {
      dwell: { by_kind: dwell, longest_stays: longest },
      response: { ...response, ...waiting },
      drivers,
      doors,
      moves_per_day: perDay,
    },
  };
}
