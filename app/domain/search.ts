/**
 * The header's global search: the `q` URL parameter. The pages with lists narrow them in place;
 * a page with nothing to search sends the search to the account dashboard, whose tabs it narrows.
 */
import { LIMITS } from "./limits";
import { isPageParam } from "./list-pages";

/** The URL parameter of the global search. */
export const SEARCH_PARAM = "q";

/** The pages whose lists the search narrows where they stand. */
export const SEARCH_IN_PLACE = ["/", "/admin/dashboard", "/companies", "/audit-logs"] as const;

function withoutTrailingSlash(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, "") || "/" : pathname;
}

/** Whether a search typed on `pathname` narrows that page's own lists. */
export function searchesInPlace(pathname: string): boolean {
  return (SEARCH_IN_PLACE as readonly string[]).includes(withoutTrailingSlash(pathname));
}

/** Where a search typed on `pathname` goes: the page itself when it has lists to narrow, else the dashboard `/`. */
export function searchTarget(pathname: string): string {
  return searchesInPlace(pathname) ? withoutTrailingSlash(pathname) : "/";
}

/**
 * Parameters a new search drops: the search itself, the position in the old result (page,
 * cursor, a list's page: `isPageParam`) and a record opened from it (details).
 */
const RESET_BY_SEARCH = new Set([SEARCH_PARAM, "page", "cursor", "details"]);
const resetBySearch = (name: string) => RESET_BY_SEARCH.has(name) || isPageParam(name);

/**
 * The parameters of the current page a search keeps: on a page that searches in place, its view
 * (tab, filters, account, open list…) without the old search and position; elsewhere none.
 */
export function paramsKeptBySearch(pathname: string, current: URLSearchParams): [string, string][] {
  if (!searchesInPlace(pathname)) return [];
  return [...current].filter(([name]) => !resetBySearch(name));
}

/** The address a search for `text` typed on `pathname` (with its current parameters) lands on. */
export function searchHref(pathname: string, current: URLSearchParams, text: string): string {
  const params = new URLSearchParams(paramsKeptBySearch(pathname, current));
  const query = text.trim();
  if (query) params.set(SEARCH_PARAM, query);
  const search = params.toString();
  const target = searchTarget(pathname);
  return search ? `${target}?${search}` : target;
}

/** A search as typed: trimmed, its first LIMITS.search characters; empty when none. */
export function searchText(text: string | null | undefined): string {
  return (text ?? "").trim().slice(0, LIMITS.search).trim();
}

/** The search text of a request (its `q`): see `searchText`. */
export function searchTextOf(params: URLSearchParams): string {
  return searchText(params.get(SEARCH_PARAM));
}
