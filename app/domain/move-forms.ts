import { idParam } from "./ids";
import type { RoleFlags } from "./roles";
import {
  canCreateMoves,
  LEGS_OF,
  MOVE_STATES,
  MOVE_TYPES,
  moveRequestBlock,
  type ActiveMove,
  type CreateMoveChoices,
  type MoveAction,
  type MoveState,
  type MoveSummary,
  type MoveType,
  type PublicMove,
} from "./moves";

/**
 * The move forms of the Move Status panel (Create Move, accept, finish, cancel): their fields,
 * the draft of a Create Move form being filled in, and what the panel says afterwards. Shared by
 * the page, which sends them, and the server, which answers them.
 */

/** The browser's time zone, as it tells the server (a cookie), so "today" on the panel is the viewer's day. */
export const TIME_ZONE_COOKIE = "yardline_tz";

/** The URL parameter that opens Create Move, so the phone's Back button closes it. */
export const CREATE_MOVE_PARAM = "create_move";

/**
 * The URL parameter that opens Create Move for one trailer, by id: the server checks it and fills
 * the first leg with the trailer and where it stands (see `requestMoveHref`).
 */
export const FIRST_TRAILER_PARAM = "trailer";

/** The trailer id `?trailer=` names, or null when it names none. */
export function firstTrailerOf(params: URLSearchParams): number | null {
  return idParam(params.get(FIRST_TRAILER_PARAM));
}

/**
 * Request move on a trailer's page: the dashboard with Create Move open for that trailer (an
 * admin's, on the trailer's account), a plain link, so it works without JavaScript.
 */
export function requestMoveHref(trailer: { id: number; accountId: number }, viewer: { isAdmin: boolean }): string {
  const params = new URLSearchParams();
  if (viewer.isAdmin) params.set("account", String(trailer.accountId));
  params.set(CREATE_MOVE_PARAM, "1");
  params.set(FIRST_TRAILER_PARAM, String(trailer.id));
  return `/?${params}`;
}

/** Request move on a trailer's page: the link that opens Create Move with it, or why there is none. */
export type MoveRequest = { href: string } | { blocked: string };

/**
 * What a trailer's page offers a viewer who may create moves: Request move (`requestMoveHref`),
 * or why no move can be requested for the trailer now (`moveRequestBlock`). Nothing for others.
 */
export function trailerMoveRequest(
  viewer: RoleFlags,
  trailer: { id: number; accountId: number; number: string; location: string; activeMove: ActiveMove | null },
): MoveRequest | null {
  if (!canCreateMoves(viewer)) return null;
  const blocked = moveRequestBlock(trailer);
  return blocked ? { blocked } : { href: requestMoveHref(trailer, viewer) };
}

/**
 * The Create Move form's fields. Filled in without JavaScript, the form goes back and forth with
 * the server, and its choices so far stand in the page's URL.
 */
export const MOVE_FORM = {
  account: "move_account",
  /** The page that sends the form (realtime-client's pageOrigin): the change's events name it. */
  origin: "origin",
  type: "move_type",
  /** A type button: the type chosen now (the hidden `move_type` holds the one before). */
  chooseType: "choose_type",
  hideRedTagged: "hide_red",
  intent: "intent",
  /** Where to return to after the form is done: the page it was sent from. */
  back: "back",
  /** Present when the page's script sends the form and wants the answer as data, not a redirect. */
  reply: "reply",
} as const;

const LEG_PARTS = ["from", "to", "trailer", "search"] as const;
export type MoveDraftLeg = Record<(typeof LEG_PARTS)[number], string>;

export function legField(legNumber: number, part: (typeof LEG_PARTS)[number]): string {
  return `leg${legNumber}_${part}`;
}

/** A Create Move form as filled in so far. */
export interface MoveDraft {
  account: number | null;
  type: MoveType;
  legs: MoveDraftLeg[];
  hideRedTagged: boolean;
}

/** A Create Move form's fields (a submitted form or the page's URL) as a draft: always as many legs as its type has. */
export function moveDraftOf(fields: { get(name: string): unknown }): MoveDraft {
  const value = (name: string) => {
    const found = fields.get(name);
    return typeof found === "string" ? found.trim().slice(0, 200) : "";
  };
  const typed = value(MOVE_FORM.chooseType) || value(MOVE_FORM.type);
  const type = MOVE_TYPES.find((option) => option === typed) ?? "single";
  const account = value(MOVE_FORM.account);
  return {
    account: /^\d{1,10}$/.test(account) ? Number(account) : null,
    type,
    legs: Array.from({ length: LEGS_OF[type] }, (_, index) => {
      const leg = Object.fromEntries(LEG_PARTS.map((part) => [part, value(legField(index + 1, part))])) as MoveDraftLeg;
      return { ...leg, trailer: leg.trailer.toUpperCase() };
    }),
    hideRedTagged: value(MOVE_FORM.hideRedTagged) === "1",
  };
}

/** The URL parameters of an open Create Move form with its choices so far. */
export function moveDraftParams(draft: MoveDraft): URLSearchParams {
  const params = new URLSearchParams({ [CREATE_MOVE_PARAM]: "1", [MOVE_FORM.type]: draft.type });
  if (draft.account !== null) params.set(MOVE_FORM.account, String(draft.account));
  if (draft.hideRedTagged) params.set(MOVE_FORM.hideRedTagged, "1");
  draft.legs.forEach((leg, index) => {
    for (const part of LEG_PARTS) if (leg[part]) params.set(legField(index + 1, part), leg[part]);
  });
  return params;
}

/** A page's URL parameters without an open Create Move form's. */
export function withoutMoveDraft(params: URLSearchParams): URLSearchParams {
  const kept = new URLSearchParams(params);
  const formFields = new Set<string>([CREATE_MOVE_PARAM, FIRST_TRAILER_PARAM, MOVE_FORM.account, MOVE_FORM.type, MOVE_FORM.hideRedTagged]);
  for (const key of [...kept.keys()]) if (formFields.has(key) || /^leg\d+_/.test(key)) kept.delete(key);
  return kept;
}

/** The Create Move request a finished draft makes (the same body `POST /api/moves` takes). */
export function createMoveRequest(draft: MoveDraft) {
  return {
    account_id: draft.account ?? undefined,
    move_details: { type: draft.type, moves: draft.legs.map(({ from, to, trailer }) => ({ from, to, trailer })) },
  };
}

const DONE_LABEL: Record<MoveAction | "request", string> = {
  request: "requested",
  accept: "accepted",
  finish: "finished",
  cancel: "cancelled",
};

/** What the panel says once a move was requested, accepted, finished or cancelled. */
export function moveDoneMessage(move: PublicMove, done: MoveAction | "request"): string {
  if (done !== "finish") return `Move #${move.id} ${DONE_LABEL[done]}`;
  return `Move #${move.id} finished: ${move.move_details.moves.map((leg) => `${leg.trailer} now at ${leg.to}`).join(", ")}`;
}

/** The outcome of a move form shown on the panel: a notice and the list the move is now in, or the refusal. */
export interface MoveOutcome {
  notice?: string;
  open?: MoveState;
  error?: string;
}

/** The URL parameter of the list a card opened without JavaScript (empty: none). */
export const MOVE_LIST_PARAM = "move_list";

/**
 * The list the panel opens with: the one a move form's outcome names, else the one in the URL,
 * else a driver's Requested (the moves a driver takes).
 */
export function firstOpen(outcome: MoveOutcome | null, listed: string | null, isDriver: boolean): MoveState | null {
  if (outcome?.open) return outcome.open;
  if (listed !== null) return MOVE_STATES.find((state) => state === listed) ?? null;
  return isDriver ? "requested" : null;
}

/** What a page's loader gives its Move Status panel. */
export interface MovePanelData {
  summary: MoveSummary;
  /** Create Move's choices, while it is open (none for a viewer who may not create moves). */
  create: CreateMoveChoices | null;
  /** The outcome of the move form this page was sent back from (without JavaScript). */
  outcome: MoveOutcome | null;
}
