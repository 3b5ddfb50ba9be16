import { useEffect, useState } from "react";
import { apiFetch } from "#app/browser/api-client";
import type { AvailableTrailer, AvailableTrailerList } from "#app/domain/moves";

/** How long the picker waits after a keystroke before it asks the server. */
const SEARCH_DELAY_MS = 250;

/** The free trailers a leg asks for: its account, its From, whether red-tagged ones are hidden, and its search. */
export interface TrailerLookup {
  account: number;
  location: string;
  excludeRedTagged: boolean;
  search: string;
}

function addressOf({ account, location, excludeRedTagged, search }: TrailerLookup): string {
  const params = new URLSearchParams({ account_id: String(account), location });
  if (excludeRedTagged) params.set("exclude_red_tagged", "true");
  if (search) params.set("q", search);
  return `/api/moves/available-trailers?${params}`;
}

type Answer = { place: string; address: string; list: AvailableTrailerList | null };

/**
 * The free trailers at a leg's From matching its search, asked of the server as the search is
 * typed (`GET /api/moves/available-trailers`, SEARCH_DELAY_MS after the last keystroke; an answer
 * overtaken by a newer search is cancelled). `known`, the list the page's data holds for From
 * (the form's lookup, or the page sent without JavaScript), stands while its search is the one
 * typed; without a search and before the form's lookup has answered, nothing is asked. While an answer is on its way, the last list of the same From stays shown (`searching`).
 */
export function useAvailableTrailers(
  lookup: TrailerLookup | null,
  known: AvailableTrailerList | undefined,
): { list: AvailableTrailerList | undefined; searching: boolean; failed: boolean; retry: () => void } {
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [attempt, setAttempt] = useState(0);
  const asked = lookup ? { ...lookup, search: lookup.search.trim() } : null;
  const address = asked ? addressOf(asked) : null;
  const place = asked ? addressOf({ ...asked, search: "" }) : null;
  const knownFits = Boolean(known && asked && known.search === asked.search);
  // Without a search, the form's own lookup brings From's list: nothing to ask until it has.
  const awaitsLookup = !known && asked?.search === "";
  const stands = knownFits || awaitsLookup;

  useEffect(() => {
    if (!asked || !address || !place || stands) return;
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      try {
        const response = await apiFetch(address, { signal: controller.signal });
        if (!response.ok) throw new Error(`${response.status}`);
        const trailers = (await response.json()) as AvailableTrailer[];
        const total = Number(response.headers.get("X-Total-Count") ?? trailers.length);
        setAnswer({ place, address, list: { search: asked.search, trailers, total } });
      } catch {
        if (!controller.signal.aborted) setAnswer({ place, address, list: null });
      }
    }, SEARCH_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
    // `asked` is read through `address`, which says all of it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [address, stands, attempt]);

  const retry = () => setAttempt((n) => n + 1);
  if (!asked || stands) return { list: known, searching: false, failed: false, retry };
  if (answer?.address === address) return { list: answer.list ?? undefined, searching: false, failed: answer.list === null, retry };
  const last = answer?.place === place && answer.list ? answer.list : known;
  return { list: last, searching: true, failed: false, retry };
}
