import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApi } from "#app/http/guards.server";
import { sessionUser } from "#app/services/auth.server";
import type { StatementBudget } from "#app/http/route-methods";

export const statementBudget = { GET: 1 } satisfies StatementBudget;

/** `GET /api/auth/`: restores the session user. */
export async function loader({ context }: LoaderFunctionArgs) {
  const { user, session } = await requireApi(context, { allowFirstLogin: true });
  return Response.json({ session_id: session.id, user: sessionUser(user), errors: [] });
}
