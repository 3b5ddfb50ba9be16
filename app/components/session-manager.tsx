import { Suspense, useCallback, useEffect, useRef, useState } from "react";
import {
  SESSION_CHECK_INTERVAL_MS,
  SESSION_ENDED_CLOSE_CODE,
  SESSION_ID_HEADER,
  SESSION_REFRESH_ACTIVITY_WINDOW_MS,
  SESSION_WARNING_SECONDS,
} from "#app/domain/auth";
import type { RealtimeEvent } from "#app/domain/realtime-events";
import type PartySocket from "partysocket";
import { apiFetch } from "#app/browser/api-client";
import { emitRealtimeEvent } from "#app/browser/realtime-client";
import type { Ended } from "./session-dialogs";
import { deferred } from "#app/components/ui/deferred";

// The dialogs and the socket load once the page is up: neither is needed for its first paint.
const { Component: SessionDialogs, preload: preloadSessionDialogs } = deferred(() =>
  import("./session-dialogs").then((module) => module.SessionDialogs),
);

const ACTIVITY_EVENTS = ["mousedown", "keydown", "touchstart", "scroll", "mousemove"] as const;

/**
 * Keeps a signed-in page honest about its session: the inactivity timer with its warning 30 s
 * before the timeout, refreshes of the server session while the user is active, a check every
 * 30 s, and the account room's socket (which also says when the session was ended elsewhere).
 */
export function SessionManager({ id, timeoutHours, room, idleMs }: { id: number; timeoutHours: number; room: string; idleMs: number }) {
  const timeoutMs = timeoutHours * 3_600_000;
  // The server's last activity, not the page load: a reload after a long idle still warns 30 s
  // before the server ends the session.
  const lastActivity = useRef(Date.now() - idleMs);
  const lastRefresh = useRef(Date.now());
  const [secondsLeft, setSecondsLeft] = useState<number | null>(null);
  const [ended, setEnded] = useState<Ended | null>(null);
  const warningOpen = secondsLeft !== null;

  const logOut = useCallback(
    async (auto: boolean, reason?: Ended) => {
      const headers: Record<string, string> = { [SESSION_ID_HEADER]: String(id), ...(auto ? { "X-Auto-Logout": "true" } : {}) };
      await fetch("/api/auth/logout", { headers, credentials: "same-origin" }).catch(() => undefined);
      window.location.assign(reason === "timeout" ? "/login?reason=timeout" : "/login");
    },
    [id],
  );

  const refresh = useCallback(async () => {
    lastRefresh.current = Date.now();
    const response = await apiFetch("/api/auth/refresh-session", { method: "POST" }).catch(() => null);
    if (response && response.status === 401) setEnded("ended");
  }, []);

  // Activity resets the inactivity timer (not while the warning asks for an answer).
  useEffect(() => {
    const onActivity = () => {
      if (warningOpen || ended) return;
      lastActivity.current = Date.now();
      // A short timeout cannot wait for the 30 s check to refresh the server session.
      if (timeoutMs < 4 * SESSION_CHECK_INTERVAL_MS && Date.now() - lastRefresh.current > timeoutMs / 4) void refresh();
    };
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, onActivity, { passive: true });
    return () => {
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, onActivity);
    };
  }, [warningOpen, ended, timeoutMs, refresh]);

  // The countdown: warning 30 s before the timeout, logout at the timeout.
  useEffect(() => {
    if (ended) return;
    const timer = window.setInterval(() => {
      const remaining = timeoutMs - (Date.now() - lastActivity.current);
      if (remaining <= 0) {
        window.clearInterval(timer);
        setSecondsLeft(null);
        setEnded("timeout");
        void logOut(true, "timeout");
      } else if (remaining <= SESSION_WARNING_SECONDS * 1000) {
        setSecondsLeft(Math.ceil(remaining / 1000));
      } else if (remaining <= 2 * SESSION_WARNING_SECONDS * 1000) {
        void preloadSessionDialogs().catch(() => undefined);
      }
    }, 250);
    return () => window.clearInterval(timer);
  }, [timeoutMs, ended, logOut]);

  // Every 30 s: is the session still valid? Refresh it if the user was active within 30 minutes.
  useEffect(() => {
    if (ended) return;
    const timer = window.setInterval(async () => {
      const response = await fetch("/api/auth/check-session", {
        headers: { [SESSION_ID_HEADER]: String(id) },
        credentials: "same-origin",
      }).catch(() => null);
      if (!response) return;
      const body = (await response.json().catch(() => null)) as { valid?: boolean; timed_out?: boolean; invalidated?: boolean } | null;
      if (body && !body.valid) {
        setSecondsLeft(null);
        setEnded(body.invalidated ? "invalidated" : body.timed_out ? "timeout" : "ended");
        return;
      }
      const activeRecently = Date.now() - lastActivity.current < SESSION_REFRESH_ACTIVITY_WINDOW_MS;
      if (activeRecently && lastActivity.current > lastRefresh.current) void refresh();
    }, SESSION_CHECK_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [ended, refresh, id]);

  // The account room: live events for the page, and word when this session is ended elsewhere.
  // An ended session's socket is closed for good (the room closes it too). The socket's code loads
  // after the page's own.
  useEffect(() => {
    if (ended) return;
    let socket: PartySocket | null = null;
    let stopped = false;
    // The session's dialogs load beside the socket, so word of an ended session shows at once.
    void preloadSessionDialogs().catch(() => undefined);
    void import("partysocket").then(
      ({ default: ReconnectingSocket }) => {
        if (stopped) return;
        const opened = new ReconnectingSocket({
          host: window.location.host,
          party: "account-room",
          room,
          minReconnectionDelay: 1000,
          maxReconnectionDelay: 5000,
          reconnectionDelayGrowFactor: 1.5,
          maxRetries: 5,
        });
        socket = opened;
        opened.addEventListener("close", (event: CloseEvent) => {
          if (event.code === SESSION_ENDED_CLOSE_CODE) opened.close();
        });
        opened.addEventListener("message", (message: MessageEvent) => {
          let event: RealtimeEvent;
          try {
            event = JSON.parse(String(message.data)) as RealtimeEvent;
          } catch {
            return;
          }
          if (event.type === "session_ended") {
            if (event.session_id !== id) return;
            opened.close();
            setSecondsLeft(null);
            setEnded(event.reason === "replaced" ? "invalidated" : event.reason === "timeout" ? "timeout" : "ended");
            return;
          }
          emitRealtimeEvent(event);
        });
      },
      // Without the socket's code the page still follows its data by polling.
      () => undefined,
    );
    return () => {
      stopped = true;
      socket?.close();
    };
  }, [id, room, ended]);

  if (!warningOpen && !ended) return null;
  return (
    <Suspense fallback={null}>
      <SessionDialogs
        secondsLeft={ended ? null : secondsLeft}
        ended={ended}
        onLogOut={(reason) => void logOut(false, reason)}
        onContinue={() => {
          lastActivity.current = Date.now();
          setSecondsLeft(null);
          void refresh();
        }}
      />
    </Suspense>
  );
}
