import { z } from "zod";

export const COMPANY_MESSAGES = {
  companyNameRequired: "Company name is required",
  companyNotFound: "Company not found",
  accountNameRequired: "Account name is required",
  locationRequired: "Location is required",
  locationFormat: 'Location must be in format "City, ST" (e.g., "Boston, MA")',
  yardCount: "Yard count must be 0 or greater",
  buildingCount: "Building count must be 0 or greater",
  accountNotFound: "Account not found",
  adminOnly: "Only administrators can manage companies and accounts.",
} as const;

/** "City, ST": letters and spaces, a comma and a space, two capital letters. */
export const CITY_STATE = /^[A-Za-z][A-Za-z .'-]*, [A-Z]{2}$/;

export const companySchema = z.object({
  company_name: z
    .string({ error: COMPANY_MESSAGES.companyNameRequired })
    .trim()
    .min(1, COMPANY_MESSAGES.companyNameRequired),
});

const count = (message: string) =>
  z.coerce.number({ error: message }).int(message).min(0, message).optional().default(0);

export const accountSchema = z.object({
  account_name: z
    .string({ error: COMPANY_MESSAGES.accountNameRequired })
    .trim()
    .min(1, COMPANY_MESSAGES.accountNameRequired),
  location: z
    .string({ error: COMPANY_MESSAGES.locationRequired })
    .trim()
    .min(1, COMPANY_MESSAGES.locationRequired)
    .regex(CITY_STATE, COMPANY_MESSAGES.locationFormat),
  yard_count: count(COMPANY_MESSAGES.yardCount),
  building_count: count(COMPANY_MESSAGES.buildingCount),
  company_id: z.coerce.number().int().positive().optional(),
});
export type AccountInput = z.infer<typeof accountSchema>;
