/** Whether a number can be the id of a row (a positive Postgres integer): anything else is "not found", never a query. */
export function isRecordId(id: number): boolean {
  return Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647;
}

/** An id as an address carries it (its digits, spaces around them allowed): anything else is no id (null). */
export function idParam(text: string | null | undefined): number | null {
  if (!text || !/^\d{1,10}$/.test(text.trim())) return null;
  const id = Number(text);
  return isRecordId(id) ? id : null;
}
