import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { sql } from "drizzle-orm";

/** 200 when the database answers, 503 when it does not. */
export async function loader({ context }: LoaderFunctionArgs) {
  try {
    await context.db().execute(sql`select 1`);
    return Response.json({ status: "ok", database: "reachable" }, { headers: { "Cache-Control": "no-store" } });
  } catch {
    return Response.json(
      { status: "unavailable", database: "unreachable" },
      { status: 503, headers: { "Cache-Control": "no-store" } },
    );
  }
}
