import { eq, ilike, or, sql, type AnyColumn, type SQL } from "drizzle-orm";

/** The Postgres error behind a Drizzle error (Drizzle wraps the driver's in `cause`). */
function postgresError(error: unknown): { code?: string; constraint?: string } {
  const wrapped = error as { cause?: { code?: string; constraint?: string }; code?: string; constraint?: string };
  return wrapped.cause?.code ? wrapped.cause : wrapped;
}

/** Whether an error is a unique violation (of `constraint`, when named). */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const cause = postgresError(error);
  return cause.code === "23505" && (constraint === undefined || cause.constraint === constraint);
}

/** Whether an error is a foreign key violation of a constraint `matching` names. */
export function isForeignKeyViolation(error: unknown, matching: RegExp): boolean {
  const cause = postgresError(error);
  return cause.code === "23503" && matching.test(cause.constraint ?? "");
}

/** `%text%` for ILIKE, with the text's own `%`, `_` and `\` matched literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Rows where any of `columns` contains `search` (any case); no condition when the search is blank. */
export function searchAny(search: string | undefined, columns: (AnyColumn | SQL)[]): SQL | undefined {
  // U+0000 cannot be in any stored text: a search for it finds nothing else either.
  const text = search?.replace(/\0/g, "").trim();
  if (!text) return undefined;
  const pattern = containsPattern(text);
  return or(...columns.map((column) => ilike(column as AnyColumn, pattern)));
}

/**
 * Rows whose location (`column`) is a door of `buildingName` numbered above `above` ("North-7"
 * with above 4): a condition in Postgres, so no list of doors is ever built.
 */
export function doorsOf(column: AnyColumn, buildingName: string, above = 0): SQL {
  const prefix = `${buildingName}-`;
  const door = sql`substr(${column}, ${prefix.length + 1})`;
  return sql`(starts_with(${column}, ${prefix}) and ${door} ~ '^[1-9][0-9]{0,8}$' and (case when ${door} ~ '^[1-9][0-9]{0,8}$' then ${door}::int else 0 end) > ${above})`;
}

/** A Location filter on `column`: a building's name keeps every one of its doors; any other location, itself. */
export function locationIs(column: AnyColumn, location: string, buildingNames: string[]): SQL {
  return buildingNames.includes(location) ? doorsOf(column, location) : eq(column, location);
}
