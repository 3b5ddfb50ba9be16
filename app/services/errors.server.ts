import type { ZodError } from "zod";

/**
 * A refusal a service gives on purpose: a status, the messages the user should read, and the
 * field they are about when there is one (the form shows them next to it). 413 is a file over its
 * size; 500 a write that failed on the server's side and was rolled back, said plainly.
 */
export class ServiceError extends Error {
  readonly errors: string[];
  constructor(
    readonly status: 400 | 403 | 404 | 409 | 413 | 429 | 500,
    errors: string | string[],
    readonly field?: string,
  ) {
    const list = Array.isArray(errors) ? errors : [errors];
    super(list[0]);
    this.errors = list;
  }
}

export const NUL_MESSAGE = "Text must not contain the NUL character (\\u0000)";

/**
 * A service refusal, or what Postgres refused in the input itself (text holding U+0000, which no
 * Postgres text can store) as a 400; null for anything else, which stays an error.
 */
export function asRefusal(error: unknown): ServiceError | null {
  if (error instanceof ServiceError) return error;
  const wrapped = error as { cause?: { code?: string }; code?: string } | null;
  const code = wrapped?.cause?.code ?? wrapped?.code;
  return code === "22021" || code === "22P05" ? new ServiceError(400, NUL_MESSAGE) : null;
}

/** The distinct messages of a failed Zod parse, in order. */
export function validationErrors(error: ZodError): string[] {
  return [...new Set(error.issues.map((issue) => issue.message))];
}

/**
 * Parses a service's input with its schema; a failure is a 400 with the schema's messages, naming
 * the first field it is about.
 */
export function parseInput<T>(
  schema: { safeParse(input: unknown): { success: true; data: T } | { success: false; error: ZodError } },
  input: unknown,
): T {
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    const field = parsed.error.issues.find((issue) => typeof issue.path[0] === "string")?.path[0];
    throw new ServiceError(400, validationErrors(parsed.error), field as string | undefined);
  }
  return parsed.data;
}
