import { readFileSync } from "node:fs";
import { utils, write } from "@e965/xlsx";
import { describe, expect, it } from "vitest";
import { UPLOAD_LIMITS, UPLOAD_MESSAGES } from "#app/domain/trailer-upload";
import { readSpreadsheet, SpreadsheetRefusal } from "./spreadsheet.server";
import { sheetXml, workbookParts, xlsxOf, zipOf } from "#tests/files/workbooks";
import { entryChunks, UnpackBudget, UnpackedTooLarge, zipEntries } from "./zip.server";

const encode = (text: string) => new TextEncoder().encode(text);
const fixture = (name: string) => new Uint8Array(readFileSync(`tests/fixtures/uploads/${name}`));

async function refusalOf(promise: Promise<unknown>): Promise<string> {
  return promise.then(
    () => expect.fail("expected a refusal"),
    (error: unknown) => {
      expect(error).toBeInstanceOf(SpreadsheetRefusal);
      return (error as Error).message;
    },
  );
}

function workbook(rows: unknown[][], bookType: "xlsx" | "xls"): Uint8Array {
  const book = utils.book_new();
  utils.book_append_sheet(book, utils.aoa_to_sheet(rows), "Trailers");
  utils.book_append_sheet(book, utils.aoa_to_sheet([["ignored"], ["second sheet"]]), "Other");
  return new Uint8Array(write(book, { type: "buffer", bookType }) as Buffer);
}

/** A workbook whose first sheet unpacks to `actual` bytes (its rows and empty elements) while its headers claim `claimed`. */
function lyingZip(actual: number, claimed: number): Uint8Array {
  const sheet = sheetXml([["trailer_number"], ["T-1"]]);
  const padding = Math.max(0, actual - sheet.length);
  const padded = sheet.replace("<sheetData>", `<sheetData>${"<x/>".repeat(Math.floor(padding / 4))}${" ".repeat(padding % 4)}`);
  return zipOf(workbookParts([{ name: "xl/worksheets/sheet1.xml", content: padded, claimedSize: claimed }]));
}

/** The bytes the one entry of a zip unpacks to, read within `budget`. */
async function unpacked(zip: Uint8Array, budget: number): Promise<number> {
  const entry = zipEntries(zip).get("xl/worksheets/sheet1.xml")!;
  let length = 0;
  for await (const chunk of entryChunks(zip, entry, new UnpackBudget(budget))) length += chunk.byteLength;
  return length;
}

describe("CSV", () => {
  it("reads UTF-8 with a BOM, CRLF, quoted commas and newlines; numbers rows as the spreadsheet shows them", async () => {
    const text =
      '\uFEFFtrailer_number,trailer_location,company_owner,tagged_description\r\nA-1,Road,ACME,"dent, left side\r\nand a scratch"\r\n\r\nA-2,Shop,ACME,\r\n';
    const sheet = await readSpreadsheet("fleet.CSV", encode(text));
    expect(sheet.header).toEqual(["trailer_number", "trailer_location", "company_owner", "tagged_description"]);
    expect(sheet.rows).toEqual([
      { row: 2, cells: ["A-1", "Road", "ACME", "dent, left side\r\nand a scratch"] },
      { row: 4, cells: ["A-2", "Shop", "ACME", ""] },
    ]);
  });

  it("reads semicolons as Excel writes them in many locales, and LF line ends", async () => {
    const sheet = await readSpreadsheet(
      "f.csv",
      encode('trailer_number;trailer_location;company_owner\nB-1;"North-3";Owner, Inc.\nB-2;Road;X'),
    );
    expect(sheet.rows).toEqual([
      { row: 2, cells: ["B-1", "North-3", "Owner, Inc."] },
      { row: 3, cells: ["B-2", "Road", "X"] },
    ]);
  });

  it("refuses an empty file, a header without rows, more than 20,000 rows and an overlong row", async () => {
    expect(await refusalOf(readSpreadsheet("f.csv", encode("")))).toBe(UPLOAD_MESSAGES.empty);
    expect(await refusalOf(readSpreadsheet("f.csv", encode("trailer_number\r\n\r\n")))).toBe(UPLOAD_MESSAGES.noRows);
    const long = ["trailer_number", ...Array.from({ length: UPLOAD_LIMITS.rows + 1 }, (_, i) => `T${i}`)].join("\n");
    expect(await refusalOf(readSpreadsheet("f.csv", encode(long)))).toBe(UPLOAD_MESSAGES.tooManyRows);
    const exactly = ["trailer_number", ...Array.from({ length: UPLOAD_LIMITS.rows }, (_, i) => `T${i}`)].join("\n");
    expect((await readSpreadsheet("f.csv", encode(exactly))).rows).toHaveLength(UPLOAD_LIMITS.rows);
    expect(await refusalOf(readSpreadsheet("f.csv", encode(`a,b\n1,${"x".repeat(100_001)}\n2,3`)))).toMatch(
      /^A row of the file is longer than 100,000 characters/,
    );
  });
});

describe("Excel", () => {
  it.each(["xlsx", "xls"] as const)(
    "reads the first sheet of a .%s: numbers, booleans, formulas as values, dates as dates",
    async (bookType) => {
      const sheet = utils.aoa_to_sheet([
        ["Trailer Number", "Trailer Location", "Company Owner", "Is Tray", "Tray Count", "Inspected"],
        [10001, "Road", "ACME", true, 3, new Date(Date.UTC(2025, 1, 28))],
        [],
        ["X-2", "Shop", "ACME", false, null, null],
      ]);
      sheet["E4"] = { t: "n", v: 7, f: "3+4" };
      const book = utils.book_new();
      utils.book_append_sheet(book, sheet, "Trailers");
      utils.book_append_sheet(book, utils.aoa_to_sheet([["not read"]]), "Other");
      const bytes = new Uint8Array(write(book, { type: "buffer", bookType }) as Buffer);
      const read = await readSpreadsheet(`fleet.${bookType}`, bytes);
      expect(read.header).toEqual(["Trailer Number", "Trailer Location", "Company Owner", "Is Tray", "Tray Count", "Inspected"]);
      expect(read.rows).toEqual([
        { row: 2, cells: ["10001", "Road", "ACME", "TRUE", "3", "2025-02-28"] },
        { row: 4, cells: ["X-2", "Shop", "ACME", "FALSE", "7", ""] },
      ]);
    },
  );

  it("refuses more than 20,000 rows and a file that is not a workbook", async () => {
    const rows = [["trailer_number"], ...Array.from({ length: UPLOAD_LIMITS.rows + 1 }, (_, i) => [`T${i}`])];
    expect(await refusalOf(readSpreadsheet("big.xlsx", workbook(rows, "xlsx")))).toBe(UPLOAD_MESSAGES.tooManyRows);
    expect(await refusalOf(readSpreadsheet("f.xlsx", encode("PK\u0003\u0004 not really a zip")))).toBe(UPLOAD_MESSAGES.unreadable);
  });

  it("stops unpacking a zip bomb at the budget, whatever sizes the zip claims", async () => {
    const bomb = lyingZip(60 * 1024 * 1024, 1000);
    expect(bomb.byteLength).toBeLessThan(UPLOAD_LIMITS.fileBytes);
    await expect(unpacked(bomb, UPLOAD_LIMITS.unpackedBytes)).rejects.toBeInstanceOf(UnpackedTooLarge);
    expect(await refusalOf(readSpreadsheet("bomb.xlsx", bomb))).toBe(UPLOAD_MESSAGES.unpackedTooLarge);
    expect(await unpacked(lyingZip(5000, 10), UPLOAD_LIMITS.unpackedBytes)).toBe(5000);
    await expect(unpacked(lyingZip(5000, 10), 4999)).rejects.toBeInstanceOf(UnpackedTooLarge);
    expect((await readSpreadsheet("small.xlsx", lyingZip(5000, 10))).rows).toEqual([{ row: 2, cells: ["T-1"] }]);
  });

  it("refuses an .xls whose records overrun their stream, which SheetJS would read for ever", async () => {
    // Two byte-flipped workbooks the hostile-file fuzz generated (seeds 148512015 and 372294244):
    // a damaged record length sends the record walk past the stream's end.
    for (const name of ["overrunning-records-1.xls", "overrunning-records-2.xls"]) {
      const started = performance.now();
      expect(await refusalOf(readSpreadsheet("fleet.xls", fixture(name))), name).toBe(UPLOAD_MESSAGES.unreadable);
      expect(performance.now() - started, name).toBeLessThan(1_000);
    }
  });

  it("refuses the reported 1 GiB zip bomb, which says what it unpacks to, before inflating any of it", async () => {
    // The floor, in the same run: reading a workbook that unpacks to 5 KB. Refusing the bomb takes
    // about as long; inflating even its first 40 MB would take many times that.
    const floor = async () => {
      const started = performance.now();
      await readSpreadsheet("small.xlsx", lyingZip(5000, 10));
      return performance.now() - started;
    };
    const floors = [await floor(), await floor(), await floor()].sort((a, b) => a - b);
    const started = performance.now();
    expect(await refusalOf(readSpreadsheet("zipbomb.xlsx", fixture("zipbomb.xlsx")))).toBe(UPLOAD_MESSAGES.unpackedTooLarge);
    expect(performance.now() - started).toBeLessThan(Math.max(100, 5 * floors[1]));
  });

  it("refuses the same bomb with its sizes hidden as soon as it reads past what a cell may hold", async () => {
    const bomb = fixture("zipbomb.xlsx");
    const view = new DataView(bomb.buffer, bomb.byteOffset, bomb.byteLength);
    for (let at = 0; at + 46 <= bomb.length; at++) if (view.getUint32(at, true) === 0x02014b50) view.setUint32(at + 24, 10, true);
    const started = performance.now();
    // Its sheet is one run of blanks: refused as a text longer than any cell, long before the budget.
    expect(await refusalOf(readSpreadsheet("zipbomb.xlsx", bomb))).toBe(UPLOAD_MESSAGES.cellTooLong);
    expect(performance.now() - started).toBeLessThan(500);
  });

  it("reads the reported sheet 16,384 columns wide within its header's columns, in well under a second", async () => {
    const started = performance.now();
    const sheet = await readSpreadsheet("wide2000.xlsx", fixture("wide2000.xlsx"));
    expect(performance.now() - started).toBeLessThan(1000);
    expect(sheet.header).toEqual(["trailer_number", "trailer_location", "company_owner"]);
    expect(sheet.rows).toHaveLength(2000);
    expect(sheet.rows[0]).toEqual({ row: 2, cells: ["W2", "", ""] });
  });

  it("reads only the first sheet: a bomb in the second is never unpacked", async () => {
    const bomb = { name: "xl/worksheets/sheet2.xml", content: " ".repeat(60 * 1024 * 1024) };
    const file = zipOf(workbookParts([sheetXml([["trailer_number"], ["T-9"]]), bomb]));
    expect((await readSpreadsheet("two.xlsx", file)).rows).toEqual([{ row: 2, cells: ["T-9"] }]);
  });

  it("refuses a part that declares entities, rows out of order and XML that is not well formed", async () => {
    const entities =
      '<!DOCTYPE lol [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]>';
    const withEntities = sheetXml([["trailer_number"], ["&c;"]], entities).replace("&amp;c;", "&c;");
    expect(await refusalOf(readSpreadsheet("e.xlsx", zipOf(workbookParts([withEntities]))))).toBe(UPLOAD_MESSAGES.unreadable);
    const backwards = sheetXml([["trailer_number"], ["T-1"]]).replace('<row r="2">', '<row r="1">');
    expect(await refusalOf(readSpreadsheet("b.xlsx", zipOf(workbookParts([backwards]))))).toBe(UPLOAD_MESSAGES.unreadable);
    const broken = sheetXml([["trailer_number"], ["T-1"]]).replace("</sheetData>", "");
    expect(await refusalOf(readSpreadsheet("x.xlsx", zipOf(workbookParts([broken]))))).toBe(UPLOAD_MESSAGES.unreadable);
  });

  it("reads shared texts (without phonetic guides), dates by their style, booleans and 1904 dates", async () => {
    const shared =
      '<sst xmlns="m"><si><t>trailer_number</t></si><si><r><t>AB</t></r><r><t>-1</t></r><rPh><t>guide</t></rPh></si><si><t>inspected</t></si></sst>';
    const styles =
      '<styleSheet><numFmts><numFmt numFmtId="164" formatCode="yyyy\\-mm\\-dd"/></numFmts><cellXfs><xf numFmtId="0"/><xf numFmtId="164"/><xf numFmtId="14"/></cellXfs></styleSheet>';
    const sheet =
      '<worksheet><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>2</v></c><c r="C1" t="inlineStr"><is><t>flag</t></is></c></row>' +
      '<row r="3"><c r="A3" t="s"><v>1</v></c><c r="B3" s="1"><v>45716</v></c><c r="C3" t="b"><v>1</v></c></row>' +
      '<row r="4"><c r="A4"><v>1.5E3</v></c><c r="B4" s="2"><v>45716</v></c><c r="C4" t="s"><v>99</v></c></row></sheetData></worksheet>';
    const read = await readSpreadsheet("s.xlsx", zipOf(workbookParts([sheet], { sharedStrings: shared, styles })));
    expect(read.header).toEqual(["trailer_number", "inspected", "flag"]);
    expect(read.rows).toEqual([
      { row: 3, cells: ["AB-1", "2025-02-28", "TRUE"] },
      { row: 4, cells: ["1500", "2025-02-28", ""] },
    ]);
  });

  it("cuts a long cell just past the longest field; refuses a cell longer than Excel allows, too many filled cells, shared texts or characters", async () => {
    const long = await readSpreadsheet("h.xlsx", xlsxOf([["trailer_number"], ["x".repeat(32_767)]]));
    expect(long.rows[0].cells[0]).toHaveLength(UPLOAD_LIMITS.cellCharacters + 1);
    expect(await refusalOf(readSpreadsheet("h.xlsx", xlsxOf([["trailer_number"], ["x".repeat(300_000)]])))).toBe(
      UPLOAD_MESSAGES.cellTooLong,
    );
    const shared = `<sst>${"<si><t>s</t></si>".repeat(UPLOAD_LIMITS.cells + 1)}</sst>`;
    const sheet = '<worksheet><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c></row></sheetData></worksheet>';
    expect(await refusalOf(readSpreadsheet("s.xlsx", zipOf(workbookParts([sheet], { sharedStrings: shared }))))).toBe(
      UPLOAD_MESSAGES.tooManyCells,
    );
    const columns = Array.from({ length: 30 }, (_, i) => `c${i}`);
    const many = [columns, ...Array.from({ length: UPLOAD_LIMITS.cells / 30 + 1 }, () => columns)];
    expect(await refusalOf(readSpreadsheet("m.csv", encode(many.map((row) => row.join(",")).join("\n"))))).toBe(
      UPLOAD_MESSAGES.tooManyCells,
    );
    const full = "y".repeat(UPLOAD_LIMITS.cellCharacters);
    const text = [
      ["a", "b"],
      ...Array.from({ length: UPLOAD_LIMITS.textCharacters / UPLOAD_LIMITS.cellCharacters / 2 + 1 }, () => [full, full]),
    ];
    expect(await refusalOf(readSpreadsheet("t.xlsx", xlsxOf(text)))).toBe(UPLOAD_MESSAGES.tooMuchText);
  });

  it("refuses an Excel 97-2003 workbook over its own 1 MB cap, whatever its name", async () => {
    const rows = [["trailer_number", "trailer_location"], ...Array.from({ length: 24_000 }, (_, i) => [`T-${i}`, "Road"])];
    const xls = workbook(rows, "xls");
    expect(xls.byteLength).toBeGreaterThan(UPLOAD_LIMITS.xlsBytes);
    expect(await refusalOf(readSpreadsheet("big.xls", xls))).toBe(UPLOAD_MESSAGES.xlsTooLarge);
    expect(await refusalOf(readSpreadsheet("big.xlsx", xls))).toBe(UPLOAD_MESSAGES.xlsTooLarge);
    expect((await readSpreadsheet("small.xls", workbook(rows.slice(0, 2_000), "xls"))).rows).toHaveLength(1_999);
  });

  it("reads an .xlsx named .xls, and refuses an .xls that is neither a workbook nor a zip", async () => {
    expect((await readSpreadsheet("named.xls", xlsxOf([["trailer_number"], ["T-3"]]))).rows).toEqual([{ row: 2, cells: ["T-3"] }]);
    expect(await refusalOf(readSpreadsheet("page.xls", encode("<html><table><tr><td>trailer_number</td></tr></table></html>")))).toBe(
      UPLOAD_MESSAGES.unreadable,
    );
  });
});

describe("the file", () => {
  it("must be .csv, .xls or .xlsx and at most 5 MB", async () => {
    expect(await refusalOf(readSpreadsheet("fleet.txt", encode("a")))).toBe(UPLOAD_MESSAGES.fileType);
    expect(await refusalOf(readSpreadsheet("fleet.csv", new Uint8Array(UPLOAD_LIMITS.fileBytes + 1)))).toBe(UPLOAD_MESSAGES.tooLarge);
  });
});
