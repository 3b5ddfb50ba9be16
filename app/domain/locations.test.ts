import { describe, expect, it } from "vitest";
import { locationGroup, locationOptions, resolveLocation } from "./locations";

const buildings = [
  { buildingName: "South", buildingDoorNumber: 2 },
  { buildingName: "North", buildingDoorNumber: 11 },
];
const yards = [{ name: "Yard A" }, { name: "Overflow Lot" }];

describe("locations", () => {
  it("lists Road and Shop first, then yards and every door 1..N sorted, door 2 before door 10", () => {
    const options = locationOptions(buildings, yards);
    expect(options.slice(0, 2)).toEqual(["Road", "Shop"]);
    expect(options).toHaveLength(2 + 2 + 13);
    expect(options.slice(2, 6)).toEqual(["North-1", "North-2", "North-3", "North-4"]);
    expect(options.indexOf("North-2")).toBeLessThan(options.indexOf("North-10"));
    expect(options).toContain("North-11");
    expect(options).not.toContain("North-12");
    expect(options).not.toContain("South-0");
    expect(options.slice(-3)).toEqual(["South-1", "South-2", "Yard A"]);
  });

  it("groups a door under its building, and anything else under itself", () => {
    expect(locationGroup("North-7", buildings)).toBe("North");
    expect(locationGroup("Yard A", buildings)).toBe("Yard A");
    expect(locationGroup("North-Annex", buildings)).toBe("North-Annex");
  });

  it("resolves a typed location by parsing it: Road, Shop, a yard, or a door within its building's count", () => {
    const places = { buildings: [...buildings, { buildingName: "Dock-2", buildingDoorNumber: 999 }], yards };
    expect(resolveLocation(places, " road ")).toBe("Road");
    expect(resolveLocation(places, "SHOP")).toBe("Shop");
    expect(resolveLocation(places, "yard a")).toBe("Yard A");
    expect(resolveLocation(places, "north-11")).toBe("North-11");
    expect(resolveLocation(places, "dock-2-999")).toBe("Dock-2-999");
    for (const typed of ["North-12", "North-0", "North-01", "North-", "North", "Nowhere-1", "North-99999999999", "South-3", ""]) {
      expect(resolveLocation(places, typed), typed).toBeUndefined();
    }
  });
});
