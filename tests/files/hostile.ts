import { utils, write } from "@e965/xlsx";
import { UPLOAD_COLUMNS, UPLOAD_LIMITS } from "#app/domain/trailer-upload";
import { randomGenerator } from "#db/seed";
import { cellXml, sheetXml, workbookParts, zipOf, type ZipPart } from "./workbooks";

/**
 * Generated upload files, good and hostile, for the file fuzzer: each kind a function of a seeded
 * random source, so a seed gives the same files every time. Wide, tall and deep sheets, many
 * sheets, zip bombs (honest and lying), broken zips, entity declarations, huge cells, shared-text
 * tables, compound files with looping sector chains, and random byte flips of good files.
 */
export interface UploadFile {
  kind: string;
  name: string;
  bytes: Uint8Array;
}

type Random = ReturnType<typeof randomGenerator>;

const LOCATIONS = ["Road", "Shop", "Nowhere", "North-3", ""];
const BOOLEANS = ["TRUE", "FALSE", "yes", "n", "1", "maybe", ""];

function trailerRows(random: Random, count: number): string[][] {
  return Array.from({ length: count }, (_, index) => [
    `FZ-${random.int(0, 99_999)}-${index}`,
    random.pick(LOCATIONS),
    random.pick(["ACME", "Blue Ridge", "", "=cmd|' /C calc'!A0"]),
    random.pick(["", "PL-1", "x".repeat(random.int(0, 150))]),
    random.pick(["MA", "", "ZZZ"]),
    random.pick(["dry_53", "reefer_48", "", "spaceship"]),
    random.pick(BOOLEANS),
    random.pick(["", "LD-1"]),
    random.pick(BOOLEANS),
    String(random.int(-1, 2000)),
    random.pick(BOOLEANS),
    random.pick(BOOLEANS),
    random.pick(["", "dent"]),
    random.pick(BOOLEANS),
  ]);
}

const withHeader = (rows: string[][]) => [[...UPLOAD_COLUMNS], ...rows];
const text = (value: string) => new TextEncoder().encode(value);

function csvOf(rows: readonly (readonly string[])[], delimiter = ","): Uint8Array {
  const quote = (cell: string) => (/[",;\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);
  return text(rows.map((row) => row.map(quote).join(delimiter)).join("\r\n"));
}

function sheetJsBook(rows: readonly (readonly string[])[], bookType: "xlsx" | "xls", sheets = 1): Uint8Array {
  const book = utils.book_new();
  for (let index = 0; index < sheets; index++) {
    utils.book_append_sheet(book, utils.aoa_to_sheet(index === 0 ? (rows as string[][]) : [["other"]]), `S${index + 1}`);
  }
  return new Uint8Array(write(book, { type: "buffer", bookType, compression: true }) as Buffer);
}

function goodCsv(random: Random): UploadFile {
  const rows = withHeader(trailerRows(random, random.int(1, 300)));
  const delimiter = random.pick([",", ";"]);
  const bom = random.next() < 0.5 ? "\uFEFF" : "";
  return { kind: "good csv", name: "fleet.csv", bytes: text(bom + new TextDecoder().decode(csvOf(rows, delimiter))) };
}

function goodXlsx(random: Random): UploadFile {
  return { kind: "good xlsx", name: "fleet.xlsx", bytes: sheetJsBook(withHeader(trailerRows(random, random.int(1, 300))), "xlsx") };
}

function goodXls(random: Random): UploadFile {
  return { kind: "good xls", name: "fleet.xls", bytes: sheetJsBook(withHeader(trailerRows(random, random.int(1, 200))), "xls") };
}

/** Rows that each hold a cell far to the right (up to XFD, the last column), the header too. */
function wideXlsx(random: Random): UploadFile {
  const rows = random.int(1, 2_000);
  const body: string[] = [];
  for (let row = 1; row <= rows; row++) {
    const first =
      row === 1
        ? cellXml(1, 0, "trailer_number") + cellXml(1, 1, "trailer_location") + cellXml(1, 2, "company_owner")
        : cellXml(row, 0, `W${row}`);
    const far = random.int(3, 16_383);
    body.push(`<row r="${row}">${first}${cellXml(row, far, random.int(0, 9))}</row>`);
  }
  const sheet = `<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><dimension ref="A1:XFD${rows}"/><sheetData>${body.join("")}</sheetData></worksheet>`;
  return { kind: "wide xlsx", name: "wide.xlsx", bytes: zipOf(workbookParts([sheet])) };
}

function wideCsv(random: Random): UploadFile {
  const width = random.int(100, 40_000);
  const rows = Array.from({ length: random.int(1, 20) }, (_, index) => [`W${index}`, "Road", "ACME", ...Array<string>(width).fill("")]);
  rows.unshift(["trailer_number", "trailer_location", "company_owner", ...Array.from({ length: width }, (_, index) => `extra${index}`)]);
  return { kind: "wide csv", name: "wide.csv", bytes: csvOf(rows) };
}

/** Past the row limit: many short rows, or one row numbered far down. */
function tall(random: Random): UploadFile {
  const variant = random.int(0, 2);
  if (variant === 0) {
    const lines = ["trailer_number", ...Array.from({ length: UPLOAD_LIMITS.rows + random.int(1, 50) }, (_, index) => `T${index}`)];
    return { kind: "tall csv", name: "tall.csv", bytes: text(lines.join("\n")) };
  }
  if (variant === 1) {
    const rows = [["trailer_number"], ...Array.from({ length: UPLOAD_LIMITS.rows + random.int(1, 50) }, (_, index) => [`T${index}`])];
    return { kind: "tall xlsx", name: "tall.xlsx", bytes: zipOf(workbookParts([sheetXml(rows)])) };
  }
  const far = random.int(UPLOAD_LIMITS.rows + 2, 1_048_576);
  const sheet = `<worksheet><sheetData><row r="1">${cellXml(1, 0, "trailer_number")}</row><row r="${far}">${cellXml(far, 0, "T")}</row></sheetData></worksheet>`;
  return { kind: "tall xlsx (one row far down)", name: "far.xlsx", bytes: zipOf(workbookParts([sheet])) };
}

/** Elements nested thousands deep, inside a cell or around the sheet's data. */
function deep(random: Random): UploadFile {
  const depth = random.int(1_000, 200_000);
  const open = "<x>".repeat(depth);
  const close = "</x>".repeat(depth);
  const inCell = random.next() < 0.5;
  const sheet = inCell
    ? `<worksheet><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>trailer_number</t></is></c></row><row r="2"><c r="A2" t="inlineStr"><is>${open}<t>T</t>${close}</is></c></row></sheetData></worksheet>`
    : `<worksheet>${open}<sheetData><row r="1">${cellXml(1, 0, "trailer_number")}</row></sheetData>${close}</worksheet>`;
  return { kind: "deep xlsx", name: "deep.xlsx", bytes: zipOf(workbookParts([sheet])) };
}

function manySheets(random: Random): UploadFile {
  const count = random.int(50, 2_000);
  const first = sheetXml([
    ["trailer_number", "trailer_location", "company_owner"],
    ["M-1", "Road", "ACME"],
  ]);
  const other = sheetXml([["other"]]);
  return { kind: "many sheets", name: "many.xlsx", bytes: zipOf(workbookParts([first, ...Array<string>(count - 1).fill(other)])) };
}

/** A part that unpacks far past the budget: saying so, or lying about its size. */
function bomb(random: Random): UploadFile {
  const megabytes = random.int(41, 200);
  const filler = " ".repeat(megabytes * 1024 * 1024);
  const claimed = random.next() < 0.5 ? undefined : random.int(0, 1000);
  const where = random.pick(["sheet", "sharedStrings", "styles", "workbook"]);
  const sheet = sheetXml([["trailer_number"], ["B-1"]]);
  const bombed = (xml: string, tag: string) => xml.replace(`<${tag}`, `${filler}<${tag}`);
  if (where === "sheet") {
    return {
      kind: "bomb (sheet)",
      name: "bomb.xlsx",
      bytes: zipOf(workbookParts([{ name: "xl/worksheets/sheet1.xml", content: bombed(sheet, "worksheet"), claimedSize: claimed }])),
    };
  }
  const parts = workbookParts([sheet], { sharedStrings: "<sst/>", styles: "<styleSheet/>" }).map((part): ZipPart => {
    const target = { sharedStrings: "xl/sharedStrings.xml", styles: "xl/styles.xml", workbook: "xl/workbook.xml" }[where];
    if (part.name !== target) return part;
    const root = { sharedStrings: "sst", styles: "styleSheet", workbook: "workbook" }[where]!;
    return { ...part, content: bombed(String(part.content), root), claimedSize: claimed };
  });
  return { kind: `bomb (${where})`, name: "bomb.xlsx", bytes: zipOf(parts) };
}

function brokenZip(random: Random): UploadFile {
  const good = zipOf(workbookParts([sheetXml([["trailer_number"], ["Z-1"]])]));
  const bytes = new Uint8Array(good);
  const view = new DataView(bytes.buffer);
  const end = bytes.length - 22;
  const variant = random.int(0, 6);
  const kinds = [
    "truncated",
    "central directory offset",
    "entry count",
    "compression method",
    "deflate data",
    "no workbook",
    "local header offset",
  ];
  if (variant === 0) return { kind: "broken zip (truncated)", name: "broken.xlsx", bytes: bytes.slice(0, random.int(4, bytes.length - 1)) };
  if (variant === 1) view.setUint32(end + 16, random.int(0, 0xffffffff), true);
  if (variant === 2) view.setUint16(end + 10, random.int(0, 0xffff), true);
  if (variant === 3) {
    for (let at = 0; at + 46 <= bytes.length; at++)
      if (view.getUint32(at, true) === 0x02014b50) view.setUint16(at + 10, random.pick([1, 6, 9, 12, 14, 99]), true);
  }
  if (variant === 4) {
    for (let at = 0; at < 40; at++) bytes[random.int(60, Math.max(61, Math.floor(bytes.length / 2)))] = random.int(0, 255);
  }
  if (variant === 5) {
    return { kind: "broken zip (no workbook)", name: "broken.xlsx", bytes: zipOf([{ name: "hello.txt", content: "trailer_number\nZ-1" }]) };
  }
  if (variant === 6) {
    for (let at = 0; at + 46 <= bytes.length; at++)
      if (view.getUint32(at, true) === 0x02014b50) view.setUint32(at + 42, random.int(0, 0xffffffff), true);
  }
  return { kind: `broken zip (${kinds[variant]})`, name: "broken.xlsx", bytes };
}

/** Billion laughs, external entities and parameter entities, in each part the reader opens. */
function entities(random: Random): UploadFile {
  const doctype = random.pick([
    '<!DOCTYPE x [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;"><!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;"><!ENTITY e "&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;"><!ENTITY f "&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;">]>',
    '<!DOCTYPE x [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>',
    '<!DOCTYPE x [<!ENTITY % p SYSTEM "http://127.0.0.1:1/evil.dtd"> %p;]>',
    '<!DOCTYPE x SYSTEM "http://127.0.0.1:1/evil.dtd">',
  ]);
  const reference = random.pick(["&f;", "&xxe;", "&c;", ""]);
  const where = random.pick(["sheet", "sharedStrings", "workbook", "rels"]);
  const sheet = sheetXml([["trailer_number"], ["E-1"]]);
  const withDoctype = (xml: string) =>
    xml.replace(/^(<\?xml[^>]*\?>)?/, (declaration) => `${declaration}${doctype}`).replace("E-1", reference || "E-1");
  const parts = workbookParts([where === "sheet" ? withDoctype(sheet) : sheet], {
    sharedStrings: where === "sharedStrings" ? withDoctype(`<sst><si><t>${reference}</t></si></sst>`) : undefined,
  }).map((part) => {
    if (where === "workbook" && part.name === "xl/workbook.xml") return { ...part, content: withDoctype(String(part.content)) };
    if (where === "rels" && part.name === "xl/_rels/workbook.xml.rels") return { ...part, content: withDoctype(String(part.content)) };
    return part;
  });
  return { kind: `entities (${where})`, name: "entities.xlsx", bytes: zipOf(parts) };
}

function hugeCell(random: Random): UploadFile {
  const size = random.int(1, 4) * 1024 * 1024;
  const variant = random.int(0, 2);
  if (variant === 0) return { kind: "huge cell (csv)", name: "huge.csv", bytes: text(`trailer_number\n"${"h".repeat(size)}"\n`) };
  if (variant === 1)
    return {
      kind: "huge cell (inline)",
      name: "huge.xlsx",
      bytes: zipOf(workbookParts([sheetXml([["trailer_number"], ["h".repeat(size)]])])),
    };
  const sheet =
    '<worksheet><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c></row><row r="2"><c r="A2" t="s"><v>1</v></c></row></sheetData></worksheet>';
  return {
    kind: "huge cell (shared)",
    name: "huge.xlsx",
    bytes: zipOf(workbookParts([sheet], { sharedStrings: `<sst><si><t>trailer_number</t></si><si><t>${"h".repeat(size)}</t></si></sst>` })),
  };
}

/** Shared-text tables: hundreds of thousands of entries, a lying count, references out of range. */
function sharedTable(random: Random): UploadFile {
  const count = random.int(1_000, 500_000);
  const table = `<sst count="${random.int(0, 2 ** 31)}" uniqueCount="4000000000">${"<si><t>s</t></si>".repeat(count)}</sst>`;
  const references = Array.from({ length: random.int(1, 200) }, (_, index) => {
    const reference = random.pick(["-1", "1e308", "NaN", "4294967296", String(random.int(0, count * 2)), "0x10"]);
    return `<row r="${index + 2}"><c r="A${index + 2}" t="s"><v>${reference}</v></c></row>`;
  });
  const sheet = `<worksheet><sheetData><row r="1">${cellXml(1, 0, "trailer_number")}</row>${references.join("")}</sheetData></worksheet>`;
  return { kind: "shared texts", name: "shared.xlsx", bytes: zipOf(workbookParts([sheet], { sharedStrings: table })) };
}

/** An `.xls` whose sector chains loop or point outside the file (its allocation table rewritten). */
function loopingCompoundFile(random: Random): UploadFile {
  const bytes = new Uint8Array(goodXls(random).bytes);
  const view = new DataView(bytes.buffer);
  const sectorSize = 1 << view.getUint16(0x1e, true);
  const fatSector = view.getUint32(0x4c, true);
  const fat = (fatSector + 1) * sectorSize;
  const entries = Math.min(sectorSize / 4, Math.floor((bytes.length - sectorSize) / sectorSize));
  const variant = random.int(0, 3);
  for (let changed = 0; changed < random.int(1, 8); changed++) {
    const entry = random.int(0, entries - 1);
    const target = [entry, random.int(0, entries - 1), 0xfffffffd, random.int(0, 0x7fffffff)][variant];
    if (fat + entry * 4 + 4 <= bytes.length) view.setUint32(fat + entry * 4, target, true);
  }
  if (random.next() < 0.3) view.setUint32(0x30, random.int(0, 0xffffffff), true);
  return { kind: "compound file with looping chains", name: "loop.xls", bytes };
}

/** A good file with bytes changed, inserted or removed at random. */
function flipped(random: Random): UploadFile {
  const base = random.pick([goodCsv, goodXlsx, goodXls])(random);
  let bytes = Array.from(base.bytes);
  for (let change = 0; change < random.int(1, 30); change++) {
    const at = random.int(0, bytes.length - 1);
    const action = random.int(0, 2);
    if (action === 0) bytes[at] = random.int(0, 255);
    else if (action === 1) bytes.splice(at, 0, random.int(0, 255));
    else bytes.splice(at, 1);
  }
  if (bytes.length === 0) bytes = [0];
  return { kind: `byte flips of a ${base.kind}`, name: base.name, bytes: new Uint8Array(bytes) };
}

/** How many files of each kind a run makes. */
const PLAN: [generate: (random: Random) => UploadFile, count: number][] = [
  [goodCsv, 15],
  [goodXlsx, 15],
  [goodXls, 10],
  [wideXlsx, 12],
  [wideCsv, 8],
  [tall, 6],
  [deep, 10],
  [manySheets, 8],
  [bomb, 16],
  [brokenZip, 20],
  [entities, 16],
  [hugeCell, 10],
  [sharedTable, 8],
  [loopingCompoundFile, 16],
  [flipped, 120],
];

/** The fuzzer's files for a seed, in a shuffled but fixed order. */
export function* uploadFiles(seed: number): Generator<UploadFile> {
  const random = randomGenerator(seed);
  const order = PLAN.flatMap(([generate, count]) => Array<typeof generate>(count).fill(generate));
  for (let index = order.length - 1; index > 0; index--) {
    const other = random.int(0, index);
    [order[index], order[other]] = [order[other], order[index]];
  }
  for (const generate of order) yield generate(random);
}

export const UPLOAD_FILE_COUNT = PLAN.reduce((sum, [, count]) => sum + count, 0);
