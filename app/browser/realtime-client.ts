import { useFetchers, useMatches, useRevalidator } from "@remix-run/react";
import { useEffect, useRef } from "react";
import type { RealtimeEvent } from "#app/domain/realtime-events";

/**
 * The page's side of the account room: SessionManager owns the socket and feeds events here;
 * components subscribe with useRealtimeEvent, and pages follow their data with
 * useLiveRevalidation (events, and polls at the spec's intervals).
 */
type Listener = (event: RealtimeEvent) => void;
const listeners = new Set<Listener>();

export function emitRealtimeEvent(event: RealtimeEvent): void {
  for (const listener of listeners) listener(event);
}

export function useRealtimeEvent(handler: Listener): void {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    const listener: Listener = (event) => latest.current(event);
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }, []);
}

let origin: string | undefined;

/** This page's name, sent by its forms as `origin`: the events of the changes it made carry it back. */
export function pageOrigin(): string {
  origin ??= Array.from(crypto.getRandomValues(new Uint8Array(12)), (byte) => byte.toString(16).padStart(2, "0")).join("");
  return origin;
}

/** When a live reload or poll of this page last asked for its data (shared by the page's hooks). */
let lastAsked = 0;
/** Whether the reload under way is a live reload or poll's (the root's data stays: isLiveReload). */
let liveReloading = false;

/** Whether the router's reload under way was asked for by a live event or a poll. */
export function isLiveReload(): boolean {
  return liveReloading;
}

/** The ETag of the page data each address last answered a poll with. */
const seenTags = new Map<string, string>();

/**
 * The address of the page's own data as the router asks for it on a reload: the page's address
 * as `.data`, with the routes below the root (whose data changes only by navigating or a form).
 */
export function pageDataPath(location: { pathname: string; search: string }, routeIds: string[]): string {
  const url = new URL(location.pathname + location.search, "http://page");
  url.pathname = url.pathname === "/" ? "/_root.data" : `${url.pathname.replace(/\/$/, "")}.data`;
  url.searchParams.set("_routes", routeIds.filter((id) => id !== "root").join(","));
  return url.pathname + url.search;
}

/**
 * Whether the page's data changed since the last poll: asks with the last ETag seen, so nothing
 * changed is a 304 without a body. Null when the server did not answer or failed: the page keeps
 * what it shows and the next poll asks again.
 */
async function pageDataChanged(path: string): Promise<boolean | null> {
  const headers = new Headers();
  const known = seenTags.get(path);
  if (known) headers.set("If-None-Match", known);
  const response = await fetch(path, { headers, cache: "no-store", credentials: "same-origin" }).catch(() => null);
  if (!response) return null;
  if (response.status === 304) return false;
  void response.body?.cancel().catch(() => undefined);
  if (!response.ok) return null;
  const tag = response.headers.get("ETag");
  if (tag) seenTags.set(path, tag);
  return true;
}

/**
 * Reloads the page's data when a matching event arrives (within a second), and polls every
 * `pollMs` whether or not the socket is open: a socket can be open and silently stale. A poll
 * asks the server whether the page's data changed (its ETag: nothing changed is a 304, and
 * nothing re-renders) and reloads only when it did; a poll that fails leaves the page as it is
 * and the next one asks again, so a moment without the server never replaces the page with an
 * error. Hooks of one page share their polls: one asked for less than `pollMs` ago stands for
 * this one. A hidden tab does not poll; it asks once when shown again if its poll came due
 * meanwhile. An event that arrives while a reload is under way (which may have read the data
 * before that change) brings one more reload after it. The events of a change this page's own
 * form made reload nothing: the form's reload shows it.
 */
export function useLiveRevalidation(matches: (event: RealtimeEvent) => boolean, pollMs: number): void {
  const revalidator = useRevalidator();
  const latest = useRef(revalidator);
  latest.current = revalidator;
  const routeIds = useMatches().map((match) => match.id);
  const routes = useRef(routeIds);
  routes.current = routeIds;
  // While a form of the page is being sent (a fetcher), the reload waits for it: reloading first
  // could remove the form's move from its list before the form's answer is shown.
  const sending = useFetchers().some((fetcher) => fetcher.state !== "idle");
  const busy = useRef(sending);
  busy.current = sending;
  const missed = useRef(false);
  const reload = () => {
    lastAsked = Date.now();
    liveReloading = true;
    latest.current.revalidate();
  };
  useRealtimeEvent((event) => {
    // A change this page's own form made: the router reloads the page's data after every form,
    // and the change committed before the form's answer, so that reload already shows it.
    if (!matches(event) || (origin !== undefined && event.origin === origin)) return;
    if (latest.current.state === "idle" && !busy.current) reload();
    else missed.current = true;
  });
  useEffect(() => {
    if (revalidator.state !== "idle") return;
    liveReloading = false;
    if (sending || !missed.current) return;
    missed.current = false;
    reload();
  }, [revalidator, revalidator.state, sending]);
  useEffect(() => {
    // A poll due within the next tenth of its interval is as good as due now (timers drift).
    const due = () => Date.now() - lastAsked >= pollMs * 0.9;
    const poll = async () => {
      if (document.visibilityState === "hidden" || !due()) return;
      if (latest.current.state !== "idle" || busy.current) return;
      lastAsked = Date.now();
      const changed = await pageDataChanged(pageDataPath(window.location, routes.current));
      if (changed && latest.current.state === "idle") reload();
    };
    const timer = window.setInterval(poll, pollMs);
    document.addEventListener("visibilitychange", poll);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener("visibilitychange", poll);
    };
  }, [pollMs]);
}
