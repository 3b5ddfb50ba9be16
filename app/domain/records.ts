/** `accountId` → `account_id`, as a type. */
type SnakeCase<S extends string> = S extends `${infer Head}${infer Tail}`
  ? `${Head extends Lowercase<Head> ? Head : `_${Lowercase<Head>}`}${SnakeCase<Tail>}`
  : S;

/** A database row as the API shows it: the spec's snake_case field names, timestamps as ISO text. */
export type ApiRecord<Row> = {
  [Key in keyof Row as SnakeCase<Key & string>]: Row[Key] extends Date ? string : Row[Key] extends Date | null ? string | null : Row[Key];
};

export function apiRecord<Row extends object>(row: Row): ApiRecord<Row> {
  return Object.fromEntries(
    Object.entries(row).map(([key, value]) => [
      key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`),
      value instanceof Date ? value.toISOString() : value,
    ]),
  ) as ApiRecord<Row>;
}

/**
 * A `PUT` body laid over the stored record as GET shows it: fields the body leaves out keep their
 * stored values. `groups` are fields that decide one thing together (a trailer's location and
 * Shop flag, its load fields): a body naming any of a group replaces the whole group.
 */
export function overStored(stored: object, body: unknown, groups: readonly (readonly string[])[] = []): Record<string, unknown> {
  if (!body || typeof body !== "object" || Array.isArray(body)) return { ...stored };
  const given = Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined));
  const merged: Record<string, unknown> = { ...stored };
  for (const group of groups) if (group.some((field) => field in given)) for (const field of group) delete merged[field];
  return { ...merged, ...given };
}

/** Whether a request body names a field (with any value but undefined). */
export function names(body: unknown, field: string): boolean {
  return !!body && typeof body === "object" && !Array.isArray(body) && (body as Record<string, unknown>)[field] !== undefined;
}
