/** The methods a route module may declare it serves (HEAD goes with GET). */
export const ROUTE_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
export type RouteMethod = (typeof ROUTE_METHODS)[number];

/**
 * A route module's `handle` when its action serves methods other than POST (`PUT`, `DELETE`):
 * `export const handle = serves("GET", "PUT", "DELETE")`. The Worker answers any other method
 * with 405 (app/lib/methods.server.ts).
 */
export function serves(...methods: RouteMethod[]): { methods: RouteMethod[] } {
  return { methods };
}
