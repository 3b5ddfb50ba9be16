/** The methods a route module may declare it serves (HEAD goes with GET). */
export const ROUTE_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
export type RouteMethod = (typeof ROUTE_METHODS)[number];

/**
 * A route module's `handle` when its action serves methods other than POST (`PUT`, `DELETE`):
 * `export const handle = serves("GET", "PUT", "DELETE")`. The Worker answers any other method
 * with 405 (app/http/methods.server.ts).
 */
export function serves(...methods: RouteMethod[]): { methods: RouteMethod[] } {
  return { methods };
}

/**
 * The most statements (round trips to the database) one request to a route may send against the
 * demo data, for each method measured: `export const statementBudget = { GET: 5 } satisfies
 * StatementBudget`, beside the route's code. Every route module declares one: the statement
 * budget end-to-end test (tests/e2e/statement-budget.spec.ts) requests each route, reads the
 * count from the response's `Server-Timing` (app/lib/server-timing.server.ts) and fails when a
 * request sends more than its budget, so a query per row fails there rather than in production.
 * An export of its own, not part of `handle`, which Remix also sends to the browser.
 */
export type StatementBudget = Partial<Record<RouteMethod, number>>;
