import { describe, expect, it, vi } from "vitest";
import { afterSending, heldEvents } from "./held-events.server";

const event = { kind: "publish", accountId: 1, event: { type: "trailers_added", account_id: 1, count: 1 } } as const;

function worker() {
  const waited: Promise<unknown>[] = [];
  const delivered: number[] = [];
  const ctx = { waitUntil: (promise: Promise<unknown>) => void waited.push(promise) } as unknown as ExecutionContext;
  const deliver = async () => void delivered.push(delivered.length);
  return { ctx, deliver, waited, delivered };
}

describe("a request's realtime events leave after its answer", () => {
  it("holds what committed writes queue until the response is sent, then delivers it once", async () => {
    const { ctx, deliver, waited, delivered } = worker();
    const events = heldEvents(deliver, ctx);
    expect(events.holding()).toBe(false);
    events.send([event]);
    events.send([event]);
    expect(events.holding()).toBe(true);
    expect(waited).toHaveLength(0);
    expect(delivered).toHaveLength(0);
    events.release();
    events.release();
    expect(waited).toHaveLength(1);
    expect(events.holding()).toBe(false);
    // Sent after the answer: delivered at once.
    events.send([event]);
    expect(waited).toHaveLength(2);
    await Promise.all(waited);
    expect(delivered).toHaveLength(3);
  });

  it("afterSending calls back once the body has been read out, not before; at once without a body", async () => {
    const sent = vi.fn();
    const response = afterSending(new Response("finished", { status: 200, headers: { "X-Move": "7" } }), sent);
    expect(response.status).toBe(200);
    expect(response.headers.get("X-Move")).toBe("7");
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(sent).not.toHaveBeenCalled();
    expect(await response.text()).toBe("finished");
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(sent).toHaveBeenCalledTimes(1);

    const empty = vi.fn();
    afterSending(new Response(null, { status: 302, headers: { Location: "/" } }), empty);
    expect(empty).toHaveBeenCalledTimes(1);
  });
});
