import { z } from "zod";
import { US_STATES } from "./assets";
import { checkbox, optionalId, optionalText, requiredText } from "./fields";
import { LIMITS } from "./limits";

export const PLACE_MESSAGES = {
  buildingNameRequired: "Building name is required",
  doorNumberRequired: "Door number is required",
  doorNumberDigits: "Door number must be a whole number",
  doorNumberRange: `Door number must be between 1 and ${LIMITS.doors}`,
  yardNameRequired: "Yard name is required",
  accountRequired: "Account is required",
  buildingNotFound: "Building not found",
  yardNotFound: "Yard not found",
  nameTaken: "This name is already used in this account",
  deleteDenied: "You are not authorized to delete this.",
  editDenied: "Only administrators and super managers can add or change buildings and yards.",
  stateUnknown: "State must be one of the 50 US states or DC",
  zipCodeFormat: "Zip code must be 5 digits, or 5 digits, a dash and 4 more (12345-6789)",
} as const;

const STATE_CODES = new Set(US_STATES.map((state) => state.code));

/** Where a building or yard is (the spec's address, city, state, zip_code) and what it is (description); every field optional. */
const addressFields = {
  address: optionalText(LIMITS.shortText),
  city: optionalText(LIMITS.shortText),
  state: optionalText(2 * LIMITS.shortText)
    .transform((state) => state?.toUpperCase())
    .refine((state) => state === undefined || STATE_CODES.has(state), PLACE_MESSAGES.stateUnknown),
  zip_code: optionalText(LIMITS.shortText).refine((zip) => zip === undefined || /^\d{5}(-\d{4})?$/.test(zip), PLACE_MESSAGES.zipCodeFormat),
  description: optionalText(LIMITS.longText),
};

export const buildingSchema = z.object({
  account_id: optionalId("Account ID"),
  building_name: requiredText(PLACE_MESSAGES.buildingNameRequired),
  building_door_number: z
    .union([z.string(), z.number()], { error: PLACE_MESSAGES.doorNumberRequired })
    .transform((value) => String(value).trim())
    .pipe(
      z
        .string()
        .min(1, { error: PLACE_MESSAGES.doorNumberRequired, abort: true })
        .regex(/^\d+$/, PLACE_MESSAGES.doorNumberDigits)
        .max(4, PLACE_MESSAGES.doorNumberRange),
    )
    .transform(Number)
    .pipe(z.number().min(1, PLACE_MESSAGES.doorNumberRange).max(LIMITS.doors, PLACE_MESSAGES.doorNumberRange)),
  location: optionalText(LIMITS.shortText),
  ...addressFields,
});

export const yardSchema = z.object({
  account_id: optionalId("Account ID"),
  name: requiredText(PLACE_MESSAGES.yardNameRequired),
  parking_location: optionalText(),
  parking_spots: checkbox,
  ...addressFields,
});

/** The refusal when a change would leave trailers, trucks or active moves at locations that no longer exist. */
export function strandedMessage(stranded: { location: string; what: string }[]): string {
  const byLocation = new Map<string, string[]>();
  for (const { location, what } of stranded) byLocation.set(location, [...(byLocation.get(location) ?? []), what]);
  const parts = [...byLocation.entries()].map(([location, items]) => `${location}: ${items.join(", ")}`);
  return `This change would remove locations still in use. Move these first — ${parts.join("; ")}.`;
}

export type PlaceKind = "building" | "yard";

/** What the building and yard pages say and where they lead: the one difference between the two. */
export const PLACE_PAGES = {
  building: {
    path: "/buildings",
    afterDelete: "/?tab=buildings",
    notFound: PLACE_MESSAGES.buildingNotFound,
    confirmDelete: "Are you sure you want to delete this building?",
    nameField: "building_name",
    formTitles: { add: "Add New Building", update: "Update Building", submit: "Add Building" },
  },
  yard: {
    path: "/yards",
    afterDelete: "/?tab=yards",
    notFound: PLACE_MESSAGES.yardNotFound,
    confirmDelete: "Are you sure you want to delete this yard?",
    nameField: "name",
    formTitles: { add: "Add New Yard", update: "Update Yard", submit: "Add Yard" },
  },
} as const satisfies Record<PlaceKind, unknown>;

export const PLACE_SCHEMAS = { building: buildingSchema, yard: yardSchema } as const;
export type PlaceInput<K extends PlaceKind> = z.output<(typeof PLACE_SCHEMAS)[K]>;

/** A place's address and description, as stored. */
export interface PlaceAddress {
  address: string | null;
  city: string | null;
  state: string | null;
  zipCode: string | null;
  description: string | null;
}

function addressFormValues(place: PlaceAddress): Record<string, string> {
  return {
    address: place.address ?? "",
    city: place.city ?? "",
    state: place.state ?? "",
    zip_code: place.zipCode ?? "",
    description: place.description ?? "",
  };
}

/** The columns of a place's address and description, from its parsed input. */
export function addressColumns(value: {
  address?: string;
  city?: string;
  state?: string;
  zip_code?: string;
  description?: string;
}): PlaceAddress {
  return {
    address: value.address || null,
    city: value.city || null,
    state: value.state || null,
    zipCode: value.zip_code || null,
    description: value.description || null,
  };
}

/** The address on one line, as the detail page shows it ("12 Dock Rd, Boston, MA 02110"), or null when none is stored. */
export function addressLine(place: {
  address: string | null;
  city: string | null;
  state: string | null;
  zip_code: string | null;
}): string | null {
  const region = [place.state, place.zip_code].filter(Boolean).join(" ");
  return [place.address, place.city, region].filter(Boolean).join(", ") || null;
}

/** Update Building's fields as the building stands. */
export function buildingFormValues(
  building: { buildingName: string; buildingDoorNumber: number; location: string | null } & PlaceAddress,
): Record<string, string> {
  return {
    building_name: building.buildingName,
    building_door_number: String(building.buildingDoorNumber),
    location: building.location ?? "",
    ...addressFormValues(building),
  };
}

/** Update Yard's fields as the yard stands. */
export function yardFormValues(
  yard: { name: string; parkingLocation: string | null; parkingSpots: boolean } & PlaceAddress,
): Record<string, string> {
  return {
    name: yard.name,
    parking_location: yard.parkingLocation ?? "",
    parking_spots: yard.parkingSpots ? "on" : "",
    ...addressFormValues(yard),
  };
}
