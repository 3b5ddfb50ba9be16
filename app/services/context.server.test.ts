import { describe, expect, it } from "vitest";
import { askedByPage, type ServiceContext } from "./context.server";
import type { AfterCommit } from "#app/domain/realtime-events";

function contextSendingTo(sent: AfterCommit[]): ServiceContext {
  return { db: undefined as never, actor: undefined as never, events: { send: (effects) => sent.push(...effects) } };
}

const moved: AfterCommit = {
  kind: "publish",
  accountId: 7,
  event: { type: "move_status_changed", account_id: 7, move_id: 3, affected_trailers: [9] },
};
const closed: AfterCommit = { kind: "close_sockets", sessionId: 4, room: "7", reason: "logout" };

describe("a change a page's form asked for", () => {
  it("names the page in every event it publishes, and in nothing else", () => {
    const sent: AfterCommit[] = [];
    askedByPage(contextSendingTo(sent), "a1b2c3d4e5f6a1b2c3d4e5f6").events.send([moved, closed]);
    expect(sent).toEqual([{ ...moved, event: { ...moved.event, origin: "a1b2c3d4e5f6a1b2c3d4e5f6" } }, closed]);
  });

  it.each([undefined, null, 42, "", "short", "has spaces in it", "<script>alert(1)</script>", "x".repeat(65)])(
    "leaves the events as they are for an origin that is no page's name (%j)",
    (origin) => {
      const sent: AfterCommit[] = [];
      const ctx = contextSendingTo(sent);
      expect(askedByPage(ctx, origin)).toBe(ctx);
    },
  );
});
