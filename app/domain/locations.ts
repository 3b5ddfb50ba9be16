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
const FIRST = [ROAD, SHOP];

/** The order locations are listed in: Road, Shop, then by name (door 2 before door 10). */
export function compareLocations(a: string, b: string): number {
  const rank = (location: string) => (FIRST.includes(location) ? FIRST.indexOf(location) : FIRST.length);
  return rank(a) - rank(b) || byName.compare(a, b);
}

/**
 * The locations a picker offers: Road, Shop, then the yards and building doors sorted (door 2
 * before door 10). Only pickers enumerate doors; checking a location parses it (`resolveLocation`).
 */
export function locationOptions(buildings: BuildingDoors[], yards: YardName[]): string[] {
  return [...FIRST, ...yards.map((yard) => yard.name), ...buildings.flatMap(doorLocations)].sort(compareLocations);
}

/**
 * The location a typed text names (any case), in its own spelling: Road, Shop, a yard, or
 * "{building}-{n}" with n a door of that building. Parsed, never looked up in a list of doors.
 */
export function resolveLocation(places: { buildings: BuildingDoors[]; yards: YardName[] }, typed: string): string | undefined {
  const wanted = typed.trim().toLowerCase();
  if (wanted === ROAD.toLowerCase()) return ROAD;
  if (wanted === SHOP.toLowerCase()) return SHOP;
  const yard = places.yards.find((candidate) => candidate.name.toLowerCase() === wanted);
  if (yard) return yard.name;
  const door = /^(.+)-([1-9]\d{0,2})$/.exec(wanted);
  if (!door) return undefined;
  const building = places.buildings.find((candidate) => candidate.buildingName.toLowerCase() === door[1]);
  const number = Number(door[2]);
  return building && number <= building.buildingDoorNumber ? doorLocation(building.buildingName, number) : undefined;
}

/** The building or yard a location belongs to (the dashboard's Location filter groups by it). */
export function locationGroup(location: string, buildings: BuildingDoors[]): string {
  for (const building of buildings) {
    const prefix = `${building.buildingName}-`;
    if (location.startsWith(prefix) && /^\d+$/.test(location.slice(prefix.length))) return building.buildingName;
  }
  return location;
}

/**
 * Unticking Shop (or, for a truck, choosing a status other than Shop) while the location still
 * reads Shop takes the asset out of the Shop: it needs a location to go to. Choosing the Shop
 * location for an asset not in the Shop ticks Shop instead (the spec's rule), so the same input
 * means one thing or the other by what is stored.
 */
export function leavesShopWithoutPlace(stored: { inShop: boolean }, wantsShop: boolean, location: string): boolean {
  return stored.inShop && !wantsShop && location.trim().toLowerCase() === SHOP.toLowerCase();
}

/**
 * A Location filter's chips: Road, Shop, each building (all its doors together) and each yard,
 * with how many assets each holds, from counts per location (`rows`, counted in Postgres), and
 * All. A location of no place (one renamed away) keeps a chip of its own.
 */
export function locationChips(
  places: { buildings: BuildingDoors[]; yards: YardName[] },
  rows: { location: string; count: number }[],
): { all: number; byLocation: { location: string; count: number }[] } {
  const counts = new Map<string, number>([
    [ROAD, 0],
    [SHOP, 0],
    ...places.buildings.map((building) => [building.buildingName, 0] as [string, number]),
    ...places.yards.map((yard) => [yard.name, 0] as [string, number]),
  ]);
  let all = 0;
  for (const row of rows) {
    const group = locationGroup(row.location, places.buildings);
    counts.set(group, (counts.get(group) ?? 0) + row.count);
    all += row.count;
  }
  return { all, byLocation: [...counts.entries()].map(([location, count]) => ({ location, count })) };
}
