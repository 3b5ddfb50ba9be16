import { z } from "zod";
import { fieldLabel, isCalendarDate, LIMITS } from "./limits";

/**
 * The field builders the domain schemas are made of, and the messages of every rule a schema states
 * without its own words. Loading this module installs those messages (`z.config`), so every schema
 * module imports it.
 */
const KIND: Record<string, string> = {
  string: "text",
  number: "a number",
  int: "a whole number",
  boolean: "true or false",
  object: "an object",
  array: "a list",
  date: "a date",
};

/**
 * The message of a rule a schema states without its own words: always the field's name and what
 * it must be ("Tray count must be at most 2147483647"), never a library default.
 */
function fieldMessage(issue: z.core.$ZodRawIssue): string {
  const label = fieldLabel(issue.path ?? []);
  switch (issue.code) {
    case "invalid_type":
      if (issue.input === undefined || issue.input === null) return `${label} is required`;
      return `${label} must be ${KIND[issue.expected] ?? issue.expected}`;
    case "too_big":
      return issue.origin === "string"
        ? `${label} must be at most ${issue.maximum} characters`
        : issue.origin === "array"
          ? `${label} must have at most ${issue.maximum} items`
          : `${label} must be at most ${issue.maximum}`;
    case "too_small":
      if (issue.origin === "string")
        return Number(issue.minimum) <= 1 ? `${label} is required` : `${label} must be at least ${issue.minimum} characters`;
      return `${label} must be at least ${issue.minimum}`;
    case "invalid_value":
      return `${label} must be one of: ${issue.values.map(String).join(", ")}`;
    case "invalid_format":
      return issue.format === "email" ? `${label} must be a valid email address` : `${label} is not valid`;
    default:
      return `${label} is not valid`;
  }
}

z.config({ customError: fieldMessage });

/** What a client sends for "nothing": the field left out, null, or blank text. */
const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === "string" && value.trim() === "");
const blankAsMissing = (value: unknown) => (isBlank(value) ? undefined : value);

/** Optional text, trimmed, at most `max` characters; blank or null means none. */
export function optionalText(max: number = LIMITS.shortText) {
  return z.preprocess(blankAsMissing, z.string().trim().max(max).optional());
}

/** Required text, trimmed, at most `max` characters; missing or blank gives `required`. */
export function requiredText(required: string, max: number = LIMITS.shortText) {
  return z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(max, { error: (issue) => fieldMessage(issue) });
}

/** A whole number from JSON or a form (digits), within [min, max]; `message` for anything else (`required` when missing). */
export function wholeNumber(min: number, max: number, message: string, required = message) {
  return z
    .union(
      [
        z.number(),
        z
          .string()
          .trim()
          .regex(/^-?\d{1,12}$/, message),
      ],
      {
        error: (issue) => (issue.input === undefined || issue.input === null ? required : message),
      },
    )
    .transform(Number)
    .pipe(z.number().int(message).min(min, message).max(max, message));
}

/** An optional whole number within [min, max]; blank or null means none. */
export function optionalWholeNumber(min: number, max: number, message: string) {
  return z.preprocess(blankAsMissing, wholeNumber(min, max, message).optional());
}

/** An optional id of a row (1 to the largest Postgres integer); blank or null means none. */
export function optionalId(label: string) {
  return optionalWholeNumber(1, LIMITS.int4, `${label} is not valid`);
}

/** What a day that is no calendar day between 1900 and 2100 is told. */
export const dateMessage = (label: string) => `${label} must be a date (YYYY-MM-DD) between 1900 and 2100`;

/** An optional calendar day (YYYY-MM-DD) between 1900 and 2100; blank or null means none. */
export function optionalDate(label: string) {
  const message = dateMessage(label);
  return z.preprocess(
    blankAsMissing,
    z
      .string({ error: message })
      .trim()
      .refine((text) => isCalendarDate(text) && text >= LIMITS.firstDate && text <= LIMITS.lastDate, message)
      .optional(),
  );
}

/** A form checkbox or a JSON boolean: ticked is `true`, "on" or "true"; anything else is false. */
export const checkbox = z
  .union([z.boolean(), z.literal("on"), z.literal("true"), z.literal("false"), z.literal(""), z.null()])
  .optional()
  .transform((value) => value === true || value === "on" || value === "true");

/** Whether `value` is one of `choices` (narrowing it to them). */
export function isOneOf<const Choice extends string>(choices: readonly Choice[], value: string): value is Choice {
  return (choices as readonly string[]).includes(value);
}
