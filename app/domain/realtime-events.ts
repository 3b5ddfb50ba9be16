/**
 * Events sent to the account rooms; the names are the spec's. `origin` names the page (one tab)
 * whose form made the change: that page skips the event, since the reload after its own form
 * already shows the change.
 */
export type RealtimeEvent = (
  | { type: "move_status_changed"; account_id: number; move_id: number; affected_trailers: number[] }
  | { type: "trailer_location_updated"; account_id: number; trailer_id: number; location: string }
  | { type: "truck_location_updated"; account_id: number; truck_id: number; location: string }
  | { type: "location_history_updated"; account_id: number; asset: "trailer" | "truck"; asset_id: number }
  | {
      type: "account_data_changed";
      account_id: number;
      what: "trailer" | "truck" | "building" | "yard" | "user";
      id: number;
      change: "created" | "updated" | "deleted";
    }
  /** A bulk upload added `count` trailers at once: one event for the batch. */
  | { type: "trailers_added"; account_id: number; count: number }
  | { type: "session_ended"; session_id: number; reason: string }
) & { origin?: string };

/** A page's name as its forms send it (`origin`): letters, digits and dashes, 8 to 64 of them. */
export const PAGE_ORIGIN_PATTERN = /^[A-Za-z0-9-]{8,64}$/;

export type SessionEndReason = "logout" | "timeout" | "replaced" | "deactivated";

/** What a write leaves to do once it has committed: tell a room, or close an ended session's sockets. */
export type AfterCommit =
  | { kind: "publish"; accountId: number; event: RealtimeEvent }
  | { kind: "close_sockets"; sessionId: number; room: string; reason: SessionEndReason };

/** Where committed writes send their side effects (the Worker: the rooms, after the response). */
export interface EventSink {
  send(effects: readonly AfterCommit[]): void;
}

export const ALL_ACCOUNTS_ROOM = "all";

/** Headers the Worker's socket guard (app/lib/realtime.server.ts) sets on a socket it admits, for its room. */
export const SOCKET_SESSION_HEADER = "x-yardline-session";
export const SOCKET_USER_HEADER = "x-yardline-user";

/** The websocket path of an account's room (or of the admins' room for every account). */
export function roomPath(room: number | typeof ALL_ACCOUNTS_ROOM): string {
  return `/parties/account-room/${room}`;
}

/** The one room a user's sockets may join: admins follow every account through `all`. */
export function socketRoomOf(user: { isAdmin: boolean; accountId: number | null }): string {
  return user.isAdmin || user.accountId === null ? ALL_ACCOUNTS_ROOM : String(user.accountId);
}

/** Whether an event changes what a trailer's or truck's own page shows (its place, history, record). */
export function concernsAsset(event: RealtimeEvent, kind: "trailer" | "truck", id: number): boolean {
  switch (event.type) {
    case "trailer_location_updated":
      return kind === "trailer" && event.trailer_id === id;
    case "truck_location_updated":
      return kind === "truck" && event.truck_id === id;
    case "location_history_updated":
      return event.asset === kind && event.asset_id === id;
    case "account_data_changed":
      return event.what === kind && event.id === id;
    case "move_status_changed":
      return kind === "trailer" && event.affected_trailers.includes(id);
    default:
      return false;
  }
}
