import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { apiError, methodNotAllowed, readJson } from "~/lib/api.server";
import { requireApi } from "~/lib/guards.server";
import { readTimeoutHours, updateTimeoutHours } from "~/services/settings.server";

/** `GET /api/settings/timeout` (admin) → {timeout_hours}. */
export async function loader({ context }: LoaderFunctionArgs) {
  await requireApi(context, { adminOnly: true });
  return Response.json({ timeout_hours: await readTimeoutHours(context.db()) });
}

/** `PUT /api/settings/timeout` {timeout_hours} (admin) → {timeout_hours}. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "PUT") return methodNotAllowed();
  const { actor } = await requireApi(context, { adminOnly: true });
  const outcome = await updateTimeoutHours(context.db(), actor, await readJson(request));
  if (!outcome.ok) return apiError(400, outcome.errors);
  return Response.json({ timeout_hours: outcome.timeoutHours, message: "Session timeout updated successfully" });
}
