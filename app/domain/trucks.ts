import { z } from "zod";
import { TRUCK_TYPES, serviceDateValues, type ServiceDates } from "./assets";
import { checkbox, LIMITS, optionalDate, optionalId, optionalText, requiredText, wholeNumber } from "./fields";
import { SHOP } from "./locations";

export const TRUCK_MESSAGES = {
  numberRequired: "Truck number is required",
  locationRequired: "Truck location is required",
  locationUnknown: "Truck location must be one of this account's locations",
  plateRequired: "License plate is required",
  stateRequired: "License state is required",
  stateLength: "License state must be 2 characters",
  accountRequired: "Account is required",
  typeRequired: "Truck type is required",
  yearRequired: "Year is required",
  yearRange: "Year must be between 1900 and next year",
  makeRequired: "Make is required",
  modelRequired: "Model is required",
  tagDescriptionRequired: "Tagged description is required when truck is tagged",
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

/**
 * Update Truck (and the fields of Add Truck). The status may come as the Update form's radio
 * (`status`) or as the three flags (Add form, API); red clears yellow and shop, yellow clears red
 * and shop, shop puts the truck in the Shop.
 */
export const truckSchema = z
  .object({
    account_id: optionalId("Account ID"),
    truck_number: upper(TRUCK_MESSAGES.numberRequired),
    truck_location: requiredText(TRUCK_MESSAGES.locationRequired, LIMITS.location),
    license_plate: upper(TRUCK_MESSAGES.plateRequired),
    license_state: upper(TRUCK_MESSAGES.stateRequired).pipe(z.string().length(2, TRUCK_MESSAGES.stateLength)),
    type: z.enum(TRUCK_TYPES, { error: TRUCK_MESSAGES.typeRequired }),
    year: z.preprocess(
      (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
      wholeNumber(1900, new Date().getUTCFullYear() + 1, TRUCK_MESSAGES.yearRange, TRUCK_MESSAGES.yearRequired),
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
  })
  .superRefine((value, ctx) => {
    const flags = truckFlags(value);
    if ((flags.redTagged || flags.yellowTagged) && !value.tagged_description) {
      ctx.addIssue({ code: "custom", path: ["tagged_description"], message: TRUCK_MESSAGES.tagDescriptionRequired });
    }
  });

/**
 * The date rules of Add Truck (last dates not in the future, next dates in the future), for the
 * dates that differ from `stored`: an overdue truck can still be updated without touching its dates.
 */
export function serviceDateProblems(
  dates: { last_inspection?: string; next_inspection?: string; last_maintenance?: string; next_maintenance?: string },
  stored: ServiceDates | null = null,
  now = new Date(),
): { field: string; message: string }[] {
  const day = today(now);
  const rules = [
    {
      field: "last_inspection",
      stored: stored?.lastInspection,
      broken: (date: string) => date > day,
      message: TRUCK_MESSAGES.lastInspectionFuture,
    },
    {
      field: "next_inspection",
      stored: stored?.nextInspection,
      broken: (date: string) => date <= day,
      message: TRUCK_MESSAGES.nextInspectionPast,
    },
    {
      field: "last_maintenance",
      stored: stored?.lastMaintenance,
      broken: (date: string) => date > day,
      message: TRUCK_MESSAGES.lastMaintenanceFuture,
    },
    {
      field: "next_maintenance",
      stored: stored?.nextMaintenance,
      broken: (date: string) => date <= day,
      message: TRUCK_MESSAGES.nextMaintenancePast,
    },
  ] as const;
  return rules.flatMap((rule) => {
    const date = dates[rule.field];
    return date && date !== rule.stored && rule.broken(date) ? [{ field: rule.field, message: rule.message }] : [];
  });
}

/** Add Truck: the fields, and the date rules on every date. */
export const newTruckSchema = truckSchema.superRefine((value, ctx) => {
  for (const problem of serviceDateProblems(value)) ctx.addIssue({ code: "custom", path: [problem.field], message: problem.message });
});
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
