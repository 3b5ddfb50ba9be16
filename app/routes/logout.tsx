import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { signedOutCookies, systemContext } from "#app/http/auth-responses.server";
import { logOut } from "#app/services/auth.server";
import type { StatementBudget } from "#app/http/route-methods";

export const statementBudget = { GET: 0 } satisfies StatementBudget;

/** The Log Out form of the profile menu (and of the first-login dialog). */
export async function action({ request, context }: ActionFunctionArgs) {
  await logOut(systemContext(context), await context.session(), "logout");
  return redirect("/login", { headers: signedOutCookies(request) });
}

export function loader() {
  return redirect("/login");
}
