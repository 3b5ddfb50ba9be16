import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { csrfCookie } from "~/lib/csrf.server";
import { clearSessionCookie } from "~/lib/guards.server";
import { closeSessionSockets } from "~/lib/realtime.server";
import { newToken } from "~/lib/session.server";
import { endSession } from "~/services/auth.server";

/** The Log Out form of the profile menu (and of the first-login dialog). */
export async function action({ request, context }: ActionFunctionArgs) {
  const session = await context.session();
  if (session.state === "live") {
    await endSession(context.db(), session.session.id, "logout");
    context.cloudflare.ctx.waitUntil(
      closeSessionSockets(context.cloudflare.env, session.session.id, session.user, "logout").catch(() => {}),
    );
  }
  const headers = new Headers();
  headers.append("Set-Cookie", clearSessionCookie(request));
  headers.append("Set-Cookie", csrfCookie(request, newToken()));
  return redirect("/login", { headers });
}

export function loader() {
  return redirect("/login");
}
