import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { CSV_BOM, spreadsheetSafe, toCsv } from "./csv.server";

describe("CSV out", () => {
  it("quotes commas, quotes, newlines and semicolons, ends lines with CRLF, and writes formula-like cells as text", () => {
    expect(toCsv([["a", "b,c", 'say "hi"', "two\nlines", "=SUM(A1)", "-12", "semi;colon"]])).toBe(
      'a,"b,c","say ""hi""","two\nlines",\'=SUM(A1),-12,"semi;colon"\r\n',
    );
  });

  it("prefixes every formula start, also a negative number that goes on into a formula; plain numbers stay numbers", () => {
    for (const start of ["=", "+", "-", "@", "\t", "\r"])
      expect(spreadsheetSafe(`${start}cmd|' /C calc'!A0`)).toBe(`'${start}cmd|' /C calc'!A0`);
    expect(spreadsheetSafe("-1+cmd|' /C calc'!A0")).toBe("'-1+cmd|' /C calc'!A0");
    expect(spreadsheetSafe("-12")).toBe("-12");
    expect(spreadsheetSafe("-12.5")).toBe("-12.5");
    expect(spreadsheetSafe("Road")).toBe("Road");
  });

  it("writes empty, numbers, booleans and dates as a spreadsheet reads them, with a BOM when asked, and reads back the same", () => {
    const at = new Date("2026-03-04T05:06:07.000Z");
    const csv = toCsv(
      [
        ["number", "when", "flag", "none", "note"],
        [42, at, true, null, 'Ünïcode, "quoted"\r\nand more'],
      ],
      { bom: true },
    );
    expect(csv.startsWith(CSV_BOM)).toBe(true);
    expect(parse(csv, { bom: true })).toEqual([
      ["number", "when", "flag", "none", "note"],
      ["42", "2026-03-04T05:06:07.000Z", "TRUE", "", 'Ünïcode, "quoted"\r\nand more'],
    ]);
  });
});
