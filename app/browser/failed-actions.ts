import type { ShouldRevalidateFunction } from "@remix-run/react";
import { AnswerNotData, failureMessage, type FormFailure } from "#app/domain/failures";

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
  if (messages.answerStatus) watchAnswersNotData();
  try {
    return await request();
  } catch (error) {
    if (error instanceof Response) throw error;
    const message = failureMessage(answerNotDataOf(error) ?? error, messages);
    return { failed: true, error: message, errors: [message] };
  }
}

/** The content type of Remix's data answers (single fetch). */
const REMIX_DATA = /^text\/x-script\b/;
/** What Remix's single fetch throws when an answer is not its data: the address, never the status. */
const UNDECODABLE = /^Unable to decode turbo-stream response from URL: (.+)$/;
/** How many such answers are remembered, the latest kept. */
const REMEMBERED = 20;

/** The status line of the latest answer at each data address (`….data`) that was not Remix's data. */
const answersNotData = new Map<string, AnswerNotData>();
let watching = false;

function addressOf(input: RequestInfo | URL): string {
  return input instanceof Request ? input.url : String(input);
}

/**
 * Remembers the status of each answer to a Remix data request that is not Remix's data (a
 * proxy's error page), since Remix's error for it names only the address: the page's `fetch`,
 * wrapped once, the first time a form that tells such answers by their status is sent.
 */
function watchAnswersNotData(): void {
  if (watching || typeof globalThis.fetch !== "function") return;
  watching = true;
  const original = globalThis.fetch;
  globalThis.fetch = async (input, init) => {
    const response = await original.call(globalThis, input, init);
    const address = addressOf(input);
    if (new URL(address, "http://localhost").pathname.endsWith(".data")) {
      if (REMIX_DATA.test(response.headers.get("Content-Type") ?? "")) answersNotData.delete(address);
      else {
        answersNotData.delete(address);
        answersNotData.set(address, new AnswerNotData(response.status, response.statusText));
        if (answersNotData.size > REMEMBERED) answersNotData.delete(answersNotData.keys().next().value!);
      }
    }
    return response;
  };
}

/** The answer that was not data behind Remix's error for it, with its status line; else null. */
function answerNotDataOf(error: unknown): AnswerNotData | null {
  const address = error instanceof Error ? UNDECODABLE.exec(error.message)?.[1] : undefined;
  return (address && answersNotData.get(address)) || null;
}

/**
 * After a failed form nothing is reloaded: the server was not reachable or not answering, and a
 * failed reload would replace the page, and what was typed in it, with the error page. After a
 * refusal (4xx) neither, as without this function; otherwise Remix's single fetch default (reload).
 */
export const keepPageAfterFailure: ShouldRevalidateFunction = ({ actionResult, actionStatus, defaultShouldRevalidate }) =>
  isActionFailure(actionResult) || (actionStatus ?? 0) >= 400 ? false : defaultShouldRevalidate;
