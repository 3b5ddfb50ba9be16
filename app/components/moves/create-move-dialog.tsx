import * as Dialog from "@radix-ui/react-dialog";
import { Link, useFetcher, useSearchParams } from "@remix-run/react";
import { useId, useRef, useState } from "react";
import { buttonStyles, inputStyles } from "#app/components/ui/styles";
import {
  CREATE_MOVE_PARAM,
  MOVE_FORM,
  moveDraftOf,
  moveDraftParams,
  withoutMoveDraft,
  type MoveDraft,
  type MoveDraftLeg,
  type MoveOutcome,
} from "#app/domain/move-forms";
import {
  canCreateMoves,
  LEGS_OF,
  legProblem,
  MOVE_MESSAGES,
  MOVE_TYPE_LABEL,
  MOVE_TYPES,
  type CreateMoveChoices,
  type MoveType,
  type MoveViewer,
} from "#app/domain/moves";
import { isActionFailure, type ActionFailure } from "#app/browser/failed-actions";
import { CreateMoveLeg, LookupFailed, type LookupFailure } from "./create-move-leg";
import { MoveFormFields, useOutcome } from "./move-form";

type Account = { id: number; accountName: string; companyName: string };

const emptyLeg = (): MoveDraftLeg => ({ from: "", to: "", trailer: "", search: "" });

/**
 * Create Move, open while the URL says `create_move=1` (so the phone's Back button closes it).
 * Rendered with the page, it works as a plain form too: its choices go back and forth with the
 * server until the move is created.
 */
export function CreateMoveDialog({
  viewer,
  accountId,
  accounts,
  choices,
  refusal,
  onCreated,
}: {
  viewer: MoveViewer;
  accountId: number | null;
  accounts?: Account[];
  /** The choices for the form as the URL has it, from the page's loader. */
  choices: CreateMoveChoices | null;
  /** Why the server refused the form sent without JavaScript. */
  refusal: string | null;
  onCreated: (outcome: MoveOutcome) => void;
}) {
  const [searchParams, setSearchParams] = useSearchParams();
  const open = searchParams.get(CREATE_MOVE_PARAM) === "1";
  const closed = withoutMoveDraft(searchParams);
  const close = () => setSearchParams(closed, { replace: true, preventScrollReset: true });
  // Named here: Radix names the dialog by its title only once the page's script runs.
  const titleId = useId();
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && close()}>
      {/* No portal: the dialog is in the page the server sends, so it works without JavaScript. */}
      <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
      <Dialog.Content
        aria-describedby={undefined}
        aria-labelledby={titleId}
        className="fixed inset-x-2 top-2 bottom-2 z-50 mx-auto flex max-w-2xl flex-col rounded-lg bg-white shadow-xl sm:inset-x-4 sm:top-[5vh] sm:bottom-auto sm:max-h-[90vh]"
      >
        <Dialog.Title id={titleId} className="border-b border-slate-200 px-4 py-3 text-lg font-semibold">
          Create Move
        </Dialog.Title>
        {canCreateMoves(viewer) ? (
          <CreateMoveForm
            fixedAccount={viewer.isAdmin ? accountId : viewer.accountId}
            accounts={accounts ?? []}
            choices={choices}
            refusal={refusal}
            closeTo={`?${closed}`}
            onCreated={(outcome) => {
              close();
              onCreated(outcome);
            }}
          />
        ) : (
          <div className="p-4">
            <p role="alert" className="text-sm text-red-800">
              {MOVE_MESSAGES.createDeniedPanel}
            </p>
            <form method="get" className="mt-4 flex justify-end">
              {[...closed].map(([name, value], index) => (
                <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
              ))}
              <button
                type="submit"
                className={buttonStyles.secondary}
                onClick={(event) => {
                  event.preventDefault();
                  close();
                }}
              >
                Close
              </button>
            </form>
          </div>
        )}
      </Dialog.Content>
    </Dialog.Root>
  );
}

/**
 * Single, Shuttle or Triangle (1, 2, 3 legs). With the page's script the choices follow each
 * change (a fetcher asks `/moves/new` for the trailers at each From) and the rules of spec §5 are
 * checked here with the server's messages before the form is sent; without it, the type buttons
 * and Show trailers send the form back to the page with its choices so far. Either way the
 * server checks again.
 */
function CreateMoveForm({
  fixedAccount,
  accounts,
  choices,
  refusal,
  closeTo,
  onCreated,
}: {
  fixedAccount: number | null;
  accounts: Account[];
  choices: CreateMoveChoices | null;
  refusal: string | null;
  closeTo: string;
  onCreated: (outcome: MoveOutcome) => void;
}) {
  const [searchParams] = useSearchParams();
  const [draft, setDraft] = useState<MoveDraft>(() => {
    // Opened for a trailer (`?trailer=`), the server chose the first leg: that trailer, from where it stands.
    const asked = moveDraftOf(searchParams);
    const [first, ...rest] = asked.legs;
    const legs = choices?.firstLeg ? [{ ...first, ...choices.firstLeg }, ...rest] : asked.legs;
    return { ...asked, legs, account: choices?.account ?? fixedAccount };
  });
  const [error, setError] = useState<string | null>(refusal);
  // Why the trailer the form was opened for was not chosen, until the form is changed.
  const [ignored, setIgnored] = useState<string | null>(choices?.ignored ?? null);
  const lookup = useFetcher<CreateMoveChoices | null | ActionFailure>();
  const lastLookup = useRef("");
  const create = useFetcher<MoveOutcome>();
  // The answer is handed on once the fetcher is idle again, the page's data reloaded after the new
  // move: closing the dialog is a navigation, which would abort that reload midway.
  useOutcome(create.state === "idle" ? create.data : undefined, (outcome) =>
    outcome.error ? setError(outcome.error) : onCreated(outcome),
  );

  const { account, type, legs } = draft;
  const looked = isActionFailure(lookup.data) ? null : lookup.data;
  const known = looked ?? choices;
  const current = known && known.account === account ? known : null;
  // The choices failed to load ("Failed to load available trailers"): Retry asks for them again.
  const lookupFailure: LookupFailure | null =
    lookup.state === "idle" && isActionFailure(lookup.data)
      ? { message: lookup.data.error, retry: () => lookup.load(lastLookup.current) }
      : null;

  const change = (next: MoveDraft, lookUp: boolean) => {
    setDraft(next);
    setError(null);
    setIgnored(null);
    if (!lookUp || next.account === null) return;
    const froms = next.legs.map((leg) => ({ ...emptyLeg(), from: leg.from }));
    lastLookup.current = `/moves/new?${moveDraftParams({ ...next, legs: froms })}`;
    lookup.load(lastLookup.current);
  };

  const chooseType = (next: MoveType) =>
    change({ ...draft, type: next, legs: Array.from({ length: LEGS_OF[next] }, (_, i) => legs[i] ?? emptyLeg()) }, false);

  const updateLeg = (index: number, update: Partial<MoveDraftLeg>) => {
    const fromChanged = update.from !== undefined && update.from !== legs[index].from;
    const next = legs.map((leg, i) => {
      if (i === index) return { ...leg, ...update, ...(fromChanged ? { trailer: "" } : {}) };
      // A From chosen here leaves later legs' From lists: clear it there.
      if (i > index && update.from && leg.from === update.from) return { ...leg, from: "", trailer: "" };
      return leg;
    });
    change({ ...draft, legs: next }, fromChanged);
  };

  const submit = (event: React.FormEvent<HTMLFormElement>) => {
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    if (submitter?.getAttribute("value") !== "create") return event.preventDefault();
    const problem = account === null ? MOVE_MESSAGES.accountRequired : legProblem(type, legs);
    if (!problem) return setError(null);
    event.preventDefault();
    setError(problem);
  };

  return (
    <create.Form method="post" action="/moves/new" onSubmit={submit} className="flex min-h-0 flex-1 flex-col" noValidate>
      <MoveFormFields />
      {/* Enter in a field shows the choices; it never creates the move. */}
      <button type="submit" name={MOVE_FORM.intent} value="choose" className="sr-only" tabIndex={-1} aria-hidden>
        Show trailers
      </button>
      <input type="hidden" name={MOVE_FORM.type} value={type} />
      {fixedAccount !== null ? <input type="hidden" name={MOVE_FORM.account} value={fixedAccount} /> : null}
      <div className="min-h-0 flex-1 space-y-4 overflow-y-auto p-4">
        {ignored ? (
          <p role="status" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
            {ignored}
          </p>
        ) : null}
        {fixedAccount === null ? (
          <label className="block text-sm font-medium">
            Account
            <select
              name={MOVE_FORM.account}
              className={inputStyles}
              value={account ?? ""}
              onChange={(event) =>
                change(
                  { ...draft, account: Number(event.target.value) || null, legs: Array.from({ length: LEGS_OF[type] }, emptyLeg) },
                  true,
                )
              }
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
                type="submit"
                name={MOVE_FORM.chooseType}
                value={option}
                aria-pressed={type === option}
                onClick={(event) => {
                  event.preventDefault();
                  chooseType(option);
                }}
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
          <input
            type="checkbox"
            name={MOVE_FORM.hideRedTagged}
            value="1"
            className="h-5 w-5"
            checked={draft.hideRedTagged}
            onChange={(event) => change({ ...draft, hideRedTagged: event.target.checked }, true)}
          />
          Hide red-tagged trailers
        </label>
        {account === null ? (
          <p className="text-sm text-slate-600">Select an account to choose locations and trailers.</p>
        ) : !current?.locations ? (
          lookupFailure ? (
            <LookupFailed failure={lookupFailure} />
          ) : (
            <p className="text-sm text-slate-600">Loading locations...</p>
          )
        ) : (
          legs.map((leg, index) => (
            <CreateMoveLeg
              key={index}
              index={index}
              leg={leg}
              fromOptions={current.locations!.from.filter(
                (option) => !legs.slice(0, index).some((earlier) => earlier.from === option.location),
              )}
              toOptions={current.locations!.to}
              account={current.account!}
              excludeRedTagged={draft.hideRedTagged}
              trailers={leg.from ? current.trailersAt[leg.from] : undefined}
              takenTrailers={legs.filter((_, i) => i !== index).map((other) => other.trailer)}
              lookupFailure={lookupFailure}
              onChange={(update) => updateLeg(index, update)}
            />
          ))
        )}
        <noscript>
          <button type="submit" name={MOVE_FORM.intent} value="choose" className={buttonStyles.secondary}>
            Show trailers
          </button>
        </noscript>
      </div>
      <div className="border-t border-slate-200 p-4">
        {error ? (
          <p role="alert" className="mb-3 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
            {error}
          </p>
        ) : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Link to={closeTo} replace preventScrollReset className={buttonStyles.secondary}>
            Cancel
          </Link>
          <button type="submit" name={MOVE_FORM.intent} value="create" className={buttonStyles.primary} disabled={create.state !== "idle"}>
            {create.state !== "idle" ? "Creating..." : "Create Move"}
          </button>
        </div>
      </div>
    </create.Form>
  );
}
