import { data, redirect } from "@remix-run/cloudflare";
import {
  CREATE_MOVE_PARAM,
  firstOpen,
  firstTrailerOf,
  MOVE_FORM,
  MOVE_LIST_PARAM,
  moveDraftOf,
  moveDraftParams,
  TIME_ZONE_COOKIE,
  withoutMoveDraft,
  type MoveDraft,
  type MoveOutcome,
  type MovePanelData,
} from "#app/domain/move-forms";
import { movePageParams, pageQueryOf } from "#app/domain/list-pages";
import { MOVE_STATES } from "#app/domain/moves";
import { searchTextOf } from "#app/domain/search";
import type { ServiceContext } from "#app/services/context.server";
import type { FormFailure } from "#app/domain/failures";
import { asRefusal } from "#app/services/errors.server";
import { writeFailure } from "./answers.server";
import { movePanel } from "#app/services/move-panel.server";
import { homeOf } from "./guards.server";
import { readCookie, setCookie } from "#app/lib/cookies.server";

/** Where a move form sent without JavaScript leaves its outcome for the page it returns to (shown once). */
const OUTCOME_COOKIE = "yardline_move_outcome";
/** The pages with a Move Status panel: the only ones a move form returns to. */
const PANEL_PAGES = ["/", "/admin/dashboard"];

function outcomeCookie(request: Request, outcome: MoveOutcome | null): string {
  return setCookie(request, OUTCOME_COOKIE, outcome ? encodeURIComponent(JSON.stringify(outcome)) : "", { maxAge: outcome ? 60 : 0 });
}

/** The viewer's time zone, as the browser's page wrote it in a cookie (null before its first page ran). */
export function viewerTimeZone(request: Request): string | null {
  return readCookie(request, TIME_ZONE_COOKIE);
}

function readOutcome(request: Request): MoveOutcome | null {
  try {
    const stored = JSON.parse(readCookie(request, OUTCOME_COOKIE) || "null") as Record<string, unknown> | null;
    if (!stored || typeof stored !== "object") return null;
    const text = (value: unknown) => (typeof value === "string" ? value.slice(0, 500) : undefined);
    return { notice: text(stored.notice), error: text(stored.error), open: MOVE_STATES.find((state) => state === stored.open) };
  } catch {
    return null;
  }
}

/** The page a move form was sent from (a page with the panel, without an open Create Move), else the user's home. */
function pageBack(form: FormData, request: Request, user: { isAdmin: boolean }): URL {
  const home = new URL(homeOf(user), request.url);
  const sent = form.get(MOVE_FORM.back);
  if (typeof sent !== "string" || !sent.startsWith("/") || sent.startsWith("//")) return home;
  const back = new URL(sent, request.url);
  if (back.origin !== home.origin || !PANEL_PAGES.includes(back.pathname)) return home;
  back.search = withoutMoveDraft(back.searchParams).toString();
  return back;
}

function withDraft(back: URL, draft: MoveDraft): string {
  const params = new URLSearchParams([...back.searchParams, ...moveDraftParams(draft)]);
  return `${back.pathname}?${params}`;
}

/** Create Move's "show the choices" step without JavaScript: back to the form, its choices so far in the URL. */
export function backToDraft(form: FormData, request: Request, user: { isAdmin: boolean }): Response {
  return redirect(withDraft(pageBack(form, request, user), moveDraftOf(form)));
}

/**
 * Answers a move form. Sent by the page's script, the outcome (or the refusal, with its status)
 * is the fetcher's data. Sent as a plain form, it redirects back to the page it came from, which
 * shows the outcome once; a refused Create Move goes back to the form with its choices. A write
 * that failed otherwise is answered like a refusal, with `failure`'s message and its 500 or 503.
 */
export async function answerMoveForm(
  request: Request,
  form: FormData,
  user: { isAdmin: boolean },
  work: () => Promise<MoveOutcome>,
  { failure, refusedDraft }: { failure: FormFailure; refusedDraft?: MoveDraft },
) {
  const asData = form.get(MOVE_FORM.reply) === "data";
  const back = pageBack(form, request, user);
  let outcome: MoveOutcome;
  try {
    outcome = await work();
  } catch (caught) {
    const error = asRefusal(caught);
    const failed = error ? { status: error.status, errors: error.errors, headers: {} } : writeFailure(caught, failure);
    const refusal: MoveOutcome = { error: failed.errors[0] };
    if (asData) return data(refusal, { status: failed.status, headers: failed.headers });
    return redirect(refusedDraft ? withDraft(back, refusedDraft) : `${back.pathname}${back.search}`, {
      headers: { "Set-Cookie": outcomeCookie(request, refusal) },
    });
  }
  if (asData) return data(outcome);
  return redirect(`${back.pathname}${back.search}`, { headers: { "Set-Cookie": outcomeCookie(request, outcome) } });
}

/**
 * What a page's loader gives its Move Status panel (see `movePanel`), in the viewer's time zone,
 * with the outcome of the move form the page was sent back from; `headers` forget that outcome.
 */
export async function movePanelFor(
  request: Request,
  ctx: ServiceContext,
  account: number | null,
): Promise<{ panel: MovePanelData; headers: HeadersInit }> {
  const params = new URL(request.url).searchParams;
  const outcome = readOutcome(request);
  const { user } = ctx.actor;
  const open = firstOpen(outcome, params.get(MOVE_LIST_PARAM), user.isYardDriver || user.isRoadDriver);
  const panel = await movePanel(ctx, {
    account,
    timeZone: viewerTimeZone(request),
    draft: params.get(CREATE_MOVE_PARAM) === "1" ? moveDraftOf(params) : null,
    firstTrailer: firstTrailerOf(params),
    open,
    search: searchTextOf(params),
    // The open list stands where its cursor in the URL says (`finished_before`…); the others are not read.
    pages: open ? { [open]: pageQueryOf(params, movePageParams(open)) } : {},
  });
  return { panel: { ...panel, outcome }, headers: outcome ? { "Set-Cookie": outcomeCookie(request, null) } : {} };
}
