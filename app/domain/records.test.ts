import { describe, expect, it } from "vitest";
import { apiRecord } from "./records";

describe("apiRecord", () => {
  it("names fields in snake_case and writes timestamps as ISO text", () => {
    const created = new Date("2025-02-01T08:30:00Z");
    expect(apiRecord({ id: 7, accountId: 3, trailerNumber: "ACB1", exitTime: null, createdAt: created, redTagged: false })).toEqual({
      id: 7,
      account_id: 3,
      trailer_number: "ACB1",
      exit_time: null,
      created_at: "2025-02-01T08:30:00.000Z",
      red_tagged: false,
    });
  });
});
