import { useFetchers, useRevalidator } from "@remix-run/react";
import { useEffect, useRef, useSyncExternalStore } from "react";
import type { RealtimeEvent } from "~/domain/realtime-events";

/**
 * The page's side of the account room: SessionManager owns the socket and feeds events here;
 * components subscribe with useRealtimeEvent and fall back to polling while useSocketConnected()
 * is false.
 */
type Listener = (event: RealtimeEvent) => void;
const listeners = new Set<Listener>();
const statusListeners = new Set<() => void>();
let connected = false;

export function emitRealtimeEvent(event: RealtimeEvent): void {
  for (const listener of listeners) listener(event);
}

export function setSocketConnected(value: boolean): void {
  if (connected === value) return;
  connected = value;
  for (const listener of statusListeners) listener();
}

export function useSocketConnected(): boolean {
  return useSyncExternalStore(
    (listener) => {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
    () => connected,
    () => false,
  );
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

/**
 * Reloads the page's data when a matching event arrives (within a second), and every
 * `fallbackMs` while the socket is down. An event that arrives while a reload is under way
 * (which may have read the data before that change) brings one more reload after it.
 */
export function useLiveRevalidation(matches: (event: RealtimeEvent) => boolean, fallbackMs: number): void {
  const revalidator = useRevalidator();
  const connected = useSocketConnected();
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
    if (latest.current.state === "idle" && !busy.current) latest.current.revalidate();
    else missed.current = true;
  });
  useEffect(() => {
    if (revalidator.state !== "idle" || sending || !missed.current) return;
    missed.current = false;
    revalidator.revalidate();
  }, [revalidator, revalidator.state, sending]);
  useEffect(() => {
    if (connected) return;
    const timer = window.setInterval(() => {
      if (latest.current.state === "idle") latest.current.revalidate();
    }, fallbackMs);
    return () => window.clearInterval(timer);
  }, [connected, fallbackMs]);
}
