import { SSF } from "@e965/xlsx";
import { SaxesParser, type SaxesTag } from "saxes";
import { nextTurn } from "./turns.server";
import { entryChunks, UnpackBudget, zipEntries, type ZipEntry } from "./zip.server";

/**
 * Reading the first sheet of an `.xlsx` as it streams out of the zip: each part is inflated a
 * little at a time (zip.server.ts) and fed to the `saxes` XML parser, and the isolate serves other
 * requests between pieces. What is kept is bounded by what an upload accepts, not by what the
 * file declares: only the first sheet and the parts it needs (the shared texts and the styles that
 * say which numbers are dates) are unpacked, only the first `columns` columns are read, every
 * text is cut just past `cellCharacters`, and the shared texts stop at `textCharacters`.
 * A part that declares a DOCTYPE (entities) is not read at all.
 */
export class WorkbookUnreadable extends Error {}
export class TooMuchText extends Error {}
/** More shared texts than cells an upload may fill. */
export class TooManyTexts extends Error {}
/** A text or a tag longer than any Excel writes (a cell holds at most 32,767 characters). */
export class TextRunTooLong extends Error {}

export interface XlsxLimits {
  /** What all the parts read may unpack to together. */
  unpackedBytes: number;
  /** Columns read from the left; cells further right are skipped. */
  columns: number;
  /** A text is kept up to one character past this, so the field's own rule names it. */
  cellCharacters: number;
  /** Characters the shared texts may hold together. */
  textCharacters: number;
  /** Shared texts the table may hold. */
  cells: number;
}

/** Receives the sheet's rows in order: the spreadsheet's row number and the texts of its first columns ("" where empty). */
export type RowSink = (row: number, cells: string[]) => void;

/** Bytes of XML handed to the parser between two turns of the isolate. */
const TURN_BYTES = 16 * 1024;
/**
 * The longest run of characters without a `<` a part may have: a cell's 32,767 characters with
 * every one escaped (`&quot;`), and room to spare. The parser gathers a text or a tag whole before
 * handing it on, so this bounds what it holds.
 */
const MAX_RUN_CHARACTERS = 256 * 1024;
const OFFICE_DOCUMENT = /\/officeDocument$/;
const SHARED_STRINGS = /\/sharedStrings$/;
const STYLES = /\/styles$/;
/** Number formats Excel builds in that show dates and times (ECMA-376, 18.8.30, and the East Asian ones). */
const BUILT_IN_DATE_FORMATS = new Set([
  14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54, 55, 56, 57, 58,
]);

const dateFormats = SSF as {
  is_date(format: string): boolean;
  parse_date_code(serial: number, options?: { date1904?: boolean }): { y: number; m: number; d: number } | null;
};

/** `x:row` and `row` alike: parts may name their elements with any prefix. */
const localName = (name: string) => name.slice(name.indexOf(":") + 1);

interface Part {
  open(name: string, attributes: Record<string, string>): void;
  text?(text: string): void;
  close?(name: string): void;
}

class XlsxFile {
  private readonly entries: Map<string, ZipEntry>;
  private readonly budget: UnpackBudget;

  constructor(
    private readonly bytes: Uint8Array,
    unpackedBytes: number,
  ) {
    this.entries = zipEntries(bytes);
    this.budget = new UnpackBudget(unpackedBytes);
  }

  has(path: string): boolean {
    return this.entries.has(path.toLowerCase());
  }

  /** Feeds a part to `part`'s handlers as it unpacks, taking turns with other requests. */
  async read(path: string, part: Part): Promise<void> {
    const entry = this.entries.get(path.toLowerCase());
    if (!entry) throw new WorkbookUnreadable(`no part ${path}`);
    const parser = new SaxesParser({ xmlns: false });
    let failure: unknown = null;
    parser.on("error", (error) => {
      failure ??= error;
    });
    parser.on("doctype", () => {
      throw new WorkbookUnreadable("a DOCTYPE in a workbook part");
    });
    parser.on("opentag", (tag: SaxesTag) => part.open(localName(tag.name), tag.attributes as Record<string, string>));
    if (part.text) {
      const text = part.text.bind(part);
      parser.on("text", text);
      parser.on("cdata", text);
    }
    if (part.close) {
      const close = part.close.bind(part);
      parser.on("closetag", (tag: SaxesTag) => close(localName(tag.name)));
    }
    const decoder = new TextDecoder("utf-8");
    let sinceTurn = 0;
    let run = 0;
    const fed = (text: string) => {
      // A piece is shorter than the limit, so only a run carried over from earlier pieces can pass it.
      const firstTag = text.indexOf("<");
      if (firstTag >= 0 && run + firstTag > MAX_RUN_CHARACTERS) throw new TextRunTooLong();
      run = firstTag < 0 ? run + text.length : text.length - text.lastIndexOf("<");
      if (run > MAX_RUN_CHARACTERS) throw new TextRunTooLong();
      parser.write(text);
      if (failure) throw new WorkbookUnreadable(String(failure));
    };
    for await (const chunk of entryChunks(this.bytes, entry, this.budget)) {
      for (let at = 0; at < chunk.byteLength; at += TURN_BYTES) {
        const piece = chunk.subarray(at, at + TURN_BYTES);
        fed(decoder.decode(piece, { stream: true }));
        sinceTurn += piece.byteLength;
        if (sinceTurn >= TURN_BYTES) {
          sinceTurn = 0;
          await nextTurn();
        }
      }
    }
    fed(decoder.decode());
    parser.close();
    if (failure) throw new WorkbookUnreadable(String(failure));
  }
}

/** A part's relationships: id → target path, and the first target of each type. */
async function relationships(
  file: XlsxFile,
  path: string,
): Promise<{ byId: Map<string, string>; byType: { type: string; target: string }[] }> {
  const byId = new Map<string, string>();
  const byType: { type: string; target: string }[] = [];
  if (!file.has(path)) return { byId, byType };
  await file.read(path, {
    open(name, attributes) {
      if (name !== "Relationship" || !attributes.Target) return;
      if (attributes.Id && !byId.has(attributes.Id)) byId.set(attributes.Id, attributes.Target);
      if (attributes.Type) byType.push({ type: attributes.Type, target: attributes.Target });
    },
  });
  return { byId, byType };
}

/** A relationship's target as a path in the zip: absolute ("/xl/…") or relative to the part's folder. */
function resolved(folder: string, target: string): string {
  const parts = (target.startsWith("/") ? target : `${folder}/${target}`).split("/");
  const path: string[] = [];
  for (const part of parts) {
    if (part === "..") path.pop();
    else if (part && part !== ".") path.push(part);
  }
  return path.join("/");
}

const folderOf = (path: string) => path.slice(0, Math.max(0, path.lastIndexOf("/")));
const relsOf = (path: string) => `${folderOf(path)}${folderOf(path) ? "/" : ""}_rels/${path.slice(path.lastIndexOf("/") + 1)}.rels`;

/** The first sheet's path, where its shared texts and styles are, and whether dates count from 1904. */
async function workbookLayout(file: XlsxFile) {
  const root = await relationships(file, "_rels/.rels");
  const workbook = resolved("", root.byType.find((rel) => OFFICE_DOCUMENT.test(rel.type))?.target ?? "xl/workbook.xml");
  let firstSheetId: string | null = null;
  let date1904 = false;
  await file.read(workbook, {
    open(name, attributes) {
      if (name === "workbookPr") date1904 = attributes.date1904 === "1" || attributes.date1904 === "true";
      if (name === "sheet" && firstSheetId === null) {
        const id = Object.entries(attributes).find(([key]) => localName(key) === "id" && key.includes(":"));
        firstSheetId = id ? id[1] : "";
      }
    },
  });
  const rels = await relationships(file, relsOf(workbook));
  const folder = folderOf(workbook);
  const sheetTarget = firstSheetId === null ? undefined : rels.byId.get(firstSheetId);
  if (!sheetTarget) throw new WorkbookUnreadable("no first sheet");
  const target = (type: RegExp) => {
    const found = rels.byType.find((rel) => type.test(rel.type));
    return found ? resolved(folder, found.target) : null;
  };
  return { sheet: resolved(folder, sheetTarget), sharedStrings: target(SHARED_STRINGS), styles: target(STYLES), date1904 };
}

/** Which cell styles show numbers as dates (by their index in `cellXfs`). */
async function dateStyles(file: XlsxFile, path: string | null): Promise<boolean[]> {
  if (!path || !file.has(path)) return [];
  const customFormats = new Map<number, string>();
  const styleFormats: number[] = [];
  let inCellXfs = false;
  await file.read(path, {
    open(name, attributes) {
      if (name === "numFmt") customFormats.set(Number(attributes.numFmtId), attributes.formatCode ?? "");
      else if (name === "cellXfs") inCellXfs = true;
      else if (name === "xf" && inCellXfs) styleFormats.push(Number(attributes.numFmtId ?? 0));
    },
    close(name) {
      if (name === "cellXfs") inCellXfs = false;
    },
  });
  return styleFormats.map((id) => {
    const custom = customFormats.get(id);
    return custom !== undefined ? dateFormats.is_date(custom) : BUILT_IN_DATE_FORMATS.has(id);
  });
}

/** Cuts a text being gathered just past `limit` characters. */
function gathered(sofar: string, text: string, limit: number): string {
  return sofar.length > limit ? sofar : (sofar + text).slice(0, limit + 1);
}

/** The shared texts (`<si>`: its `<t>` runs, without phonetic guides), each cut past `cellCharacters`. */
async function sharedTexts(file: XlsxFile, path: string | null, limits: XlsxLimits): Promise<string[]> {
  if (!path || !file.has(path)) return [];
  const texts: string[] = [];
  let current: string | null = null;
  let inText = false;
  let inPhonetic = false;
  let characters = 0;
  await file.read(path, {
    open(name) {
      if (name === "si") current = "";
      else if (name === "t") inText = true;
      else if (name === "rPh") inPhonetic = true;
    },
    text(text) {
      if (current !== null && inText && !inPhonetic) current = gathered(current, text, limits.cellCharacters);
    },
    close(name) {
      if (name === "t") inText = false;
      else if (name === "rPh") inPhonetic = false;
      else if (name === "si" && current !== null) {
        characters += current.length;
        if (characters > limits.textCharacters) throw new TooMuchText();
        if (texts.length >= limits.cells) throw new TooManyTexts();
        texts.push(current);
        current = null;
      }
    },
  });
  return texts;
}

/** "C12" → 2 (columns from 0); null when the reference is not a cell's. */
function columnOf(reference: string): number | null {
  const match = /^([A-Z]{1,3})\d*$/.exec(reference);
  if (!match) return null;
  let column = 0;
  for (const letter of match[1]) column = column * 26 + letter.charCodeAt(0) - 64;
  return column <= 16_384 ? column - 1 : null;
}

function rowNumberOf(attribute: string | undefined, previous: number): number {
  if (attribute === undefined) return previous + 1;
  const number = Number(attribute);
  if (!Number.isInteger(number) || number <= previous || number > 1_048_576) throw new WorkbookUnreadable(`row ${attribute} out of order`);
  return number;
}

function numberText(value: string, isDate: boolean, date1904: boolean): string {
  const number = Number(value);
  if (value.trim() === "" || !Number.isFinite(number)) return value;
  if (isDate) {
    const date = dateFormats.parse_date_code(number, { date1904 });
    if (date) return `${String(date.y).padStart(4, "0")}-${String(date.m).padStart(2, "0")}-${String(date.d).padStart(2, "0")}`;
  }
  return String(number);
}

/**
 * Reads the first sheet of an `.xlsx`, handing each row to `sink` as it is read. Throws NotAZip or
 * WorkbookUnreadable when the file is not a readable workbook, UnpackedTooLarge past the unpack
 * budget, TooMuchText past the shared texts' budget, and whatever `sink` throws.
 */
export async function readXlsxRows(bytes: Uint8Array, limits: XlsxLimits, sink: RowSink): Promise<void> {
  const file = new XlsxFile(bytes, limits.unpackedBytes);
  const layout = await workbookLayout(file);
  const dates = await dateStyles(file, layout.styles);
  const texts = await sharedTexts(file, layout.sharedStrings, limits);

  let rowNumber = 0;
  let cells: string[] | null = null;
  let filled = false;
  let column = -1;
  let cell: { column: number; type: string; style: number; value: string } | null = null;
  let gathering = false;
  let inInline = false;
  let inPhonetic = false;

  const cellValue = (found: { type: string; style: number; value: string }): string => {
    switch (found.type) {
      case "s":
        return texts[Number(found.value)] ?? "";
      case "b":
        return found.value.trim() === "1" ? "TRUE" : found.value.trim() === "" ? "" : "FALSE";
      case "d":
        return found.value.slice(0, 10);
      case "str":
      case "inlineStr":
      case "e":
        return found.value;
      default:
        return numberText(found.value, dates[found.style] ?? false, layout.date1904);
    }
  };

  await file.read(layout.sheet, {
    open(name, attributes) {
      if (name === "row") {
        rowNumber = rowNumberOf(attributes.r, rowNumber);
        cells = [];
        filled = false;
        column = -1;
      } else if (name === "c" && cells) {
        const at = attributes.r === undefined ? column + 1 : columnOf(attributes.r);
        if (at === null || at <= column || at >= 16_384) throw new WorkbookUnreadable(`cell ${attributes.r} out of order`);
        column = at;
        cell = at < limits.columns ? { column: at, type: attributes.t ?? "n", style: Number(attributes.s ?? 0), value: "" } : null;
      } else if (cell && (name === "v" || (name === "t" && inInline))) {
        gathering = !inPhonetic;
      } else if (name === "is") {
        inInline = true;
      } else if (name === "rPh") {
        inPhonetic = true;
      }
    },
    text(text) {
      if (gathering && cell) cell.value = gathered(cell.value, text, limits.cellCharacters);
    },
    close(name) {
      if (name === "v" || name === "t") gathering = false;
      else if (name === "is") inInline = false;
      else if (name === "rPh") inPhonetic = false;
      else if (name === "c" && cell && cells) {
        const value = cellValue(cell);
        if (value !== "") {
          while (cells.length < cell.column) cells.push("");
          cells[cell.column] = value;
          filled = true;
        }
        cell = null;
      } else if (name === "row" && cells) {
        if (filled) sink(rowNumber, cells);
        cells = null;
      }
    },
  });
}
