import { z } from "zod";
import {
  atMostCharacters,
  MESSAGES,
  PASSWORD_RULES,
  PASSWORDS_DO_NOT_MATCH,
  TIMEOUT_MAX_HOURS,
  TIMEOUT_MIN_HOURS,
  TIMEOUT_RANGE_MESSAGE,
} from "./auth";
import "./fields";
import { LIMITS } from "./limits";

/**
 * The schemas of signing in, passwords and the session timeout: for the forms and actions that
 * validate them. The messages and constants they share with every page are in `auth.ts`.
 */

/** Checked in the form and on the server (`POST /api/auth/login`, the /login action). */
export const loginSchema = z.object({
  email: z
    .string({ error: "Email is required" })
    .trim()
    .min(1, "Email is required")
    .max(LIMITS.email, atMostCharacters("Email", LIMITS.email))
    .transform((email) => email.toLowerCase()),
  password: z
    .string({ error: "Password is required" })
    .min(1, "Password is required")
    .max(LIMITS.password, atMostCharacters("Password", LIMITS.password)),
  agreed_to_terms: z.boolean({ error: MESSAGES.termsRequired }).refine((agreed) => agreed, MESSAGES.termsRequired),
  force_login: z.boolean().optional().default(false),
});
export type LoginInput = z.infer<typeof loginSchema>;

/** Adds the message of each first-login rule `password` breaks, next to the field `path`. */
export function checkPasswordRules(password: string, ctx: z.RefinementCtx, path: string[] = ["password"]): void {
  for (const rule of PASSWORD_RULES) {
    if (!rule.test(password)) ctx.addIssue({ code: "custom", path, message: rule.message });
  }
}

/** A password field: text of at most LIMITS.password characters (null is none). */
export const passwordText = z.preprocess((value) => (value === null ? undefined : value), z.string().max(LIMITS.password).optional());

/**
 * Changing one's own password (`/change-password`, `POST /api/auth/change-password`): the
 * first-login rules, the confirmation, and the current password (checked by the service unless
 * the change is the first-login one).
 */
export const newPasswordSchema = z
  .object({
    current_password: passwordText,
    password: z.string({ error: PASSWORD_RULES[0].message }).max(LIMITS.password, atMostCharacters("Password", LIMITS.password)),
    confirm_password: z
      .string({ error: PASSWORDS_DO_NOT_MATCH })
      .max(LIMITS.password, atMostCharacters("Confirm password", LIMITS.password)),
  })
  .superRefine(({ password, confirm_password }, ctx) => {
    checkPasswordRules(password, ctx);
    if (password !== confirm_password) {
      ctx.addIssue({ code: "custom", path: ["confirm_password"], message: PASSWORDS_DO_NOT_MATCH });
    }
  });

/** Session timeout setting, in hours: 0.01 to 24 in steps of 0.01. */
export const timeoutSchema = z.object({
  timeout_hours: z.coerce
    .number({ error: TIMEOUT_RANGE_MESSAGE })
    .min(TIMEOUT_MIN_HOURS, TIMEOUT_RANGE_MESSAGE)
    .max(TIMEOUT_MAX_HOURS, TIMEOUT_RANGE_MESSAGE)
    .refine((hours) => Math.abs(hours * 100 - Math.round(hours * 100)) < 1e-9, "Timeout must be in steps of 0.01 hours"),
});
