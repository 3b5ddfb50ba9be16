import { parse as parseCsv } from "csv-parse/sync";
import { read as readWorkbook, utils } from "@e965/xlsx";
import { isBlankRow, UPLOAD_LIMITS, UPLOAD_MESSAGES, uploadExtension, type SheetRow } from "../domain/trailer-upload";
import { isZip, NotAZip, UnpackedTooLarge, unpackedZip } from "./zip.server";

/**
 * Reading an uploaded spreadsheet into its header and rows of text, numbered as the spreadsheet
 * shows them (the header is row 1). CSV through csv-parse; `.xls` and `.xlsx` through SheetJS
 * (first sheet, formula cells as their values, dates as dates). Every limit is checked while
 * reading; a file that breaks one throws a SpreadsheetRefusal with its message.
 */
export class SpreadsheetRefusal extends Error {}

export interface Sheet {
  header: string[];
  /** The rows under the header that are not blank. */
  rows: SheetRow[];
}

/** The longest record csv-parse will hold (every cell of one row together). */
const MAX_RECORD_CHARACTERS = 100_000;

function fromRecords(records: readonly (readonly string[])[], firstRow: number): Sheet {
  const [header, ...data] = records;
  if (!header || isBlankRow(header)) throw new SpreadsheetRefusal(UPLOAD_MESSAGES.empty);
  const rows: SheetRow[] = [];
  data.forEach((cells, index) => {
    // A cell longer than any field may be is cut just past the longest, so its field's rule names it.
    if (!isBlankRow(cells))
      rows.push({ row: firstRow + 1 + index, cells: cells.map((cell) => cell.slice(0, UPLOAD_LIMITS.cellCharacters + 1)) });
  });
  if (data.length > UPLOAD_LIMITS.rows) throw new SpreadsheetRefusal(UPLOAD_MESSAGES.tooManyRows);
  if (rows.length === 0) throw new SpreadsheetRefusal(UPLOAD_MESSAGES.noRows);
  return { header: header.map((name) => name.trim()), rows };
}

/** Semicolons when the header line has more of them than commas (Excel's CSV in many locales), else commas. */
function delimiterOf(text: string): string {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const count = (character: string) => firstLine.split(character).length - 1;
  return count(";") > count(",") ? ";" : ",";
}

export function readCsv(bytes: Uint8Array): Sheet {
  const text = new TextDecoder("utf-8").decode(bytes).replace(/^\uFEFF/, "");
  let records: string[][];
  try {
    records = parseCsv(text, {
      delimiter: delimiterOf(text),
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
      max_record_size: MAX_RECORD_CHARACTERS,
      // One record past the limit is enough to know the file is too long.
      to: UPLOAD_LIMITS.rows + 2,
    }) as string[][];
  } catch (error) {
    const reason = error instanceof Error ? error.message : "";
    if (/max_record_size|Max Record Size/i.test(reason)) {
      throw new SpreadsheetRefusal(`A row of the file is longer than ${MAX_RECORD_CHARACTERS.toLocaleString("en-US")} characters`);
    }
    throw new SpreadsheetRefusal(`${UPLOAD_MESSAGES.unreadable} (${reason.split("\n")[0]})`);
  }
  return fromRecords(records, 1);
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? "" : value.toISOString().slice(0, 10);
  if (typeof value === "boolean") return value ? "TRUE" : "FALSE";
  return String(value);
}

export async function readExcel(bytes: Uint8Array): Promise<Sheet> {
  let data = bytes;
  if (isZip(bytes)) {
    try {
      data = await unpackedZip(bytes, UPLOAD_LIMITS.unpackedBytes);
    } catch (error) {
      if (error instanceof UnpackedTooLarge) throw new SpreadsheetRefusal(UPLOAD_MESSAGES.unpackedTooLarge);
      if (error instanceof NotAZip) throw new SpreadsheetRefusal(UPLOAD_MESSAGES.unreadable);
      throw error;
    }
  }
  let workbook: ReturnType<typeof readWorkbook>;
  try {
    workbook = readWorkbook(data, {
      type: "array",
      sheets: 0,
      dense: true,
      cellDates: true,
      cellFormula: false,
      cellHTML: false,
      cellStyles: false,
      sheetRows: UPLOAD_LIMITS.rows + 2,
    });
  } catch {
    throw new SpreadsheetRefusal(UPLOAD_MESSAGES.unreadable);
  }
  const sheet = workbook.Sheets[workbook.SheetNames[0]];
  if (!sheet || !sheet["!ref"]) throw new SpreadsheetRefusal(UPLOAD_MESSAGES.empty);
  const full = utils.decode_range(sheet["!fullref"] ?? sheet["!ref"]);
  if (full.e.r - full.s.r > UPLOAD_LIMITS.rows) throw new SpreadsheetRefusal(UPLOAD_MESSAGES.tooManyRows);
  const records = utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true, blankrows: true, defval: "" });
  const range = utils.decode_range(sheet["!ref"]);
  return fromRecords(
    records.map((cells) => cells.map(cellText)),
    range.s.r + 1,
  );
}

/** Reads an upload by its extension. */
export async function readSpreadsheet(fileName: string, bytes: Uint8Array): Promise<Sheet> {
  const extension = uploadExtension(fileName);
  if (!extension) throw new SpreadsheetRefusal(UPLOAD_MESSAGES.fileType);
  if (bytes.byteLength > UPLOAD_LIMITS.fileBytes) throw new SpreadsheetRefusal(UPLOAD_MESSAGES.tooLarge);
  return extension === ".csv" ? readCsv(bytes) : readExcel(bytes);
}
