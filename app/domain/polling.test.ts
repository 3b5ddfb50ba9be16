import { describe, expect, it } from "vitest";
import { DASHBOARD_TABS } from "./dashboard";
import { assetPollMs, dashboardPollMs, movesPollMs } from "./polling";

describe("polling intervals (the spec's)", () => {
  it("moves: 15 s while any move is active, else 60 s", () => {
    expect(movesPollMs(true)).toBe(15_000);
    expect(movesPollMs(false)).toBe(60_000);
  });

  it("trailer history every 30 s, truck history every 300 s, on the dashboard and on the asset's page", () => {
    expect(dashboardPollMs("trailers")).toBe(30_000);
    expect(assetPollMs("trailer")).toBe(30_000);
    expect(dashboardPollMs("trucks")).toBe(300_000);
    expect(assetPollMs("truck")).toBe(300_000);
  });

  it("the other tabs follow the account every minute", () => {
    for (const tab of DASHBOARD_TABS.filter((tab) => tab !== "trailers" && tab !== "trucks")) expect(dashboardPollMs(tab)).toBe(60_000);
  });
});
