import { describe, expect, it } from "vitest";
import {
  assetSummary,
  formatDuration,
  loadLabel,
  matchStates,
  secondsAtLocation,
  stateCodeOf,
  STATUS_LABEL,
  statusSummary,
  timeAtLocation,
  typeLabel,
  US_STATES,
  vehicleStatus,
} from "./assets";

describe("assets", () => {
  it("derives the status red over yellow over shop over available", () => {
    expect(vehicleStatus({ redTagged: true, yellowTagged: true, inShop: true })).toBe("Red Tagged");
    expect(vehicleStatus({ redTagged: false, yellowTagged: true, inShop: true })).toBe("Yellow Tagged");
    expect(vehicleStatus({ redTagged: false, yellowTagged: false, inShop: true })).toBe("Shop");
    expect(vehicleStatus({ redTagged: false, yellowTagged: false, inShop: false })).toBe("Available");
    expect(Object.values(STATUS_LABEL)).toEqual(["Red Tagged", "Yellow Tagged", "Shop", "Available"]);
  });

  it("labels types and loads as the spec shows them", () => {
    expect(typeLabel("reefer_48")).toBe("Reefer 48");
    expect(typeLabel("daycab_1_axle")).toBe("Daycab 1 Axle");
    expect(loadLabel({ isLoaded: false, loadNumber: null, isTray: true, trayCount: 3 })).toBe("3 Trays");
    expect(loadLabel({ isLoaded: false, loadNumber: null, isTray: true, trayCount: 1 })).toBe("1 Tray");
    expect(loadLabel({ isLoaded: true, loadNumber: "LD42", isTray: false, trayCount: 0 })).toBe("LD42");
    expect(loadLabel({ isLoaded: false, loadNumber: null, isTray: false, trayCount: 0 })).toBe("Empty");
  });

  it("shows time at location as 'Moved', a d/h/m duration, or 'Just arrived'", () => {
    const now = Date.parse("2026-01-10T12:00:00Z");
    expect(timeAtLocation({ entryTime: "2026-01-08T09:45:00Z", exitTime: null }, now)).toBe("2d 2h 15m");
    expect(timeAtLocation({ entryTime: "2026-01-10T11:30:00Z", exitTime: null }, now)).toBe("30m");
    expect(timeAtLocation({ entryTime: "2026-01-10T11:59:30Z", exitTime: null }, now)).toBe("Just arrived");
    expect(timeAtLocation({ entryTime: "2026-01-01T00:00:00Z", exitTime: "2026-01-02T00:00:00Z" }, now)).toBe("Moved");
    expect(timeAtLocation(null, now)).toBe("Just arrived");
    expect(formatDuration(3 * 3600 + 5 * 60)).toBe("3h 5m");
  });

  it("measures time at location in seconds for a report's hours, none once moved or without a stay", () => {
    const now = Date.parse("2026-01-10T12:00:00Z");
    expect(secondsAtLocation({ entryTime: "2026-01-10T09:30:00Z", exitTime: null }, now)).toBe(9_000);
    expect(secondsAtLocation({ entryTime: new Date("2026-01-10T11:59:30Z"), exitTime: null }, now)).toBe(30);
    expect(secondsAtLocation({ entryTime: "2026-01-01T00:00:00Z", exitTime: "2026-01-02T00:00:00Z" }, now)).toBeNull();
    expect(secondsAtLocation(null, now)).toBeNull();
  });

  it("abbreviates any duration in days, hours and minutes, or in seconds under a minute", () => {
    const day = 86_400;
    const expected: [number, string][] = [
      [0, "0s"],
      [45, "45s"],
      [59.4, "59s"],
      [59.6, "1m"],
      [3599, "59m"],
      [3600, "1h 0m"],
    ];
    expected.push([3900, "1h 5m"], [day - 1, "23h 59m"], [day, "1d 0h 0m"], [3 * day + 2 * 3600 + 59 * 60, "3d 2h 59m"], [-30, "0s"]);
    for (const [seconds, text] of expected) expect(formatDuration(seconds), `${seconds} s`).toBe(text);
  });

  it("has the 50 states and DC, matched by name or abbreviation", () => {
    expect(US_STATES).toHaveLength(51);
    expect(matchStates("ma").map((state) => state.code)).toEqual(expect.arrayContaining(["MA", "MD", "ME", "OK", "AL"]));
    expect(matchStates("MA")[0].code).toBe("MA");
    expect(matchStates("columbia").map((state) => state.code)).toEqual(["DC"]);
  });

  it("keeps a state typed by its abbreviation or full name as its abbreviation", () => {
    expect(stateCodeOf("ma")).toBe("MA");
    expect(stateCodeOf(" Massachusetts ")).toBe("MA");
    expect(stateCodeOf("DISTRICT OF COLUMBIA")).toBe("DC");
    expect(stateCodeOf("mass")).toBeNull();
    expect(stateCodeOf("")).toBeNull();
    for (const state of US_STATES) expect([stateCodeOf(state.code), stateCodeOf(state.name)]).toEqual([state.code, state.code]);
  });

  it("shows a tagged vehicle's status with its tag's description, any other status alone", () => {
    const vehicle = { redTagged: false, yellowTagged: false, inShop: false, taggedDescription: null };
    expect(statusSummary({ ...vehicle, redTagged: true, taggedDescription: " Flat tire " })).toBe("Red Tagged: Flat tire");
    expect(statusSummary({ ...vehicle, yellowTagged: true, inShop: true, taggedDescription: "Lights" })).toBe("Yellow Tagged: Lights");
    expect(statusSummary({ ...vehicle, redTagged: true, taggedDescription: "  " })).toBe("Red Tagged");
    expect(statusSummary({ ...vehicle, yellowTagged: true })).toBe("Yellow Tagged");
    // A description left from an earlier tag is not the status of a Shop or Available vehicle.
    expect(statusSummary({ ...vehicle, inShop: true, taggedDescription: "Old tag" })).toBe("Shop");
    expect(statusSummary({ ...vehicle, taggedDescription: "Old tag" })).toBe("Available");
  });

  it("sums an asset up from its latest history entry: time at location by the dashboard's rule, since when, who moved it", () => {
    const now = Date.parse("2026-03-02T12:00:00Z");
    const asset = { location: "North-3", redTagged: false, yellowTagged: true, inShop: false, taggedDescription: "Door" };
    const open = { entry_time: "2026-03-01T09:45:00Z", exit_time: null, user_alpha_code: "DRV1" };
    expect(assetSummary(asset, open, now)).toEqual({
      location: "North-3",
      status: "Yellow Tagged: Door",
      tone: "yellow",
      timeAtLocation: timeAtLocation({ entryTime: open.entry_time, exitTime: null }, now),
      since: open.entry_time,
      movedBy: "DRV1",
    });
    expect(assetSummary(asset, open, now).timeAtLocation).toBe("1d 2h 15m");
    // A stay that has ended: 'Moved', since its exit; an entry written by no one: 'Unknown'.
    const ended = { entry_time: "2026-03-01T09:45:00Z", exit_time: "2026-03-02T11:00:00Z", user_alpha_code: null };
    expect(assetSummary(asset, ended, now)).toMatchObject({ timeAtLocation: "Moved", since: ended.exit_time, movedBy: "Unknown" });
    // No history at all: 'Just arrived', no time, nobody.
    expect(assetSummary({ ...asset, yellowTagged: false }, undefined, now)).toMatchObject({
      status: "Available",
      tone: "available",
      timeAtLocation: "Just arrived",
      since: null,
      movedBy: "—",
    });
    expect(assetSummary(asset, { ...open, entry_time: "2026-03-02T11:59:30Z" }, now).timeAtLocation).toBe("Just arrived");
  });
});
