/**
 * The viewer's day. Time zone names are checked and converted here, in the Worker: Postgres never
 * receives a zone name (its list differs from the JS runtime's, e.g. "US/Pacific-New").
 */

/** A time zone name the runtime knows, else UTC. */
export function timeZoneOrUtc(name: string | null | undefined): string {
  if (!name || name.length > 64) return "UTC";
  try {
    new Intl.DateTimeFormat("en", { timeZone: name });
    return name;
  } catch {
    return "UTC";
  }
}

/** How far `zone`'s wall clock is ahead of UTC at `instant`, in milliseconds. */
function offsetAt(zone: string, instant: number): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    })
      .formatToParts(new Date(instant))
      .map((part) => [part.type, Number(part.value)]),
  );
  const wall = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
  return wall - Math.floor(instant / 1000) * 1000;
}

/** The instant today began in `zone` (its local midnight), as of `now`. */
export function startOfDay(zone: string, now = new Date()): Date {
  const local = new Date(now.getTime() + offsetAt(zone, now.getTime()));
  const midnight = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate());
  // The offset at midnight can differ from now's (a DST change during the day): look again there.
  return new Date(midnight - offsetAt(zone, midnight - offsetAt(zone, now.getTime())));
}
