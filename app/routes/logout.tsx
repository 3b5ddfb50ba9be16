import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { endSession } from "~/services/auth.server";
import { clearSessionCookie, getLiveSession } from "~/lib/guards.server";
import { closeSessionSockets } from "~/lib/realtime.server";

export async function action({ request, context }: ActionFunctionArgs) {
  const live = await getLiveSession(request, context);
  if (live) {
    await endSession(context.db(), live.session.id, "logout");
    await closeSessionSockets(context.cloudflare.env, live.session.id, live.user, "logout");
  }
  return redirect("/login", { headers: { "Set-Cookie": clearSessionCookie(request) } });
}

export function loader() {
  return redirect("/login");
}
