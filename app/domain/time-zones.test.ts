import { describe, expect, it } from "vitest";
import { startOfDay, timeZoneOrUtc } from "./time-zones";

describe("the viewer's day", () => {
  it("keeps a zone the runtime knows, else UTC (never passed to Postgres)", () => {
    expect(timeZoneOrUtc("America/Chicago")).toBe("America/Chicago");
    expect(timeZoneOrUtc("Mars/Olympus")).toBe("UTC");
    expect(timeZoneOrUtc("")).toBe("UTC");
    expect(timeZoneOrUtc(null)).toBe("UTC");
    expect(timeZoneOrUtc("A".repeat(5000))).toBe("UTC");
  });

  it("begins at local midnight, across zones, half-hour offsets and daylight-saving days", () => {
    expect(startOfDay("UTC", new Date("2026-11-23T15:30:00Z")).toISOString()).toBe("2026-11-23T00:00:00.000Z");
    expect(startOfDay("America/Los_Angeles", new Date("2026-11-23T05:00:00Z")).toISOString()).toBe("2026-11-22T08:00:00.000Z");
    expect(startOfDay("Asia/Kolkata", new Date("2026-11-23T20:00:00Z")).toISOString()).toBe("2026-11-23T18:30:00.000Z");
    // 8 March 2026: Los Angeles springs forward at 2:00; the day began at 8:00 UTC (PST).
    expect(startOfDay("America/Los_Angeles", new Date("2026-03-08T22:00:00Z")).toISOString()).toBe("2026-03-08T08:00:00.000Z");
    // 1 November 2026: falls back at 2:00; the day began at 7:00 UTC (PDT).
    expect(startOfDay("America/Los_Angeles", new Date("2026-11-01T20:00:00Z")).toISOString()).toBe("2026-11-01T07:00:00.000Z");
  });
});
