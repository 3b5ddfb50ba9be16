import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { MESSAGES } from "#app/domain/auth";
import { apiRoute } from "#app/http/answers.server";
import { readJson } from "#app/http/api.server";
import { requireApi } from "#app/http/guards.server";
import { readTimeoutHours, updateTimeoutHours } from "#app/services/settings.server";
import { serves, type StatementBudget } from "#app/http/route-methods";

export const statementBudget = { GET: 2 } satisfies StatementBudget;

/** `GET /api/settings/timeout` (admin) → {timeout_hours}. */
export const loader = apiRoute(async ({ context }: LoaderFunctionArgs) => {
  const { ctx } = await requireApi(context, { adminOnly: true });
  return Response.json({ timeout_hours: await readTimeoutHours(ctx) });
});

/** `PUT /api/settings/timeout` {timeout_hours} (admin) → {timeout_hours}. */
export const action = apiRoute(async ({ request, context }: ActionFunctionArgs) => {
  const { ctx } = await requireApi(context, { adminOnly: true });
  const hours = await updateTimeoutHours(ctx, await readJson(request));
  return Response.json({ timeout_hours: hours, message: MESSAGES.timeoutUpdated });
});

export const handle = serves("GET", "PUT");
