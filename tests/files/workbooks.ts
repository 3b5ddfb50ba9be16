import { deflateRawSync } from "node:zlib";

/**
 * Workbooks written by hand, part by part, for the tests of the upload's reader: what SheetJS
 * would never write (a sheet 16,384 columns wide, a part that lies about its size, a DOCTYPE
 * declaring entities, rows out of order) as well as plain ones.
 */
export interface ZipPart {
  name: string;
  content: string | Uint8Array;
  /** The unpacked size the zip's headers claim (default: the true one). */
  claimedSize?: number;
  /** Stored as it is instead of deflated. */
  stored?: boolean;
}

const bytesOf = (content: string | Uint8Array) => (typeof content === "string" ? Buffer.from(content, "utf8") : Buffer.from(content));

/** A zip of the parts, in order. */
export function zipOf(parts: readonly ZipPart[]): Uint8Array {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name, "utf8");
    const raw = bytesOf(part.content);
    const data = part.stored ? raw : deflateRawSync(raw);
    const method = part.stored ? 0 : 8;
    const size = part.claimedSize ?? raw.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += local.length + name.length + data.length;
  }
  const centralLength = centrals.reduce((sum, part) => sum + part.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(centralLength, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...locals, ...centrals, end]));
}

const MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
const RELS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
const PACKAGE_RELS = "http://schemas.openxmlformats.org/package/2006/relationships";

/** "A" for 0, "XFD" for 16,383. */
export function columnName(index: number): string {
  let name = "";
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

const escaped = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** A cell as a sheet writes it: text inline, a number as a number; `at` is its column. */
export function cellXml(row: number, at: number, value: string | number): string {
  const reference = `${columnName(at)}${row}`;
  return typeof value === "number"
    ? `<c r="${reference}"><v>${value}</v></c>`
    : `<c r="${reference}" t="inlineStr"><is><t>${escaped(value)}</t></is></c>`;
}

/** A sheet's XML from rows of cells (null: no cell), row 1 first. */
export function sheetXml(rows: readonly (readonly (string | number | null)[])[], prolog = ""): string {
  const body = rows
    .map((cells, index) => {
      const row = index + 1;
      const xml = cells.map((value, at) => (value === null ? "" : cellXml(row, at, value))).join("");
      return `<row r="${row}">${xml}</row>`;
    })
    .join("");
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>${prolog}<worksheet xmlns="${MAIN}"><sheetData>${body}</sheetData></worksheet>`;
}

/** The parts of a workbook around its sheets (the first is the one read), with optional shared texts and styles. */
export function workbookParts(sheets: readonly (string | ZipPart)[], extra: { sharedStrings?: string; styles?: string } = {}): ZipPart[] {
  const sheetParts = sheets.map((sheet, index) =>
    typeof sheet === "string" ? { name: `xl/worksheets/sheet${index + 1}.xml`, content: sheet } : sheet,
  );
  const rels = sheetParts.map(
    (part, index) => `<Relationship Id="rId${index + 1}" Type="${RELS}/worksheet" Target="${part.name.slice(3)}"/>`,
  );
  if (extra.sharedStrings) rels.push(`<Relationship Id="rS" Type="${RELS}/sharedStrings" Target="sharedStrings.xml"/>`);
  if (extra.styles) rels.push(`<Relationship Id="rT" Type="${RELS}/styles" Target="styles.xml"/>`);
  const sheetList = sheetParts
    .map((_, index) => `<sheet name="Sheet${index + 1}" sheetId="${index + 1}" r:id="rId${index + 1}"/>`)
    .join("");
  return [
    {
      name: "[Content_Types].xml",
      content: `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/></Types>`,
    },
    {
      name: "_rels/.rels",
      content: `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${PACKAGE_RELS}"><Relationship Id="r1" Type="${RELS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    },
    {
      name: "xl/workbook.xml",
      content: `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${MAIN}" xmlns:r="${RELS}"><sheets>${sheetList}</sheets></workbook>`,
    },
    {
      name: "xl/_rels/workbook.xml.rels",
      content: `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${PACKAGE_RELS}">${rels.join("")}</Relationships>`,
    },
    ...sheetParts,
    ...(extra.sharedStrings ? [{ name: "xl/sharedStrings.xml", content: extra.sharedStrings }] : []),
    ...(extra.styles ? [{ name: "xl/styles.xml", content: extra.styles }] : []),
  ];
}

/** An `.xlsx` whose first sheet holds `rows`. */
export function xlsxOf(rows: readonly (readonly (string | number | null)[])[]): Uint8Array {
  return zipOf(workbookParts([sheetXml(rows)]));
}
