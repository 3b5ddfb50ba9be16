import { parseDashboardView, type DashboardTab } from "./dashboard";
import { CREATE_MOVE_PARAM } from "./move-forms";
import { MOVE_MESSAGES, type MoveAction } from "./moves";

/**
 * What a page says when loading or saving fails rather than being refused (the error catalogues
 * of both spec documents, section 8): the server could not answer, or could not be reached. A
 * refusal (a 4xx with its message) is shown as the server gives it; these are for the rest.
 */
export const FAILURE_MESSAGES = {
  loadData: "Failed to load data. Please try again later.",
  trailer: "Error loading trailer",
  truck: "Failed to load truck details. Please try again.",
  user: "Failed to load user details. Please try again.",
  saveSettings: "Failed to update timeout setting",
  saveSettingsUnexpected: "An unexpected error occurred while saving settings",
  deleteTruck: "An error occurred while deleting the truck.",
  deleteTrailer: "An error occurred while deleting the trailer.",
  deactivateUser: "An error occurred while deactivating the user.",
  reactivateUser: "An error occurred while reactivating the user.",
  updateTrailer: "Failed to update trailer",
  updateTruck: "Failed to update truck. Please try again.",
  updateUser: "Failed to update user",
  /** Login's and Add New User's (signup's) server failure, and a failed Seed Test Company's under its heading. */
  tryAgain: "An error occurred. Please try again.",
  /** Login's and Add New User's when no answer came (the spec's "exceptions"). */
  unexpectedTryAgain: "An unexpected error occurred. Please try again.",
  logOutOtherSession: "Failed to log out other session. Please try again.",
  changePassword: "An error occurred while changing your password",
  createCompany: "Failed to create company",
  saveCompany: "Failed to save company",
  saveAccount: "An error occurred while saving the account.",
  deleteAccount: "An error occurred while deleting the account.",
  createYard: "An error occurred while creating the yard",
  updateYard: "Failed to update yard",
  deleteYard: "An error occurred while deleting the yard.",
  createBuilding: "An error occurred while creating the building",
  updateBuilding: "Failed to update building",
  deleteBuilding: "An error occurred while deleting the building.",
  createTrailer: "Failed to create trailer",
  createTruck: "Failed to create truck. Please try again.",
  uploadTrailers: "Failed to upload trailers",
  /** The Edit Company page whose data failed to load, with why (spec 2 §8). */
  companyData: (reason: string) => `Failed to load company data: ${reason}`,
  /** Why a page's data failed to load: no answer came, or the server failed without saying why. */
  pageUnreachable: "The server could not be reached.",
  pageServerFailed: "The server failed to answer.",
  /** Added to a form's message when the request never reached the server. */
  unreachable: "The server could not be reached: check your connection and try again.",
} as const;

/**
 * What a form (or a button) says when its write fails: `server` when the server failed (a 500, a
 * 503 with its reason added), `unreachable` when no answer came, if the spec words that apart.
 */
export interface FormFailure {
  server: string;
  unreachable?: string;
  /**
   * An answer that is not the expected data (a proxy's HTML error page) says its status line,
   * "Server error: 502 Bad Gateway" (`answerStatusMessage`), where the spec words it so; else `server`.
   */
  answerStatus?: boolean;
}

/** A form page's answer to a failed write, for its server action and its page's script alike: the message, and the fields never sent back (passwords). */
export interface FailedForm {
  failure: FormFailure;
  hideFields?: string[];
}

/** Each form's failure, for its server action and its page's script alike. */
export const FORM_FAILURES = {
  login: { server: FAILURE_MESSAGES.tryAgain, unreachable: FAILURE_MESSAGES.unexpectedTryAgain },
  logOutOtherSession: { server: FAILURE_MESSAGES.logOutOtherSession },
  changePassword: { server: FAILURE_MESSAGES.changePassword },
  signup: { server: FAILURE_MESSAGES.tryAgain, unreachable: FAILURE_MESSAGES.unexpectedTryAgain },
  updateUser: { server: FAILURE_MESSAGES.updateUser },
  deactivateUser: { server: FAILURE_MESSAGES.deactivateUser, answerStatus: true },
  reactivateUser: { server: FAILURE_MESSAGES.reactivateUser },
  createCompany: { server: FAILURE_MESSAGES.createCompany },
  saveCompany: { server: FAILURE_MESSAGES.saveCompany },
  /** Listed under the dialog's "Failed to save account:". */
  saveAccount: { server: FAILURE_MESSAGES.saveAccount },
  deleteAccount: { server: FAILURE_MESSAGES.deleteAccount },
  /** Listed under the page's "Failed to seed test company". */
  seedTestCompany: { server: FAILURE_MESSAGES.tryAgain },
  createYard: { server: FAILURE_MESSAGES.createYard },
  updateYard: { server: FAILURE_MESSAGES.updateYard },
  deleteYard: { server: FAILURE_MESSAGES.deleteYard },
  createBuilding: { server: FAILURE_MESSAGES.createBuilding },
  updateBuilding: { server: FAILURE_MESSAGES.updateBuilding },
  deleteBuilding: { server: FAILURE_MESSAGES.deleteBuilding },
  createTrailer: { server: FAILURE_MESSAGES.createTrailer },
  updateTrailer: { server: FAILURE_MESSAGES.updateTrailer },
  deleteTrailer: { server: FAILURE_MESSAGES.deleteTrailer },
  uploadTrailers: { server: FAILURE_MESSAGES.uploadTrailers },
  createTruck: { server: FAILURE_MESSAGES.createTruck },
  updateTruck: { server: FAILURE_MESSAGES.updateTruck },
  deleteTruck: { server: FAILURE_MESSAGES.deleteTruck },
  saveSettings: { server: FAILURE_MESSAGES.saveSettings, unreachable: FAILURE_MESSAGES.saveSettingsUnexpected },
  createMove: { server: MOVE_MESSAGES.createFailed },
} as const satisfies Record<string, FormFailure>;

/**
 * A move action's failure (spec 1 §8): "Failed to accept move" when the server failed it, "Error:
 * Failed to accept the move" when no answer came, the status line for an answer that is not data.
 */
export function moveActionFailure(action: MoveAction): FormFailure {
  return { server: MOVE_MESSAGES.shortFailed(action), unreachable: MOVE_MESSAGES.actionFailed(action), answerStatus: true };
}

/** An answer that is not the data asked for, told by its status line: "Server error: 502 Bad Gateway". */
export function answerStatusMessage(status: number, statusText: string): string {
  return `Server error: ${status} ${statusText}`.trim();
}

/**
 * An answer that was not the data asked for (a proxy's HTML error page in place of the server's
 * answer): its status and status text, which the page's script learns from the answer itself.
 */
export class AnswerNotData extends Error {
  constructor(
    readonly status: number,
    readonly statusText: string,
  ) {
    super(answerStatusMessage(status, statusText));
    this.name = "AnswerNotData";
  }
}

/** The lists' messages ("Failed to fetch trailers" and its equivalents). */
export const LIST_FAILED: Record<DashboardTab | "companies" | "accounts", string> = {
  trailers: "Failed to fetch trailers",
  trucks: "Failed to fetch trucks",
  yards: "Failed to fetch yards",
  buildings: "Failed to fetch buildings",
  users: "Failed to fetch users",
  companies: "Failed to fetch companies",
  /** The admin dashboard: its companies' accounts, as cards and figures. */
  accounts: "Failed to fetch accounts",
};

/** A page with a Move Status panel, Create Move open: what failed to load is its choices. */
const panelPage =
  (otherwise: (params: URLSearchParams) => string) =>
  (params: URLSearchParams): string =>
    params.get(CREATE_MOVE_PARAM) === "1" ? MOVE_MESSAGES.loadTrailersFailed : otherwise(params);

/**
 * Each page's message when its data fails to load; any other page says `loadData`. `withReason`:
 * the page says why in its message (else the reason, when known, stands under it).
 */
const PAGE_FAILURES: readonly {
  pattern: RegExp;
  message: (params: URLSearchParams) => string;
  withReason?: (reason: string) => string;
}[] = [
  { pattern: /^\/$/, message: panelPage((params) => LIST_FAILED[parseDashboardView(params).tab]) },
  { pattern: /^\/admin\/dashboard$/, message: panelPage(() => LIST_FAILED.accounts) },
  {
    pattern: /^\/companies\/\d+\/edit$/,
    message: () => FAILURE_MESSAGES.companyData(FAILURE_MESSAGES.pageServerFailed),
    withReason: FAILURE_MESSAGES.companyData,
  },
  { pattern: /^\/companies$/, message: () => LIST_FAILED.companies },
  { pattern: /^\/trailers\/\d+(\/edit)?$/, message: () => FAILURE_MESSAGES.trailer },
  { pattern: /^\/trucks\/\d+(\/edit)?$/, message: () => FAILURE_MESSAGES.truck },
  { pattern: /^\/users\/\d+(\/edit)?$/, message: () => FAILURE_MESSAGES.user },
];

function pageFailureOf(pathname: string) {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return PAGE_FAILURES.find((candidate) => candidate.pattern.test(path));
}

/** The message of a page whose data failed to load (a server error, an answer that is not its data, no answer at all). */
export function loadFailureMessage(pathname: string, params: URLSearchParams): string {
  return pageFailureOf(pathname)?.message(params) ?? FAILURE_MESSAGES.loadData;
}

/**
 * What a page whose data failed to load says for `error`: its message, and the reason under it
 * when known (the server's, a 503's; that the server could not be reached) — or, on a page that
 * says why in its message ("Failed to load company data: …"), the message with the reason in it.
 */
export function loadFailure(pathname: string, params: URLSearchParams, error: unknown): { message: string; reason: string | null } {
  const failure = failureKind(error);
  const reason = failure.kind === "unreachable" ? FAILURE_MESSAGES.pageUnreachable : failure.kind === "server" ? failure.reason : null;
  const withReason = pageFailureOf(pathname)?.withReason;
  if (withReason) return { message: withReason(reason ?? FAILURE_MESSAGES.pageServerFailed), reason: null };
  return { message: loadFailureMessage(pathname, params), reason };
}

/** How a request failed, as the page's script sees it. */
export type FailureKind =
  /** No answer: the network, or the server went away. */
  | { kind: "unreachable" }
  /** The server answered with a refusal and its message (4xx). */
  | { kind: "refused"; message: string }
  /** The server answered with an error (5xx, or an answer that is not the page's data); `reason` when it gave one (503). */
  | { kind: "server"; reason: string | null };

/** The shape of a thrown response as the page's router holds it (`isRouteErrorResponse`). */
interface ErrorResponseLike {
  status: number;
  data: unknown;
}

function isErrorResponse(error: unknown): error is ErrorResponseLike {
  return typeof error === "object" && error !== null && typeof (error as ErrorResponseLike).status === "number" && "data" in error;
}

/** The message a thrown response carries: its text, or a `message` / `error` field. */
function messageIn(data: unknown): string | null {
  if (typeof data === "string") return data.trim() || null;
  if (typeof data !== "object" || data === null) return null;
  const { message, error } = data as { message?: unknown; error?: unknown };
  const text = typeof message === "string" ? message : typeof error === "string" ? error : null;
  return text?.trim() || null;
}

/**
 * Tells a failed request apart: `fetch` rejects with a TypeError when no answer came; a thrown
 * response has its status (a 4xx is a refusal with the server's message, a 503 says why); any
 * other error is the server failing (a 500, or an answer the page could not read).
 */
export function failureKind(error: unknown): FailureKind {
  if (error instanceof TypeError) return { kind: "unreachable" };
  if (isErrorResponse(error)) {
    const message = messageIn(error.data);
    if (error.status >= 400 && error.status < 500 && message) return { kind: "refused", message };
    return { kind: "server", reason: error.status === 503 ? message : null };
  }
  return { kind: "server", reason: null };
}

function sentence(text: string): string {
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

/**
 * What a form or button says when its request failed: the server's refusal as given; else the
 * catalogue's message for it (`server`; `unreachable`, when no answer came, if it has its own),
 * with the reason the server gave or that the server could not be reached; an answer that was not
 * data, its status line where the form says so (`answerStatus`).
 */
export function failureMessage(error: unknown, messages: FormFailure): string {
  if (error instanceof AnswerNotData) return messages.answerStatus ? error.message : messages.server;
  const failure = failureKind(error);
  if (failure.kind === "refused") return failure.message;
  if (failure.kind === "unreachable") return `${sentence(messages.unreachable ?? messages.server)} ${FAILURE_MESSAGES.unreachable}`;
  return serverFailureMessage(messages, failure.reason);
}

/**
 * What a form says when the server failed its write: the catalogue's message, with the reason
 * when the server gave one (a 503's). The server's own answer to the form and the page's script
 * say the same.
 */
export function serverFailureMessage(messages: FormFailure, reason: string | null): string {
  return reason ? `${sentence(messages.server)} ${reason}` : messages.server;
}
