import { ROAD } from "./locations";
import { ROLE_RANK, rankOf, type RoleFlags } from "./roles";

/**
 * Trailer moves: a manager requests one to three legs (from, to, trailer); a driver accepts the
 * move and finishes it, which takes every leg's trailer to its To location. Either may cancel it
 * (see `mayAct`). The state is derived from the row, never stored.
 */

export const MOVE_TYPES = ["single", "shuttle", "triangle"] as const;
export type MoveType = (typeof MOVE_TYPES)[number];
export const LEGS_OF: Record<MoveType, number> = { single: 1, shuttle: 2, triangle: 3 };
export const MOVE_TYPE_LABEL: Record<MoveType, string> = { single: "Single", shuttle: "Shuttle", triangle: "Triangle" };

export const MOVE_STATES = ["requested", "in_progress", "finished", "cancelled"] as const;

/** `GET /api/moves`' orders: by request time (the spec's `all_times`) or by move number. */
export const MOVE_SORTS = ["all_times", "id"] as const;
export type MoveSort = (typeof MOVE_SORTS)[number];
export const ORDERS = ["asc", "desc"] as const;
export type MoveState = (typeof MOVE_STATES)[number];
export const MOVE_STATE_LABEL: Record<MoveState, string> = {
  requested: "Requested",
  in_progress: "In Progress",
  finished: "Finished",
  cancelled: "Cancelled",
};

export const MOVE_ACTIONS = ["accept", "finish", "cancel"] as const;
export type MoveAction = (typeof MOVE_ACTIONS)[number];

/** The spec's texts (documents 1 §2, §5, §6, §8). */
export const MOVE_MESSAGES = {
  sortUnknown: `sort must be one of ${MOVE_SORTS.join(", ")}`,
  orderUnknown: `order must be one of ${ORDERS.join(", ")}`,
  createDenied: "Permission denied: Only managers and administrators can create moves",
  createDeniedPanel: "You don't have permission to create moves. Only managers and administrators can create moves.",
  trailerRequired: "Please select a trailer for each move",
  locationsRequired: "Please select both from and to locations for each move",
  sameLocation: "Cannot select the same FROM / TO Location",
  onRoad: (numbers: string[]) => `Cannot create move with trailers that are already on the road: ${numbers.join(", ")}`,
  trailerTwice: "A trailer cannot be used more than once in a move",
  legCount: "Please choose Single, Shuttle or Triangle with its number of legs",
  inRequestedMove: (number: string) => `Trailer ${number} is already in a requested move`,
  inActiveMove: (number: string) => `Trailer ${number} is already in use in another active move`,
  trailerUnknown: (number: string) => `Trailer ${number} was not found in this account`,
  trailerNotAtFrom: (number: string, from: string) => `Trailer ${number} is no longer at ${from}`,
  fromUnknown: (location: string) => `${location} is not a location of this account`,
  toInvalid: (location: string) => `A trailer cannot be moved to ${location}; choose a yard, the Shop or a building door`,
  accountRequired: "Please select an account for the move",
  notFound: "Move not found",
  otherAccount: "Permission denied: This move belongs to another account. You can only modify moves for your own account.",
  actionDenied: "Permission denied: Only drivers, managers and administrators can accept, finish or cancel moves",
  notYours: (action: "finish" | "cancel") => `Permission denied: Only the driver who accepted this move or a manager can ${action} it`,
  conflict: {
    accept: "This move cannot be accepted due to a conflict",
    finish: "This move cannot be finished due to a conflict",
    cancel: "This move cannot be cancelled due to a conflict",
  } satisfies Record<MoveAction, string>,
  actionFailed: (action: MoveAction) => `Error: Failed to ${action} the move`,
  /** The server failed the action without naming a refusal. */
  shortFailed: (action: MoveAction) => `Failed to ${action} move`,
  /** The Move Status panel while an opened card's list is on its way. */
  loading: "Loading move data...",
  createFailed: "Failed to create move",
  loadTrailersFailed: "Failed to load available trailers",
  panelOtherAccountAdmin: (accountId: number) =>
    `This move belongs to a different account (ID: ${accountId}). Select that account to modify this move.`,
  panelOtherAccount: "This move belongs to another account. You can only modify moves for your own account.",
  /** A trailer's page, instead of Request move: why no move can be requested for it now. */
  trailerMoving: (number: string, moveId: number, state: string) =>
    `Trailer ${number} is already in move #${moveId} (${state}), so another move cannot be requested until that one is finished or cancelled.`,
  trailerOnRoad: (number: string) => `Trailer ${number} is on the road, so a move cannot be requested for it.`,
  /** Create Move opened for a trailer (`?trailer=`) it cannot take: the form opens without it, saying why. */
  firstTrailerUnknown: "The trailer asked for was not found in this account, so no trailer was chosen.",
  firstTrailerIgnored: (why: string) => `${why} No trailer was chosen.`,
} as const;

export interface MoveStateFields {
  inProgress: boolean;
  finishTime: Date | string | null;
  isCancel: boolean;
}

/** Requested, In Progress, Finished or Cancelled, as the spec derives it. */
export function moveState(move: MoveStateFields): MoveState {
  if (move.isCancel) return "cancelled";
  if (move.finishTime) return "finished";
  return move.inProgress ? "in_progress" : "requested";
}

export function isActive(state: MoveState): boolean {
  return state === "requested" || state === "in_progress";
}

/** The transitions: Requested → accept | cancel; In Progress → finish | cancel; the rest none. */
export const ACTIONS_IN: Record<MoveState, readonly MoveAction[]> = {
  requested: ["accept", "cancel"],
  in_progress: ["finish", "cancel"],
  finished: [],
  cancelled: [],
};

/** Admin, super manager, account manager and manager. */
export function canCreateMoves(user: RoleFlags): boolean {
  return rankOf(user) >= ROLE_RANK.manager;
}

/** Yard and road drivers, and the managerial roles, take part in moves; mechanics and security only watch. */
export function takesPartInMoves(user: RoleFlags): boolean {
  return canCreateMoves(user) || user.isYardDriver || user.isRoadDriver;
}

/** Who looks at the Move Status panel: role flags, id and account, nothing more. */
export type MoveViewer = RoleFlags & { id: number; accountId: number | null };

export function moveViewerOf(user: MoveViewer): MoveViewer {
  return {
    id: user.id,
    accountId: user.accountId,
    isAdmin: user.isAdmin,
    isSuperManager: user.isSuperManager,
    isAccountManager: user.isAccountManager,
    isManager: user.isManager,
    isYardDriver: user.isYardDriver,
    isRoadDriver: user.isRoadDriver,
    isMechanic: user.isMechanic,
    isSecurity: user.isSecurity,
  };
}

export type ActionVerdict = "allowed" | "other_account" | "role" | "not_yours";

/**
 * May `user` perform `action` on `move` (state aside)?
 * - Only within the user's own account; admins in any account.
 * - Accepting: drivers (yard and road) and the managerial roles.
 * - Finishing and cancelling an accepted move: the driver who accepted it, or a managerial role
 *   (a manager closes out a move for a driver whose phone died, or calls it off).
 * - Cancelling a move nobody accepted yet: managerial roles only; a driver who cannot do it
 *   simply leaves it for another.
 */
export function mayAct(
  user: MoveViewer,
  move: { accountId: number; acceptUserId: number | null; inProgress: boolean },
  action: MoveAction,
): ActionVerdict {
  if (!user.isAdmin && user.accountId !== move.accountId) return "other_account";
  if (!takesPartInMoves(user)) return "role";
  if (canCreateMoves(user) || action === "accept") return "allowed";
  if (move.inProgress && move.acceptUserId === user.id) return "allowed";
  return "not_yours";
}

/**
 * The Move Status panel's buttons for a move, or the spec's message when the move belongs to
 * another account than the one the viewer works in (an admin: the selected account, if any).
 */
export function panelActions(
  viewer: MoveViewer,
  move: { accountId: number; acceptUserId: number | null; inProgress: boolean; state: MoveState },
  selectedAccount: number | null,
): { message: string | null; actions: MoveAction[] } {
  if (viewer.isAdmin) {
    if (selectedAccount !== null && move.accountId !== selectedAccount) {
      return { message: MOVE_MESSAGES.panelOtherAccountAdmin(move.accountId), actions: [] };
    }
  } else if (move.accountId !== viewer.accountId) {
    return { message: MOVE_MESSAGES.panelOtherAccount, actions: [] };
  }
  return { message: null, actions: ACTIONS_IN[move.state].filter((action) => mayAct(viewer, move, action) === "allowed") };
}

/** One leg of a Create Move request, as the form and the API send it (trailer by number), read by `createMoveSchema`. */
export interface MoveLegInput {
  from: string;
  to: string;
  trailer: string;
}

/**
 * The rules of spec §5 in the spec's order: the first broken rule's message (the form shows one at
 * a time, as the original does), or null. `onRoad` are the legs' trailers that stand on the Road:
 * the server knows them; the form never offers them.
 */
export function legProblem(type: MoveType, legs: MoveLegInput[], onRoad: string[] = []): string | null {
  if (legs.length !== LEGS_OF[type]) return MOVE_MESSAGES.legCount;
  if (legs.some((leg) => !leg.trailer)) return MOVE_MESSAGES.trailerRequired;
  if (legs.some((leg) => !leg.from || !leg.to)) return MOVE_MESSAGES.locationsRequired;
  if (legs.some((leg) => leg.from.toLowerCase() === leg.to.toLowerCase())) return MOVE_MESSAGES.sameLocation;
  if (onRoad.length) return MOVE_MESSAGES.onRoad([...new Set(onRoad)]);
  const numbers = legs.map((leg) => leg.trailer);
  if (new Set(numbers).size !== numbers.length) return MOVE_MESSAGES.trailerTwice;
  return null;
}

/** "1h 5m", "3d 2h", "45s": a move's elapsed time. */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const days = Math.floor(s / 86400);
  const hours = Math.floor((s % 86400) / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  if (days) return `${days}d ${hours}h`;
  if (hours) return `${hours}h ${minutes}m`;
  if (minutes) return `${minutes}m`;
  return `${s}s`;
}

/** One leg of a move as the API shows it. */
export interface MoveLeg {
  from: string;
  to: string;
  trailer: string;
  trailer_id: number;
}

/** A move as the API and the Move Status panel show it: the spec's fields, its derived state and its legs. */
export interface PublicMove {
  id: number;
  account_id: number;
  request_user_id: number | null;
  request_alpha_code: string | null;
  state: MoveState;
  in_progress: boolean;
  accept_user_id: number | null;
  accept_alpha_code: string | null;
  accept_time: string | null;
  finish_time: string | null;
  is_cancel: boolean;
  cancel_time: string | null;
  request_time: string;
  /** finish_time − request_time, in seconds. */
  elapse_time: number | null;
  move_details: { type: string; moves: MoveLeg[] };
}

/**
 * The Move Status panel: the count of each state (Finished and Cancelled also today's, in the
 * viewer's time zone) and the newest moves of each state read (at most `list_limit`): every
 * state's for the API, the open list's for a page (the panel fetches another when it opens).
 */
export interface MoveSummary {
  counts: Record<MoveState, number> & { finished_today: number; cancelled_today: number };
  moves: Partial<Record<MoveState, PublicMove[]>>;
  /** The global search the lists were narrowed by ("" for none); the counts are the account's all the same. */
  search: string;
  /** While searching: how many moves of each list read match the search in all. */
  matches: Partial<Record<MoveState, number>>;
  /** Each list read: the cursors of its older page (`before`) and newer page (`after`); null at either end. */
  pages: Partial<Record<MoveState, { older: string | null; newer: string | null }>>;
  time_zone: string;
  list_limit: number;
}

/** A trailer a new move may take: it stands at the location and is in no active move. */
export interface AvailableTrailer {
  id: number;
  trailer_number: string;
  /** The type's code ("dry_53") and its label as lists show it ("Dry 53"). */
  type: string | null;
  type_label: string;
  trailer_location: string;
  is_loaded: boolean;
  yellow_tagged: boolean;
  red_tagged: boolean;
  in_shop: boolean;
}

/** Create Move's trailer picker reads at most this many trailers of a location at a time; a search narrows it. */
export const AVAILABLE_TRAILERS_LIMIT = 500;

/**
 * The free trailers at a location that match a search (`search`, "" for none), by number: the
 * first AVAILABLE_TRAILERS_LIMIT of them, and how many match in all (`total`).
 */
export interface AvailableTrailerList {
  search: string;
  trailers: AvailableTrailer[];
  total: number;
}

const count = (value: number) => value.toLocaleString("en-US");

/**
 * What Create Move's trailer picker says of a list: how many match, that the list was cut, or that
 * none match; it never says a location has no trailers when only the search or the cut left them
 * out. `shown`: the trailers of the list it shows (those picked in another leg left out).
 */
export function availableTrailersSummary(list: AvailableTrailerList, shown: number, location: string): string {
  const { search, total } = list;
  const listed = list.trailers.length;
  if (total === 0) return search ? `No available trailers match "${search}".` : `No available trailers at ${location}.`;
  if (shown === 0 && listed === total) return "The trailers that match are picked in another move of this form.";
  if (listed < total) return `Showing ${count(listed)} of ${count(total)} — type to narrow`;
  const trailers = total === 1 ? "1 trailer" : `${count(total)} trailers`;
  return search ? `${trailers} ${total === 1 ? "matches" : "match"}` : `${trailers} available`;
}

/** Create Move's locations: From holds free trailers (with how many); To takes trailers. */
export interface MoveLocations {
  from: { location: string; trailers: number }[];
  to: string[];
}

/** What the Create Move form offers for the account it works in: its locations and the trailers at each chosen From. */
export interface CreateMoveChoices {
  /** null: an admin who has not chosen an account yet. */
  account: number | null;
  locations: MoveLocations | null;
  /** The free trailers at each From chosen, matching the search of its leg. */
  trailersAt: Record<string, AvailableTrailerList>;
  /** The first leg's From and trailer, when the form was opened for a trailer (`?trailer=`) free to move. */
  firstLeg?: { from: string; trailer: string };
  /** Why the trailer the form was opened for was not chosen. */
  ignored?: string;
}

/** A trailer's active move, when it is in one: its id and whether it is under way. */
export interface ActiveMove {
  id: number;
  inProgress: boolean;
}

/**
 * Why no move can be requested for a trailer now, or null when one can: it is already in an
 * active move (a trailer is in one at a time), or it is on the road (moves never take a trailer
 * from the road).
 */
export function moveRequestBlock(trailer: { number: string; location: string; activeMove: ActiveMove | null }): string | null {
  const { activeMove } = trailer;
  if (activeMove) {
    return MOVE_MESSAGES.trailerMoving(
      trailer.number,
      activeMove.id,
      MOVE_STATE_LABEL[activeMove.inProgress ? "in_progress" : "requested"],
    );
  }
  if (trailer.location === ROAD) return MOVE_MESSAGES.trailerOnRoad(trailer.number);
  return null;
}
