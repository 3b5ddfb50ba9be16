import type { Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/cloudflare";
import type { z } from "zod";
import { asRefusal } from "#app/services/errors.server";
import { apiError } from "./api.server";

/** An /api endpoint: a service refusal is answered as `{error, errors, field}` with its status. */
export function apiRoute<Args>(handler: (args: Args) => Promise<Response>): (args: Args) => Promise<Response> {
  return async (args) => {
    try {
      return await handler(args);
    } catch (caught) {
      const error = asRefusal(caught);
      if (error) return apiError(error.status, error.errors, undefined, error.field);
      throw caught;
    }
  };
}

/** The body of a refusal thrown to a page's error boundary. */
export type RefusalData = { message: string; errors: string[] };

/**
 * A page loader: a service refusal (a missing record: 404) is thrown as a response, and the
 * route's error boundary shows its message with the status.
 */
export function pageRoute<Args, Result>(handler: (args: Args) => Promise<Result>): (args: Args) => Promise<Result> {
  return async (args) => {
    try {
      return await handler(args);
    } catch (caught) {
      const error = asRefusal(caught);
      if (error) throw data<RefusalData>({ message: error.message, errors: error.errors }, { status: error.status });
      throw caught;
    }
  };
}

/**
 * A form action's service call: a refusal comes back as the form's result, next to the field it
 * is about (else above the form), with its status. `hideFields` are never sent back (passwords).
 */
export async function replyTo<Result>(
  submission: Submission<unknown>,
  work: () => Promise<Result>,
  options: { hideFields?: string[] } = {},
) {
  try {
    return await work();
  } catch (caught) {
    const error = asRefusal(caught);
    if (!error) throw caught;
    const reply = error.field
      ? submission.reply({ fieldErrors: { [error.field]: error.errors }, ...options })
      : submission.reply({ formErrors: error.errors, ...options });
    return data(reply, { status: error.status });
  }
}

/**
 * A form page's action: the posted form is parsed with the page's schema (errors back to the form
 * with 400), then `work` runs with the parsed value, a refusal landing next to its field.
 */
export async function submitForm<Schema extends z.ZodType, Result>(
  request: Request,
  schema: Schema,
  work: (value: z.output<Schema>) => Promise<Result>,
) {
  const submission = parseWithZod(await request.formData(), { schema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  return replyTo(submission, () => work(submission.value));
}

/** A button's action (delete, deactivate): a refusal comes back as `{ errors }` for the page to list. */
export async function refusalOf<Result>(work: () => Promise<Result>) {
  try {
    return await work();
  } catch (caught) {
    const error = asRefusal(caught);
    if (!error) throw caught;
    return data({ errors: error.errors }, { status: error.status });
  }
}
