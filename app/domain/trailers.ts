import { z } from "zod";
import { TRAILER_TYPES, serviceDateValues, type ServiceDates } from "./assets";
import { checkbox, optionalDate, optionalId, optionalText, optionalWholeNumber, requiredText } from "./fields";
import { LIMITS } from "./limits";
import { SHOP } from "./locations";

export const TRAILER_MESSAGES = {
  numberRequired: "Trailer number is required",
  locationRequired: "Trailer location is required",
  locationUnknown: "Trailer location must be one of this account's locations",
  leavingShop: "Choose the trailer's new location: it is leaving the Shop",
  plateRequired: "License plate is required",
  stateRequired: "License state is required",
  stateLength: "License state must be 2 characters",
  typeRequired: "Trailer type is required",
  typeUnknown: "Trailer type must be one of the trailer types",
  ownerRequired: "Owner is required",
  accountRequired: "Account is required",
  accountIdRequired: "Account ID is required",
  loadNumberRequired: "Load number is required when the trailer is loaded",
  trayCountRequired: "Tray count is required when the trailer has trays",
  trayCountRange: `Tray count must be a whole number between 0 and ${LIMITS.trays}`,
  loadTypeOne: "Load must be one of Loaded, Tray or Empty (not both loaded and tray)",
  numberTaken: "A trailer with this number already exists in this account",
  notFound: "Trailer not found",
  deleteDenied: "You are not authorized to delete this trailer.",
  inActiveMove: "This trailer is in an active move and cannot be deleted.",
  assignedUserUnknown: "The assigned user must be a user of this account",
} as const;

export const LOAD_TYPES = ["loaded", "tray", "empty"] as const;
export type LoadType = (typeof LOAD_TYPES)[number];

const upper = (message: string) => requiredText(message).transform((text) => text.toUpperCase());

/** The load a trailer input names: the form's `load_type`, else the API's `is_loaded` / `is_tray`. */
function loadTypeOf(value: { load_type?: LoadType; is_loaded: boolean; is_tray: boolean }): LoadType {
  return value.load_type ?? (value.is_loaded ? "loaded" : value.is_tray ? "tray" : "empty");
}

/** The fields of a trailer input, each with its bounds and message. */
export const trailerFields = z.object({
  account_id: optionalId("Account ID"),
  trailer_number: upper(TRAILER_MESSAGES.numberRequired),
  trailer_location: requiredText(TRAILER_MESSAGES.locationRequired, LIMITS.location),
  license_plate: upper(TRAILER_MESSAGES.plateRequired),
  license_state: upper(TRAILER_MESSAGES.stateRequired).pipe(z.string().length(2, TRAILER_MESSAGES.stateLength)),
  type: z.enum(TRAILER_TYPES, { error: TRAILER_MESSAGES.typeRequired }),
  company_owner: upper(TRAILER_MESSAGES.ownerRequired),
  load_type: z
    .union([z.enum(LOAD_TYPES), z.literal(""), z.null()], { error: TRAILER_MESSAGES.loadTypeOne })
    .optional()
    .transform((type) => type || undefined),
  is_loaded: checkbox,
  is_tray: checkbox,
  load_number: optionalText(),
  tray_count: optionalWholeNumber(0, LIMITS.trays, TRAILER_MESSAGES.trayCountRange),
  red_tagged: checkbox,
  yellow_tagged: checkbox,
  in_shop: checkbox,
  tagged_description: optionalText(LIMITS.longText),
  user_id: optionalId("User ID"),
  /** The form's type-ahead: a user's alpha code or email. */
  assigned_user: optionalText(LIMITS.email),
  last_inspection: optionalDate("Last inspection"),
  next_inspection: optionalDate("Next inspection"),
  last_maintenance: optionalDate("Last maintenance"),
  next_maintenance: optionalDate("Next maintenance"),
});

type LoadFields = { load_type?: LoadType; is_loaded: boolean; is_tray: boolean; load_number?: string; tray_count?: number };

/** The load rules every trailer input follows (one of loaded, tray, empty; a load number or a tray count with it). */
export function withLoadRules<T extends z.ZodType<LoadFields>>(fields: T) {
  return fields
    .superRefine((value, ctx) => {
      if (!value.load_type && value.is_loaded && value.is_tray) {
        ctx.addIssue({ code: "custom", path: ["is_tray"], message: TRAILER_MESSAGES.loadTypeOne });
      }
      const loadType = loadTypeOf(value);
      if (loadType === "loaded" && !value.load_number) {
        ctx.addIssue({ code: "custom", path: ["load_number"], message: TRAILER_MESSAGES.loadNumberRequired });
      }
      if (loadType === "tray" && !(value.tray_count && value.tray_count > 0)) {
        ctx.addIssue({ code: "custom", path: ["tray_count"], message: TRAILER_MESSAGES.trayCountRequired });
      }
    })
    .transform((value) => ({ ...value, load_type: loadTypeOf(value) }));
}

/**
 * Add New Trailer (page and API). Load type is one of loaded, tray, empty (the form's `load_type`,
 * or the spec's `is_loaded` / `is_tray`); ticking Shop puts the trailer in the Shop and the Shop
 * location sets in_shop (applied by `applyTrailerRules`).
 */
export const trailerSchema = withLoadRules(trailerFields);
export type TrailerInput = z.infer<typeof trailerSchema>;

/**
 * Update Trailer (page and API): as adding, but license state and type may be blank, as bulk
 * upload leaves them (the spec's update rule requires owner, number, plate and location only);
 * given, they follow the same rules.
 */
export const trailerUpdateSchema = withLoadRules(
  trailerFields.extend({
    license_state: z.preprocess(
      (value) => (typeof value === "string" ? value.trim().toUpperCase() || undefined : (value ?? undefined)),
      z.string(TRAILER_MESSAGES.stateLength).length(2, TRAILER_MESSAGES.stateLength).optional(),
    ),
    type: z.preprocess(
      (value) => (value === "" || value === null ? undefined : value),
      z.enum(TRAILER_TYPES, { error: TRAILER_MESSAGES.typeUnknown }).optional(),
    ),
  }),
);
export type TrailerUpdateInput = z.infer<typeof trailerUpdateSchema>;

/** The columns a valid input sets, with the load and Shop rules applied. */
export function applyTrailerRules(
  input: Omit<TrailerInput, "license_plate" | "license_state" | "type"> &
    Partial<Pick<TrailerInput, "license_plate" | "license_state" | "type">>,
  location: string,
) {
  const trailerLocation = input.in_shop ? SHOP : location;
  return {
    trailerNumber: input.trailer_number,
    trailerLocation,
    licensePlate: input.license_plate ?? null,
    licenseState: input.license_state ?? null,
    type: input.type ?? null,
    companyOwner: input.company_owner,
    isLoaded: input.load_type === "loaded",
    loadNumber: input.load_type === "loaded" ? (input.load_number ?? null) : null,
    isTray: input.load_type === "tray",
    trayCount: input.load_type === "tray" ? (input.tray_count ?? 0) : 0,
    redTagged: input.red_tagged,
    yellowTagged: input.yellow_tagged,
    inShop: trailerLocation === SHOP,
    taggedDescription: input.tagged_description || null,
    lastInspection: input.last_inspection ?? null,
    nextInspection: input.next_inspection ?? null,
    lastMaintenance: input.last_maintenance ?? null,
    nextMaintenance: input.next_maintenance ?? null,
  };
}

/** One entry of a trailer's `user_history`: when (ISO), the assignee's and the assigner's alpha codes (null: unassigned / unknown). */
export interface UserHistoryEntry {
  time: string;
  assignee: string | null;
  assigner: string | null;
}

/** Default dates of a new trailer or truck: last inspection and maintenance today, next ones in 90 days. */
export function defaultServiceDates(now = new Date()) {
  const day = (offsetDays: number) => new Date(now.getTime() + offsetDays * 86_400_000).toISOString().slice(0, 10);
  return { last_inspection: day(0), next_inspection: day(90), last_maintenance: day(0), next_maintenance: day(90) };
}

const check = (on: boolean) => (on ? "on" : "");

/** A stored trailer as Update Trailer's fields hold it; `assignedUser` is the assignee's type-ahead value. */
export function trailerFormValues(
  trailer: {
    trailerNumber: string;
    companyOwner: string;
    trailerLocation: string;
    type: string | null;
    licenseState: string | null;
    licensePlate: string | null;
    isLoaded: boolean;
    isTray: boolean;
    loadNumber: string | null;
    trayCount: number;
    redTagged: boolean;
    yellowTagged: boolean;
    inShop: boolean;
    taggedDescription: string | null;
  } & ServiceDates,
  assignedUser: string,
) {
  return {
    trailer_number: trailer.trailerNumber,
    company_owner: trailer.companyOwner,
    trailer_location: trailer.trailerLocation,
    type: trailer.type ?? "",
    license_state: trailer.licenseState ?? "",
    license_plate: trailer.licensePlate ?? "",
    load_type: trailer.isLoaded ? "loaded" : trailer.isTray ? "tray" : "empty",
    load_number: trailer.loadNumber ?? "",
    tray_count: String(trailer.trayCount),
    red_tagged: check(trailer.redTagged),
    yellow_tagged: check(trailer.yellowTagged),
    in_shop: check(trailer.inShop),
    tagged_description: trailer.taggedDescription ?? "",
    assigned_user: assignedUser,
    ...serviceDateValues(trailer),
  };
}
