import { Link, useRevalidator, useSearchParams } from "@remix-run/react";
import { ArrowRight, Plus } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { buttonStyles } from "~/components/ui/modal";
import {
  canCreateMoves,
  formatDuration,
  panelActions,
  MOVE_MESSAGES,
  MOVE_STATE_LABEL,
  MOVE_STATES,
  MOVE_TYPE_LABEL,
  pollInterval,
  type MoveAction,
  type MoveState,
  type MoveType,
  type MoveViewer,
} from "~/domain/moves";
import { apiFetch, errorMessage } from "~/lib/api-client";
import { useRealtimeEvent, useSocketConnected } from "~/lib/realtime-client";
import type { MoveSummary, PublicMove } from "~/services/moves.server";
import { CreateMoveDialog, CREATE_MOVE_PARAM } from "./create-move-dialog";

export type { MoveViewer } from "~/domain/moves";

const ACTION_LABEL: Record<MoveAction, string> = { accept: "Accept", finish: "Finish", cancel: "Cancel" };
const DONE_LABEL: Record<MoveAction, string> = { accept: "accepted", finish: "finished", cancel: "cancelled" };
const CARD_STYLE: Record<MoveState, string> = {
  requested: "border-amber-300 bg-amber-50 text-amber-900",
  in_progress: "border-blue-300 bg-blue-50 text-blue-900",
  finished: "border-green-300 bg-green-50 text-green-900",
  cancelled: "border-slate-300 bg-slate-50 text-slate-800",
};

function timeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  } catch {
    return "UTC";
  }
}

function clock(iso: string): string {
  const date = new Date(iso);
  const sameDay = date.toDateString() === new Date().toDateString();
  return sameDay
    ? date.toLocaleTimeString([], { hour: "numeric", minute: "2-digit" })
    : date.toLocaleString([], { month: "short", day: "numeric", hour: "numeric", minute: "2-digit" });
}

/**
 * The Move Status panel of `/` and `/admin/dashboard`: four cards with counts; a card opens the
 * list of its moves with the actions the viewer may take. `accountId` is the account shown (null:
 * an admin watching every account). Reloads on `move_status_changed`, and polls while the socket
 * is down (15 s while a move is active, else 60 s).
 */
export function MoveStatusPanel({
  viewer,
  accountId,
  accounts,
}: {
  viewer: MoveViewer;
  accountId: number | null;
  /** For an admin without a chosen account: where Create Move may create. */
  accounts?: { id: number; accountName: string; companyName: string }[];
}) {
  const [summary, setSummary] = useState<MoveSummary | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const isDriver = viewer.isYardDriver || viewer.isRoadDriver;
  const [open, setOpen] = useState<MoveState | null>(isDriver ? "requested" : null);
  const [notice, setNotice] = useState<string | null>(null);
  const revalidator = useRevalidator();
  const connected = useSocketConnected();
  const [searchParams] = useSearchParams();
  const canCreate = canCreateMoves(viewer);

  const query = new URLSearchParams({ tz: timeZone() });
  if (accountId !== null) query.set("account_id", String(accountId));
  const url = `/api/moves/summary?${query}`;
  const latestUrl = useRef(url);
  latestUrl.current = url;

  const load = useCallback(async () => {
    try {
      const response = await apiFetch(latestUrl.current);
      if (!response.ok) throw new Error(await errorMessage(response, "Failed to load data. Please try again later."));
      setSummary((await response.json()) as MoveSummary);
      setLoadError(null);
    } catch (error) {
      setLoadError(error instanceof Error ? error.message : "Failed to load data. Please try again later.");
    }
  }, []);

  useEffect(() => {
    setSummary(null);
    void load();
  }, [url, load]);

  useRealtimeEvent((event) => {
    if (event.type === "move_status_changed" && (accountId === null || event.account_id === accountId)) void load();
  });

  const anyActive = !!summary && summary.counts.requested + summary.counts.in_progress > 0;
  useEffect(() => {
    if (connected) return;
    const timer = window.setInterval(() => void load(), pollInterval(anyActive));
    return () => window.clearInterval(timer);
  }, [connected, anyActive, load]);

  const afterChange = (message: string, show: MoveState) => {
    setNotice(message);
    setOpen(show);
    void load();
    if (revalidator.state === "idle") revalidator.revalidate();
  };

  const createHref = () => {
    const params = new URLSearchParams(searchParams);
    params.set(CREATE_MOVE_PARAM, "1");
    return `?${params}`;
  };

  return (
    <section aria-labelledby="move-status-heading" className="mt-4 rounded-lg border border-slate-200 bg-white p-3 sm:p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="move-status-heading" className="text-lg font-semibold">
          Move Status
        </h2>
        {canCreate ? (
          <Link to={createHref()} preventScrollReset replace className={buttonStyles.primary}>
            <Plus aria-hidden className="mr-1 h-4 w-4" /> Create Move
          </Link>
        ) : null}
      </div>
      <p aria-live="polite" className="min-h-0 text-sm">
        {notice ? <span className="mt-2 block rounded-md bg-green-50 px-3 py-2 font-medium text-green-800">{notice}</span> : null}
      </p>
      {!summary ? (
        <p className="mt-3 text-sm text-slate-600">{loadError ?? "Loading move data..."}</p>
      ) : (
        <>
          <div className="mt-3 grid grid-cols-2 gap-2 md:grid-cols-4">
            {MOVE_STATES.map((state) => {
              const total = summary.counts[state];
              const today = state === "finished" ? summary.counts.finished_today : state === "cancelled" ? summary.counts.cancelled_today : null;
              return (
                <button
                  key={state}
                  type="button"
                  aria-expanded={open === state}
                  aria-controls={`moves-${state}`}
                  onClick={() => setOpen(open === state ? null : state)}
                  className={`relative min-h-20 rounded-lg border p-3 text-left ${CARD_STYLE[state]} ${open === state ? "ring-2 ring-brand-600" : ""}`}
                >
                  <span className="block text-sm font-medium">{MOVE_STATE_LABEL[state]}</span>
                  <span className="block text-3xl font-bold" data-count={state}>
                    {today ?? total}
                  </span>
                  {today !== null ? (
                    <>
                      <span className="block text-xs">today</span>
                      <span className="absolute right-2 top-2 text-xs font-medium" title="Total">
                        Total {total}
                      </span>
                    </>
                  ) : null}
                </button>
              );
            })}
          </div>
          {open ? (
            <MoveList
              id={`moves-${open}`}
              state={open}
              moves={summary.moves[open]}
              total={summary.counts[open]}
              limit={summary.list_limit}
              viewer={viewer}
              selectedAccount={accountId}
              onDone={(move, action) =>
                afterChange(
                  action === "finish"
                    ? `Move #${move.id} finished: ${move.move_details.moves.map((leg) => `${leg.trailer} now at ${leg.to}`).join(", ")}`
                    : `Move #${move.id} ${DONE_LABEL[action]}`,
                  move.state,
                )
              }
            />
          ) : null}
        </>
      )}
      <CreateMoveDialog
        viewer={viewer}
        accountId={accountId}
        accounts={accounts}
        onCreated={(move) => afterChange(`Move #${move.id} requested`, "requested")}
      />
    </section>
  );
}

function MoveList({
  id,
  state,
  moves,
  total,
  limit,
  viewer,
  selectedAccount,
  onDone,
}: {
  id: string;
  state: MoveState;
  moves: PublicMove[];
  total: number;
  limit: number;
  viewer: MoveViewer;
  selectedAccount: number | null;
  onDone: (move: PublicMove, action: MoveAction) => void;
}) {
  return (
    <div id={id} className="mt-3 max-h-[30vh] overflow-y-auto overscroll-contain rounded-md border border-slate-200" tabIndex={-1}>
      {!moves.length ? (
        <p className="p-3 text-sm text-slate-600">No {MOVE_STATE_LABEL[state].toLowerCase()} moves.</p>
      ) : (
        <ul className="divide-y divide-slate-200" aria-label={`${MOVE_STATE_LABEL[state]} moves`}>
          {moves.map((move) => (
            <MoveEntry key={move.id} move={move} viewer={viewer} selectedAccount={selectedAccount} onDone={onDone} />
          ))}
        </ul>
      )}
      {total > moves.length ? (
        <p className="p-2 text-center text-xs text-slate-500">
          Showing the newest {Math.min(limit, moves.length)} of {total}
        </p>
      ) : null}
    </div>
  );
}

function MoveEntry({
  move,
  viewer,
  selectedAccount,
  onDone,
}: {
  move: PublicMove;
  viewer: MoveViewer;
  selectedAccount: number | null;
  onDone: (move: PublicMove, action: MoveAction) => void;
}) {
  const [processing, setProcessing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { message, actions } = panelActions(viewer, { accountId: move.account_id, acceptUserId: move.accept_user_id, inProgress: move.in_progress, state: move.state }, selectedAccount);

  const run = async (action: MoveAction) => {
    if (action === "cancel" && !window.confirm(`Cancel move #${move.id}?`)) return;
    setProcessing(true);
    setError(null);
    try {
      const response = await apiFetch(`/api/moves/${move.id}/${action}`, { method: "PUT" });
      const type = response.headers.get("Content-Type") ?? "";
      if (!type.includes("application/json")) throw new Error("Server error: Expected JSON response...");
      if (!response.ok) throw new Error(await errorMessage(response, MOVE_MESSAGES.actionFailed(action)));
      onDone((await response.json()) as PublicMove, action);
    } catch (failure) {
      setError(failure instanceof Error && failure.message ? failure.message : MOVE_MESSAGES.actionFailed(action));
    } finally {
      setProcessing(false);
    }
  };

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
        Requested {clock(move.request_time)}
        {move.request_alpha_code ? ` by ${move.request_alpha_code}` : ""}
        {move.accept_alpha_code && move.state !== "requested" ? ` · Accepted by ${move.accept_alpha_code}` : ""}
        {move.state === "finished" && move.finish_time
          ? ` · Finished ${clock(move.finish_time)} · Duration ${formatDuration(move.elapse_time ?? 0)}`
          : ""}
        {move.state === "cancelled" && move.cancel_time ? ` · Cancelled ${clock(move.cancel_time)}` : ""}
      </p>
      {message ? <p className="mt-2 text-sm text-slate-700">{message}</p> : null}
      {processing ? (
        <p className="mt-2 text-sm font-medium text-brand-700" role="status">
          Processing
        </p>
      ) : actions.length ? (
        <div className="mt-2 flex gap-2">
          {actions.map((action) => (
            <button
              key={action}
              type="button"
              onClick={() => void run(action)}
              className={`${action === "cancel" ? buttonStyles.secondary : buttonStyles.primary} flex-1 sm:flex-none`}
              aria-label={`${ACTION_LABEL[action]} move #${move.id}`}
            >
              {ACTION_LABEL[action]}
            </button>
          ))}
        </div>
      ) : null}
      {error ? (
        <p role="alert" className="mt-2 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          {error}
        </p>
      ) : null}
    </li>
  );
}
