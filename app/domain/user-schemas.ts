import { z } from "zod";
import { atMostCharacters } from "./auth";
import { checkPasswordRules, passwordText } from "./auth-schemas";
import { optionalId, optionalText, optionalWholeNumber } from "./fields";
import { LIMITS } from "./limits";
import { needsDriverNumber, ROLES, type Role } from "./roles";
import { USER_MESSAGES } from "./users";

/** The schemas of Add New User and Edit User, for the forms and actions that validate them. */

/** Alpha codes are upper case; blank or null is none. */
const alphaCodeField = optionalText(LIMITS.shortText).transform((code) => code?.toUpperCase());
const nameField = optionalText(LIMITS.shortText);
/** A driver number typed in a form or sent as JSON: digits within the database's integer; blank or null is none. */
const driverNumberField = optionalWholeNumber(0, LIMITS.int4, USER_MESSAGES.driverNumberInvalid);

/** The alpha code every role but security needs, and the driver number of drivers and mechanics. */
function checkRoleFields(value: { role?: Role; alpha_code?: string; driver_number?: number }, ctx: z.RefinementCtx) {
  if (value.role && value.role !== "security" && !value.alpha_code) {
    ctx.addIssue({ code: "custom", path: ["alpha_code"], message: USER_MESSAGES.alphaCodeRequired });
  }
  if (value.role && needsDriverNumber(value.role) && value.driver_number === undefined) {
    ctx.addIssue({ code: "custom", path: ["driver_number"], message: USER_MESSAGES.driverNumberRequired });
  }
}

const roleField = z.enum(ROLES, { error: USER_MESSAGES.selectRole });
const emailField = z
  .string({ error: USER_MESSAGES.emailRequired })
  .trim()
  .min(1, USER_MESSAGES.emailRequired)
  .max(LIMITS.email, atMostCharacters("Email", LIMITS.email))
  .transform((email) => email.toLowerCase())
  .pipe(z.email({ error: USER_MESSAGES.emailInvalid }));

/** Add New User (`/signup`, `POST /api/auth/signup`). */
export const newUserSchema = z
  .object({
    role: roleField,
    account_id: optionalId("Account"),
    alpha_code: alphaCodeField,
    email: emailField,
    driver_number: driverNumberField,
    first_name: nameField,
    last_name: nameField,
  })
  .superRefine(checkRoleFields);
export type NewUserInput = z.infer<typeof newUserSchema>;

/**
 * Edit User (`/users/{id}/edit`, `PUT /api/users/{id}`), read over the user's current values (the
 * service fills in what the request left out). A blank password is left out; a new one follows
 * the first-login rules, and changing one's own needs `current_password`.
 */
export const editUserSchema = z
  .object({
    role: roleField.optional(),
    alpha_code: alphaCodeField,
    email: emailField,
    driver_number: driverNumberField,
    first_name: nameField,
    last_name: nameField,
    current_password: passwordText,
    password: passwordText,
    confirm_password: passwordText,
  })
  .superRefine((value, ctx) => {
    checkRoleFields(value, ctx);
    if (value.password || value.confirm_password) {
      if (value.password !== value.confirm_password) {
        ctx.addIssue({ code: "custom", path: ["confirm_password"], message: USER_MESSAGES.passwordsMustMatch });
      }
      checkPasswordRules(value.password ?? "", ctx);
    }
  });
export type EditUserInput = z.infer<typeof editUserSchema>;
