import { z } from "zod";
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
} as const;

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
});

export const yardSchema = z.object({
  account_id: optionalId("Account ID"),
  name: requiredText(PLACE_MESSAGES.yardNameRequired),
  parking_location: optionalText(),
  parking_spots: checkbox,
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

/** Update Building's fields as the building stands. */
export function buildingFormValues(building: { buildingName: string; buildingDoorNumber: number }): Record<string, string> {
  return { building_name: building.buildingName, building_door_number: String(building.buildingDoorNumber) };
}

/** Update Yard's fields as the yard stands. */
export function yardFormValues(yard: { name: string; parkingLocation: string | null; parkingSpots: boolean }): Record<string, string> {
  return { name: yard.name, parking_location: yard.parkingLocation ?? "", parking_spots: yard.parkingSpots ? "on" : "" };
}
