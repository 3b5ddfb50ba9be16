import { Link, useRevalidator, useSearchParams } from "@remix-run/react";
import { Plus } from "lucide-react";
import { Suspense, useEffect, useRef, useState } from "react";
import { buttonStyles } from "#app/components/ui/styles";
import {
  CREATE_MOVE_PARAM,
  firstOpen,
  MOVE_LIST_PARAM,
  TIME_ZONE_COOKIE,
  type MoveOutcome,
  type MovePanelData,
} from "#app/domain/move-forms";
import {
  canCreateMoves,
  MOVE_MESSAGES,
  MOVE_STATE_LABEL,
  MOVE_STATES,
  type MoveState,
  type MoveSummary,
  type MoveViewer,
  type PublicMove,
} from "#app/domain/moves";
import { apiFetch } from "#app/browser/api-client";
import { movePageParams, pageHref, pageQueryOf } from "#app/domain/list-pages";
import { useLiveRevalidation } from "#app/browser/realtime-client";
import { movesPollMs } from "#app/domain/polling";
import { MovesReportForm } from "#app/components/reports/moves-report-form";
import { canPrintReports } from "#app/domain/roles";
import { deferred } from "#app/components/ui/deferred";
import { MoveList } from "./move-list";

export type { MoveViewer } from "#app/domain/moves";

// Create Move loads when it opens (the button starts loading it when pointed at or focused).
const { Component: CreateMoveDialog, preload: preloadCreateMove } = deferred(() =>
  import("./create-move-dialog").then((module) => module.CreateMoveDialog),
);
const warmCreateMove = () => void preloadCreateMove().catch(() => undefined);

const CARD_STYLE: Record<MoveState, string> = {
  requested: "border-amber-300 bg-amber-50 text-amber-900",
  in_progress: "border-blue-300 bg-blue-50 text-blue-900",
  finished: "border-green-300 bg-green-50 text-green-900",
  cancelled: "border-slate-300 bg-slate-50 text-slate-800",
};

function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  } catch {
    return "UTC";
  }
}

/**
 * Tells the server the browser's time zone (a cookie), so the panel's "today" is the viewer's day;
 * reloads the page's data once when the panel was counted in another zone.
 */
function useViewerTimeZone(counted: string): void {
  const revalidator = useRevalidator();
  const latest = useRef(revalidator);
  latest.current = revalidator;
  useEffect(() => {
    const zone = browserTimeZone();
    document.cookie = `${TIME_ZONE_COOKIE}=${encodeURIComponent(zone)}; Path=/; Max-Age=31536000; SameSite=Lax`;
    if (zone !== counted && latest.current.state === "idle") latest.current.revalidate();
  }, [counted]);
}

/** The list open when the page loads: the one a move form's outcome names, the one in the URL, else Requested for drivers. */

/**
 * The Move Status panel of `/` and `/admin/dashboard`, rendered with the page from its loader:
 * four cards with counts; a card opens the list of its moves with the actions the viewer may
 * take. `accountId` is the account shown (null: an admin watching every account). The page's
 * data reloads on `move_status_changed`, and polls every 15 s while a move is active, else every
 * 60 s, whether or not the socket is open.
 */
export function MoveStatusPanel({
  viewer,
  accountId,
  accounts,
  panel,
}: {
  viewer: MoveViewer;
  accountId: number | null;
  /** For an admin without a chosen account: where Create Move may create. */
  accounts?: { id: number; accountName: string; companyName: string }[];
  panel: MovePanelData;
}) {
  const { summary } = panel;
  const [searchParams] = useSearchParams();
  const [open, setOpen] = useState(() =>
    firstOpen(panel.outcome, searchParams.get(MOVE_LIST_PARAM), viewer.isYardDriver || viewer.isRoadDriver),
  );
  const [outcome, setOutcome] = useState(panel.outcome);
  const creating = searchParams.get(CREATE_MOVE_PARAM) === "1";

  const anyActive = summary.counts.requested + summary.counts.in_progress > 0;
  useLiveRevalidation(
    (event) => event.type === "move_status_changed" && (accountId === null || event.account_id === accountId),
    movesPollMs(anyActive),
  );
  useViewerTimeZone(summary.time_zone);
  const openList = useOpenList(summary, open, accountId, searchParams);

  const afterChange = (result: MoveOutcome) => {
    setOutcome(result);
    if (result.open) setOpen(result.open);
  };

  const createParams = new URLSearchParams(searchParams);
  createParams.set(CREATE_MOVE_PARAM, "1");
  const listParams = [...searchParams].filter(([name]) => name !== MOVE_LIST_PARAM);

  return (
    <section aria-labelledby="move-status-heading" className="mt-4 rounded-lg border border-slate-200 bg-white p-3 sm:p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="move-status-heading" className="text-lg font-semibold">
          Move Status
        </h2>
        {canCreateMoves(viewer) ? (
          <Link
            to={`?${createParams}`}
            preventScrollReset
            replace
            className={buttonStyles.primary}
            onPointerEnter={warmCreateMove}
            onPointerDown={warmCreateMove}
            onFocus={warmCreateMove}
          >
            <Plus aria-hidden className="mr-1 h-4 w-4" /> Create Move
          </Link>
        ) : null}
      </div>
      <p aria-live="polite" className="min-h-0 text-sm">
        {outcome?.notice ? (
          <span className="mt-2 block rounded-md bg-green-50 px-3 py-2 font-medium text-green-800">{outcome.notice}</span>
        ) : null}
      </p>
      {outcome?.error && !creating ? (
        <p role="alert" className="mt-2 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          {outcome.error}
        </p>
      ) : null}
      <form method="get" className="mt-3 grid grid-cols-2 gap-2 md:grid-cols-4">
        {listParams.map(([name, value], index) => (
          <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
        ))}
        {MOVE_STATES.map((state) => {
          const total = summary.counts[state];
          const today =
            state === "finished" ? summary.counts.finished_today : state === "cancelled" ? summary.counts.cancelled_today : null;
          return (
            <button
              key={state}
              type="submit"
              name={MOVE_LIST_PARAM}
              value={open === state ? "" : state}
              aria-expanded={open === state}
              aria-controls={`moves-${state}`}
              onClick={(event) => {
                event.preventDefault();
                setOpen(open === state ? null : state);
              }}
              className={`relative min-h-16 rounded-lg border p-2 text-left md:min-h-20 md:p-3 ${CARD_STYLE[state]} ${open === state ? "ring-2 ring-brand-600" : ""}`}
            >
              <span className="block text-sm font-medium">{MOVE_STATE_LABEL[state]}</span>
              <span className="block text-2xl font-bold md:text-3xl" data-count={state}>
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
      </form>
      {open && openList.moves ? (
        <MoveList
          id={`moves-${open}`}
          state={open}
          moves={openList.moves}
          total={summary.counts[open]}
          search={summary.search}
          matches={openList.matches}
          limit={summary.list_limit}
          pager={pagerOf(searchParams, open, openList.pages)}
          timeZone={summary.time_zone}
          viewer={viewer}
          selectedAccount={accountId}
          onDone={afterChange}
        />
      ) : open && openList.failed ? (
        <div
          id={`moves-${open}`}
          role="alert"
          className="mt-3 flex flex-wrap items-center gap-3 rounded-md bg-red-50 p-3 text-sm text-red-800"
        >
          <span>Failed to load data. Please try again later.</span>
          <button type="button" className={buttonStyles.secondary} onClick={openList.retry}>
            Retry
          </button>
        </div>
      ) : open ? (
        <p id={`moves-${open}`} role="status" className="mt-3 rounded-md border border-slate-200 p-3 text-sm text-slate-600">
          {MOVE_MESSAGES.loading}
        </p>
      ) : null}
      {canPrintReports(viewer) ? <MovesReportForm accountId={accountId} timeZone={summary.time_zone} search={summary.search} /> : null}
      {creating ? (
        <Suspense fallback={null}>
          <CreateMoveDialog
            viewer={viewer}
            accountId={accountId}
            accounts={accounts}
            choices={panel.create}
            refusal={panel.outcome?.error ?? null}
            onCreated={afterChange}
          />
        </Suspense>
      ) : null}
    </section>
  );
}

/**
 * The addresses of the pages beside the open list's: its place in the URL (`finished_before`…),
 * with the list open (`move_list`), so they work without JavaScript and a live update reloads the
 * same page; landing on the list.
 */
function pagerOf(current: URLSearchParams, state: MoveState, pages: { older: string | null; newer: string | null }) {
  const href = (to: { before?: string | null; after?: string | null }) =>
    pageHref(current, movePageParams(state), to, { extra: { [MOVE_LIST_PARAM]: state }, hash: `moves-${state}` });
  return { newer: pages.newer ? href({ after: pages.newer }) : null, older: pages.older ? href({ before: pages.older }) : null };
}

const NO_PAGES = { older: null, newer: null };

/**
 * The open list's page of moves (and, while searching, how many match), where the URL's cursor
 * for it says (the newest without one): from the page's data when it carries them (the list the
 * page was loaded with), else fetched from `GET /api/moves` with the page's search — again each
 * time the page's data is revalidated (a move changed), keeping the last answer on screen
 * meanwhile. A failed fetch can be retried.
 */
function useOpenList(summary: MoveSummary, open: MoveState | null, accountId: number | null, searchParams: URLSearchParams) {
  const included = open ? summary.moves[open] : undefined;
  const [attempt, setAttempt] = useState(0);
  const [fetched, setFetched] = useState<{
    state: MoveState;
    search: string;
    cursor: string;
    moves: PublicMove[] | null;
    total: number | null;
    pages: { older: string | null; newer: string | null };
    failed: boolean;
  } | null>(null);
  const { search } = summary;
  const place = open ? pageQueryOf(searchParams, movePageParams(open)) : null;
  const cursor = place ? (place.before ? `before=${place.before}` : place.after ? `after=${place.after}` : "") : "";
  useEffect(() => {
    if (!open || included) return;
    let current = true;
    const params = new URLSearchParams(cursor);
    params.set("state", open);
    params.set("page_size", String(summary.list_limit));
    params.set("envelope", "1");
    if (accountId !== null) params.set("account_id", String(accountId));
    if (search) params.set("q", search);
    type Answer = { moves: PublicMove[]; total: number; older_cursor: string | null; newer_cursor: string | null };
    apiFetch(`/api/moves?${params}`)
      .then((response) => (response.ok ? (response.json() as Promise<Answer>) : Promise.reject(new Error())))
      .then(
        (body) =>
          current &&
          setFetched({
            state: open,
            search,
            cursor,
            moves: body.moves,
            total: body.total,
            pages: { older: body.older_cursor, newer: body.newer_cursor },
            failed: false,
          }),
        () =>
          current &&
          setFetched((last) =>
            last?.state === open && last.search === search && last.cursor === cursor
              ? { ...last, failed: true }
              : { state: open, search, cursor, moves: null, total: null, pages: NO_PAGES, failed: true },
          ),
      );
    return () => {
      current = false;
    };
  }, [open, included, summary, accountId, search, cursor, attempt]);
  const retry = () => setAttempt((count) => count + 1);
  if (included) {
    return {
      moves: included,
      matches: open ? (summary.matches[open] ?? null) : null,
      pages: (open && summary.pages[open]) || NO_PAGES,
      failed: false,
      retry,
    };
  }
  const mine = fetched?.state === open && fetched.search === search && fetched.cursor === cursor ? fetched : null;
  return {
    moves: mine?.moves ?? null,
    matches: search ? (mine?.total ?? null) : null,
    pages: mine?.pages ?? NO_PAGES,
    failed: mine !== null && mine.failed && mine.moves === null,
    retry,
  };
}
