import { redirect } from "@remix-run/cloudflare";
import type { StatementBudget } from "#app/http/route-methods";

export const statementBudget = { GET: 0 } satisfies StatementBudget;

/** Any path the product does not know goes to /login (which sends a signed-in user home). */
export function loader() {
  return redirect("/login");
}

export function action() {
  return redirect("/login");
}
