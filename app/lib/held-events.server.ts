import { ALL_ACCOUNTS_ROOM } from "#app/domain/realtime-events";
import type { AfterCommit, EventSink } from "#app/domain/realtime-events";

/** The request's event sink, and `release()`: its response has been sent. */
export interface RequestEvents extends EventSink {
  /** Whether events wait for the response. */
  holding(): boolean;
  release(): void;
}

/**
 * A request's event sink: what a committed write queued is delivered once the request's response
 * has been handed over (`release`, called by the Worker when the response's body has been read
 * out), in `waitUntil`. So no response waits for the fan-out, even where the rooms run beside the
 * Worker (`wrangler dev`), and a socket never hears of a change before the request that made it
 * has its answer on the way. What the request queued is delivered together, in the order queued.
 */
export function heldEvents(deliver: (effects: AfterCommit[]) => Promise<void>, ctx: ExecutionContext): RequestEvents {
  const queued: AfterCommit[] = [];
  let released = false;
  const start = (effects: AfterCommit[]) =>
    ctx.waitUntil(
      // A moment later still: where the rooms share the Worker's thread (`wrangler dev`), the
      // response's last bytes go out before the rooms' sends take the thread.
      new Promise((resolve) => setTimeout(resolve, 1))
        .then(() => deliver(effects))
        .then(
          () => undefined,
          (error) => console.error("delivering realtime events", error),
        ),
    );
  return {
    send(effects) {
      if (released) start([...effects]);
      else queued.push(...effects);
    },
    holding: () => queued.length > 0,
    release() {
      if (released) return;
      released = true;
      if (queued.length) start(queued.splice(0));
    },
  };
}

/**
 * The response as it is, calling `sent` once its body has been read out to the client (at once
 * for a response without a body).
 */
export function afterSending(response: Response, sent: () => void): Response {
  if (!response.body || response.webSocket) {
    sent();
    return response;
  }
  const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>({ flush: sent });
  response.body.pipeTo(writable).catch(sent);
  return new Response(readable, response);
}

/** What one room is asked to do: send events (serialised), or close the sockets of an ended session. */
export type RoomDelivery = { kind: "publish"; messages: string[] } | { kind: "close_sockets"; sessionId: number; reason: string };

/**
 * What a request's effects ask of each room, in the order they were queued: each event is
 * serialised once and goes to its account's room and to the admins' room `all`, events queued one
 * after another to a room travel together; a session's socket closes go to the room its user's
 * sockets are in. So a room is asked once for all of a finish's events, and a socket closed before
 * an event was queued never hears of it.
 */
export function roomDeliveries(effects: readonly AfterCommit[]): Map<string, RoomDelivery[]> {
  const rooms = new Map<string, RoomDelivery[]>();
  const queue = (room: string): RoomDelivery[] => {
    let deliveries = rooms.get(room);
    if (!deliveries) rooms.set(room, (deliveries = []));
    return deliveries;
  };
  for (const effect of effects) {
    if (effect.kind === "close_sockets") {
      queue(effect.room).push({ kind: "close_sockets", sessionId: effect.sessionId, reason: effect.reason });
      continue;
    }
    const message = JSON.stringify(effect.event);
    for (const room of [String(effect.accountId), ALL_ACCOUNTS_ROOM]) {
      const deliveries = queue(room);
      const last = deliveries.at(-1);
      if (last?.kind === "publish") last.messages.push(message);
      else deliveries.push({ kind: "publish", messages: [message] });
    }
  }
  return rooms;
}
