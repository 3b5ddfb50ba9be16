import { z } from "zod";
import { optionalId } from "./fields";
import { LIMITS } from "./limits";
import { MOVE_MESSAGES, MOVE_TYPES } from "./moves";

/** The schema of Create Move, for the server's actions and API that validate it. */

/** One leg of a Create Move request, as the form and the API send it (trailer by number). */
const text = z.preprocess((value) => (typeof value === "string" || typeof value === "number" ? String(value).trim() : ""), z.string());
const legSchema = z.object({
  from: text,
  to: text,
  trailer: text.transform((value) => value.toUpperCase()),
});

export const createMoveSchema = z.object({
  account_id: optionalId("Account ID").catch(undefined),
  move_details: z.object(
    {
      type: z.enum(MOVE_TYPES, { error: MOVE_MESSAGES.legCount }),
      moves: z.array(legSchema, { error: MOVE_MESSAGES.legCount }).max(3, MOVE_MESSAGES.legCount),
    },
    { error: MOVE_MESSAGES.legCount },
  ),
});
export type CreateMoveInput = z.infer<typeof createMoveSchema>;

/** The message of a search longer than LIMITS.search, naming its parameter. */
export const SEARCH_TOO_LONG = `Search (q) must be at most ${LIMITS.search} characters`;

/**
 * `GET /api/moves/available-trailers`' query: `location`, `account_id` (admins), `exclude_red_tagged`
 * ("true") and `q`, the search (400 naming `q` when longer than LIMITS.search).
 */
export const AVAILABLE_TRAILERS_QUERY = z
  .object({
    location: z.string().optional(),
    account_id: z.string().optional(),
    exclude_red_tagged: z.string().optional(),
    q: z.string().trim().max(LIMITS.search, SEARCH_TOO_LONG).optional(),
  })
  .transform((query) => ({
    account: query.account_id ?? null,
    location: query.location ?? "",
    excludeRedTagged: query.exclude_red_tagged === "true",
    search: query.q ?? "",
  }));
