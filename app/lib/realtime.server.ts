import { routePartykitRequest } from "partyserver";
import type { Env } from "#app/env";
import { SOCKET_SESSION_HEADER, SOCKET_USER_HEADER, socketRoomOf } from "#app/domain/realtime-events";
import type { AfterCommit } from "#app/domain/realtime-events";
import { openDatabase } from "./db.server";
import { heldEvents, roomDeliveries, type RequestEvents } from "./held-events.server";
import { readSessionToken, resolveSession } from "./session.server";

/**
 * Decides whether a socket may join a room. Denied unless the request carries the cookie of a
 * live session, comes from a page of the same origin, and the room is the user's own account's. Admins join the room `all`, which
 * receives the events of every account.
 * Returns the request to forward (tagged with session and user ids) or a refusal.
 */
export async function authorizeSocket(request: Request, env: Env, room: string): Promise<Request | Response> {
  const database = openDatabase(env);
  try {
    const live = await resolveSession(database.db, readSessionToken(request));
    if (live.state !== "live") return new Response("Unauthorized", { status: 401 });
    const origin = request.headers.get("Origin");
    if (origin && origin !== new URL(request.url).origin) return new Response("Forbidden", { status: 403 });
    const { user, session } = live;
    if (user.firstLogin) return new Response("Forbidden", { status: 403 });
    const allowed = room === socketRoomOf(user);
    if (!allowed) return new Response("Forbidden", { status: 403 });
    const forwarded = new Request(request);
    forwarded.headers.set(SOCKET_SESSION_HEADER, String(session.id));
    forwarded.headers.set(SOCKET_USER_HEADER, String(user.id));
    return forwarded;
  } finally {
    await database.close();
  }
}

/** Routes `/parties/*`: websocket upgrades are authorised; plain HTTP to a room is refused. */
export async function handleRoomRequest(request: Request, env: Env): Promise<Response> {
  const response = await routePartykitRequest(request, env, {
    onBeforeConnect: (req, lobby) => authorizeSocket(req, env, lobby.name),
    onBeforeRequest: () => new Response("Not found", { status: 404 }),
  });
  return response ?? new Response("Not found", { status: 404 });
}

/**
 * A room by name. A plain stub: the room's RPC methods need no name, so partyserver's
 * `getServerByName` (which first sends the name in a call of its own) would only add a round trip.
 */
function roomNamed(env: Env, name: string) {
  return env.AccountRoom.get(env.AccountRoom.idFromName(name));
}

/**
 * Delivers what a request's committed writes queued (see roomDeliveries): the rooms at once, each
 * room's deliveries one after another, so that a room hears them in the order they were queued. A
 * delivery that fails does not hold back the rest; the first failure is thrown once all are done.
 */
async function deliverEffects(env: Env, effects: readonly AfterCommit[]): Promise<void> {
  const failures: unknown[] = [];
  await Promise.all(
    [...roomDeliveries(effects)].map(async ([name, deliveries]) => {
      const room = roomNamed(env, name);
      for (const delivery of deliveries) {
        try {
          if (delivery.kind === "publish") await room.publish(delivery.messages);
          else await room.closeSessionSockets(delivery.sessionId, delivery.reason);
        } catch (error) {
          failures.push(error);
        }
      }
    }),
  );
  if (failures.length) throw failures[0];
}

/**
 * The Worker's event sink: what a committed write queued goes to the rooms once the request's
 * response is on its way (see heldEvents).
 */
export function roomEvents(env: Env, ctx: ExecutionContext): RequestEvents {
  return heldEvents((effects) => deliverEffects(env, effects), ctx);
}
