import { buttonStyles, inputStyles } from "#app/components/ui/styles";
import { LIMITS } from "#app/domain/limits";
import { legField, type MoveDraftLeg } from "#app/domain/move-forms";
import { availableTrailersSummary, MOVE_MESSAGES, type AvailableTrailerList, type MoveLocations } from "#app/domain/moves";
import { useAvailableTrailers } from "./use-available-trailers";

/** Create Move's choices failed to load: the message, and Retry to ask again. */
export interface LookupFailure {
  message: string;
  retry: () => void;
}

export function LookupFailed({ failure }: { failure: LookupFailure }) {
  return (
    <div role="alert" className="mt-2 flex flex-wrap items-center gap-2 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
      <span className="flex-1">{failure.message}</span>
      <button type="button" className={buttonStyles.secondary} onClick={failure.retry}>
        Retry
      </button>
    </div>
  );
}

/**
 * One leg of Create Move: From (locations holding free trailers), To (yards, Shop, doors) and a
 * trailer picked from the free trailers at From, searched on the server (as typed with the page's
 * script; without it, when the form comes back), with how many match.
 */
export function CreateMoveLeg({
  index,
  leg,
  fromOptions,
  toOptions,
  account,
  excludeRedTagged,
  trailers: known,
  takenTrailers,
  lookupFailure = null,
  onChange,
}: {
  index: number;
  leg: MoveDraftLeg;
  fromOptions: MoveLocations["from"];
  toOptions: string[];
  account: number;
  excludeRedTagged: boolean;
  /** The free trailers at From the form's data holds (for the leg's search, or none); undefined while they are being looked up. */
  trailers: AvailableTrailerList | undefined;
  takenTrailers: string[];
  /** The free trailers failed to load: said in place of "Loading trailers...", with Retry. */
  lookupFailure?: LookupFailure | null;
  onChange: (change: Partial<MoveDraftLeg>) => void;
}) {
  const n = index + 1;
  const search = useAvailableTrailers(leg.from ? { account, location: leg.from, excludeRedTagged, search: leg.search } : null, known);
  const trailers = search.list;
  const failure: LookupFailure | null = search.failed ? { message: MOVE_MESSAGES.loadTrailersFailed, retry: search.retry } : lookupFailure;
  const shown = (trailers?.trailers ?? []).filter((trailer) => !takenTrailers.includes(trailer.trailer_number));
  const summaryId = `move-${n}-trailer-summary`;
  return (
    <fieldset className="rounded-md border border-slate-200 p-3" data-leg={n}>
      <legend className="px-1 text-sm font-semibold">Move {n}</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        <label className="block text-sm font-medium">
          From
          <select
            name={legField(n, "from")}
            className={inputStyles}
            value={leg.from}
            onChange={(event) => onChange({ from: event.target.value })}
            aria-label={`Move ${n} from`}
          >
            <option value="">Select location</option>
            {fromOptions.map((option) => (
              <option key={option.location} value={option.location}>
                {option.location} ({option.trailers})
              </option>
            ))}
          </select>
        </label>
        <label className="block text-sm font-medium">
          To
          <select
            name={legField(n, "to")}
            className={inputStyles}
            value={leg.to}
            onChange={(event) => onChange({ to: event.target.value })}
            aria-label={`Move ${n} to`}
          >
            <option value="">Select location</option>
            {toOptions.map((location) => (
              <option key={location} value={location}>
                {location}
              </option>
            ))}
          </select>
        </label>
      </div>
      {leg.from ? (
        <div className="mt-3">
          <label className="block text-sm font-medium">
            Trailer
            <input
              type="search"
              name={legField(n, "search")}
              className={inputStyles}
              placeholder="Search trailers"
              maxLength={LIMITS.search}
              value={leg.search}
              onChange={(event) => onChange({ search: event.target.value })}
              aria-label={`Move ${n} trailer search`}
            />
          </label>
          {!trailers ? (
            failure ? (
              <LookupFailed failure={failure} />
            ) : (
              <p className="mt-2 text-sm text-slate-600">Loading trailers...</p>
            )
          ) : (
            <p id={summaryId} role="status" className="mt-2 text-sm text-slate-600">
              {search.searching ? "Searching..." : availableTrailersSummary(trailers, shown.length, leg.from)}
            </p>
          )}
          {leg.trailer && !shown.some((trailer) => trailer.trailer_number === leg.trailer) ? (
            // Picked before the search changed: still the leg's trailer, sent with the form.
            <p className="mt-2 text-sm text-slate-600">
              <input type="hidden" name={legField(n, "trailer")} value={leg.trailer} />
              Picked: <span className="font-mono font-semibold">{leg.trailer}</span>
            </p>
          ) : null}
          {trailers && shown.length ? (
            <div
              role="radiogroup"
              aria-label={`Move ${n} trailer`}
              aria-describedby={summaryId}
              aria-busy={search.searching}
              className="mt-2 max-h-60 space-y-1 overflow-y-auto"
            >
              {shown.map((trailer) => (
                <label
                  key={trailer.id}
                  className="flex min-h-11 cursor-pointer flex-wrap items-center gap-2 rounded-md border border-slate-200 px-3 py-2 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
                >
                  <input
                    type="radio"
                    name={legField(n, "trailer")}
                    value={trailer.trailer_number}
                    checked={leg.trailer === trailer.trailer_number}
                    onChange={() => onChange({ trailer: trailer.trailer_number })}
                    className="h-5 w-5"
                  />
                  <span className="font-mono font-semibold">{trailer.trailer_number}</span>
                  <span className="text-sm text-slate-600">{trailer.type_label}</span>
                  {trailer.is_loaded ? <Badge className="bg-blue-100 text-blue-800">Loaded</Badge> : null}
                  {trailer.yellow_tagged ? <Badge className="bg-yellow-100 text-yellow-800">Yellow Tagged</Badge> : null}
                  {trailer.red_tagged ? <Badge className="bg-red-100 text-red-800">Red Tagged</Badge> : null}
                  {trailer.in_shop ? <Badge className="bg-slate-200 text-slate-800">Shop</Badge> : null}
                </label>
              ))}
            </div>
          ) : null}
        </div>
      ) : null}
    </fieldset>
  );
}

function Badge({ className, children }: { className: string; children: React.ReactNode }) {
  return <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${className}`}>{children}</span>;
}
