/** Companies and their accounts: the rules of their forms and API, shared by page and server. */
import { z } from "zod";
import { isRecordId } from "./ids";

export const COMPANY_MESSAGES = {
  companyNameRequired: "Company name is required",
  companyNameTooLong: "Company name must be at most 200 characters",
  companyNotFound: "Company not found",
  /** Under "Company not found" on the Edit Company page: the id it was opened with. */
  companyWithIdNotFound: (id: string) => `Company with ID ${id} not found`,
  noCompanies: "No companies found.",
  noMatch: "No companies match your search.",
  noAccounts: "No accounts found for this company.",
  companyRequired: "Company is required",
  accountNameRequired: "Account name is required",
  accountNameTooLong: "Account name must be at most 200 characters",
  locationRequired: "Location is required",
  locationFormat: 'Location must be in format "City, ST" (e.g., "Boston, MA")',
  yardCount: "Yard count must be 0 or greater",
  yardCountTooLarge: "Yard count must be at most 10000",
  buildingCount: "Building count must be 0 or greater",
  buildingCountTooLarge: "Building count must be at most 10000",
  accountNotFound: "Account not found",
  adminOnly: "Only administrators can manage companies and accounts.",
  alreadySeeded: "Seed Test Company is only for an installation without companies.",
  deleteConfirmation: "Are you sure you want to delete this account?",
} as const;

export const NAME_MAX_LENGTH = 200;
export const COUNT_MAX = 10_000;

/** The test company that Seed Test Company creates, with its one account. */
export const TEST_COMPANY = {
  companyName: "Test Company",
  accountName: "Test Account",
  location: "Springfield, IL",
} as const;

/** "City, ST": letters, spaces and . ' - for the city, a comma and a space, two capital letters. */
export const CITY_STATE = /^[A-Za-z][A-Za-z .'-]*, [A-Z]{2}$/;

const requiredName = (required: string, tooLong: string) =>
  z.string({ error: required }).trim().min(1, required).max(NAME_MAX_LENGTH, tooLong);

export const companySchema = z.object({
  company_name: requiredName(COMPANY_MESSAGES.companyNameRequired, COMPANY_MESSAGES.companyNameTooLong),
});

/** A whole number of yards or buildings; left out or blank means 0. */
const count = (message: string, tooLarge: string) =>
  z.preprocess(
    (value) => (value === undefined || value === null || value === "" ? 0 : value),
    z.coerce.number({ error: message }).int(message).min(0, message).max(COUNT_MAX, tooLarge),
  );

export const accountSchema = z.object({
  account_name: requiredName(COMPANY_MESSAGES.accountNameRequired, COMPANY_MESSAGES.accountNameTooLong),
  location: z
    .string({ error: COMPANY_MESSAGES.locationRequired })
    .trim()
    .min(1, { error: COMPANY_MESSAGES.locationRequired, abort: true })
    .regex(CITY_STATE, COMPANY_MESSAGES.locationFormat),
  yard_count: count(COMPANY_MESSAGES.yardCount, COMPANY_MESSAGES.yardCountTooLarge),
  building_count: count(COMPANY_MESSAGES.buildingCount, COMPANY_MESSAGES.buildingCountTooLarge),
  /** Which company the account belongs to: required to create one, optional (a move) on update. */
  company_id: z.preprocess(
    (value) => (value === null || value === "" ? undefined : value),
    z.coerce.number({ error: COMPANY_MESSAGES.companyRequired }).refine(isRecordId, COMPANY_MESSAGES.companyRequired).optional(),
  ),
});
export type AccountInput = z.infer<typeof accountSchema>;

/** The values of the account form for an existing account (or a new one: zero yards and buildings). */
export function accountFormValues(account?: { account_name: string; location: string; yard_count: number; building_count: number }) {
  return {
    account_name: account?.account_name ?? "",
    location: account?.location ?? "",
    yard_count: String(account?.yard_count ?? 0),
    building_count: String(account?.building_count ?? 0),
  };
}

/** "This account still has 12 users, 150 trailers and 25 trucks. Move or remove them …" */
export function accountStillHoldsMessage(remaining: { noun: string; count: number }[]): string {
  const parts = remaining.map(({ noun, count }) => `${count} ${noun}${count === 1 ? "" : "s"}`);
  const list = parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}`;
  return `This account still has ${list}. Move or remove them before deleting the account.`;
}

/** A date as the company cards show it ("Nov 22, 2026"), the same on the server and in the browser. */
export function formatCreatedDate(iso: string): string {
  return new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" }).format(new Date(iso));
}
