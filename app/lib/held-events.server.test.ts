import { describe, expect, it, vi } from "vitest";
import type { AfterCommit } from "#app/domain/realtime-events";
import { afterSending, heldEvents, roomDeliveries } from "./held-events.server";

const event = { kind: "publish", accountId: 1, event: { type: "trailers_added", account_id: 1, count: 1 } } as const;

function worker() {
  const waited: Promise<unknown>[] = [];
  const delivered: number[] = [];
  const ctx = { waitUntil: (promise: Promise<unknown>) => void waited.push(promise) } as unknown as ExecutionContext;
  // Each delivery's size: what a request queued leaves together.
  const deliver = async (effects: AfterCommit[]) => void delivered.push(effects.length);
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
    expect(delivered).toEqual([2, 1]);
  });

  it("afterSending calls back once the body has been read out, not before; at once without a body", async () => {
    const sent = vi.fn();
    const response = afterSending(new Response("finished", { status: 200, headers: { "X-Move": "7" } }), sent);
    expect(response.status).toBe(200);
    expect(response.headers.get("X-Move")).toBe("7");
    // The body read but its end not yet: not sent.
    const reader = response.body!.getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toBe("finished");
    expect(sent).not.toHaveBeenCalled();
    expect((await reader.read()).done).toBe(true);
    await vi.waitFor(() => expect(sent).toHaveBeenCalledTimes(1));

    const empty = vi.fn();
    afterSending(new Response(null, { status: 302, headers: { Location: "/" } }), empty);
    expect(empty).toHaveBeenCalledTimes(1);
  });

  it("asks each room once for events queued together, in the order queued, each serialised once, every account's to the admins' room too", () => {
    const effects: AfterCommit[] = [
      { kind: "publish", accountId: 4, event: { type: "move_status_changed", account_id: 4, move_id: 9, affected_trailers: [3] } },
      { kind: "publish", accountId: 4, event: { type: "trailer_location_updated", account_id: 4, trailer_id: 3, location: "D-1" } },
      { kind: "publish", accountId: 5, event: { type: "trailers_added", account_id: 5, count: 2 } },
    ];
    const message = (index: number) => JSON.stringify((effects[index] as Extract<AfterCommit, { kind: "publish" }>).event);
    const rooms = roomDeliveries(effects);
    expect([...rooms.keys()]).toEqual(["4", "all", "5"]);
    expect(rooms.get("4")).toEqual([{ kind: "publish", messages: [message(0), message(1)] }]);
    expect(rooms.get("5")).toEqual([{ kind: "publish", messages: [message(2)] }]);
    expect(rooms.get("all")).toEqual([{ kind: "publish", messages: [message(0), message(1), message(2)] }]);
  });

  it("closes an ended session's sockets before the events queued after it reach its room", () => {
    const effects: AfterCommit[] = [
      { kind: "close_sockets", sessionId: 12, room: "4", reason: "logout" },
      { kind: "publish", accountId: 4, event: { type: "account_data_changed", account_id: 4, what: "user", id: 7, change: "updated" } },
    ];
    const message = JSON.stringify((effects[1] as Extract<AfterCommit, { kind: "publish" }>).event);
    const rooms = roomDeliveries(effects);
    expect(rooms.get("4")).toEqual([
      { kind: "close_sockets", sessionId: 12, reason: "logout" },
      { kind: "publish", messages: [message] },
    ]);
    expect(rooms.get("all")).toEqual([{ kind: "publish", messages: [message] }]);
  });
});
