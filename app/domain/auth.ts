import { z } from "zod";

export const TERMS_REQUIRED = "You must agree to the terms and conditions to log in";

/** The login form and `POST /api/auth/login` share this schema. */
export const loginSchema = z.object({
  email: z
    .string({ error: "Email is required" })
    .trim()
    .min(1, "Email is required")
    .transform((email) => email.toLowerCase()),
  password: z.string({ error: "Password is required" }).min(1, "Password is required"),
  agreed_to_terms: z.boolean({ error: TERMS_REQUIRED }).refine((agreed) => agreed, TERMS_REQUIRED),
});
export type LoginForm = z.infer<typeof loginSchema>;

export const TERMS_EFFECTIVE_DATE = "February 1, 2025";
