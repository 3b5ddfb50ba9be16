import { deflateRawSync } from "node:zlib";
import { utils, write } from "@e965/xlsx";
import { describe, expect, it } from "vitest";
import { UPLOAD_LIMITS, UPLOAD_MESSAGES } from "../domain/trailer-upload";
import { readSpreadsheet, SpreadsheetRefusal } from "./spreadsheet.server";
import { unpackedZip, UnpackedTooLarge } from "./zip.server";

const encode = (text: string) => new TextEncoder().encode(text);

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

/** A zip of one entry whose header claims `claimed` bytes while it inflates to `actual`. */
function lyingZip(actual: number, claimed: number): Uint8Array {
  const name = Buffer.from("xl/worksheets/sheet1.xml");
  const data = deflateRawSync(Buffer.alloc(actual, 0x20));
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(claimed, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(claimed, 24);
  central.writeUInt16LE(name.length, 28);
  central.writeUInt32LE(0, 42);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + name.length, 12);
  end.writeUInt32LE(local.length + name.length + data.length, 16);
  return new Uint8Array(Buffer.concat([local, name, data, central, name, end]));
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
    await expect(unpackedZip(bomb, UPLOAD_LIMITS.unpackedBytes)).rejects.toBeInstanceOf(UnpackedTooLarge);
    expect(await refusalOf(readSpreadsheet("bomb.xlsx", bomb))).toBe(UPLOAD_MESSAGES.unpackedTooLarge);
    const small = await unpackedZip(lyingZip(5000, 10), UPLOAD_LIMITS.unpackedBytes);
    expect(small.byteLength).toBeGreaterThan(5000);
  });
});

describe("the file", () => {
  it("must be .csv, .xls or .xlsx and at most 5 MB", async () => {
    expect(await refusalOf(readSpreadsheet("fleet.txt", encode("a")))).toBe(UPLOAD_MESSAGES.fileType);
    expect(await refusalOf(readSpreadsheet("fleet.csv", new Uint8Array(UPLOAD_LIMITS.fileBytes + 1)))).toBe(UPLOAD_MESSAGES.tooLarge);
  });
});
