import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { loginSchema } from "#app/domain/auth-schemas";
import { apiRoute } from "#app/http/answers.server";
import { readJson } from "#app/http/api.server";
import { clientOf, signedInCookies, systemContext } from "#app/http/auth-responses.server";
import { logIn, sessionInfo, sessionUser } from "#app/services/auth.server";
import { parseInput } from "#app/services/errors.server";
import type { StatementBudget } from "#app/http/route-methods";

export const statementBudget = { POST: 20 } satisfies StatementBudget;

/** `POST /api/auth/login` {email, password, force_login, agreed_to_terms} → the spec's login response. */
export const action = apiRoute(async ({ request, context }: ActionFunctionArgs) => {
  const input = parseInput(loginSchema, await readJson(request));
  const outcome = await logIn(systemContext(context), input, clientOf(request, context));
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
});
