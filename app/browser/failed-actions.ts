import type { ShouldRevalidateFunction } from "@remix-run/react";
import { failureMessage, type FormFailure } from "#app/domain/failures";

/**
 * A form's answer when its request failed instead of being answered (no answer, a server error):
 * the page stays as it was, with what was typed, and says so next to the form. `error` and
 * `errors` carry the same message, for the pages that show one or a list.
 */
export interface ActionFailure {
  failed: true;
  error: string;
  errors: string[];
}

export function isActionFailure(value: unknown): value is ActionFailure {
  return typeof value === "object" && value !== null && (value as { failed?: unknown }).failed === true;
}

/**
 * A route's `clientAction` (or a fetcher's `clientLoader`): the server's answer (a redirect passes
 * through), or, when the request failed, an `ActionFailure` with the message `failureMessage` chooses.
 */
export async function orFailure<Answer>(request: () => Promise<Answer>, messages: FormFailure): Promise<Answer | ActionFailure> {
  try {
    return await request();
  } catch (error) {
    if (error instanceof Response) throw error;
    const message = failureMessage(error, messages);
    return { failed: true, error: message, errors: [message] };
  }
}

/**
 * After a failed form nothing is reloaded: the server was not reachable or not answering, and a
 * failed reload would replace the page, and what was typed in it, with the error page. After a
 * refusal (4xx) neither, as without this function; otherwise Remix's single fetch default (reload).
 */
export const keepPageAfterFailure: ShouldRevalidateFunction = ({ actionResult, actionStatus, defaultShouldRevalidate }) =>
  isActionFailure(actionResult) || (actionStatus ?? 0) >= 400 ? false : defaultShouldRevalidate;
