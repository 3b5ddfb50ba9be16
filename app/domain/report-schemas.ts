/**
 * The query strings of the reports that carry more than a dashboard view or the audit log's
 * filters: the moves report's days and the history report's trailer or truck, parsed by the HTTP
 * layer into the `ReportQuery` the service takes. In a module of its own, so the pages that link
 * to reports load no Zod.
 */
import { z } from "zod";
import { optionalDate } from "./fields";
import { idParam } from "./ids";
import { MOVE_STATES } from "./moves";
import type { MovesReportQuery } from "./reports";
import { searchText } from "./search";

export const REPORT_QUERY_MESSAGES = {
  assetRequired: "Choose the trailer or truck whose history to report",
} as const;

/**
 * `from` and `to`: calendar days between 1900 and 2100 (400 naming the first that is not; blank
 * is none); `state`: one of the move states, else none; `account`: an id, else none; `q`: the
 * header's search. Whether `from` comes before `to` depends on today, so the service decides it.
 */
export const MOVES_REPORT_QUERY = z
  .object({
    from: optionalDate("From"),
    to: optionalDate("To"),
    state: z.string().optional(),
    account: z.string().optional(),
    q: z.string().optional(),
  })
  .transform((query): MovesReportQuery => ({
    from: query.from ?? null,
    to: query.to ?? null,
    state: MOVE_STATES.find((state) => state === query.state) ?? null,
    account: idParam(query.account),
    search: searchText(query.q),
  }));

/** `id`: the trailer or truck, a whole number (400 when missing or not one; one that is no row's id is not found). */
export const HISTORY_REPORT_QUERY = z.object({
  id: z
    .string({ error: REPORT_QUERY_MESSAGES.assetRequired })
    .refine((id) => id !== "" && Number.isInteger(Number(id)), REPORT_QUERY_MESSAGES.assetRequired)
    .transform(Number),
});
