/**
 * CSV as spreadsheets read it, written with `csv-stringify`: CRLF line ends, RFC 4180 quoting
 * (line breaks of either kind and semicolons quoted too, for the locales whose Excel splits on
 * them), dates as ISO, and no cell a spreadsheet would run as a formula. One writer for every CSV
 * Yardline hands out: the upload's template and rejected rows, and the reports.
 */
import { stringify } from "csv-stringify/sync";

/** What a CSV cell may hold. Null and undefined are empty; booleans TRUE/FALSE. */
export type CsvValue = string | number | boolean | Date | null | undefined;

/** The byte order mark that makes Excel read a CSV as UTF-8. */
export const CSV_BOM = "\uFEFF";

const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A text cell that begins like a formula (=, +, -, @, tab, carriage return) is prefixed with `'`,
 * so no spreadsheet runs it ("-1+cmd|…" included); a plain number such as "-12" stays as it is.
 */
export function spreadsheetSafe(text: string): string {
  return FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
}

function cellText(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "boolean") return value ? "TRUE" : "FALSE";
  if (typeof value === "number") return String(value);
  return spreadsheetSafe(value);
}

/** Rows as CSV text, each line ended by CRLF; `bom` starts it with the UTF-8 byte order mark. */
export function toCsv(rows: readonly (readonly CsvValue[])[], options: { bom?: boolean } = {}): string {
  const text = stringify(
    rows.map((row) => row.map(cellText)),
    { record_delimiter: "windows", quoted_match: /[;\r\n]/ },
  );
  return (options.bom ? CSV_BOM : "") + text;
}
