import { describe, expect, it } from "vitest";
import { checkRow, readHeader, UPLOAD_COLUMNS } from "#app/domain/trailer-upload";
import { rejectedRowsCsv, templateCsv } from "./trailer-upload.server";

describe("the upload's CSV out", () => {
  it("the template has the header and two rows that pass every row rule", () => {
    const { positions } = readHeader([...UPLOAD_COLUMNS]);
    const [header, ...rows] = templateCsv().trimEnd().split("\r\n");
    expect(header.split(",")).toEqual([...UPLOAD_COLUMNS]);
    expect(rows).toHaveLength(2);
    for (const [index, line] of rows.entries()) {
      expect(checkRow({ row: index + 2, cells: line.split(",") }, positions)).not.toHaveProperty("error");
    }
  });

  it("the rejected rows come back as they were, with an error column", async () => {
    const header = ["trailer_number", "trailer_location", "company_owner"];
    const rows = [
      { row: 2, cells: ["A-1", "Road", "X"] },
      { row: 3, cells: ["A-2", "Nowhere", "X"] },
      { row: 5, cells: ["A-3", "Road", ""] },
    ];
    const csv = await rejectedRowsCsv(header, rows, [
      { row: 3, trailer_number: "A-2", error: "Trailer location must be one of this account's locations" },
      { row: 5, trailer_number: "A-3", error: "Owner is required" },
    ]);
    expect(csv).toBe(
      "trailer_number,trailer_location,company_owner,error\r\nA-2,Nowhere,X,Trailer location must be one of this account's locations\r\nA-3,Road,,Owner is required\r\n",
    );
  });
});
