import { z } from "zod";
import { TRUCK_TYPES, serviceDateValues, type ServiceDates } from "./assets";
import { checkbox, optionalDate, optionalId, optionalText, requiredText } from "./fields";
import { LIMITS } from "./limits";
import { SHOP } from "./locations";

export const TRUCK_MESSAGES = {
  numberRequired: "Truck number is required",
  locationRequired: "Truck location is required",
  locationUnknown: "Truck location must be one of this account's locations",
  leavingShop: "Choose the truck's new location: it is leaving the Shop",
  plateRequired: "License plate is required",
  stateRequired: "License state is required",
  stateLength: "License state must be 2 characters",
  accountRequired: "Account is required",
  typeRequired: "Truck type is required",
  yearRequired: "Year is required",
  yearRange: "Year must be between 1900 and next year",
  yearFuture: "Year cannot be later than the current year",
  makeRequired: "Make is required",
  modelRequired: "Model is required",
  tagDescriptionRequired: "Tagged description is required when truck is tagged",
  /** Update Truck's own wording of the rule (spec 2, Edit truck). */
  tagDescriptionRequiredEdit: "Tagged description is required when a truck is tagged",
  /** Update Truck, above its fields, when any required field is empty. */
  fillRequired: "Please fill out all required fields",
  lastInspectionFuture: "Last inspection date cannot be in the future",
  lastMaintenanceFuture: "Last maintenance date cannot be in the future",
  nextInspectionPast: "Next inspection date must be in the future",
  nextMaintenancePast: "Next maintenance date must be in the future",
  notFound: "Truck not found",
  numberTaken: "A truck with this number already exists in this account",
  deleteDenied: "You are not authorized to delete this truck.",
  editDenied: "Only administrators and super managers can add or update trucks.",
  assignedUserUnknown: "The assigned user must be a user of this account",
} as const;

export const TRUCK_STATUSES = ["available", "red", "yellow", "shop"] as const;

const required = (message: string) => requiredText(message);
const upper = (message: string) => required(message).transform((text) => text.toUpperCase());

/** Today as YYYY-MM-DD (UTC), the reference for the date rules. */
export function today(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** The year now (UTC): a truck's year may not be later. */
export function currentYear(now = new Date()): number {
  return now.getUTCFullYear();
}

/** The fields of Add Truck and Update Truck. */
const truckFields = z.object({
  account_id: optionalId("Account ID"),
  truck_number: upper(TRUCK_MESSAGES.numberRequired),
  truck_location: requiredText(TRUCK_MESSAGES.locationRequired, LIMITS.location),
  license_plate: upper(TRUCK_MESSAGES.plateRequired),
  license_state: upper(TRUCK_MESSAGES.stateRequired).pipe(z.string().length(2, TRUCK_MESSAGES.stateLength)),
  type: z.enum(TRUCK_TYPES, { error: TRUCK_MESSAGES.typeRequired }),
  year: z
    .union([z.string(), z.number()], { error: TRUCK_MESSAGES.yearRequired })
    .transform((value) => String(value).trim())
    .pipe(z.string().min(1, TRUCK_MESSAGES.yearRequired))
    .transform(Number)
    .pipe(
      z
        .number()
        .int(TRUCK_MESSAGES.yearRange)
        .refine((year) => year >= 1900 && year <= currentYear() + 1, TRUCK_MESSAGES.yearRange)
        // Next year passes the range but not the form's limit (told apart, so a year far off gets one message).
        .refine((year) => year !== currentYear() + 1, TRUCK_MESSAGES.yearFuture),
    ),
  make: required(TRUCK_MESSAGES.makeRequired),
  model: required(TRUCK_MESSAGES.modelRequired),
  vin: optionalText(),
  status: z
    .union([z.enum(TRUCK_STATUSES), z.literal(""), z.null()])
    .optional()
    .transform((status) => status || undefined),
  red_tagged: checkbox,
  yellow_tagged: checkbox,
  in_shop: checkbox,
  tagged_description: optionalText(LIMITS.longText),
  assigned_user_id: optionalId("Assigned user ID"),
  /** The form's type-ahead: a user's alpha code or email. */
  assigned_user: optionalText(LIMITS.email),
  last_inspection: optionalDate("Last inspection"),
  next_inspection: optionalDate("Next inspection"),
  last_maintenance: optionalDate("Last maintenance"),
  next_maintenance: optionalDate("Next maintenance"),
});

/** Red or yellow tags need a description: the rule, in Add Truck's or Update Truck's words. */
const checkTagDescription = (message: string) => (value: z.output<typeof truckFields>, ctx: z.RefinementCtx) => {
  const flags = truckFlags(value);
  if ((flags.redTagged || flags.yellowTagged) && !value.tagged_description) {
    ctx.addIssue({ code: "custom", path: ["tagged_description"], message });
  }
};

/** The fields Update Truck cannot be sent without (spec 2, Edit truck). */
const EDIT_REQUIRED = ["truck_number", "truck_location", "type", "license_plate", "license_state", "year", "make", "model"] as const;

/** Update Truck with a required field empty: "Please fill out all required fields" above the fields' own messages. */
function checkRequiredFilled(value: Record<string, unknown>, ctx: z.RefinementCtx) {
  if (EDIT_REQUIRED.some((field) => String(value[field] ?? "").trim() === "")) {
    ctx.addIssue({ code: "custom", path: [], message: TRUCK_MESSAGES.fillRequired });
  }
}

/**
 * Update Truck (and the API's PUT). The status may come as the Update form's radio (`status`) or
 * as the three flags (Add form, API); red clears yellow and shop, yellow clears red and shop, shop
 * puts the truck in the Shop. Add Truck's date rules apply only to changed dates (the service).
 */
export const truckSchema = truckFields
  .superRefine(checkTagDescription(TRUCK_MESSAGES.tagDescriptionRequiredEdit))
  // Run even when a field's own rule already failed (what an empty field does).
  .superRefine(checkRequiredFilled, { when: () => true });

type DateField = "last_inspection" | "next_inspection" | "last_maintenance" | "next_maintenance";

/** Add Truck's date rules: last dates not in the future, next dates in the future. */
const DATE_RULES: { field: DateField; stored: keyof ServiceDates; broken: (date: string, day: string) => boolean; message: string }[] = [
  { field: "last_inspection", stored: "lastInspection", broken: (date, day) => date > day, message: TRUCK_MESSAGES.lastInspectionFuture },
  { field: "next_inspection", stored: "nextInspection", broken: (date, day) => date <= day, message: TRUCK_MESSAGES.nextInspectionPast },
  {
    field: "last_maintenance",
    stored: "lastMaintenance",
    broken: (date, day) => date > day,
    message: TRUCK_MESSAGES.lastMaintenanceFuture,
  },
  { field: "next_maintenance", stored: "nextMaintenance", broken: (date, day) => date <= day, message: TRUCK_MESSAGES.nextMaintenancePast },
];

/**
 * The date rules broken by the dates that differ from `stored` (none stored: every date), so an
 * overdue truck can still be updated without touching its dates.
 */
export function serviceDateProblems(
  dates: Partial<Record<DateField, string>>,
  stored: ServiceDates | null = null,
  now = new Date(),
): { field: string; message: string }[] {
  const day = today(now);
  return DATE_RULES.flatMap((rule) => {
    const date = dates[rule.field];
    return date && date !== stored?.[rule.stored] && rule.broken(date, day) ? [{ field: rule.field, message: rule.message }] : [];
  });
}

/** A date field of Add Truck that must keep its rule (listed along with the other fields' messages). */
const ruledDate = (field: DateField) =>
  truckFields.shape[field].refine(
    (date) => !serviceDateProblems({ [field]: date }).length,
    DATE_RULES.find((rule) => rule.field === field)!.message,
  );
/** Add Truck: the fields, and the date rules on every date. */
export const newTruckSchema = truckFields
  .extend({
    last_inspection: ruledDate("last_inspection"),
    next_inspection: ruledDate("next_inspection"),
    last_maintenance: ruledDate("last_maintenance"),
    next_maintenance: ruledDate("next_maintenance"),
  })
  .superRefine(checkTagDescription(TRUCK_MESSAGES.tagDescriptionRequired));
export type TruckInput = z.infer<typeof truckSchema>;

/** The status flags of an input: the radio when given (exclusive), else the checkboxes as sent. */
export function truckFlags(input: {
  status?: (typeof TRUCK_STATUSES)[number];
  red_tagged: boolean;
  yellow_tagged: boolean;
  in_shop: boolean;
}) {
  if (input.status) {
    return { redTagged: input.status === "red", yellowTagged: input.status === "yellow", inShop: input.status === "shop" };
  }
  return { redTagged: input.red_tagged, yellowTagged: input.yellow_tagged, inShop: input.in_shop };
}

export function applyTruckRules(input: TruckInput, location: string) {
  const flags = truckFlags(input);
  const truckLocation = flags.inShop ? SHOP : location;
  return {
    truckNumber: input.truck_number,
    truckLocation,
    licensePlate: input.license_plate,
    licenseState: input.license_state,
    type: input.type,
    year: input.year,
    make: input.make,
    model: input.model,
    vin: input.vin || null,
    ...flags,
    inShop: truckLocation === SHOP,
    taggedDescription: input.tagged_description || null,
    lastInspection: input.last_inspection ?? null,
    nextInspection: input.next_inspection ?? null,
    lastMaintenance: input.last_maintenance ?? null,
    nextMaintenance: input.next_maintenance ?? null,
  };
}

/** A stored truck as Update Truck's fields hold it; `assignedUser` is the assignee's type-ahead value. */
export function truckFormValues(
  truck: {
    truckNumber: string;
    truckLocation: string;
    type: string;
    licensePlate: string;
    licenseState: string;
    year: number;
    make: string;
    model: string;
    redTagged: boolean;
    yellowTagged: boolean;
    inShop: boolean;
    taggedDescription: string | null;
  } & ServiceDates,
  assignedUser: string,
) {
  return {
    truck_number: truck.truckNumber,
    truck_location: truck.truckLocation,
    type: truck.type,
    license_plate: truck.licensePlate,
    license_state: truck.licenseState,
    year: String(truck.year),
    make: truck.make,
    model: truck.model,
    status: truck.redTagged ? "red" : truck.yellowTagged ? "yellow" : truck.inShop ? "shop" : "available",
    tagged_description: truck.taggedDescription ?? "",
    assigned_user: assignedUser,
    ...serviceDateValues(truck),
  };
}
