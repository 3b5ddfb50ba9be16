export const TERMS_EFFECTIVE_DATE = "February 1, 2025";

export const MESSAGES = {
  termsRequired: "You must agree to the terms and conditions to log in",
  invalidCredentials: "Invalid email or password",
  sessionTimedOut: "Your session has timed out due to inactivity.",
  sessionInvalidated: "Your session has been invalidated because your account was logged in from another device.",
  sessionEnded: "Your session has ended. Please log in again.",
  accountDeactivated: "Your account has been deactivated. Please contact an administrator.",
  notSignedIn: "Authentication required. Please log in.",
  mustChangePassword: "You must change your password before continuing.",
  csrf: "CSRF token missing or invalid",
  crossOrigin: "Cross-origin requests are not allowed",
  timeoutUpdated: "Session timeout updated successfully",
  adminOnly: "Permission denied: administrators only",
  loginExpired: "Your login has expired. Please log in again.",
  currentPasswordRequired: "Current password is required",
  currentPasswordIncorrect: "Current password is incorrect",
  samePassword: "The new password must be different from the current one",
  logoutNeedsSession: "Logging out needs the X-Session-Id header of the current session",
} as const;

/**
 * The header the page's client sends with `GET /api/auth/logout` and `/api/auth/check-session`:
 * the id of its session (the `session_id` of the login and `GET /api/auth/` answers). A link on
 * another site cannot set it, so it cannot sign anyone out.
 */
export const SESSION_ID_HEADER = "X-Session-Id";

/** The close code of a socket whose session ended (after a `session_ended` event saying why). */
export const SESSION_ENDED_CLOSE_CODE = 4001;

/**
 * The too-long message of a field whose schema names its own "required" message (which Zod would
 * otherwise give for every rule of that field).
 */
export const atMostCharacters = (label: string, max: number) => `${label} must be at most ${max} characters`;

/** The spec's sessionInfo: the session a login found live elsewhere (or the one it opened). */
export interface SessionInfo {
  user_agent: string | null;
  ip_address: string | null;
  login_time: string;
  last_activity: string;
}

/** The sign-in dialog's "Log Out Other Session": the form's `intent`. */
export const REPLACE_OTHER_SESSION = "replace_other_session";

/** The first-login password rules, in the order of the live checklist. */
export const PASSWORD_RULES = [
  { label: "At least 8 characters", message: "Password must be at least 8 characters long", test: (p: string) => p.length >= 8 },
  { label: "One uppercase letter", message: "Password must contain at least one uppercase letter", test: (p: string) => /[A-Z]/.test(p) },
  { label: "One lowercase letter", message: "Password must contain at least one lowercase letter", test: (p: string) => /[a-z]/.test(p) },
  { label: "One number", message: "Password must contain at least one number", test: (p: string) => /[0-9]/.test(p) },
  {
    label: "One special character",
    message: "Password must contain at least one special character",
    test: (p: string) => /[^A-Za-z0-9]/.test(p),
  },
] as const;

export const PASSWORDS_DO_NOT_MATCH = "Passwords do not match";

/** Session timeout setting, in hours: 0.01 to 24 in steps of 0.01. */
export const TIMEOUT_MIN_HOURS = 0.01;
export const TIMEOUT_MAX_HOURS = 24;
export const TIMEOUT_RANGE_MESSAGE = "Timeout must be between 0.01 and 24 hours";

/** Session timing constants of the spec. */
export const SESSION_WARNING_SECONDS = 30;
export const SESSION_CHECK_INTERVAL_MS = 30_000;
export const SESSION_REFRESH_ACTIVITY_WINDOW_MS = 30 * 60_000;

/** "4 hours 0 minutes" */
export function formatHoursAndMinutes(hours: number): string {
  const totalMinutes = Math.round(hours * 60);
  const h = Math.floor(totalMinutes / 60);
  const m = totalMinutes % 60;
  return `${h} hour${h === 1 ? "" : "s"} ${m} minute${m === 1 ? "" : "s"}`;
}
