import * as Dialog from "@radix-ui/react-dialog";
import { useSearchParams } from "@remix-run/react";
import { useEffect, useState } from "react";
import { inputStyles } from "~/components/ui/field";
import { buttonStyles } from "~/components/ui/modal";
import { canCreateMoves, LEGS_OF, legProblem, MOVE_MESSAGES, MOVE_TYPE_LABEL, MOVE_TYPES, type MoveType, type MoveViewer } from "~/domain/moves";
import { apiFetch, errorMessage } from "~/lib/api-client";
import type { PublicMove } from "~/services/moves.server";

/** The URL parameter that opens Create Move, so the phone's Back button closes it. */
export const CREATE_MOVE_PARAM = "create_move";

interface Leg {
  from: string;
  to: string;
  trailer: string;
}
interface AvailableTrailer {
  id: number;
  trailer_number: string;
  type: string;
  is_loaded: boolean;
  yellow_tagged: boolean;
  red_tagged: boolean;
  in_shop: boolean;
}
interface Locations {
  from: { location: string; trailers: number }[];
  to: string[];
}

const emptyLeg = (): Leg => ({ from: "", to: "", trailer: "" });

/**
 * Create Move: Single, Shuttle or Triangle (1, 2, 3 legs); each leg a From (locations holding
 * free trailers, earlier legs' From left out), a To (yards, Shop, doors) and a trailer picked
 * from a searchable list. The rules of spec §5 are checked here with the server's messages, and
 * again by the server.
 */
export function CreateMoveDialog({
  viewer,
  accountId,
  accounts,
  onCreated,
}: {
  viewer: MoveViewer;
  accountId: number | null;
  accounts?: { id: number; accountName: string; companyName: string }[];
  onCreated: (move: PublicMove) => void;
}) {
  const [searchParams, setSearchParams] = useSearchParams();
  const open = searchParams.get(CREATE_MOVE_PARAM) === "1";
  const close = () => {
    const params = new URLSearchParams(searchParams);
    params.delete(CREATE_MOVE_PARAM);
    setSearchParams(params, { replace: true, preventScrollReset: true });
  };
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && close()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-x-2 top-2 bottom-2 z-50 mx-auto flex max-w-2xl flex-col rounded-lg bg-white shadow-xl sm:inset-x-4 sm:top-[5vh] sm:bottom-auto sm:max-h-[90vh]"
        >
          <Dialog.Title className="border-b border-slate-200 px-4 py-3 text-lg font-semibold">Create Move</Dialog.Title>
          {canCreateMoves(viewer) ? (
            <CreateMoveForm
              fixedAccount={viewer.isAdmin ? accountId : viewer.accountId}
              accounts={accounts ?? []}
              onCancel={close}
              onCreated={(move) => {
                close();
                onCreated(move);
              }}
            />
          ) : (
            <div className="p-4">
              <p role="alert" className="text-sm text-red-800">
                {MOVE_MESSAGES.createDeniedPanel}
              </p>
              <div className="mt-4 flex justify-end">
                <button type="button" className={buttonStyles.secondary} onClick={close}>
                  Close
                </button>
              </div>
            </div>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function CreateMoveForm({
  fixedAccount,
  accounts,
  onCancel,
  onCreated,
}: {
  fixedAccount: number | null;
  accounts: { id: number; accountName: string; companyName: string }[];
  onCancel: () => void;
  onCreated: (move: PublicMove) => void;
}) {
  const [account, setAccount] = useState<number | null>(fixedAccount);
  const [type, setType] = useState<MoveType>("single");
  const [legs, setLegs] = useState<Leg[]>([emptyLeg()]);
  const [excludeRedTagged, setExcludeRedTagged] = useState(false);
  const [locations, setLocations] = useState<Locations | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => {
    setLocations(null);
    if (account === null) return;
    let current = true;
    void apiFetch(`/api/moves/locations?account_id=${account}`).then(async (response) => {
      if (!current) return;
      if (response.ok) setLocations((await response.json()) as Locations);
      else setError(await errorMessage(response, "Failed to load data. Please try again later."));
    });
    return () => {
      current = false;
    };
  }, [account]);

  const chooseType = (next: MoveType) => {
    setType(next);
    setLegs((current) => Array.from({ length: LEGS_OF[next] }, (_, i) => current[i] ?? emptyLeg()));
    setError(null);
  };

  const updateLeg = (index: number, change: Partial<Leg>) => {
    setLegs((current) =>
      current.map((leg, i) => {
        if (i === index) return { ...leg, ...change, ...(change.from !== undefined && change.from !== leg.from ? { trailer: "" } : {}) };
        // A From chosen here leaves later legs' From lists: clear it there.
        if (i > index && change.from && leg.from === change.from) return { ...leg, from: "", trailer: "" };
        return leg;
      }),
    );
    setError(null);
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (account === null) return setError(MOVE_MESSAGES.accountRequired);
    const problem = legProblem(type, legs);
    if (problem) return setError(problem);
    setSubmitting(true);
    setError(null);
    try {
      const response = await apiFetch("/api/moves", {
        method: "POST",
        body: JSON.stringify({ account_id: account, move_details: { type, moves: legs }, in_progress: false, is_cancel: false }),
      });
      if (!(response.headers.get("Content-Type") ?? "").includes("application/json")) throw new Error("Server error: Expected JSON response...");
      if (!response.ok) throw new Error(await errorMessage(response, MOVE_MESSAGES.createFailed));
      onCreated((await response.json()) as PublicMove);
    } catch (failure) {
      setError(failure instanceof Error && failure.message ? failure.message : MOVE_MESSAGES.createFailed);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form onSubmit={submit} className="flex min-h-0 flex-1 flex-col" noValidate>
      <div className="min-h-0 flex-1 space-y-4 overflow-y-auto p-4">
        {fixedAccount === null ? (
          <label className="block text-sm font-medium">
            Account
            <select
              className={inputStyles}
              value={account ?? ""}
              onChange={(event) => {
                setAccount(Number(event.target.value) || null);
                setLegs(Array.from({ length: LEGS_OF[type] }, emptyLeg));
              }}
            >
              <option value="">Select an account</option>
              {accounts.map((choice) => (
                <option key={choice.id} value={choice.id}>
                  {choice.companyName} · {choice.accountName}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        <fieldset>
          <legend className="text-sm font-medium">Move type</legend>
          <div className="mt-1 grid grid-cols-3 gap-2">
            {MOVE_TYPES.map((option) => (
              <button
                key={option}
                type="button"
                aria-pressed={type === option}
                onClick={() => chooseType(option)}
                className={`min-h-11 rounded-md border px-2 text-sm font-medium ${
                  type === option ? "border-brand-600 bg-brand-600 text-white" : "border-slate-300 bg-white text-slate-800"
                }`}
              >
                {MOVE_TYPE_LABEL[option]} ({LEGS_OF[option]})
              </button>
            ))}
          </div>
        </fieldset>
        <label className="flex min-h-11 items-center gap-2 text-sm">
          <input type="checkbox" className="h-5 w-5" checked={excludeRedTagged} onChange={(event) => setExcludeRedTagged(event.target.checked)} />
          Hide red-tagged trailers
        </label>
        {account === null ? (
          <p className="text-sm text-slate-600">Select an account to choose locations and trailers.</p>
        ) : !locations ? (
          <p className="text-sm text-slate-600">Loading locations...</p>
        ) : (
          legs.map((leg, index) => (
            <LegEditor
              key={index}
              index={index}
              leg={leg}
              account={account}
              excludeRedTagged={excludeRedTagged}
              fromOptions={locations.from.filter((option) => !legs.slice(0, index).some((earlier) => earlier.from === option.location))}
              toOptions={locations.to}
              takenTrailers={legs.filter((_, i) => i !== index).map((other) => other.trailer)}
              onChange={(change) => updateLeg(index, change)}
            />
          ))
        )}
      </div>
      <div className="border-t border-slate-200 p-4">
        {error ? (
          <p role="alert" className="mb-3 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
            {error}
          </p>
        ) : null}
        <div className="flex flex-wrap justify-end gap-2">
          <button type="button" className={buttonStyles.secondary} onClick={onCancel}>
            Cancel
          </button>
          <button type="submit" className={buttonStyles.primary} disabled={submitting}>
            {submitting ? "Creating..." : "Create Move"}
          </button>
        </div>
      </div>
    </form>
  );
}

function LegEditor({
  index,
  leg,
  account,
  excludeRedTagged,
  fromOptions,
  toOptions,
  takenTrailers,
  onChange,
}: {
  index: number;
  leg: Leg;
  account: number;
  excludeRedTagged: boolean;
  fromOptions: Locations["from"];
  toOptions: string[];
  takenTrailers: string[];
  onChange: (change: Partial<Leg>) => void;
}) {
  const [trailers, setTrailers] = useState<AvailableTrailer[] | null>(null);
  const [trailerError, setTrailerError] = useState<string | null>(null);
  const [search, setSearch] = useState("");

  useEffect(() => {
    setTrailers(null);
    setTrailerError(null);
    if (!leg.from) return;
    let current = true;
    const params = new URLSearchParams({
      location: leg.from,
      account_id: String(account),
      exclude_red_tagged: String(excludeRedTagged),
      timestamp: String(Date.now()),
    });
    void apiFetch(`/api/moves/available-trailers?${params}`)
      .then(async (response) => {
        if (!current) return;
        if (!response.ok) throw new Error(MOVE_MESSAGES.loadTrailersFailed);
        setTrailers((await response.json()) as AvailableTrailer[]);
      })
      .catch(() => current && setTrailerError(MOVE_MESSAGES.loadTrailersFailed));
    return () => {
      current = false;
    };
  }, [leg.from, account, excludeRedTagged]);

  const term = search.trim().toUpperCase();
  const shown = (trailers ?? []).filter(
    (trailer) => !takenTrailers.includes(trailer.trailer_number) && (!term || trailer.trailer_number.includes(term)),
  );
  const n = index + 1;
  return (
    <fieldset className="rounded-md border border-slate-200 p-3" data-leg={n}>
      <legend className="px-1 text-sm font-semibold">Move {n}</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        <label className="block text-sm font-medium">
          From
          <select className={inputStyles} value={leg.from} onChange={(event) => onChange({ from: event.target.value })} aria-label={`Move ${n} from`}>
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
          <select className={inputStyles} value={leg.to} onChange={(event) => onChange({ to: event.target.value })} aria-label={`Move ${n} to`}>
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
              className={inputStyles}
              placeholder="Search trailer number"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              aria-label={`Move ${n} trailer search`}
            />
          </label>
          {trailerError ? (
            <p className="mt-2 text-sm text-red-800">{trailerError}</p>
          ) : !trailers ? (
            <p className="mt-2 text-sm text-slate-600">Loading trailers...</p>
          ) : !shown.length ? (
            <p className="mt-2 text-sm text-slate-600">No available trailers at {leg.from}.</p>
          ) : (
            <div role="radiogroup" aria-label={`Move ${n} trailer`} className="mt-2 max-h-60 space-y-1 overflow-y-auto">
              {shown.map((trailer) => (
                <label
                  key={trailer.id}
                  className="flex min-h-11 cursor-pointer flex-wrap items-center gap-2 rounded-md border border-slate-200 px-3 py-2 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
                >
                  <input
                    type="radio"
                    name={`leg-${n}-trailer`}
                    value={trailer.trailer_number}
                    checked={leg.trailer === trailer.trailer_number}
                    onChange={() => onChange({ trailer: trailer.trailer_number })}
                    className="h-5 w-5"
                  />
                  <span className="font-mono font-semibold">{trailer.trailer_number}</span>
                  <span className="text-sm text-slate-600">{trailer.type}</span>
                  {trailer.is_loaded ? <Badge className="bg-blue-100 text-blue-800">Loaded</Badge> : null}
                  {trailer.yellow_tagged ? <Badge className="bg-yellow-100 text-yellow-800">Yellow Tagged</Badge> : null}
                  {trailer.red_tagged ? <Badge className="bg-red-100 text-red-800">Red Tagged</Badge> : null}
                  {trailer.in_shop ? <Badge className="bg-slate-200 text-slate-800">Shop</Badge> : null}
                </label>
              ))}
            </div>
          )}
        </div>
      ) : null}
    </fieldset>
  );
}

function Badge({ className, children }: { className: string; children: React.ReactNode }) {
  return <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${className}`}>{children}</span>;
}
