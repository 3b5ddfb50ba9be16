import type { ZodError } from "zod";
import { apiError } from "../lib/api.server";

/** A refusal a service gives on purpose: a status and the messages the user should read. */
export class ServiceError extends Error {
  readonly errors: string[];
  constructor(
    readonly status: 400 | 403 | 404 | 409 | 429,
    errors: string | string[],
  ) {
    const list = Array.isArray(errors) ? errors : [errors];
    super(list[0]);
    this.errors = list;
  }
}

/** The distinct messages of a failed Zod parse, in order. */
export function validationErrors(error: ZodError): string[] {
  return [...new Set(error.issues.map((issue) => issue.message))];
}

/** Runs an API handler, answering a ServiceError as `{error, errors}` with its status. */
export async function answerServiceErrors(handler: () => Promise<Response>): Promise<Response> {
  try {
    return await handler();
  } catch (error) {
    if (error instanceof ServiceError) return apiError(error.status, error.errors);
    throw error;
  }
}
