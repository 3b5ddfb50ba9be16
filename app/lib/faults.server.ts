import { sql, type SQL } from "drizzle-orm";

/**
 * A request can make its own writes fail in the database, on purpose, by naming a fault in the
 * `X-Yardline-Fault` header: the end-to-end tests of failed forms use it to see a form through a
 * real failure of the real server. Only a Worker whose `YARDLINE_FAULTS` variable is `allow`
 * honours the header; anywhere else it is ignored. `scripts/start.ts --faults` sets the variable,
 * and only the end-to-end server is started with `--faults`; no environment of wrangler.toml
 * declares it (tests/integration/wrangler-config.test.ts, and `npm test`'s dry-run deploys, hold
 * that), so a deployed Worker and `npm start` never have it.
 */
export const FAULT_HEADER = "X-Yardline-Fault";
export const FAULTS_ALLOWED = "allow";

/** `write-500`: the write fails with an error (500). `write-503`: its statement is cancelled as past its timeout (503). */
export const FAULTS = ["write-500", "write-503"] as const;
export type Fault = (typeof FAULTS)[number];

/** The fault the request asks for, when the Worker allows faults; else null. */
export function requestedFault(request: Request, env: { YARDLINE_FAULTS?: string }): Fault | null {
  if (env.YARDLINE_FAULTS !== FAULTS_ALLOWED) return null;
  const asked = request.headers.get(FAULT_HEADER)?.trim();
  return FAULTS.find((fault) => fault === asked) ?? null;
}

/**
 * What the database runs at the start of each write's transaction to fail it: an exception
 * raised (as any unexpected error of a write), or a statement cancelled by its timeout (as when
 * the database is overloaded: 57014). The transaction is rolled back; nothing is written.
 */
export function faultStatements(fault: Fault): SQL[] {
  if (fault === "write-503") return [sql`set local statement_timeout = 1`, sql`select pg_sleep(1)`];
  return [sql.raw(`do $$ begin raise exception 'a write failed on purpose (${FAULT_HEADER}: ${fault})'; end $$`)];
}
