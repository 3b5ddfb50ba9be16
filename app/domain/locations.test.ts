import { describe, expect, it } from "vitest";
import { locationGroup, locationOptions } from "./locations";

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
});
