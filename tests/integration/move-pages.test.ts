/**
 * Each Move Status list comes a page at a time, newest first, by keyset: Older and Newer pages
 * that moves added meanwhile never shift, the cards' counts as they were, and every listed state's
 * page read in one statement.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { moveLegs, moves } from "#db/schema";
import { PAGE_MESSAGES } from "#app/domain/list-pages";
import { MOVE_STATES } from "#app/domain/moves";
import { openDatabase } from "#app/lib/db.server";
import type { ServiceContext } from "#app/services/context.server";
import { moveSummary, PANEL_LIST_LIMIT } from "#app/services/move-panel.server";
import { listMoves } from "#app/services/move-lists.server";
import { createTestDatabase, type TestDatabase } from "./database";
import { contextFor, createAccount, createUser, refusal } from "./fixtures";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let test: TestDatabase;
let accountId: number;
let manager: ServiceContext;
let admin: ServiceContext;
/** The account's finished moves, newest first (request time, then id). */
let finished: number[];
/** Those that moved a "ZQ…" trailer. */
let zq: Set<number>;

/**
 * 130 finished moves a day or more ago, an hour apart, every tenth pair at the same request time
 * (the id breaks the tie); two of every three legs move trailer "ZQ" + its number. Also 2 requested
 * moves and 1 cancelled, so each list pages on its own.
 */
beforeAll(async () => {
  test = await createTestDatabase();
  accountId = (await createAccount(test.db, "Busy Yard")).id;
  manager = contextFor(test.db, await createUser(test.db, { role: "manager", accountId })).ctx;
  admin = contextFor(test.db, await createUser(test.db, { role: "admin", accountId: null })).ctx;
  const start = Date.now() - 10 * DAY;
  const at = (i: number) => new Date(start + (i % 10 === 1 ? i - 1 : i) * HOUR);
  const rows = await test.db
    .insert(moves)
    .values(
      Array.from({ length: 130 }, (_, i) => ({
        accountId,
        moveType: "single",
        requestTime: at(i),
        inProgress: true,
        finishTime: new Date(at(i).getTime() + 20 * 60_000),
      })),
    )
    .returning({ id: moves.id, requestTime: moves.requestTime });
  await test.db.insert(moveLegs).values(
    rows.map((move, i) => ({
      moveId: move.id,
      legNumber: 1,
      fromLocation: "Yard A",
      toLocation: "Shop",
      trailerNumber: i % 3 === 2 ? `T${i}` : `ZQ${i}`,
      active: false,
    })),
  );
  zq = new Set(rows.filter((_, i) => i % 3 !== 2).map((move) => move.id));
  finished = [...rows].sort((a, b) => b.requestTime.getTime() - a.requestTime.getTime() || b.id - a.id).map((move) => move.id);
  await test.db.insert(moves).values([
    { accountId, moveType: "single", requestTime: new Date(start) },
    { accountId, moveType: "single", requestTime: new Date(start + HOUR) },
    { accountId, moveType: "single", requestTime: new Date(start), isCancel: true, cancelTime: new Date(start + HOUR) },
  ]);
});
afterAll(async () => test.close());

const ids = (list: { id: number }[] | undefined) => (list ?? []).map((move) => move.id);

/** The Finished list of the panel, where `page` says. */
const finishedList = (page: { before?: string | null; after?: string | null } = {}, search?: string) =>
  moveSummary(manager, { lists: ["finished"], pages: { finished: page }, search });

describe("a Move Status list's pages", () => {
  it("pages 130 finished moves as 50, 50 and 30, the cards' counts the same on every page", async () => {
    const first = await finishedList();
    expect(first.counts).toMatchObject({ finished: 130, requested: 2, cancelled: 1 });
    expect(ids(first.moves.finished)).toEqual(finished.slice(0, PANEL_LIST_LIMIT));
    expect(first.pages.finished).toEqual({ older: expect.any(String), newer: null });

    const second = await finishedList({ before: first.pages.finished!.older });
    expect(second.counts).toEqual(first.counts);
    expect(ids(second.moves.finished)).toEqual(finished.slice(50, 100));
    expect(second.pages.finished).toEqual({ older: expect.any(String), newer: expect.any(String) });

    const third = await finishedList({ before: second.pages.finished!.older });
    expect(ids(third.moves.finished)).toEqual(finished.slice(100));
    expect(third.pages.finished!.older).toBeNull();

    // Newer goes back the same way, to the first page.
    const back = await finishedList({ after: third.pages.finished!.newer });
    expect(ids(back.moves.finished)).toEqual(finished.slice(50, 100));
    const top = await finishedList({ after: back.pages.finished!.newer });
    expect(ids(top.moves.finished)).toEqual(finished.slice(0, 50));
    expect(top.pages.finished).toEqual(first.pages.finished);
  });

  it("keeps an older page as it was when a new move arrives, and the first page shows it", async () => {
    const first = await finishedList();
    const [arrived] = await test.db
      .insert(moves)
      .values({ accountId, moveType: "single", inProgress: true, requestTime: new Date(), finishTime: new Date() })
      .returning();
    try {
      const second = await finishedList({ before: first.pages.finished!.older });
      expect(ids(second.moves.finished)).toEqual(finished.slice(50, 100));
      expect(second.counts.finished).toBe(131);
      const reloaded = await finishedList();
      expect(ids(reloaded.moves.finished)).toEqual([arrived.id, ...finished.slice(0, 49)]);
    } finally {
      await test.db.delete(moves).where(eq(moves.id, arrived.id));
    }
  });

  it("pages a searched list, saying how many match on every page", async () => {
    const matching = finished.filter((id) => zq.has(id));
    const first = await finishedList({}, "zq");
    expect(first.matches.finished).toBe(matching.length);
    expect(ids(first.moves.finished)).toEqual(matching.slice(0, 50));
    const second = await finishedList({ before: first.pages.finished!.older }, "zq");
    expect(second.matches.finished).toBe(matching.length);
    expect(ids(second.moves.finished)).toEqual(matching.slice(50));
    expect(second.pages.finished!.older).toBeNull();
  });

  it("reads the counts and every listed state's page in two statements", async () => {
    const counted = openDatabase({ DATABASE_URL: test.url });
    try {
      const ctx = { ...manager, db: counted.db };
      const first = await moveSummary(ctx, {});
      const before = counted.statements();
      const all = await moveSummary(ctx, { pages: { finished: { before: first.pages.finished!.older } } });
      expect(counted.statements() - before).toBe(2);
      expect(Object.fromEntries(MOVE_STATES.map((state) => [state, ids(all.moves[state]).length]))).toEqual({
        requested: 2,
        in_progress: 0,
        finished: 50,
        cancelled: 1,
      });
      expect(ids(all.moves.finished)).toEqual(finished.slice(50, 100));
    } finally {
      await counted.close();
    }
  });

  it("GET /api/moves pages by the same cursors, newest first, with how many there are", async () => {
    const first = await listMoves(admin, { account: accountId, state: "finished", pageSize: 60 });
    expect(first).toMatchObject({ total: 130, page: 1, newer: null });
    expect(ids(first.moves)).toEqual(finished.slice(0, 60));
    const second = await listMoves(admin, { account: accountId, state: "finished", pageSize: 60, before: first.older });
    expect(second).toMatchObject({ total: 130, page: null });
    expect(ids(second.moves)).toEqual(finished.slice(60, 120));
    const back = await listMoves(admin, { account: accountId, state: "finished", pageSize: 60, after: second.newer });
    expect(ids(back.moves)).toEqual(finished.slice(0, 60));
    // An offset page has no cursors.
    expect(await listMoves(admin, { account: accountId, state: "finished", page: 2, pageSize: 60 })).toMatchObject({
      older: null,
      newer: null,
    });
  });

  it("refuses a cursor it cannot read, naming its parameter", async () => {
    const forged = btoa(JSON.stringify(["2026-02-30 00:00:00+00", "5"]));
    expect(
      await refusal(moveSummary(manager, { lists: ["finished"], pages: { finished: { before: forged, field: "finished_before" } } })),
    ).toEqual({ status: 400, errors: [PAGE_MESSAGES.badCursor], field: "finished_before" });
    expect(await refusal(listMoves(manager, { after: "nonsense" }))).toMatchObject({ status: 400, field: "after" });
  });
});
