/**
 * The admin dashboard's analytics of the yard's work: the Moves Summary and Location Analytics,
 * for every account, one company's accounts or one account, over a period of request times.
 */
import { dayIn, dayStart, startOfDay } from "./time-zones";

export const ANALYTICS_PERIODS = ["today", "7d", "30d"] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];

export const ANALYTICS_PERIOD_LABEL: Record<AnalyticsPeriod, string> = {
  today: "Today",
  "7d": "Past 7 Days",
  "30d": "Past 30 Days",
};

/** Top locations and popular routes: how many of each the panels list. */
export const ANALYTICS_TOP = 5;
/** A trailer is idle when its current location entry began more than this many days ago. */
export const IDLE_AFTER_DAYS = 7;
/** Idle trailers listed (oldest first); the count covers them all. */
export const IDLE_LIST_LIMIT = 50;

export const ANALYTICS_MESSAGES = {
  adminOnly: "Only administrators can read the yard's analytics",
  badPeriod: "Period must be one of today, 7d, 30d",
  noMoves: "No moves in this period",
  noData: "—",
} as const;

/** What each figure means, shown on the page beside it (and in docs/admin-dashboard.md). */
export const ANALYTICS_HELP = {
  period:
    "Moves are counted by the time they were requested: Today since midnight in your time zone, Past 7 Days and Past 30 Days the last 7 × 24 and 30 × 24 hours.",
  topLocations: "The locations moves of the period go from or to most often: each leg counts once for its From and once for its To.",
  topRoutes: "The From → To pairs of the period's finished moves, each leg counted once.",
  averageMove: "The mean time from request to finish of the period's finished moves, in minutes, rounded.",
  successRate: "Finished moves (not cancelled) out of all moves requested in the period, in percent, rounded.",
  idleTrailers: `Trailers whose current location entry began more than ${IDLE_AFTER_DAYS} days ago (whatever the period).`,
  dwell:
    "How long trailers stayed at a location: the stays that ended in the period (exit − entry), median and 90th percentile by kind of location; and the longest stays going on now.",
  response:
    "Response: request → accept of the period's accepted moves. Drive: accept → finish of its finished moves. Median and 90th percentile of the moves' times, each rounded to the minute. Waiting: moves requested and not yet accepted, now.",
  drivers:
    "Finished moves of the period per driver who accepted them, and finished moves per active hour (the sum of their accept → finish times).",
  doors:
    "Doors with a trailer now, out of the building's doors; and over the period, the trailer-hours spent at its doors out of its door-hours.",
  movesPerDay: "Moves requested each day of the period (in your time zone), by what became of them.",
} as const;

/** The kinds of location dwell time is told by. */
export const LOCATION_KINDS = ["Door", "Yard", "Shop", "Road"] as const;
export type LocationKind = (typeof LOCATION_KINDS)[number];

/** Drivers listed in the productivity table, best first. */
export const DRIVERS_LISTED = 10;
/** Current stays listed, longest first. */
export const LONGEST_STAYS_LISTED = 10;

/** A spread of durations in minutes (rounded); null without any. */
export interface Spread {
  median: number | null;
  p90: number | null;
  count: number;
}

export interface Kpis {
  dwell: {
    by_kind: ({ kind: LocationKind } & Spread)[];
    longest_stays: { trailer_id: number; trailer_number: string; location: string; since: string; account_id: number }[];
  };
  response: {
    request_to_accept: Spread;
    accept_to_finish: Spread;
    waiting_now: number;
    oldest_waiting: { move_id: number; requested_at: string; account_id: number } | null;
  };
  drivers: { user_id: number | null; driver: string; finished: number; active_hours: number; moves_per_hour: number | null }[];
  doors: {
    building_id: number;
    building: string;
    account_id: number;
    doors: number;
    occupied_now: number;
    now_percent: number | null;
    period_percent: number | null;
  }[];
  moves_per_day: { day: string; finished: number; cancelled: number; other: number }[];
}

/** What the analytics are asked for (parsed from an address by `ANALYTICS_QUERY`, app/domain/analytics-schemas.ts). */
export interface AnalyticsQuery {
  period: AnalyticsPeriod;
  /** One company's accounts; null: every company. */
  companyId: number | null;
  /** One account (within the company, when one is named); null: the company's, or every account. */
  accountId: number | null;
  /** The viewer's time zone, in which "today" and the days of the period fall. */
  timeZone: string;
}

/** The first request time a period counts, as of `now`. */
export function periodStart(period: AnalyticsPeriod, timeZone: string, now = new Date()): Date {
  if (period === "today") return startOfDay(timeZone, now);
  const days = period === "7d" ? 7 : 30;
  return new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
}

/** The calendar days (in `timeZone`) a period touches, from its start's day to today, each with the instant it began. */
export function periodDays(since: Date, timeZone: string, now = new Date()): { day: string; start: Date }[] {
  const days: { day: string; start: Date }[] = [];
  const last = dayIn(timeZone, now);
  for (let day = dayIn(timeZone, since); day <= last && days.length <= 31;) {
    days.push({ day, start: dayStart(timeZone, day) });
    const next = new Date(`${day}T12:00:00Z`);
    next.setUTCDate(next.getUTCDate() + 1);
    day = next.toISOString().slice(0, 10);
  }
  return days;
}

export interface MovesSummary {
  total: number;
  requested: number;
  in_progress: number;
  finished: number;
  cancelled: number;
  /** Finished out of all, in percent, rounded; null without moves. */
  success_rate: number | null;
  /** Mean request → finish of finished moves, in minutes, rounded; null without finished moves. */
  average_move_minutes: number | null;
}

export interface IdleTrailer {
  id: number;
  trailer_number: string;
  location: string;
  since: string;
  account_id: number;
}

export interface Analytics {
  period: AnalyticsPeriod;
  /** The first request time counted (ISO). */
  since: string;
  company_id: number | null;
  account_id: number | null;
  moves_summary: MovesSummary;
  top_locations: { location: string; moves: number }[];
  top_routes: { from: string; to: string; moves: number }[];
  idle_trailers: IdleTrailer[];
  idle_trailer_count: number;
  kpis: Kpis;
}

/** A duration in whole minutes as people read it: "45 min", "3 h 5 min", "2 d 4 h"; "—" for none. */
export function durationText(minutes: number | null): string {
  if (minutes === null) return ANALYTICS_MESSAGES.noData;
  if (minutes < 60) return `${minutes} min`;
  if (minutes < 24 * 60) return `${Math.floor(minutes / 60)} h${minutes % 60 ? ` ${minutes % 60} min` : ""}`;
  const hours = Math.floor(minutes / 60);
  return `${Math.floor(hours / 24)} d${hours % 24 ? ` ${hours % 24} h` : ""}`;
}
