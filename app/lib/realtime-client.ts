import { useFetchers, useRevalidator } from "@remix-run/react";
import { useEffect, useRef } from "react";
import type { RealtimeEvent } from "~/domain/realtime-events";

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

/** When a live reload or poll of this page last asked for its data (shared by the page's hooks). */
let lastAsked = 0;

/**
 * Reloads the page's data when a matching event arrives (within a second), and polls every
 * `pollMs` whether or not the socket is open: a socket can be open and silently stale. A poll
 * that finds nothing changed is a 304 (the server's ETag): nothing moves and nothing re-renders.
 * Hooks of one page share their polls: one asked for less than `pollMs` ago stands for this one.
 * A hidden tab does not poll; it asks once when shown again if its poll came due meanwhile. An
 * event that arrives while a reload is under way (which may have read the data before that
 * change) brings one more reload after it.
 */
export function useLiveRevalidation(matches: (event: RealtimeEvent) => boolean, pollMs: number): void {
  const revalidator = useRevalidator();
  const latest = useRef(revalidator);
  latest.current = revalidator;
  // While a form of the page is being sent (a fetcher), the reload waits for it: reloading first
  // could remove the form's move from its list before the form's answer is shown.
  const sending = useFetchers().some((fetcher) => fetcher.state !== "idle");
  const busy = useRef(sending);
  busy.current = sending;
  const missed = useRef(false);
  useRealtimeEvent((event) => {
    if (!matches(event)) return;
    if (latest.current.state === "idle" && !busy.current) {
      lastAsked = Date.now();
      latest.current.revalidate();
    } else missed.current = true;
  });
  useEffect(() => {
    if (revalidator.state !== "idle" || sending || !missed.current) return;
    missed.current = false;
    lastAsked = Date.now();
    revalidator.revalidate();
  }, [revalidator, revalidator.state, sending]);
  useEffect(() => {
    // A poll due within the next tenth of its interval is as good as due now (timers drift).
    const due = () => Date.now() - lastAsked >= pollMs * 0.9;
    const poll = () => {
      if (document.visibilityState === "hidden" || !due()) return;
      if (latest.current.state !== "idle" || busy.current) return;
      lastAsked = Date.now();
      latest.current.revalidate();
    };
    const timer = window.setInterval(poll, pollMs);
    document.addEventListener("visibilitychange", poll);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener("visibilitychange", poll);
    };
  }, [pollMs]);
}
