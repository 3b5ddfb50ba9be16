/**
 * Locations are text: "Road", "Shop", each yard name, and "{building name}-{door}" for each door
 * 1..building_door_number. Road and Shop come first; the rest is sorted.
 */
export const ROAD = "Road";
export const SHOP = "Shop";

export interface BuildingDoors {
  buildingName: string;
  buildingDoorNumber: number;
}

export interface YardName {
  name: string;
}

export function doorLocation(buildingName: string, door: number): string {
  return `${buildingName}-${door}`;
}

export function doorLocations(building: BuildingDoors): string[] {
  return Array.from({ length: Math.max(0, building.buildingDoorNumber) }, (_, i) => doorLocation(building.buildingName, i + 1));
}

const byName = new Intl.Collator("en", { numeric: true, sensitivity: "base" });

/** Every location of an account: Road, Shop, then its yards and building doors, sorted (door 2 before door 10). */
export function locationOptions(buildings: BuildingDoors[], yards: YardName[]): string[] {
  const rest = [...yards.map((yard) => yard.name), ...buildings.flatMap(doorLocations)].sort(byName.compare);
  return [ROAD, SHOP, ...rest];
}

/** The building or yard a location belongs to (the dashboard's Location filter groups by it). */
export function locationGroup(location: string, buildings: BuildingDoors[]): string {
  for (const building of buildings) {
    const prefix = `${building.buildingName}-`;
    if (location.startsWith(prefix) && /^\d+$/.test(location.slice(prefix.length))) return building.buildingName;
  }
  return location;
}
