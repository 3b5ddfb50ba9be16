/**
 * A list's page and page size from what a request asked for: whole numbers within bounds, the
 * defaults for anything else (1.5, Infinity, text), so paging never reaches the database malformed.
 */
export function paging(query: { page?: number; pageSize?: number }, defaultSize: number, maxSize: number) {
  const whole = (value: number | undefined, fallback: number) =>
    value !== undefined && Number.isFinite(value) ? Math.floor(value) : fallback;
  const pageSize = Math.min(Math.max(whole(query.pageSize, defaultSize), 1), maxSize);
  const page = Math.min(Math.max(whole(query.page, 1), 1), 1_000_000);
  return { page, pageSize, offset: (page - 1) * pageSize };
}
