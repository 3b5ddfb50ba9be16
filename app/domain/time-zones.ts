/**
 * The viewer's day. Time zone names are checked and converted here, in the Worker: Postgres never
 * receives a zone name (its list differs from the JS runtime's, e.g. "US/Pacific-New").
 */

const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * The US-English formatter of `zone` with `options`, made once: making one costs far more than
 * using it. Only zones the runtime knows get one (a few hundred), each with the few option sets
 * the app uses. Throws a RangeError for a zone the runtime does not know.
 */
export function formatIn(zone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${zone} ${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", { ...options, timeZone: zone });
    formats.set(key, format);
  }
  return format;
}

const WALL_CLOCK: Intl.DateTimeFormatOptions = {
  hourCycle: "h23",
  year: "numeric",
  month: "numeric",
  day: "numeric",
  hour: "numeric",
  minute: "numeric",
  second: "numeric",
};

/** A time zone name the runtime knows, else UTC. */
export function timeZoneOrUtc(name: string | null | undefined): string {
  if (!name || name.length > 64) return "UTC";
  try {
    formatIn(name, WALL_CLOCK);
    return name;
  } catch {
    return "UTC";
  }
}

/** How far `zone`'s wall clock is ahead of UTC at `instant`, in milliseconds. */
function offsetAt(zone: string, instant: number): number {
  const parts = Object.fromEntries(
    formatIn(zone, WALL_CLOCK)
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

/** The calendar day ("YYYY-MM-DD") `instant` falls on in `zone`. */
export function dayIn(zone: string, instant = new Date()): string {
  return new Date(instant.getTime() + offsetAt(zone, instant.getTime())).toISOString().slice(0, 10);
}

/** The instant the calendar day `day` ("YYYY-MM-DD") began in `zone`. */
export function dayStart(zone: string, day: string): Date {
  const noonUtc = Date.parse(`${day}T12:00:00Z`);
  // Noon of that day in the zone (no clock change moves noon to another day), then the midnight before it.
  return startOfDay(zone, new Date(noonUtc - offsetAt(zone, noonUtc)));
}

/** `instant` as the wall clock of `zone` shows it, written as a UTC time (for spreadsheets, which know no zones). */
export function wallClock(zone: string, instant: Date): Date {
  return new Date(instant.getTime() + offsetAt(zone, instant.getTime()));
}

/** An instant (ISO) as people read it in `zone`: "Nov 25, 2026, 8:41:07 PM". */
export function timeIn(zone: string, iso: string): string {
  return formatIn(zone, { dateStyle: "medium", timeStyle: "medium" }).format(new Date(iso));
}
