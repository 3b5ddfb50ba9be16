/** Shapes of the JSON API: errors always as `{ error, errors }` with a 4xx status. */
export function apiError(status: number, errors: string | string[], headers?: HeadersInit): Response {
  const list = Array.isArray(errors) ? errors : [errors];
  return Response.json({ error: list[0], errors: list }, { status, headers });
}

export const INVALID_JSON = "The request body must be JSON";

/** The JSON body of a request, or a 400 thrown when it is not JSON. An empty body is `{}`. */
export async function readJson(request: Request): Promise<unknown> {
  const text = await request.text();
  if (!text.trim()) return {};
  try {
    return JSON.parse(text);
  } catch {
    throw apiError(400, INVALID_JSON);
  }
}

export function methodNotAllowed(): Response {
  return apiError(405, "Method not allowed");
}
