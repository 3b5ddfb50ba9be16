import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { loginSchema } from "~/domain/auth";
import { apiError, methodNotAllowed, readJson } from "~/lib/api.server";
import { closeReplacedSession, signedInCookies } from "~/lib/auth-responses.server";
import { clientInfo } from "~/lib/guards.server";
import { logIn, sessionInfo, sessionUser } from "~/services/auth.server";

/** `POST /api/auth/login` {email, password, force_login, agreed_to_terms} → the spec's login response. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  const parsed = loginSchema.safeParse(await readJson(request));
  if (!parsed.success) return apiError(400, [...new Set(parsed.error.issues.map((issue) => issue.message))]);
  const outcome = await logIn(context.db(), parsed.data, clientInfo(request));
  if (outcome.kind === "refused") {
    const headers = outcome.retryAfterSeconds ? { "Retry-After": String(outcome.retryAfterSeconds) } : undefined;
    return Response.json(
      { error: outcome.error, errors: [outcome.error], retry_after_seconds: outcome.retryAfterSeconds ?? null },
      { status: outcome.status, headers },
    );
  }
  if (outcome.kind === "active_elsewhere") {
    return Response.json({
      session_id: null,
      hasActiveSession: true,
      sessionInfo: sessionInfo(outcome.other),
      previous_session_timed_out: false,
      user: null,
      errors: [],
    });
  }
  closeReplacedSession(context, outcome);
  return Response.json(
    {
      session_id: outcome.session.id,
      hasActiveSession: false,
      sessionInfo: sessionInfo(outcome.session),
      previous_session_timed_out: outcome.previousSessionTimedOut,
      user: sessionUser(outcome.user, outcome.previousSessionTimedOut),
      errors: [],
    },
    { headers: signedInCookies(request, outcome) },
  );
}

export function loader() {
  return methodNotAllowed();
}
