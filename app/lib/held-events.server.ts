import type { AfterCommit, EventSink } from "../services/context.server";

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
 * has its answer on the way.
 */
export function heldEvents(deliver: (effect: AfterCommit) => Promise<void>, ctx: ExecutionContext): RequestEvents {
  const queued: AfterCommit[] = [];
  let released = false;
  const start = (effects: AfterCommit[]) =>
    ctx.waitUntil(
      // A moment later still: where the rooms share the Worker's thread (`wrangler dev`), the
      // response's last bytes go out before the rooms' sends take the thread.
      new Promise((resolve) => setTimeout(resolve, 1))
        .then(() => Promise.all(effects.map((effect) => deliver(effect))))
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
