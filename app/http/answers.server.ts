import type { Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/cloudflare";
import type { z } from "zod";
import { serverFailureMessage, type FailedForm, type FormFailure } from "#app/domain/failures";
import { isDatabaseUnavailable } from "#app/lib/db.server";
import { DATABASE_UNAVAILABLE, RETRY_AFTER_SECONDS } from "#app/lib/unavailable.server";
import { asRefusal, type ServiceError } from "#app/services/errors.server";
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
 * How a write that failed unexpectedly is answered, where a thrown error would replace the form
 * with the error page: the form's failure message, 503 with Retry-After and the reason when the
 * database could not serve, else 500. A thrown response (a redirect, a 503 of the session's)
 * passes through, as Remix answers it.
 */
export function writeFailure(caught: unknown, failure: FormFailure): { status: 500 | 503; errors: string[]; headers: HeadersInit } {
  if (caught instanceof Response || isDataWithResponseInit(caught)) throw caught;
  if (isDatabaseUnavailable(caught)) {
    const cause = caught instanceof Error && caught.cause instanceof Error ? caught.cause : caught;
    console.warn(`database unavailable: ${cause instanceof Error ? cause.message : String(cause)}`);
    const headers = { "Retry-After": String(RETRY_AFTER_SECONDS) };
    return { status: 503, errors: [serverFailureMessage(failure, DATABASE_UNAVAILABLE)], headers };
  }
  console.error(caught);
  return { status: 500, errors: [serverFailureMessage(failure, null)], headers: {} };
}

function isDataWithResponseInit(value: unknown): boolean {
  return typeof value === "object" && value !== null && (value as { type?: unknown }).type === "DataWithResponseInit";
}

/**
 * `work`, or the answer `failed` gives its errors when it fails: a refusal with its status, any
 * other failure with `writeFailure`'s.
 */
export async function orFailedWrite<Result, Failed>(
  work: () => Promise<Result>,
  failure: FormFailure,
  failed: (errors: string[], refusal: ServiceError | null) => Failed,
) {
  try {
    return await work();
  } catch (caught) {
    const refusal = asRefusal(caught);
    if (refusal) return data(failed(refusal.errors, refusal), { status: refusal.status });
    const { status, errors, headers } = writeFailure(caught, failure);
    return data(failed(errors, null), { status, headers });
  }
}

/**
 * A form action's service call: a refusal comes back as the form's result, next to the field it
 * is about (else above the form), with its status; a write that failed otherwise (the database
 * down, a server error) comes back above the form with the form's failure message, as typed, so
 * even a page without JavaScript keeps what was typed. `hideFields` are never sent back.
 */
export async function replyTo<Result>(submission: Submission<unknown>, work: () => Promise<Result>, options: FailedForm) {
  const { hideFields } = options;
  return orFailedWrite(work, options.failure, (errors, refusal) =>
    refusal?.field
      ? submission.reply({ fieldErrors: { [refusal.field]: errors }, hideFields })
      : submission.reply({ formErrors: errors, hideFields }),
  );
}

/**
 * A form page's action: the posted form is parsed with the page's schema (errors back to the form
 * with 400), then `work` runs with the parsed value, as `replyTo` says.
 */
export async function submitForm<Schema extends z.ZodType, Result>(
  request: Request,
  schema: Schema,
  work: (value: z.output<Schema>) => Promise<Result>,
  options: FailedForm,
) {
  const submission = parseWithZod(await request.formData(), { schema });
  if (submission.status !== "success") return data(submission.reply({ hideFields: options.hideFields }), { status: 400 });
  return replyTo(submission, () => work(submission.value), options);
}

/** A button's action (delete, deactivate): a refusal, or the button's failure message, comes back as `{ errors }` for the page to list. */
export async function refusalOf<Result>(work: () => Promise<Result>, failure: FormFailure) {
  return orFailedWrite(work, failure, (errors) => ({ errors }));
}
