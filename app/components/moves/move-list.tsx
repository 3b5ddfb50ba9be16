import { useFetcher } from "@remix-run/react";
import { ArrowRight } from "lucide-react";
import { NewerOlderLinks } from "#app/components/ui/page-links";
import { buttonStyles } from "#app/components/ui/styles";
import type { MoveOutcome } from "#app/domain/move-forms";
import {
  formatDuration,
  MOVE_STATE_LABEL,
  MOVE_TYPE_LABEL,
  panelActions,
  type MoveAction,
  type MoveState,
  type MoveType,
  type MoveViewer,
  type PublicMove,
} from "#app/domain/moves";
import { formatIn } from "#app/domain/time-zones";
import { MoveFormFields, useOutcome } from "./move-form";

const ACTION_LABEL: Record<MoveAction, string> = { accept: "Accept", finish: "Finish", cancel: "Cancel" };

/**
 * A time of a move in the viewer's time zone (the panel's), the same on the server and in the
 * browser: the time of day for today, else the date too.
 */
function clock(iso: string, timeZone: string): string {
  const day = formatIn(timeZone, {});
  const date = new Date(iso);
  return day.format(date) === day.format(new Date())
    ? formatIn(timeZone, { hour: "numeric", minute: "2-digit" }).format(date)
    : formatIn(timeZone, { month: "short", day: "numeric", hour: "numeric", minute: "2-digit" }).format(date);
}

/** "3 moves match "ACB1"" */
function matchLine(count: number, search: string): string {
  return `${count.toLocaleString("en-US")} ${count === 1 ? "move matches" : "moves match"} "${search}"`;
}

/**
 * A page of the moves of one state, newest first, each with the actions the viewer may take;
 * while the global search narrows it, how many match and, when none does, a no-match text. Newer
 * and Older (the addresses of the pages beside, in `pager`) stand below the list's box, so a
 * phone reaches them without scrolling the list.
 */
export function MoveList({
  id,
  state,
  moves,
  total,
  search,
  matches,
  limit,
  pager,
  timeZone,
  viewer,
  selectedAccount,
  onDone,
}: {
  id: string;
  state: MoveState;
  moves: PublicMove[];
  /** How many moves of the state the account has. */
  total: number;
  /** The global search the list is narrowed by ("" for none), and how many of the state's moves match it. */
  search: string;
  matches: number | null;
  limit: number;
  /** The addresses of the newer and the older page; null at either end. */
  pager: { newer: string | null; older: string | null };
  timeZone: string;
  viewer: MoveViewer;
  selectedAccount: number | null;
  onDone: (outcome: MoveOutcome) => void;
}) {
  const shownOf = search ? (matches ?? moves.length) : total;
  const label = MOVE_STATE_LABEL[state];
  return (
    <div id={id} className="mt-3 space-y-2" tabIndex={-1}>
      <div
        role="region"
        aria-label={`${label} moves`}
        tabIndex={0}
        className="max-h-[30vh] overflow-y-auto overscroll-contain rounded-md border border-slate-200"
      >
        {search && moves.length ? (
          <p className="border-b border-slate-200 bg-slate-50 px-3 py-1.5 text-xs text-slate-700" data-testid="move-matches">
            {matchLine(shownOf, search)}
          </p>
        ) : null}
        {!moves.length ? (
          <p className="p-3 text-sm text-slate-600">{search ? "No moves match your search" : `No ${label.toLowerCase()} moves.`}</p>
        ) : (
          <ul className="divide-y divide-slate-200" aria-label={`${label} moves`}>
            {moves.map((move) => (
              <MoveEntry key={move.id} move={move} timeZone={timeZone} viewer={viewer} selectedAccount={selectedAccount} onDone={onDone} />
            ))}
          </ul>
        )}
      </div>
      <NewerOlderLinks
        label={`${label} moves pages`}
        newer={pager.newer}
        older={pager.older}
        newerText="Newer moves"
        olderText="Older moves"
      >
        {shownOf > moves.length ? (
          <p className="text-center text-xs text-slate-600" data-testid="move-page">
            {pager.newer
              ? `Showing ${moves.length} older ${moves.length === 1 ? "move" : "moves"} of ${shownOf}`
              : `Showing the newest ${Math.min(limit, moves.length)} of ${shownOf}`}
          </p>
        ) : null}
      </NewerOlderLinks>
    </div>
  );
}

function MoveEntry({
  move,
  timeZone,
  viewer,
  selectedAccount,
  onDone,
}: {
  move: PublicMove;
  timeZone: string;
  viewer: MoveViewer;
  selectedAccount: number | null;
  onDone: (outcome: MoveOutcome) => void;
}) {
  const { message, actions } = panelActions(
    viewer,
    { accountId: move.account_id, acceptUserId: move.accept_user_id, inProgress: move.in_progress, state: move.state },
    selectedAccount,
  );
  return (
    <li className="p-3" data-move-id={move.id}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <p className="font-semibold">
          Move #{move.id} · {MOVE_TYPE_LABEL[move.move_details.type as MoveType] ?? move.move_details.type}
        </p>
        {viewer.isAdmin && selectedAccount === null ? <p className="text-xs text-slate-500">Account {move.account_id}</p> : null}
      </div>
      <ol className="mt-1 space-y-1">
        {move.move_details.moves.map((leg, index) => (
          <li key={index} className="flex flex-wrap items-center gap-x-1.5 text-sm">
            <span className="font-medium">{leg.from}</span>
            <ArrowRight aria-label="to" className="h-4 w-4 text-slate-500" />
            <span className="font-medium">{leg.to}</span>
            {leg.trailer ? <span className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs">Trailer {leg.trailer}</span> : null}
          </li>
        ))}
      </ol>
      <p className="mt-1 text-xs text-slate-600">
        Requested {clock(move.request_time, timeZone)}
        {move.request_alpha_code ? ` by ${move.request_alpha_code}` : ""}
        {move.accept_alpha_code && move.state !== "requested" ? ` · Accepted by ${move.accept_alpha_code}` : ""}
        {move.state === "finished" && move.finish_time
          ? ` · Finished ${clock(move.finish_time, timeZone)} · Duration ${formatDuration(move.elapse_time ?? 0)}`
          : ""}
        {move.state === "cancelled" && move.cancel_time ? ` · Cancelled ${clock(move.cancel_time, timeZone)}` : ""}
      </p>
      {message ? <p className="mt-2 text-sm text-slate-700">{message}</p> : null}
      {actions.length ? <MoveActions moveId={move.id} actions={actions} onDone={onDone} /> : null}
    </li>
  );
}

/**
 * Accept, Finish, Cancel: each a form posted to `/moves/{id}/{action}`. With the page's script a
 * fetcher sends it (Processing meanwhile) and the panel shows the outcome; without, the page
 * comes back with it. Cancelling asks first when it can.
 */
function MoveActions({ moveId, actions, onDone }: { moveId: number; actions: MoveAction[]; onDone: (outcome: MoveOutcome) => void }) {
  const fetcher = useFetcher<MoveOutcome>();
  useOutcome(fetcher.data, (outcome) => {
    if (!outcome.error) onDone(outcome);
  });
  if (fetcher.state !== "idle") {
    return (
      <p className="mt-2 text-sm font-medium text-brand-700" role="status">
        Processing
      </p>
    );
  }
  const error = fetcher.data?.error;
  return (
    <>
      <div className="mt-2 flex gap-2">
        {actions.map((action) => (
          <fetcher.Form
            key={action}
            method="post"
            action={`/moves/${moveId}/${action}`}
            className="flex flex-1 sm:flex-none"
            onSubmit={(event) => {
              if (action === "cancel" && !window.confirm(`Cancel move #${moveId}?`)) event.preventDefault();
            }}
          >
            <MoveFormFields />
            <button
              type="submit"
              className={`${action === "cancel" ? buttonStyles.secondary : buttonStyles.primary} flex-1 sm:flex-none`}
              aria-label={`${ACTION_LABEL[action]} move #${moveId}`}
            >
              {ACTION_LABEL[action]}
            </button>
          </fetcher.Form>
        ))}
      </div>
      {error ? (
        <p role="alert" className="mt-2 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          {error}
        </p>
      ) : null}
    </>
  );
}
