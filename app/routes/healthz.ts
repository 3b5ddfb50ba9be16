import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { databaseReachable } from "#app/services/health.server";
import type { StatementBudget } from "#app/http/route-methods";

export const statementBudget = { GET: 1 } satisfies StatementBudget;

/** 200 when the database answers, 503 when it does not. */
export async function loader({ context }: LoaderFunctionArgs) {
  const headers = { "Cache-Control": "no-store" };
  if (await databaseReachable(context.db())) return Response.json({ status: "ok", database: "reachable" }, { headers });
  return Response.json({ status: "unavailable", database: "unreachable" }, { status: 503, headers });
}
