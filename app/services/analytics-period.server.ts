/**
 * The admin dashboard's period and scope against the counts kept as moves change
 * (db/migrations/0009_move_rollups.sql): which accounts count, where a period's counts begin, and
 * the spread of times read from counts of whole minutes.
 */
import { and, sql, type Column, type SQL } from "drizzle-orm";
import { accounts, moves } from "#db/schema";
import type { AnalyticsQuery, Spread } from "#app/domain/analytics";
import type { ServiceContext } from "./context.server";

/** Which accounts' rows count: the one account named, else the named company's, else all. */
function scopeOf(query: AnalyticsQuery): (column: Column | SQL) => SQL | undefined {
  if (query.accountId !== null) return (column) => sql`${column} = ${query.accountId}`;
  if (query.companyId !== null) {
    const companyId = query.companyId;
    return (column) => sql`${column} IN (SELECT ${accounts.id} FROM ${accounts} WHERE ${accounts.companyId} = ${companyId})`;
  }
  return () => undefined;
}
export type InScope = ReturnType<typeof scopeOf>;

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

export const dayOf = (split: Split) => sql`${split.from.toISOString().slice(0, 10)}::date`;
export const within = (condition: SQL | undefined) => condition ?? sql`true`;

export interface PeriodScope {
  since: Date;
  inScope: InScope;
  /** The period against the counts per quarter hour and per day. */
  quarters: Split;
  days: Split;
}

/** A duration in minutes as float8 (`extract` answers numeric, slow to add up and sort). */
export const minutes = (from: SQL, to: SQL) => sql`date_part('epoch', ${to} - ${from}) / 60`;

/**
 * Median and 90th percentile, as percentile_cont gives them, and count of each measure's times,
 * from how many took each whole number of minutes: `counted` has the columns (measure, minutes,
 * moves), a (measure, minutes) pair in as many rows as it likes, some of them negative.
 */
export async function spreadsOf<Measure extends string>(ctx: ServiceContext, counted: SQL): Promise<(measure: Measure) => Spread> {
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

/** The period from `since` as the counts see it, for the accounts `query` names. */
export function periodScopeOf(query: AnalyticsQuery, since: Date): PeriodScope {
  const inScope = scopeOf(query);
  return { since, inScope, quarters: splitAt(since, QUARTER_MS, inScope), days: splitAt(since, DAY_MS, inScope) };
}
