import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import type { RealtimeEvent } from "~/domain/realtime-events";
import { publish } from "~/lib/realtime.server";

/**
 * Publishes an event to an account's room. Present only when the Worker runs with TEST_HOOKS=1
 * (the end-to-end test server); everywhere else it is an unknown path.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const { env } = context.cloudflare;
  if (env.TEST_HOOKS !== "1") return new Response("Not found", { status: 404 });
  const { accountId, event } = (await request.json()) as { accountId: number; event: RealtimeEvent };
  await publish(env, accountId, event);
  return Response.json({ published: true });
}

export function loader() {
  return new Response("Not found", { status: 404 });
}
