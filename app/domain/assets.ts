/** What trailers and trucks share: status, types, states, time at a location. */
import { exactChoice } from "./choices";

export const TRAILER_TYPES = [
  "dry_53",
  "dry_48",
  "dry_42",
  "dry_pup",
  "reefer_53",
  "reefer_48",
  "reefer_42",
  "reefer_pup",
  "liftgate_53",
  "liftgate_48",
  "liftgate_42",
  "liftgate_pup",
  "intermodal_53",
  "intermodal_48",
  "intermodal_42",
  "intermodal_pup",
] as const;
export type TrailerType = (typeof TRAILER_TYPES)[number];

export const TRUCK_TYPES = ["daycab_1_axle", "daycab_2_axle", "sleeper_1_axle", "sleeper_2_axle", "boxtruck"] as const;
export type TruckType = (typeof TRUCK_TYPES)[number];

/** "dry_53" → "Dry 53", "daycab_1_axle" → "Daycab 1 Axle", "boxtruck" → "Boxtruck". */
export function typeLabel(type: string | null | undefined): string {
  if (!type) return "";
  return type
    .split("_")
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(" ");
}

export type VehicleStatus = "Red Tagged" | "Yellow Tagged" | "Shop" | "Available";

/** The words of each status, in filters, radios and lists. */
export const STATUS_LABEL = {
  red: "Red Tagged",
  yellow: "Yellow Tagged",
  shop: "Shop",
  available: "Available",
} as const satisfies Record<string, VehicleStatus>;

/** Which of the four statuses a vehicle is in, as a key: red over yellow over shop over available. */
export function statusTone(vehicle: { redTagged: boolean; yellowTagged: boolean; inShop: boolean }): keyof typeof STATUS_LABEL {
  if (vehicle.redTagged) return "red";
  if (vehicle.yellowTagged) return "yellow";
  if (vehicle.inShop) return "shop";
  return "available";
}

/** Red over yellow over shop over available. */
export function vehicleStatus(vehicle: { redTagged: boolean; yellowTagged: boolean; inShop: boolean }): VehicleStatus {
  return STATUS_LABEL[statusTone(vehicle)];
}

/** Whether the vehicle carries a red or yellow tag: its tag description is part of its status then. */
function isTagged(vehicle: { redTagged: boolean; yellowTagged: boolean }): boolean {
  return vehicle.redTagged || vehicle.yellowTagged;
}

/**
 * The status a trailer's or truck's summary shows: its status words, and when it is tagged the
 * tag's description after them ("Red Tagged: Flat tire"). A Shop or Available vehicle shows its
 * status alone, whatever description is left over from an earlier tag.
 */
export function statusSummary(vehicle: {
  redTagged: boolean;
  yellowTagged: boolean;
  inShop: boolean;
  taggedDescription: string | null;
}): string {
  const status = vehicleStatus(vehicle);
  const description = vehicle.taggedDescription?.trim();
  return isTagged(vehicle) && description ? `${status}: ${description}` : status;
}

/** The load column: 'N Tray(s)' for trays, the load number when loaded, otherwise 'Empty'. */
export function loadLabel(trailer: { isLoaded: boolean; loadNumber: string | null; isTray: boolean; trayCount: number }): string {
  if (trailer.isTray) return `${trailer.trayCount} Tray${trailer.trayCount === 1 ? "" : "s"}`;
  if (trailer.isLoaded) return trailer.loadNumber ?? "Loaded";
  return "Empty";
}

/**
 * A duration abbreviated in days, hours and minutes ("2d 3h 15m", "3h 5m", "12m"), or seconds
 * under a minute ("45s"): time at a location, a history entry's duration, a move's duration.
 */
export function formatDuration(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  if (days) return `${days}d ${hours}h ${minutes}m`;
  if (hours) return `${hours}h ${minutes}m`;
  if (minutes) return `${minutes}m`;
  return `${total}s`;
}

/** The words time at location shows for a stay that has ended, and for none or one under a minute. */
export const MOVED = "Moved";
export const JUST_ARRIVED = "Just arrived";

/** The Location History panel of an asset that has stood nowhere yet (spec 2 §8, with its period). */
export const NO_LOCATION_HISTORY = "No location history available.";

const timeSoFar = (seconds: number) => (seconds < 60 ? JUST_ARRIVED : formatDuration(seconds));

/**
 * Time at location (spec §4): 'Moved' when the asset's latest history entry has an exit time;
 * otherwise how long it has stood there (d, h, m); 'Just arrived' when there is no entry or it
 * began under a minute ago.
 */
export function timeAtLocation(latest: { entryTime: Date | string; exitTime: Date | string | null } | null, now = Date.now()): string {
  if (!latest) return JUST_ARRIVED;
  if (latest.exitTime) return MOVED;
  return timeSoFar((now - new Date(latest.entryTime).getTime()) / 1000);
}

/** Time at location in seconds, for a report's hours: null when the asset has no open stay (no entry, or "Moved"). */
export function secondsAtLocation(
  latest: { entryTime: Date | string; exitTime: Date | string | null } | null,
  now = Date.now(),
): number | null {
  if (!latest || latest.exitTime) return null;
  return Math.max(0, (now - new Date(latest.entryTime).getTime()) / 1000);
}

/**
 * The same rule read from an asset's location history as the API gives it (newest first), so a
 * page shows what the server measured: 'Moved', the latest entry's `current_duration_formatted`,
 * or 'Just arrived'.
 */
export function historyTimeAtLocation(
  entries: readonly { exit_time: string | null; duration_seconds: number; current_duration_formatted: string | null }[],
): string {
  const [latest] = entries;
  if (!latest) return JUST_ARRIVED;
  if (latest.exit_time) return MOVED;
  return latest.duration_seconds < 60 ? JUST_ARRIVED : (latest.current_duration_formatted ?? timeSoFar(latest.duration_seconds));
}

/** Who moved an asset last, when its latest history entry does not say (one written by no signed-in user). */
export const MOVED_BY_UNKNOWN = "Unknown";
/** Who moved an asset last, and since when, for an asset with no location history. */
export const NO_STAY = "—";

/**
 * The summary at the top of a trailer's or truck's page: where it stands, its status (with the
 * tag's description), its time at location by the dashboard's rule (`timeAtLocation` over the
 * latest history entry), since when (the ISO time the latest entry began, or ended when it has
 * an exit time; null without history) and who moved it last: the latest history entry's alpha
 * code, not the user assigned to it.
 */
export function assetSummary(
  asset: { location: string; redTagged: boolean; yellowTagged: boolean; inShop: boolean; taggedDescription: string | null },
  latest: { entry_time: string; exit_time: string | null; user_alpha_code: string | null } | undefined,
  now = Date.now(),
) {
  return {
    location: asset.location,
    status: statusSummary(asset),
    tone: statusTone(asset),
    timeAtLocation: timeAtLocation(latest ? { entryTime: latest.entry_time, exitTime: latest.exit_time } : null, now),
    since: latest ? (latest.exit_time ?? latest.entry_time) : null,
    movedBy: latest ? (latest.user_alpha_code ?? MOVED_BY_UNKNOWN) : NO_STAY,
  };
}

export type AssetSummary = ReturnType<typeof assetSummary>;

/**
 * A location history entry's durations (spec §3): `duration_seconds` and `duration_formatted` are
 * the stay's length, entry to exit, or entry to `now` while it is open; `current_duration_formatted`
 * is the time so far of the open stay, and null once the stay has ended.
 */
export function stayDurations(stay: { entryTime: Date; exitTime: Date | null }, now = Date.now()) {
  const end = stay.exitTime ? stay.exitTime.getTime() : now;
  const seconds = Math.max(0, Math.round((end - stay.entryTime.getTime()) / 1000));
  const formatted = formatDuration(seconds);
  return { duration_seconds: seconds, duration_formatted: formatted, current_duration_formatted: stay.exitTime ? null : formatted };
}

/** The 50 US states and DC, for the license state pickers. */
export const US_STATES: readonly { code: string; name: string }[] = [
  ["AL", "Alabama"],
  ["AK", "Alaska"],
  ["AZ", "Arizona"],
  ["AR", "Arkansas"],
  ["CA", "California"],
  ["CO", "Colorado"],
  ["CT", "Connecticut"],
  ["DE", "Delaware"],
  ["DC", "District of Columbia"],
  ["FL", "Florida"],
  ["GA", "Georgia"],
  ["HI", "Hawaii"],
  ["ID", "Idaho"],
  ["IL", "Illinois"],
  ["IN", "Indiana"],
  ["IA", "Iowa"],
  ["KS", "Kansas"],
  ["KY", "Kentucky"],
  ["LA", "Louisiana"],
  ["ME", "Maine"],
  ["MD", "Maryland"],
  ["MA", "Massachusetts"],
  ["MI", "Michigan"],
  ["MN", "Minnesota"],
  ["MS", "Mississippi"],
  ["MO", "Missouri"],
  ["MT", "Montana"],
  ["NE", "Nebraska"],
  ["NV", "Nevada"],
  ["NH", "New Hampshire"],
  ["NJ", "New Jersey"],
  ["NM", "New Mexico"],
  ["NY", "New York"],
  ["NC", "North Carolina"],
  ["ND", "North Dakota"],
  ["OH", "Ohio"],
  ["OK", "Oklahoma"],
  ["OR", "Oregon"],
  ["PA", "Pennsylvania"],
  ["RI", "Rhode Island"],
  ["SC", "South Carolina"],
  ["SD", "South Dakota"],
  ["TN", "Tennessee"],
  ["TX", "Texas"],
  ["UT", "Utah"],
  ["VT", "Vermont"],
  ["VA", "Virginia"],
  ["WA", "Washington"],
  ["WV", "West Virginia"],
  ["WI", "Wisconsin"],
  ["WY", "Wyoming"],
].map(([code, name]) => ({ code, name }));

const STATE_NAMES = US_STATES.map((state) => ({ value: state.code, label: state.name }));

/** A state typed by its abbreviation or its name, in any case: its abbreviation; null for anything else. */
export function stateCodeOf(typed: string): string | null {
  return exactChoice(STATE_NAMES, typed)?.value ?? null;
}

/** States whose name or abbreviation matches what was typed: the abbreviation first, then names that start with it. */
export function matchStates(query: string): { code: string; name: string }[] {
  const q = query.trim().toLowerCase();
  if (!q) return [...US_STATES];
  const score = (state: { code: string; name: string }) => {
    const code = state.code.toLowerCase();
    const name = state.name.toLowerCase();
    if (code === q) return 0;
    if (code.startsWith(q)) return 1;
    if (name.startsWith(q)) return 2;
    return name.includes(q) ? 3 : -1;
  };
  return US_STATES.map((state) => ({ state, rank: score(state) }))
    .filter(({ rank }) => rank >= 0)
    .sort((a, b) => a.rank - b.rank)
    .map(({ state }) => state);
}

/**
 * The button beside an admin's Account select on Add New Trailer and Add Truck, shown without
 * JavaScript: it posts the form as typed, and the page comes back with the chosen account's
 * locations and users. (With JavaScript, choosing the account loads them.)
 */
export const LOAD_ACCOUNT = { name: "intent", value: "load-account", label: "Load this account's locations" } as const;

/** A user an asset may be assigned to, as the Assign User type-ahead lists it. */
export interface AssigneeChoice {
  id: number;
  /** What the field holds: the alpha code, else the email. */
  value: string;
  label: string;
}

/** The inspection and maintenance dates every trailer and truck carries (YYYY-MM-DD). */
export interface ServiceDates {
  lastInspection: string | null;
  nextInspection: string | null;
  lastMaintenance: string | null;
  nextMaintenance: string | null;
}

/** The service dates as an edit form's fields hold them. */
export function serviceDateValues(row: ServiceDates) {
  return {
    last_inspection: row.lastInspection ?? "",
    next_inspection: row.nextInspection ?? "",
    last_maintenance: row.lastMaintenance ?? "",
    next_maintenance: row.nextMaintenance ?? "",
  };
}
