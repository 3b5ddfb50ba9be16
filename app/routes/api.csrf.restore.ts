import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import type { StatementBudget } from "#app/http/route-methods";

export const statementBudget = { GET: 1 } satisfies StatementBudget;

/** `GET /api/csrf/restore`: the CSRF token for this browser, also set as the `csrf_token` cookie. */
export async function loader({ context }: LoaderFunctionArgs) {
  const { token, setCookie } = await context.csrf();
  const headers = new Headers({ "Cache-Control": "no-store" });
  if (setCookie) headers.append("Set-Cookie", setCookie);
  return Response.json({ csrf_token: token }, { headers });
}
