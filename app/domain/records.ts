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
