/**
 * Pages of the lists that stand newest first (a trailer's or truck's Complete History, each Move
 * Status list): a page's place is a cursor in the page's URL, so Older and Newer are plain links
 * that work without JavaScript, and a page reloaded by a live update shows the same rows.
 */
import type { MoveState } from "./moves";

/** A list's two URL parameters: `before` a cursor, the page of the rows older than it; `after` one, the newer. */
export interface PageParams {
  before: string;
  after: string;
}

/** The Complete History of a trailer's or truck's page. */
export const HISTORY_PAGE_PARAMS: PageParams = { before: "history_before", after: "history_after" };

/** A JSON API list's cursors (`GET /api/moves`, a trailer's or truck's location history). */
export const API_PAGE_PARAMS: PageParams = { before: "before", after: "after" };

/** Where the Complete History stands on its page: links to another of its pages land there. */
export const HISTORY_ANCHOR = "complete-history";

/** Each Move Status list keeps its own place: `finished_before`, `requested_after`… */
export function movePageParams(state: MoveState): PageParams {
  return { before: `${state}_before`, after: `${state}_after` };
}

/** Whether a URL parameter is a list's place, which a new search drops. */
export function isPageParam(name: string): boolean {
  return /^[a-z_]+_(before|after)$/.test(name);
}

export const PAGE_MESSAGES = {
  badCursor: "This page's link is not valid: start again from the newest.",
} as const;

/**
 * A list's cursors as a URL gives them (empty: none; a real cursor is under 100 characters), and
 * the parameter a cursor that cannot be read is refused by.
 */
export function pageQueryOf(params: URLSearchParams, names: PageParams) {
  const read = (name: string) => params.get(name)?.slice(0, 200) || null;
  const before = read(names.before);
  return { before, after: before ? null : read(names.after), field: before ? names.before : names.after };
}

/** A page of a newest-first list, with how many it holds, how many come before it, and the cursors of the pages beside it. */
export interface CountedPage<Item> {
  entries: Item[];
  total: number;
  offset: number;
  /** The older page's cursor (its `before`), the newer page's (its `after`); null at either end. */
  older: string | null;
  newer: string | null;
}

/**
 * The address of another page of a list: the current parameters with the list's place set to
 * `to` (the newest page when both are null), `extra` set too, ending at `hash`.
 */
export function pageHref(
  current: URLSearchParams,
  names: PageParams,
  to: { before?: string | null; after?: string | null },
  options: { extra?: Record<string, string>; hash?: string } = {},
): string {
  const params = new URLSearchParams(current);
  params.delete(names.before);
  params.delete(names.after);
  if (to.before) params.set(names.before, to.before);
  else if (to.after) params.set(names.after, to.after);
  for (const [name, value] of Object.entries(options.extra ?? {})) params.set(name, value);
  const search = params.toString();
  return `?${search}${options.hash ? `#${options.hash}` : ""}`;
}

/** "Stays 201–400 of 1,234" */
export function pageRange(noun: string, offset: number, shown: number, total: number): string {
  const number = (value: number) => value.toLocaleString("en-US");
  if (!shown) return `No ${noun.toLowerCase()} here: ${number(total)} in all`;
  return `${noun} ${number(offset + 1)}–${number(offset + shown)} of ${number(total)}`;
}
