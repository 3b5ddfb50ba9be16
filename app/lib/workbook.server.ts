import { CFB, utils, write, type WorkSheet } from "@e965/xlsx";

/**
 * Writing a table as an Excel workbook: one sheet, its header in row 1, written by SheetJS
 * (`@e965/xlsx`), and ready to print. SheetJS writes the cells, column widths, filter and defined
 * names; what its community edition does not write is added to the parts it wrote: the header row
 * frozen and bold, and the page setup (landscape, one page wide, the header row repeated on every
 * printed page).
 */

const SHEET_PART = "/xl/worksheets/sheet1.xml";
const STYLES_PART = "/xl/styles.xml";

/** Margins in inches (Excel's "Narrow"), so a wide table keeps its size on paper. */
const MARGINS = { left: 0.25, right: 0.25, top: 0.75, bottom: 0.75, header: 0.3, footer: 0.3 };

/** Sheet properties: print to fit (the page setup's fitToWidth and fitToHeight apply). */
const SHEET_PROPERTIES = '<sheetPr><pageSetUpPr fitToPage="1"/></sheetPr>';
/** Landscape, one page wide, as many pages tall as the rows need (0: automatic). */
const PAGE_SETUP = '<pageSetup orientation="landscape" fitToWidth="1" fitToHeight="0"/>';
const FROZEN_HEADER =
  '<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/><selection pane="bottomLeft" activeCell="A2" sqref="A2"/>';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** `xml` with `pattern` replaced; throws when a pattern it expects is missing (SheetJS wrote something else). */
function replaced(xml: string, pattern: RegExp, replacement: (match: string, ...groups: string[]) => string, what: string): string {
  if (!pattern.test(xml)) throw new Error(`The workbook's XML has no ${what}`);
  return xml.replace(pattern, replacement);
}

/** A sheet name as a formula reference says it: quoted, a quote doubled. */
function sheetReference(name: string): string {
  return `'${name.replaceAll("'", "''")}'`;
}

/**
 * The styles with a bold copy of the default font and a cell format using it: the styles' XML and
 * the new format's index (a cell's `s`).
 */
function withBoldFormat(styles: string): { xml: string; bold: number } {
  let fontId = 0;
  let bold = 0;
  let xml = replaced(
    styles,
    /<fonts count="(\d+)">(<font>([\s\S]*?)<\/font>)([\s\S]*?)<\/fonts>/,
    (_, count: string, first: string, inner: string, rest: string) => {
      fontId = Number(count);
      return `<fonts count="${fontId + 1}">${first}${rest}<font><b/>${inner}</font></fonts>`;
    },
    "fonts",
  );
  xml = replaced(
    xml,
    /<cellXfs count="(\d+)">([\s\S]*?)<\/cellXfs>/,
    (_, count: string, formats: string) => {
      bold = Number(count);
      return `<cellXfs count="${bold + 1}">${formats}<xf numFmtId="0" fontId="${fontId}" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs>`;
    },
    "cell formats",
  );
  return { xml, bold };
}

/** The sheet with sheet properties for printing, the header row frozen and in format `bold`, and the page setup. */
function printableSheet(sheet: string, bold: number): string {
  let xml = replaced(
    sheet,
    /(<worksheet[^>]*>)(<dimension )/,
    (_, open: string, next: string) => `${open}${SHEET_PROPERTIES}${next}`,
    "worksheet",
  );
  xml = replaced(
    xml,
    /<sheetView ([^>]*?)\/>/,
    (_, attributes: string) => `<sheetView ${attributes}>${FROZEN_HEADER}</sheetView>`,
    "sheet view",
  );
  // The header's cells are texts, which SheetJS writes without a format of their own.
  const boldCell = (cell: string, attributes: string, end: string) =>
    /\bs="/.test(attributes) ? cell : `<c ${attributes} s="${bold}"${end}>`;
  xml = replaced(xml, /<row r="1"[^>]*>[\s\S]*?<\/row>/, (row) => row.replace(/<c ([^>]*?)(\/?)>/g, boldCell), "header row");
  return replaced(xml, /<pageMargins [^>]*\/>/, (margins) => `${margins}${PAGE_SETUP}`, "page margins");
}

/** A file in the workbook's zip as SheetJS's CFB reads it. */
interface ZipEntry {
  content: Uint8Array;
  size: number;
}

/** Replaces the XML of the zip's part at `path` with `edit` of it. */
function rewrite(zip: unknown, path: string, edit: (xml: string) => string) {
  const entry = CFB.find(zip, path) as ZipEntry | null;
  if (!entry?.content) throw new Error(`The workbook has no ${path}`);
  entry.content = encoder.encode(edit(decoder.decode(entry.content)));
  entry.size = entry.content.length;
}

/**
 * A workbook of one sheet named `name` (its header in row 1), its `title` in the document's
 * properties: the header row frozen and bold, printed landscape one page wide with the header row
 * repeated on every page (the defined name `_xlnm.Print_Titles`).
 */
export function writeTableWorkbook(sheet: WorkSheet, { name, title }: { name: string; title: string }): Uint8Array<ArrayBuffer> {
  const sheetName = name.slice(0, 31);
  sheet["!margins"] = MARGINS;
  const book = utils.book_new();
  utils.book_append_sheet(book, sheet, sheetName);
  book.Props = { Title: title, Author: "Yardline" };
  book.Workbook = { ...book.Workbook, Names: [{ Name: "_xlnm.Print_Titles", Sheet: 0, Ref: `${sheetReference(sheetName)}!$1:$1` }] };
  const file = write(book, { type: "array", bookType: "xlsx", compression: true }) as ArrayBuffer;

  const zip: unknown = CFB.read(new Uint8Array(file), { type: "array" });
  let bold = 0;
  rewrite(zip, STYLES_PART, (styles) => {
    const edited = withBoldFormat(styles);
    bold = edited.bold;
    return edited.xml;
  });
  rewrite(zip, SHEET_PART, (xml) => printableSheet(xml, bold));
  return new Uint8Array(CFB.write(zip, { fileType: "zip", type: "array", compression: true }) as ArrayBuffer);
}
