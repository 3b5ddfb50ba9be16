import type { DashboardTab } from "./dashboard";

/**
 * How often a page asks again for its data: the spec's intervals, kept whether or not the page's
 * live socket is open, since a socket can be open and silently stale. A poll that finds nothing
 * changed costs a 304 (the server's ETag), so polling while live is cheap.
 */
export const POLL_MS = {
  /** Moves: every 15 s while any move is active (requested or in progress), else every 60 s. */
  movesActive: 15_000,
  movesIdle: 60_000,
  /** Trailers' location history (the dashboard's Trailers tab, a trailer's page): 30 s. */
  trailerHistory: 30_000,
  /** Trucks' location history (the Trucks tab, a truck's page): 300 s. */
  truckHistory: 300_000,
  /** Everything else that follows the account (yards, buildings, users, the admin dashboard). */
  other: 60_000,
} as const;

/** The moves' interval: 15 s while a move is active, else 60 s. */
export function movesPollMs(anyActive: boolean): number {
  return anyActive ? POLL_MS.movesActive : POLL_MS.movesIdle;
}

/** The dashboard tab's interval: its list's history (trailers 30 s, trucks 300 s), else 60 s. */
export function dashboardPollMs(tab: DashboardTab): number {
  if (tab === "trailers") return POLL_MS.trailerHistory;
  if (tab === "trucks") return POLL_MS.truckHistory;
  return POLL_MS.other;
}

/** A trailer's or truck's page: its location history's interval. */
export function assetPollMs(kind: "trailer" | "truck"): number {
  return kind === "trailer" ? POLL_MS.trailerHistory : POLL_MS.truckHistory;
}
