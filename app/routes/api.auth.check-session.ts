import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { sessionMessage } from "#app/http/guards.server";
import type { StatementBudget } from "#app/http/route-methods";

export const statementBudget = { GET: 1 } satisfies StatementBudget;

/** `GET /api/auth/check-session` → {valid, timed_out, message}. Does not count as activity. */
export async function loader({ context }: LoaderFunctionArgs) {
  const session = await context.session();
  const valid = session.state === "live";
  return Response.json(
    {
      valid,
      timed_out: session.state === "timed_out",
      invalidated: session.state === "invalidated",
      message: sessionMessage(session.state),
      timeout_hours: valid ? session.timeoutHours : null,
      last_activity: valid ? session.session.lastActivity.toISOString() : null,
    },
    { status: valid ? 200 : 401, headers: { "Cache-Control": "no-store" } },
  );
}
