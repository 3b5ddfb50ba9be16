/**
 * The bounds of every input Yardline accepts. Whatever a client sends, a value outside these
 * bounds is refused with a message naming the field, before it reaches a query. Free of Zod, so
 * pages that show a bound without validating anything stay small; the field builders of the
 * schemas are in `fields.ts`.
 */
export const LIMITS = {
  /** Largest Postgres integer: ids and counts stay below it. */
  int4: 2_147_483_647,
  /** Numbers, codes, names, plates, makes and models. */
  shortText: 100,
  /** Descriptions. */
  longText: 1000,
  email: 254,
  /** Passwords are hashed with scrypt: long enough for any passphrase, short enough to hash quickly. */
  password: 128,
  /** Doors of one building. */
  doors: 999,
  /** A location: a place's name and a door number. */
  location: 110,
  /** Trays on one trailer. */
  trays: 1000,
  /** Service dates, inclusive. */
  firstDate: "1900-01-01",
  lastDate: "2100-12-31",
  /** Search text and list filters. */
  search: 200,
  pageSize: 200,
  /** Pages beyond this are not a list anyone reads; the offset stays small. */
  page: 100_000,
} as const;

/** "tray_count" → "Tray count", "move_details.moves.0.to" → "To". */
export function fieldLabel(path: readonly PropertyKey[]): string {
  const name = [...path].reverse().find((part) => typeof part === "string");
  if (!name) return "The request body";
  const words = name.replace(/_/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Whether "YYYY-MM-DD" names a day of the calendar ("2025-02-30" does not). */
export function isCalendarDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}
