/**
 * A response's `Server-Timing` metric naming the statements its request sent to the database
 * before the response was made: `db;desc="5 statements"` (browsers' developer tools show it with
 * the request's timing). A body streamed later (a report's later batches) is read after the
 * headers have left, so what it reads is not in the count.
 */
export function statementsTiming(count: number): string {
  return `db;desc="${count} statements"`;
}

/** The statement count a `Server-Timing` header reports, or null when it reports none. */
export function reportedStatements(serverTiming: string | null | undefined): number | null {
  const match = /(?:^|,)\s*db;desc="(\d+) statements"/.exec(serverTiming ?? "");
  return match ? Number(match[1]) : null;
}

/** The response with its request's statement count added to its `Server-Timing`. */
export function withStatementsTiming(response: Response, count: number): Response {
  response.headers.append("Server-Timing", statementsTiming(count));
  return response;
}
