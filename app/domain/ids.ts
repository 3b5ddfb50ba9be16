/** Whether a number can be the id of a row (a positive Postgres integer): anything else is "not found", never a query. */
export function isRecordId(id: number): boolean {
  return Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647;
}
