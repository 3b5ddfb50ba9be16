import { useHydrated } from "#app/browser/hydrated";

/**
 * A moment as the viewer reads it: the Worker sends ISO text, and the browser shows it in its own
 * locale and time zone. Before the page's script runs (and without JavaScript) it reads in UTC,
 * saying so, so the server's page and the hydrated one agree.
 */
export function LocalTime({ iso }: { iso: string }) {
  const hydrated = useHydrated();
  const date = new Date(iso);
  const text = hydrated ? date.toLocaleString() : date.toLocaleString("en-US", { timeZone: "UTC", timeZoneName: "short" });
  return <time dateTime={iso}>{text}</time>;
}
