import { parseWithZod } from "@conform-to/zod/v4";
import type { ClientActionFunctionArgs } from "@remix-run/react";
import type { z } from "zod";
import type { FailedForm } from "#app/domain/failures";
import { isActionFailure, orFailure } from "./failed-actions";

/**
 * The `clientAction` of a Conform form's page: the server's answer, or, when the request failed
 * (a server error, no answer), the form's own reply with the failure's message above its fields —
 * the form keeps what was typed (but `hideFields`, the passwords) and can be sent again. A write the
 * server failed itself comes back as the form's own answer already (`replyTo`), with the same message.
 */
export function formClientAction(schema: z.ZodType, { failure, hideFields }: FailedForm) {
  return async ({ request, serverAction }: ClientActionFunctionArgs) => {
    const formData = await request.clone().formData();
    const answer = await orFailure(() => serverAction(), failure);
    if (!isActionFailure(answer)) return answer;
    const reply = parseWithZod(formData, { schema }).reply({ formErrors: answer.errors, hideFields });
    // `failed` marks it for `keepPageAfterFailure`; the reply's own `error` is Conform's, by field.
    return { ...reply, failed: true as const };
  };
}
