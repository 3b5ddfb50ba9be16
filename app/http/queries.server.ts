import type { z } from "zod";
import { ANALYTICS_QUERY } from "#app/domain/analytics-schemas";
import type { AnalyticsQuery } from "#app/domain/analytics";
import { parseAuditQuery } from "#app/domain/audit";
import { parseDashboardView } from "#app/domain/dashboard";
import { AVAILABLE_TRAILERS_QUERY } from "#app/domain/move-schemas";
import { HISTORY_REPORT_QUERY, MOVES_REPORT_QUERY } from "#app/domain/report-schemas";
import type { ReportQuery, ReportType } from "#app/domain/reports";
import { ServiceError } from "#app/services/errors.server";

/**
 * Query strings read into the typed queries services take: the services never see an address.
 * A parameter given twice counts once, the first time (as `URLSearchParams.get` reads it).
 */

function firstValues(params: URLSearchParams): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of params) if (!Object.hasOwn(values, name)) values[name] = value;
  return values;
}

/**
 * A query string parsed with its schema, `defaults` standing for the parameters it leaves out; a
 * query that does not parse is a 400 with the first fault found, naming its parameter.
 */
export function parseQuery<Schema extends z.ZodType>(
  schema: Schema,
  params: URLSearchParams,
  defaults: Record<string, string> = {},
): z.output<Schema> {
  const parsed = schema.safeParse({ ...defaults, ...firstValues(params) });
  if (parsed.success) return parsed.data;
  const [issue] = parsed.error.issues;
  const field = issue.path[0];
  throw new ServiceError(400, issue.message, typeof field === "string" ? field : undefined);
}

/**
 * The analytics a request asks for (`period`, `company_id`, `account_id`, `tz`): 400 for an
 * unknown period. Without `tz`, the viewer's time zone (the browser's cookie), else UTC.
 */
export function analyticsQueryOf(params: URLSearchParams, viewerTimeZone?: string | null): AnalyticsQuery {
  return parseQuery(ANALYTICS_QUERY, params, viewerTimeZone ? { tz: viewerTimeZone } : {});
}

/**
 * What a report of `type` is read from: a list's dashboard view (the dashboard's own parameters),
 * the moves report's days, state, account and search, the history report's `id` (400 when a day
 * or the id is not one), the audit log's filters.
 */
export function reportQueryOf(type: ReportType, params: URLSearchParams): ReportQuery {
  switch (type) {
    case "moves":
      return { type, ...parseQuery(MOVES_REPORT_QUERY, params) };
    case "trailer-history":
    case "truck-history":
      return { type, ...parseQuery(HISTORY_REPORT_QUERY, params) };
    case "audit-logs":
      return { type, audit: parseAuditQuery(params) };
    default: {
      // The list's own tab, whatever the address says: its sort columns are that table's.
      const list = new URLSearchParams(params);
      list.set("tab", type);
      return { type, view: parseDashboardView(list) };
    }
  }
}

/** Create Move's trailer lookup (`location`, `account_id`, `exclude_red_tagged`, `q`): 400 naming `q` when the search is too long. */
export function availableTrailersQueryOf(params: URLSearchParams) {
  return parseQuery(AVAILABLE_TRAILERS_QUERY, params);
}
