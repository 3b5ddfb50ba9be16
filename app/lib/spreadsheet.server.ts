import { parse as parseCsv, CsvError } from "csv-parse/stream";
import { CFB, read as readWorkbook, utils, type CellObject } from "@e965/xlsx";
import { isBlankRow, UPLOAD_LIMITS, UPLOAD_MESSAGES, uploadExtension, type SheetRow } from "#app/domain/trailer-upload";
import { nextTurn } from "./turns.server";
import { readXlsxRows, TextRunTooLong, TooManyTexts, TooMuchText, WorkbookUnreadable } from "./xlsx.server";
import { isZip, NotAZip, UnpackedTooLarge } from "./zip.server";

/**
 * Reading an uploaded spreadsheet into its header and rows of text, numbered as the spreadsheet
 * shows them (the header is row 1). CSV through csv-parse, `.xlsx` through the streaming reader
 * of xlsx.server.ts, `.xls` (an Excel 97–2003 compound file) through SheetJS (first sheet,
 * formula cells as their values, dates as dates).
 *
 * The work is bounded by what an upload accepts, not by what the file declares: reading stops at
 * the first limit broken (rows, filled cells, characters, unpacked bytes), only the columns up to
 * the header's last name (at most UPLOAD_LIMITS.columns) are kept, and CSV and `.xlsx` are read a
 * piece at a time, letting other requests run between pieces. A file that breaks a limit throws a
 * SpreadsheetRefusal with its message.
 */
export class SpreadsheetRefusal extends Error {}

export interface Sheet {
  header: string[];
  /** The rows under the header that are not blank. */
  rows: SheetRow[];
}

/** The longest record csv-parse will hold (every cell of one row together). */
const MAX_RECORD_CHARACTERS = 100_000;
/** CSV bytes handed to the parser between two turns of the isolate. */
const CSV_SLICE_BYTES = 4 * 1024;
/** An Excel 97–2003 file is an OLE compound file; these are its first eight bytes. */
const COMPOUND_FILE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

/** Gathers rows as a reader finds them: the first is the header, and every limit is checked as each row arrives. */
class SheetBuilder {
  private header: string[] | null = null;
  private headerRow = 0;
  private width = 0;
  private cells = 0;
  private characters = 0;
  readonly rows: SheetRow[] = [];

  add(row: number, cells: readonly string[]): void {
    if (this.header === null) {
      const header = cells.slice(0, UPLOAD_LIMITS.columns).map((name) => name.trim());
      while (header.length && header[header.length - 1] === "") header.pop();
      if (!header.length) throw new SpreadsheetRefusal(UPLOAD_MESSAGES.empty);
      this.header = header;
      this.headerRow = row;
      this.width = header.length;
      return;
    }
    if (row - this.headerRow > UPLOAD_LIMITS.rows) throw new SpreadsheetRefusal(UPLOAD_MESSAGES.tooManyRows);
    // A cell longer than any field may be is cut just past the longest, so its field's rule names it.
    const kept = Array.from({ length: this.width }, (_, column) => (cells[column] ?? "").slice(0, UPLOAD_LIMITS.cellCharacters + 1));
    if (isBlankRow(kept)) return;
    for (const cell of kept) {
      if (cell === "") continue;
      this.cells += 1;
      this.characters += cell.length;
    }
    if (this.cells > UPLOAD_LIMITS.cells) throw new SpreadsheetRefusal(UPLOAD_MESSAGES.tooManyCells);
    if (this.characters > UPLOAD_LIMITS.textCharacters) throw new SpreadsheetRefusal(UPLOAD_MESSAGES.tooMuchText);
    this.rows.push({ row, cells: kept });
  }

  sheet(): Sheet {
    if (this.header === null) throw new SpreadsheetRefusal(UPLOAD_MESSAGES.empty);
    if (this.rows.length === 0) throw new SpreadsheetRefusal(UPLOAD_MESSAGES.noRows);
    return { header: this.header, rows: this.rows };
  }
}

/** Semicolons when the header line has more of them than commas (Excel's CSV in many locales), else commas. */
function delimiterOf(text: string): string {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const count = (character: string) => firstLine.split(character).length - 1;
  return count(";") > count(",") ? ";" : ",";
}

/**
 * The bytes a slice at a time, each only when the parser asks for more and after a turn of the
 * isolate: the stream's steps are promise callbacks, which would otherwise run back to back.
 */
function slicesOf(bytes: Uint8Array): ReadableStream<Uint8Array> {
  let at = 0;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (at > 0) await nextTurn();
        if (at >= bytes.length) controller.close();
        else controller.enqueue(bytes.slice(at, (at += CSV_SLICE_BYTES)));
      },
    },
    { highWaterMark: 0 },
  );
}

function csvRefusal(error: unknown): SpreadsheetRefusal {
  if (error instanceof SpreadsheetRefusal) return error;
  const reason = error instanceof Error ? error.message : "";
  if (error instanceof CsvError && error.code === "CSV_MAX_RECORD_SIZE") {
    return new SpreadsheetRefusal(`A row of the file is longer than ${MAX_RECORD_CHARACTERS.toLocaleString("en-US")} characters`);
  }
  return new SpreadsheetRefusal(`${UPLOAD_MESSAGES.unreadable} (${reason.split("\n")[0]})`);
}

export async function readCsv(bytes: Uint8Array): Promise<Sheet> {
  const start = new TextDecoder("utf-8").decode(bytes.subarray(0, MAX_RECORD_CHARACTERS));
  const records = slicesOf(bytes)
    .pipeThrough(
      parseCsv({
        bom: true,
        delimiter: delimiterOf(start),
        relax_column_count: true,
        relax_quotes: true,
        skip_empty_lines: false,
        max_record_size: MAX_RECORD_CHARACTERS,
      }) as TransformStream<Uint8Array, string[]>,
    )
    .getReader();
  const builder = new SheetBuilder();
  try {
    for (let row = 1; ; row++) {
      const next = await records.read();
      if (next.done) break;
      builder.add(row, next.value);
    }
  } catch (error) {
    await records.cancel().catch(() => undefined);
    throw csvRefusal(error);
  }
  return builder.sheet();
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? "" : value.toISOString().slice(0, 10);
  if (typeof value === "boolean") return value ? "TRUE" : "FALSE";
  return String(value);
}

const isCompoundFile = (bytes: Uint8Array) => bytes.length >= 8 && COMPOUND_FILE.every((byte, index) => bytes[index] === byte);

async function readXlsx(bytes: Uint8Array): Promise<Sheet> {
  const builder = new SheetBuilder();
  try {
    await readXlsxRows(bytes, UPLOAD_LIMITS, (row, cells) => builder.add(row, cells));
  } catch (error) {
    if (error instanceof SpreadsheetRefusal) throw error;
    if (error instanceof UnpackedTooLarge) throw new SpreadsheetRefusal(UPLOAD_MESSAGES.unpackedTooLarge);
    if (error instanceof TooMuchText) throw new SpreadsheetRefusal(UPLOAD_MESSAGES.tooMuchText);
    if (error instanceof TooManyTexts) throw new SpreadsheetRefusal(UPLOAD_MESSAGES.tooManyCells);
    if (error instanceof TextRunTooLong) throw new SpreadsheetRefusal(UPLOAD_MESSAGES.cellTooLong);
    if (error instanceof NotAZip || error instanceof WorkbookUnreadable) throw new SpreadsheetRefusal(UPLOAD_MESSAGES.unreadable);
    throw error;
  }
  return builder.sheet();
}

/** The most data one BIFF record holds (BIFF8; a longer one continues in CONTINUE records). */
const BIFF_RECORD_BYTES = 8_224;

/**
 * Whether a workbook's record stream is whole: every record's header and data lie within the
 * stream, none longer than a record can be. SheetJS reads a stream whose records overrun it (a
 * damaged length) for as long as it likes, holding the isolate; such a file is refused before.
 */
function recordsAreWhole(bytes: Uint8Array): boolean {
  const container = CFB.read(bytes, { type: "array" });
  const stream = (CFB.find(container, "Workbook") ?? CFB.find(container, "Book"))?.content as Uint8Array | undefined;
  if (!stream) return false;
  let at = 0;
  while (at + 4 <= stream.length) {
    const size = stream[at + 2] | (stream[at + 3] << 8);
    if (size > BIFF_RECORD_BYTES || at + 4 + size > stream.length) return false;
    at += 4 + size;
  }
  return true;
}

/**
 * An Excel 97–2003 workbook through SheetJS, once its record stream is whole (`recordsAreWhole`): at most the row limit and two more are read, and of
 * each row only its first columns. SheetJS reads the file in one go, so its own 1 MB cap bounds
 * how long that holds the isolate.
 */
async function readXls(bytes: Uint8Array): Promise<Sheet> {
  if (bytes.byteLength > UPLOAD_LIMITS.xlsBytes) throw new SpreadsheetRefusal(UPLOAD_MESSAGES.xlsTooLarge);
  await nextTurn();
  let workbook: ReturnType<typeof readWorkbook>;
  try {
    if (!quietly(() => recordsAreWhole(bytes))) throw new SpreadsheetRefusal(UPLOAD_MESSAGES.unreadable);
    workbook = quietly(() =>
      readWorkbook(bytes, {
        type: "array",
        sheets: 0,
        dense: true,
        cellDates: true,
        cellFormula: false,
        cellHTML: false,
        cellStyles: false,
        sheetRows: UPLOAD_LIMITS.rows + 2,
      }),
    );
  } catch {
    throw new SpreadsheetRefusal(UPLOAD_MESSAGES.unreadable);
  }
  const sheet = workbook.Sheets[workbook.SheetNames[0]];
  if (!sheet || !sheet["!ref"]) throw new SpreadsheetRefusal(UPLOAD_MESSAGES.empty);
  const full = utils.decode_range(sheet["!fullref"] ?? sheet["!ref"]);
  if (full.e.r - full.s.r > UPLOAD_LIMITS.rows) throw new SpreadsheetRefusal(UPLOAD_MESSAGES.tooManyRows);
  const data = (sheet["!data"] ?? []) as ((CellObject | undefined)[] | undefined)[];
  const builder = new SheetBuilder();
  data.forEach((row, index) => {
    if (!row) return;
    const cells = Array.from({ length: Math.min(row.length, UPLOAD_LIMITS.columns) }, (_, column) => cellText(row[column]?.v));
    if (!isBlankRow(cells)) builder.add(index + 1, cells);
  });
  return builder.sheet();
}

/**
 * Runs SheetJS without its console output: it writes a line for every record of a damaged file it
 * does not know, and the file is refused or read all the same. The call is synchronous, so no
 * other request's output can fall in between.
 */
function quietly<T>(read: () => T): T {
  const error = console.error;
  console.error = () => undefined;
  try {
    return read();
  } finally {
    console.error = error;
  }
}

/** An Excel upload by what it holds: a zip is an `.xlsx`, a compound file an `.xls`, whatever the name says. */
function readExcel(bytes: Uint8Array): Promise<Sheet> {
  if (isZip(bytes)) return readXlsx(bytes);
  if (isCompoundFile(bytes)) return readXls(bytes);
  throw new SpreadsheetRefusal(UPLOAD_MESSAGES.unreadable);
}

/** Reads an upload by its extension. */
export async function readSpreadsheet(fileName: string, bytes: Uint8Array): Promise<Sheet> {
  const extension = uploadExtension(fileName);
  if (!extension) throw new SpreadsheetRefusal(UPLOAD_MESSAGES.fileType);
  if (bytes.byteLength > UPLOAD_LIMITS.fileBytes) throw new SpreadsheetRefusal(UPLOAD_MESSAGES.tooLarge);
  return extension === ".csv" ? readCsv(bytes) : readExcel(bytes);
}
