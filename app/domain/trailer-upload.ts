import { z } from "zod";
import { TRAILER_TYPES } from "./assets";
import { optionalText } from "./fields";
import { LIMITS } from "./limits";
import { TRAILER_MESSAGES, trailerFields, withLoadRules } from "./trailers";

/**
 * Bulk Upload Trailers: the columns of the file, how a row becomes a trailer input, and the
 * rules the upload adds to Add New Trailer's (the tag rule, booleans in the spreadsheet's words).
 */
export const UPLOAD_MESSAGES = {
  fileRequired: "Please select a file to upload",
  accountRequired: "Please select an account for these trailers",
  fileType: "Please upload a CSV or Excel file (.csv, .xls, .xlsx)",
  failed: "Failed to upload trailers",
  unexpected: "An error occurred during upload",
  notJson:
    "The server did not answer as expected. Please check the file format (CSV or Excel, with the template's header row) and try again.",
  denied: "Only administrators and super managers can upload trailers.",
  tooLarge: "The file is too large: at most 5 MB",
  xlsTooLarge: "An Excel 97-2003 file (.xls) may be at most 1 MB; save it as an Excel Workbook (.xlsx) or CSV to upload more",
  tooManyRows: "The file has more than 20,000 rows; please split it into smaller files",
  unpackedTooLarge: "The Excel file unpacks to more than 40 MB; please split it into smaller files",
  tooManyCells: "The file has more than 400,000 filled cells; please split it into smaller files",
  tooMuchText: "The file holds more than 10,000,000 characters of text; please split it into smaller files",
  cellTooLong: "A cell of the file holds more than 32,767 characters, more than Excel allows; please check the file",
  unreadable: "The file could not be read as CSV or Excel; please check the file format",
  empty: "The file has no header row; the first row must name the columns (see the template)",
  noRows: "The file has no trailer rows under its header",
  rolledBack: "Nothing was added: the upload failed while saving. Please try again.",
} as const;

export const UPLOAD_LIMITS = {
  fileBytes: 5 * 1024 * 1024,
  /**
   * An Excel 97–2003 workbook is read in one piece (there is no streaming reader for it), which
   * holds the isolate for about 0.2 s a megabyte: its own, smaller cap.
   */
  xlsBytes: 1024 * 1024,
  rows: 20_000,
  /** What an `.xlsx` may unpack to, all its parts together. */
  unpackedBytes: 40 * 1024 * 1024,
  /** Columns read from the left (the template has 14); cells further right, or right of the header's last name, are not read. */
  columns: 64,
  /** Filled cells a file may hold under its header, all rows together. */
  cells: 400_000,
  /** Characters a file's cells (and an `.xlsx`'s shared texts) may hold together. */
  textCharacters: 10_000_000,
  /** Longest cell read from a file; the fields' own limits are shorter. */
  cellCharacters: LIMITS.longText,
} as const;

export const UPLOAD_EXTENSIONS = [".csv", ".xls", ".xlsx"] as const;
export type UploadExtension = (typeof UPLOAD_EXTENSIONS)[number];

/** The file's extension, lower case, when it is one the upload takes. */
export function uploadExtension(fileName: string): UploadExtension | null {
  const match = /\.(csv|xlsx?)$/i.exec(fileName.trim());
  return match ? (`.${match[1].toLowerCase()}` as UploadExtension) : null;
}

/**
 * Why a chosen file cannot be sent, or null: none chosen (or an empty one), a type the upload does
 * not take, or past the size limit. The page checks before sending, the service on arrival.
 */
export function fileRefusal(file: { name: string; size: number } | null): string | null {
  if (!file || !file.name.trim() || file.size === 0) return UPLOAD_MESSAGES.fileRequired;
  if (!uploadExtension(file.name)) return UPLOAD_MESSAGES.fileType;
  if (file.size > UPLOAD_LIMITS.fileBytes) return UPLOAD_MESSAGES.tooLarge;
  return null;
}

export const REQUIRED_COLUMNS = ["trailer_number", "trailer_location", "company_owner"] as const;
export const OPTIONAL_COLUMNS = [
  "license_plate",
  "license_state",
  "type",
  "is_loaded",
  "load_number",
  "is_tray",
  "tray_count",
  "yellow_tagged",
  "red_tagged",
  "tagged_description",
  "in_shop",
] as const;
export const UPLOAD_COLUMNS = [...REQUIRED_COLUMNS, ...OPTIONAL_COLUMNS] as const;
export type UploadColumn = (typeof UPLOAD_COLUMNS)[number];
const BOOLEAN_COLUMNS = new Set<UploadColumn>(["is_loaded", "is_tray", "yellow_tagged", "red_tagged", "in_shop"]);

/** What the template's help says of each column. */
export const COLUMN_HELP: Record<UploadColumn, string> = {
  trailer_number: "Required. Unique within the account.",
  trailer_location: "Required. Road, Shop, a yard's name or a door such as North-3.",
  company_owner: "Required. The company that owns the trailer.",
  license_plate: "Optional.",
  license_state: "Optional. Two letters, such as MA.",
  type: `Optional. One of ${TRAILER_TYPES.join(", ")}.`,
  is_loaded: "Optional. TRUE/FALSE, yes/no, y/n or 1/0.",
  load_number: "Required when is_loaded is true.",
  is_tray: "Optional. TRUE/FALSE, yes/no, y/n or 1/0; not together with is_loaded.",
  tray_count: "Required and above 0 when is_tray is true.",
  yellow_tagged: "Optional. TRUE/FALSE, yes/no, y/n or 1/0.",
  red_tagged: "Optional. TRUE/FALSE, yes/no, y/n or 1/0.",
  tagged_description: "Why it is tagged. A description without a tag marks the trailer yellow-tagged.",
  in_shop: "Optional. TRUE puts the trailer in the Shop.",
};

/** The description a tagged trailer gets when its row gives none (the tag rule). */
export const PLACEHOLDER_DESCRIPTION = "Tagged in a bulk upload; no description given";

export const TEMPLATE_FILE_NAME = "trailer_upload_template.csv";

/** "Trailer Number", "trailer number", "TRAILERNUMBER" → "trailernumber": header names match without case, spaces or underscores. */
export function headerKey(name: string): string {
  return name
    .replace(/^\uFEFF/, "")
    .replace(/[\s_]+/g, "")
    .toLowerCase();
}

const COLUMN_BY_KEY = new Map<string, UploadColumn>(UPLOAD_COLUMNS.map((column) => [headerKey(column), column]));

/** Where each known column is in the header row, and which required ones are missing. Unknown columns are ignored. */
export function readHeader(header: readonly string[]): { positions: Map<UploadColumn, number>; missing: UploadColumn[] } {
  const positions = new Map<UploadColumn, number>();
  header.forEach((name, index) => {
    const column = COLUMN_BY_KEY.get(headerKey(name));
    if (column && !positions.has(column)) positions.set(column, index);
  });
  return { positions, missing: REQUIRED_COLUMNS.filter((column) => !positions.has(column)) };
}

export function missingColumnsMessage(missing: readonly string[]): string {
  return `The file is missing the required column${missing.length > 1 ? "s" : ""} ${missing.join(", ")} (see the template)`;
}

const TRUE_WORDS = new Set(["true", "yes", "y", "1"]);
const FALSE_WORDS = new Set(["false", "no", "n", "0", ""]);

/** TRUE/FALSE, yes/no, y/n, 1/0 in any case; blank is false; anything else is undefined. */
export function parseUploadBoolean(text: string): boolean | undefined {
  const word = text.trim().toLowerCase();
  if (TRUE_WORDS.has(word)) return true;
  if (FALSE_WORDS.has(word)) return false;
  return undefined;
}

function booleanMessage(column: string): string {
  return `${column} must be TRUE/FALSE, yes/no, y/n or 1/0`;
}

/** "Dry 53", "DRY_53", "dry-53" → "dry_53". */
function typeKey(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_");
}

/**
 * A row as Add New Trailer's schema sees it, with what the upload relaxes: license plate, state
 * and type are optional in a file (the template's optional columns).
 */
const uploadRowSchema = withLoadRules(
  trailerFields.extend({
    license_plate: optionalText().transform((plate) => plate?.toUpperCase()),
    license_state: optionalText()
      .transform((state) => state?.toUpperCase())
      .pipe(z.string().length(2, TRAILER_MESSAGES.stateLength).optional()),
    type: z.enum(TRAILER_TYPES, { error: `Trailer type must be one of ${TRAILER_TYPES.join(", ")}` }).optional(),
  }),
);
export type UploadRow = z.infer<typeof uploadRowSchema>;

/** One data row of the file: its number as the spreadsheet shows it (the header is row 1) and its cells. */
export interface SheetRow {
  row: number;
  cells: readonly string[];
}

export type RowOutcome = { row: number; trailerNumber: string; value: UploadRow } | { row: number; trailerNumber: string; error: string };

/** Whether a row is blank (every cell empty): such rows are skipped, not counted. */
export function isBlankRow(cells: readonly string[]): boolean {
  return cells.every((cell) => cell.trim() === "");
}

/**
 * Checks one row: booleans in the spreadsheet's words, then Add New Trailer's schema, then the tag
 * rule (a description with neither tag sets yellow; a tag without a description gets the
 * placeholder). Locations and duplicates are checked by the service, against the account.
 */
export function checkRow(sheetRow: SheetRow, positions: ReadonlyMap<UploadColumn, number>): RowOutcome {
  const cell = (column: UploadColumn) => {
    const index = positions.get(column);
    return index === undefined ? "" : (sheetRow.cells[index] ?? "").trim();
  };
  const trailerNumber = cell("trailer_number").toUpperCase();
  const input: Record<string, unknown> = {};
  for (const column of UPLOAD_COLUMNS) {
    const text = cell(column);
    if (BOOLEAN_COLUMNS.has(column)) {
      const flag = parseUploadBoolean(text);
      if (flag === undefined) return { row: sheetRow.row, trailerNumber, error: booleanMessage(column) };
      input[column] = flag;
    } else if (column === "type") {
      input.type = text ? typeKey(text) : undefined;
    } else {
      input[column] = text;
    }
  }
  const parsed = uploadRowSchema.safeParse(input);
  if (!parsed.success) return { row: sheetRow.row, trailerNumber, error: parsed.error.issues[0].message };
  const value = { ...parsed.data };
  if (value.tagged_description && !value.red_tagged && !value.yellow_tagged) value.yellow_tagged = true;
  if ((value.red_tagged || value.yellow_tagged) && !value.tagged_description) value.tagged_description = PLACEHOLDER_DESCRIPTION;
  return { row: sheetRow.row, trailerNumber, value };
}

export function duplicateInFileMessage(trailerNumber: string): string {
  return `Trailer number ${trailerNumber} appears more than once in this file`;
}

export function alreadyExistsMessage(trailerNumber: string): string {
  return `Trailer number ${trailerNumber} already exists`;
}

/** The error of one rejected row, as the results table and the API show it. */
export interface RowError {
  row: number;
  trailer_number: string;
  error: string;
}

/** The answer of an upload (the spec's results), with `dry_run` when nothing was meant to be added. */
export interface UploadResults {
  total: number;
  success: number;
  errors: RowError[];
  dry_run: boolean;
}

export const REJECTED_FILE_NAME = "rejected_trailers.csv";

/** The rows of the results table the page shows; the rejected rows' CSV has them all. */
export const ERROR_ROWS_SHOWN = 500;

/** CSV text as a `data:` URL (UTF-8, base64), for a download link that needs no request. */
export function csvDataUrl(csv: string): string {
  const bytes = new TextEncoder().encode(csv);
  let binary = "";
  for (let start = 0; start < bytes.length; start += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  }
  return `data:text/csv;charset=utf-8;base64,${btoa(binary)}`;
}
