import { describe, expect, it } from "vitest";
import {
  checkRow,
  csvDataUrl,
  fileRefusal,
  headerKey,
  missingColumnsMessage,
  parseUploadBoolean,
  PLACEHOLDER_DESCRIPTION,
  readHeader,
  UPLOAD_COLUMNS,
  UPLOAD_LIMITS,
  UPLOAD_MESSAGES,
  uploadExtension,
} from "./trailer-upload";
import { TRAILER_MESSAGES } from "./trailers";

const { positions } = readHeader([...UPLOAD_COLUMNS]);

/** A row of the template's columns, with `cells` replacing some. */
function row(cells: Partial<Record<(typeof UPLOAD_COLUMNS)[number], string>>, number = 2) {
  const base: Record<string, string> = { trailer_number: "up-1", trailer_location: "Road", company_owner: "acme" };
  const all = { ...base, ...cells };
  return { row: number, cells: UPLOAD_COLUMNS.map((column) => all[column] ?? "") };
}

function errorOf(outcome: ReturnType<typeof checkRow>) {
  return "error" in outcome ? outcome.error : null;
}

describe("the header row", () => {
  it("matches column names without regard to case, spaces or underscores, and names the missing required ones", () => {
    expect(headerKey("\uFEFFTrailer Number")).toBe("trailernumber");
    const read = readHeader(["TRAILER NUMBER", "Trailer_Location", "notes", "LicensePlate", "is loaded"]);
    expect([...read.positions]).toEqual([
      ["trailer_number", 0],
      ["trailer_location", 1],
      ["license_plate", 3],
      ["is_loaded", 4],
    ]);
    expect(read.missing).toEqual(["company_owner"]);
    expect(missingColumnsMessage(read.missing)).toBe("The file is missing the required column company_owner (see the template)");
    expect(missingColumnsMessage(["trailer_number", "company_owner"])).toContain("columns trailer_number, company_owner");
  });
});

describe("booleans", () => {
  it.each([
    ["TRUE", true],
    ["true", true],
    ["Yes", true],
    ["y", true],
    ["1", true],
    ["FALSE", false],
    ["no", false],
    ["N", false],
    ["0", false],
    ["", false],
    [" YES ", true],
  ])("%j reads as %s", (text, expected) => {
    expect(parseUploadBoolean(text)).toBe(expected);
  });

  it("anything else is a row error naming the column", () => {
    expect(parseUploadBoolean("maybe")).toBeUndefined();
    expect(parseUploadBoolean("2")).toBeUndefined();
    expect(errorOf(checkRow(row({ red_tagged: "maybe" }), positions))).toBe("red_tagged must be TRUE/FALSE, yes/no, y/n or 1/0");
    expect(errorOf(checkRow(row({ in_shop: "oui" }), positions))).toBe("in_shop must be TRUE/FALSE, yes/no, y/n or 1/0");
  });
});

describe("a row", () => {
  it("follows Add New Trailer's rules, with plate, state and type optional; numbers and plates in capitals", () => {
    const outcome = checkRow(row({ license_plate: "ab1", license_state: "ma", type: "Reefer 53" }), positions);
    expect(outcome).toMatchObject({
      row: 2,
      trailerNumber: "UP-1",
      value: {
        trailer_number: "UP-1",
        company_owner: "ACME",
        license_plate: "AB1",
        license_state: "MA",
        type: "reefer_53",
        load_type: "empty",
      },
    });
    expect(errorOf(checkRow(row({}), positions))).toBeNull();
    expect(errorOf(checkRow(row({ trailer_number: "" }), positions))).toBe(TRAILER_MESSAGES.numberRequired);
    expect(errorOf(checkRow(row({ trailer_location: " " }), positions))).toBe(TRAILER_MESSAGES.locationRequired);
    expect(errorOf(checkRow(row({ company_owner: "" }), positions))).toBe(TRAILER_MESSAGES.ownerRequired);
    expect(errorOf(checkRow(row({ license_state: "mass" }), positions))).toBe(TRAILER_MESSAGES.stateLength);
    expect(errorOf(checkRow(row({ type: "flatbed" }), positions))).toMatch(/^Trailer type must be one of dry_53, /);
    expect(errorOf(checkRow(row({ trailer_number: "X".repeat(101) }), positions))).toBe("Trailer number must be at most 100 characters");
  });

  it("load rules: a load number when loaded, a tray count above 0 when tray, never both", () => {
    expect(errorOf(checkRow(row({ is_loaded: "yes" }), positions))).toBe(TRAILER_MESSAGES.loadNumberRequired);
    expect(checkRow(row({ is_loaded: "yes", load_number: "L-1" }), positions)).toMatchObject({
      value: { load_type: "loaded", load_number: "L-1" },
    });
    expect(errorOf(checkRow(row({ is_tray: "1" }), positions))).toBe(TRAILER_MESSAGES.trayCountRequired);
    expect(errorOf(checkRow(row({ is_tray: "1", tray_count: "0" }), positions))).toBe(TRAILER_MESSAGES.trayCountRequired);
    expect(errorOf(checkRow(row({ is_tray: "1", tray_count: "1001" }), positions))).toBe(TRAILER_MESSAGES.trayCountRange);
    expect(errorOf(checkRow(row({ is_tray: "1", tray_count: "2.5" }), positions))).toBe(TRAILER_MESSAGES.trayCountRange);
    expect(checkRow(row({ is_tray: "y", tray_count: "12" }), positions)).toMatchObject({ value: { load_type: "tray", tray_count: 12 } });
    expect(errorOf(checkRow(row({ is_loaded: "1", load_number: "L", is_tray: "1", tray_count: "3" }), positions))).toBe(
      TRAILER_MESSAGES.loadTypeOne,
    );
  });

  it("tag rule: a description with neither tag sets yellow; a tag without a description gets the placeholder", () => {
    expect(checkRow(row({ tagged_description: "Brake light out" }), positions)).toMatchObject({
      value: { yellow_tagged: true, red_tagged: false, tagged_description: "Brake light out" },
    });
    expect(checkRow(row({ red_tagged: "TRUE" }), positions)).toMatchObject({
      value: { red_tagged: true, yellow_tagged: false, tagged_description: PLACEHOLDER_DESCRIPTION },
    });
    expect(checkRow(row({ yellow_tagged: "y", tagged_description: "Dent" }), positions)).toMatchObject({
      value: { yellow_tagged: true, tagged_description: "Dent" },
    });
    expect(checkRow(row({}), positions)).toMatchObject({ value: { red_tagged: false, yellow_tagged: false } });
  });

  it("a missing optional column reads as blank", () => {
    const narrow = readHeader(["trailer_number", "trailer_location", "company_owner"]);
    expect(checkRow({ row: 7, cells: ["n-7", "Shop", "o"] }, narrow.positions)).toMatchObject({
      row: 7,
      value: { trailer_number: "N-7", in_shop: false, is_loaded: false },
    });
  });
});

describe("the chosen file", () => {
  it("is a .csv, .xls or .xlsx file of at most 5 MB, checked before it is sent", () => {
    expect(uploadExtension("Fleet.XLSX")).toBe(".xlsx");
    expect(uploadExtension("fleet.xlsm")).toBeNull();
    expect(uploadExtension("fleet.csv.exe")).toBeNull();
    expect(fileRefusal(null)).toBe(UPLOAD_MESSAGES.fileRequired);
    expect(fileRefusal({ name: "fleet.csv", size: 0 })).toBe(UPLOAD_MESSAGES.fileRequired);
    expect(fileRefusal({ name: "fleet.txt", size: 10 })).toBe(UPLOAD_MESSAGES.fileType);
    expect(fileRefusal({ name: "fleet.xls", size: UPLOAD_LIMITS.fileBytes + 1 })).toBe(UPLOAD_MESSAGES.tooLarge);
    expect(fileRefusal({ name: "fleet.xlsx", size: UPLOAD_LIMITS.fileBytes })).toBeNull();
  });
});

describe("the rejected rows' download", () => {
  it("is a data: URL holding the CSV as UTF-8", () => {
    const csv = "trailer_number,error\r\nÉTÉ-1,Owner is required\r\n".repeat(5000);
    const url = csvDataUrl(csv);
    expect(url.startsWith("data:text/csv;charset=utf-8;base64,")).toBe(true);
    expect(Buffer.from(url.split(",")[1], "base64").toString("utf8")).toBe(csv);
  });
});
