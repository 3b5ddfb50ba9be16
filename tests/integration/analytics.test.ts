/**
 * The admin dashboard's analytics (app/services/analytics.server.ts): every figure is checked
 * against rows inserted at known times, with the expected value worked out by hand beside it.
 * Each test has accounts of its own and names them (accountId / companyId) in its query, except
 * the scope tests, which have a database of their own so that "every account" is known too.
 * Periods are computed from a fixed `now` (the service's third argument), so nothing depends on
 * the wall clock; only the idle trailers follow the database's now(), as the service does.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, companies, moveLegs, moves, trailerLocationHistory } from "#db/schema";
import type { Database } from "#app/lib/db.server";
import { ANALYTICS_MESSAGES, IDLE_LIST_LIMIT, type AnalyticsPeriod, type AnalyticsQuery } from "#app/domain/analytics";
import { startOfDay } from "#app/domain/time-zones";
import { analyticsQueryOf } from "#app/http/queries.server";
import { adminAnalytics } from "#app/services/analytics.server";
import type { ServiceContext } from "#app/services/context.server";
import type { Role } from "#app/domain/roles";
import { createTestDatabase, type TestDatabase } from "./database";
import { contextFor, createAccount, createTrailer, createUser, refusal } from "./fixtures";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A fixed "now" for the periods: 2025-01-15 17:00 UTC, which is 12:00 (EST, UTC−5) in New York. */
const NOW = new Date("2025-01-15T17:00:00.000Z");
const at = (iso: string) => new Date(iso);
const before = (ms: number, from = NOW) => new Date(from.getTime() - ms);

type State = "requested" | "in_progress" | "finished" | "cancelled";

/** One move of `accountId` requested at `requested`, in `state`, with legs [from, to][]; a finished move ends `minutes` later. */
async function insertMove(
  db: Database,
  accountId: number,
  options: { requested: Date; state: State; minutes?: number; legs?: [string, string][] },
) {
  const legs = options.legs ?? [["Yard A", "Dock 1"]];
  const { requested, state } = options;
  const [move] = await db
    .insert(moves)
    .values({
      accountId,
      moveType: (["single", "shuttle", "triangle"] as const)[legs.length - 1],
      requestTime: requested,
      ...(state === "in_progress" ? { inProgress: true, acceptTime: new Date(requested.getTime() + MINUTE) } : {}),
      ...(state === "finished"
        ? { inProgress: true, acceptTime: requested, finishTime: new Date(requested.getTime() + (options.minutes ?? 5) * MINUTE) }
        : {}),
      ...(state === "cancelled" ? { isCancel: true, cancelTime: new Date(requested.getTime() + MINUTE) } : {}),
    })
    .returning();
  await db.insert(moveLegs).values(
    legs.map(([from, to], i) => ({
      moveId: move.id,
      legNumber: i + 1,
      fromLocation: from,
      toLocation: to,
      trailerId: null,
      trailerNumber: `M${move.id}-${i + 1}`,
      // The insert trigger sets `active` from the move's state; said here too for the reader.
      active: state === "requested" || state === "in_progress",
    })),
  );
  return move;
}

/** A trailer of `accountId` whose location history is `entries` (the one without `exit` is open). */
async function insertTrailerHistory(db: Database, accountId: number, entries: { location: string; entry: Date; exit?: Date }[]) {
  const trailer = await createTrailer(db, accountId);
  await db
    .insert(trailerLocationHistory)
    .values(entries.map((e) => ({ trailerId: trailer.id, accountId, location: e.location, entryTime: e.entry, exitTime: e.exit ?? null })));
  return trailer;
}

const query = (period: AnalyticsPeriod, scope: { accountId?: number; companyId?: number; timeZone?: string } = {}): AnalyticsQuery => ({
  period,
  accountId: scope.accountId ?? null,
  companyId: scope.companyId ?? null,
  timeZone: scope.timeZone ?? "UTC",
});

async function createCompany(db: Database, name: string) {
  const [company] = await db.insert(companies).values({ companyName: name }).returning();
  return company;
}

async function createAccountOf(db: Database, companyId: number, name: string) {
  const [account] = await db.insert(accounts).values({ companyId, accountName: name, location: "Boston, MA" }).returning();
  return account;
}

let test: TestDatabase;
let admin: ServiceContext;

beforeAll(async () => {
  test = await createTestDatabase();
  admin = contextFor(test.db, await createUser(test.db, { role: "admin", accountId: null })).ctx;
});

afterAll(async () => test?.close());

describe("the Moves Summary", () => {
  it("counts each state, the success rate and the mean request → finish of finished moves only, rounded half away from zero", async () => {
    const { id: accountId } = await createAccount(test.db, "Summary Town");
    const t = (hoursAgo: number) => before(hoursAgo * HOUR);
    await insertMove(test.db, accountId, { requested: t(5), state: "finished", minutes: 10 });
    await insertMove(test.db, accountId, { requested: t(4), state: "finished", minutes: 15 });
    await insertMove(test.db, accountId, { requested: t(3), state: "cancelled" });
    await insertMove(test.db, accountId, { requested: t(3), state: "cancelled" });
    await insertMove(test.db, accountId, { requested: t(2), state: "in_progress" });
    await insertMove(test.db, accountId, { requested: t(2), state: "in_progress" });
    await insertMove(test.db, accountId, { requested: t(1), state: "requested" });
    // A cancelled move that had been accepted (in_progress still true) is cancelled, not in progress.
    const [accepted] = await test.db
      .insert(moves)
      .values({ accountId, moveType: "single", requestTime: t(1), inProgress: true, isCancel: true, cancelTime: t(0.5) })
      .returning();
    // Outside the 30 days (requested 31 days before NOW): in no figure, though its 1,000 minutes would move the mean.
    await insertMove(test.db, accountId, { requested: before(31 * DAY), state: "finished", minutes: 1000 });

    const result = await adminAnalytics(admin, query("30d", { accountId }), NOW);
    // total = 2 finished + 3 cancelled (incl. the accepted one) + 2 in progress + 1 requested = 8
    // success_rate = round(100 × 2 / 8) = round(25) = 25
    // average_move_minutes = round((10 + 15) / 2) = round(12.5) = 13 (half away from zero; banker's rounding would say 12)
    expect(result.moves_summary).toEqual({
      total: 8,
      requested: 1,
      in_progress: 2,
      finished: 2,
      cancelled: 3,
      success_rate: 25,
      average_move_minutes: 13,
    });
    expect(accepted.isCancel).toBe(true);
    expect(result).toMatchObject({ period: "30d", account_id: accountId, company_id: null, since: before(30 * DAY).toISOString() });
  });

  it("rounds the success rate to the nearest percent (2 of 3 → 67, 2 of 7 → 29)", async () => {
    const three = (await createAccount(test.db, "Two of Three")).id;
    await insertMove(test.db, three, { requested: before(HOUR), state: "finished", minutes: 10 });
    await insertMove(test.db, three, { requested: before(HOUR), state: "finished", minutes: 11 });
    await insertMove(test.db, three, { requested: before(HOUR), state: "requested" });
    // 100 × 2 / 3 = 66.67 → 67 (truncating would say 66); mean (10 + 11) / 2 = 10.5 → 11 (banker's: 10)
    expect((await adminAnalytics(admin, query("today", { accountId: three }), NOW)).moves_summary).toMatchObject({
      total: 3,
      finished: 2,
      success_rate: 67,
      average_move_minutes: 11,
    });

    const seven = (await createAccount(test.db, "Two of Seven")).id;
    await insertMove(test.db, seven, { requested: before(HOUR), state: "finished", minutes: 20 });
    await insertMove(test.db, seven, { requested: before(HOUR), state: "finished", minutes: 20 });
    for (let i = 0; i < 5; i++) await insertMove(test.db, seven, { requested: before(HOUR), state: i < 3 ? "cancelled" : "requested" });
    // 100 × 2 / 7 = 28.57 → 29; mean (20 + 20) / 2 = 20
    expect((await adminAnalytics(admin, query("today", { accountId: seven }), NOW)).moves_summary).toEqual({
      total: 7,
      requested: 2,
      in_progress: 0,
      finished: 2,
      cancelled: 3,
      success_rate: 29,
      average_move_minutes: 20,
    });
  });

  it("an empty period: no moves, a null success rate and mean, empty top lists", async () => {
    const { id: accountId } = await createAccount(test.db, "Quiet Town");
    // Only a move of 40 days before NOW: outside every period.
    await insertMove(test.db, accountId, { requested: before(40 * DAY), state: "finished", minutes: 30 });
    for (const period of ["today", "7d", "30d"] as const) {
      const result = await adminAnalytics(admin, query(period, { accountId }), NOW);
      expect(result.moves_summary, period).toEqual({
        total: 0,
        requested: 0,
        in_progress: 0,
        finished: 0,
        cancelled: 0,
        success_rate: null,
        average_move_minutes: null,
      });
      expect(result.top_locations, period).toEqual([]);
      expect(result.top_routes, period).toEqual([]);
    }
  });

  it("moves but none finished: a success rate of 0, a null mean and no routes", async () => {
    const { id: accountId } = await createAccount(test.db, "Unfinished Town");
    await insertMove(test.db, accountId, { requested: before(HOUR), state: "requested", legs: [["Gate", "Shop"]] });
    await insertMove(test.db, accountId, { requested: before(HOUR), state: "cancelled", legs: [["Gate", "Shop"]] });
    const result = await adminAnalytics(admin, query("today", { accountId }), NOW);
    // 100 × 0 / 2 = 0; no finished move, so no mean
    expect(result.moves_summary).toMatchObject({ total: 2, success_rate: 0, average_move_minutes: null });
    expect(result.top_locations).toEqual([
      { location: "Gate", moves: 2 },
      { location: "Shop", moves: 2 },
    ]);
    expect(result.top_routes).toEqual([]);
  });
});

describe("the periods", () => {
  it("today starts at midnight in the viewer's time zone, and moves count by their request time", async () => {
    const { id: accountId } = await createAccount(test.db, "Midnight Town");
    // NOW = 2025-01-15 12:00 in New York (EST, UTC−5): the local day began at 2025-01-15T05:00Z.
    const midnight = at("2025-01-15T05:00:00.000Z");
    expect(startOfDay("America/New_York", NOW)).toEqual(midnight);
    // 23:50 yesterday, local: not today.
    await insertMove(test.db, accountId, { requested: at("2025-01-15T04:50:00Z"), state: "requested" });
    // Across midnight: requested 23:50 yesterday, finished 00:20 today (30 minutes): not today either.
    await insertMove(test.db, accountId, { requested: at("2025-01-15T04:50:00Z"), state: "finished", minutes: 30 });
    // Exactly midnight: today (the start is included).
    await insertMove(test.db, accountId, { requested: midnight, state: "requested" });
    // 00:10 today, finished 00:25 (15 minutes): today.
    await insertMove(test.db, accountId, { requested: at("2025-01-15T05:10:00Z"), state: "finished", minutes: 15 });

    const newYork = await adminAnalytics(admin, query("today", { accountId, timeZone: "America/New_York" }), NOW);
    expect(newYork.since).toBe("2025-01-15T05:00:00.000Z");
    // today in New York: the midnight and 00:10 moves → total 2, finished 1, 100 × 1 / 2 = 50, mean 15
    expect(newYork.moves_summary).toEqual({
      total: 2,
      requested: 1,
      in_progress: 0,
      finished: 1,
      cancelled: 0,
      success_rate: 50,
      average_move_minutes: 15,
    });

    // In UTC the day began at 2025-01-15T00:00Z: all four → total 4, finished 2, 50 %, mean (30 + 15) / 2 = 22.5 → 23
    const utc = await adminAnalytics(admin, query("today", { accountId, timeZone: "UTC" }), NOW);
    expect(utc.since).toBe("2025-01-15T00:00:00.000Z");
    expect(utc.moves_summary).toMatchObject({ total: 4, finished: 2, success_rate: 50, average_move_minutes: 23 });

    // In Tokyo (UTC+9) NOW is 02:00 on the 16th: the day began at 2025-01-15T15:00Z, after every move.
    const tokyo = await adminAnalytics(admin, query("today", { accountId, timeZone: "Asia/Tokyo" }), NOW);
    expect(tokyo.since).toBe("2025-01-15T15:00:00.000Z");
    expect(tokyo.moves_summary.total).toBe(0);
  });

  it("today's midnight on a daylight saving day is the midnight before the change", async () => {
    const { id: accountId } = await createAccount(test.db, "Spring Forward");
    // 2025-03-09: New York went from EST (UTC−5) to EDT (UTC−4) at 02:00. At 17:00Z (13:00 EDT) the day
    // began at 00:00 EST = 05:00Z, not 04:00Z (now's offset applied to midnight).
    const now = at("2025-03-09T17:00:00.000Z");
    await insertMove(test.db, accountId, { requested: at("2025-03-09T04:30:00Z"), state: "requested" }); // 23:30 EST on the 8th
    await insertMove(test.db, accountId, { requested: at("2025-03-09T05:30:00Z"), state: "requested" }); // 00:30 EST on the 9th
    const result = await adminAnalytics(admin, query("today", { accountId, timeZone: "America/New_York" }), now);
    expect(result.since).toBe("2025-03-09T05:00:00.000Z");
    expect(result.moves_summary.total).toBe(1);
  });

  it("7d and 30d are the last 7 × 24 and 30 × 24 hours before now", async () => {
    const { id: accountId } = await createAccount(test.db, "Window Town");
    const sevenDays = before(7 * DAY); // 2025-01-08T17:00Z
    const thirtyDays = before(30 * DAY); // 2024-12-16T17:00Z
    expect(sevenDays.toISOString()).toBe("2025-01-08T17:00:00.000Z");
    expect(thirtyDays.toISOString()).toBe("2024-12-16T17:00:00.000Z");
    await insertMove(test.db, accountId, { requested: before(HOUR), state: "requested" }); // today
    await insertMove(test.db, accountId, { requested: new Date(sevenDays.getTime() + MINUTE), state: "requested" }); // in 7d
    await insertMove(test.db, accountId, { requested: sevenDays, state: "requested" }); // in 7d (start included)
    await insertMove(test.db, accountId, { requested: new Date(sevenDays.getTime() - MINUTE), state: "requested" }); // 30d only
    await insertMove(test.db, accountId, { requested: new Date(thirtyDays.getTime() + MINUTE), state: "requested" }); // 30d only
    await insertMove(test.db, accountId, { requested: new Date(thirtyDays.getTime() - MINUTE), state: "requested" }); // in none

    const total = async (period: AnalyticsPeriod) => {
      const result = await adminAnalytics(admin, query(period, { accountId }), NOW);
      return [result.since, result.moves_summary.total];
    };
    // today (UTC, since 2025-01-15T00:00Z): 1; 7d: 1 + 2 = 3; 30d: 3 + 2 = 5
    expect(await total("today")).toEqual(["2025-01-15T00:00:00.000Z", 1]);
    expect(await total("7d")).toEqual([sevenDays.toISOString(), 3]);
    expect(await total("30d")).toEqual([thirtyDays.toISOString(), 5]);
  });
});

describe("Location Analytics", () => {
  it("top locations: the 5 locations the period's legs go from or to most, ties by name", async () => {
    const { id: accountId } = await createAccount(test.db, "Locations Town");
    const { id: otherId } = await createAccount(test.db, "Locations Elsewhere");
    const r = before(2 * HOUR);
    // Every state counts: the period's moves, whatever became of them.
    await insertMove(test.db, accountId, { requested: r, state: "finished", legs: [["Yard A", "Dock 1"]] });
    await insertMove(test.db, accountId, {
      requested: r,
      state: "cancelled",
      legs: [
        ["Yard A", "Dock 1"],
        ["Dock 1", "Yard A"],
      ],
    });
    await insertMove(test.db, accountId, {
      requested: r,
      state: "requested",
      legs: [
        ["Yard A", "Gate"],
        ["Gate", "Shop"],
        ["Shop", "Dock 2"],
      ],
    });
    await insertMove(test.db, accountId, { requested: r, state: "in_progress", legs: [["Yard B", "Yard A"]] });
    // Not counted: a move before the period, and a move of another account. Either would lift Yard B (to 3 or 5).
    await insertMove(test.db, accountId, {
      requested: before(40 * DAY),
      state: "finished",
      legs: [
        ["Yard B", "Zulu"],
        ["Zulu", "Yard B"],
      ],
    });
    for (let i = 0; i < 2; i++)
      await insertMove(test.db, otherId, {
        requested: r,
        state: "finished",
        legs: [
          ["Yard B", "Zulu"],
          ["Zulu", "Yard B"],
        ],
      });

    // Yard A: from (finished) + from (cancelled leg 1) + to (cancelled leg 2) + from (triangle leg 1) + to (in progress) = 5
    // Dock 1: to (finished) + to (cancelled leg 1) + from (cancelled leg 2) = 3
    // Gate: to (triangle leg 1) + from (triangle leg 2) = 2;  Shop: to (leg 2) + from (leg 3) = 2  → Gate before Shop
    // Dock 2: to (triangle leg 3) = 1;  Yard B: from (in progress) = 1  → Dock 2 before Yard B, which is the 6th: left out
    const result = await adminAnalytics(admin, query("30d", { accountId }), NOW);
    expect(result.top_locations).toEqual([
      { location: "Yard A", moves: 5 },
      { location: "Dock 1", moves: 3 },
      { location: "Gate", moves: 2 },
      { location: "Shop", moves: 2 },
      { location: "Dock 2", moves: 1 },
    ]);
  });

  it("top routes: the 5 From → To pairs of the period's finished moves, ties by From then To", async () => {
    const { id: accountId } = await createAccount(test.db, "Routes Town");
    const { id: otherId } = await createAccount(test.db, "Routes Elsewhere");
    const r = before(2 * HOUR);
    const finished = (legs: [string, string][]) => insertMove(test.db, accountId, { requested: r, state: "finished", legs });
    await finished([["Yard A", "Dock 1"]]);
    await finished([["Yard A", "Dock 1"]]);
    await finished([
      ["Yard A", "Dock 1"],
      ["Dock 1", "Yard A"],
    ]);
    await finished([["Dock 1", "Yard A"]]);
    await finished([["Gate", "Shop"]]);
    await finished([["Gate", "Dock 2"]]);
    await finished([["Dock 2", "Yard B"]]);
    await finished([["Yard B", "Gate"]]);
    // Not counted, each of which would lift Yard B → Gate (to 2 or more) above the ties of 1:
    // legs of cancelled, requested and in-progress moves; a finished move before the period; another account's.
    const yardBToGate: [string, string][] = [
      ["Yard B", "Gate"],
      ["Gate", "Yard B"],
    ];
    await insertMove(test.db, accountId, { requested: r, state: "cancelled", legs: yardBToGate });
    await insertMove(test.db, accountId, { requested: r, state: "requested", legs: yardBToGate });
    await insertMove(test.db, accountId, { requested: r, state: "in_progress", legs: yardBToGate });
    await insertMove(test.db, accountId, { requested: before(31 * DAY), state: "finished", legs: yardBToGate });
    await insertMove(test.db, otherId, { requested: r, state: "finished", legs: yardBToGate });
    await insertMove(test.db, otherId, { requested: r, state: "finished", legs: yardBToGate });

    // Yard A → Dock 1: 1 + 1 + 1 (shuttle leg 1) = 3;  Dock 1 → Yard A: 1 (shuttle leg 2) + 1 = 2
    // then the pairs counted once, by From then To: Dock 2 → Yard B, Gate → Dock 2, Gate → Shop | Yard B → Gate (6th, left out)
    const result = await adminAnalytics(admin, query("30d", { accountId }), NOW);
    expect(result.top_routes).toEqual([
      { from: "Yard A", to: "Dock 1", moves: 3 },
      { from: "Dock 1", to: "Yard A", moves: 2 },
      { from: "Dock 2", to: "Yard B", moves: 1 },
      { from: "Gate", to: "Dock 2", moves: 1 },
      { from: "Gate", to: "Shop", moves: 1 },
    ]);
  });

  it("idle trailers: an open location entry older than 7 days (database time), oldest first, whatever the period", async () => {
    const { id: accountId } = await createAccount(test.db, "Idle Town");
    const { id: otherId } = await createAccount(test.db, "Idle Elsewhere");
    // Times relative to the real clock: the service compares with the database's now(), a few ms later.
    const real = new Date();
    const ago = (ms: number) => new Date(real.getTime() - ms);
    const twenty = await insertTrailerHistory(test.db, accountId, [{ location: "Row 20", entry: ago(20 * DAY) }]);
    const eight = await insertTrailerHistory(test.db, accountId, [
      { location: "Row 1", entry: ago(9 * DAY), exit: ago(8 * DAY) },
      { location: "Row 8", entry: ago(8 * DAY) },
    ]);
    const justOver = await insertTrailerHistory(test.db, accountId, [{ location: "Row 7+", entry: ago(7 * DAY + MINUTE) }]);
    // Not idle: 7 days less a minute; 6 days; an old entry closed and a fresh one open; an old closed entry only.
    await insertTrailerHistory(test.db, accountId, [{ location: "Row 7-", entry: ago(7 * DAY - MINUTE) }]);
    await insertTrailerHistory(test.db, accountId, [{ location: "Row 6", entry: ago(6 * DAY) }]);
    await insertTrailerHistory(test.db, accountId, [
      { location: "Row 10", entry: ago(10 * DAY), exit: ago(1 * DAY) },
      { location: "Row 1d", entry: ago(1 * DAY) },
    ]);
    await insertTrailerHistory(test.db, accountId, [{ location: "Gone", entry: ago(30 * DAY), exit: ago(20 * DAY) }]);
    // Another account's idle trailer is not this account's.
    await insertTrailerHistory(test.db, otherId, [{ location: "Row 30", entry: ago(30 * DAY) }]);

    // A period of the past (NOW is January 2025) changes nothing: idle is as of the database's now().
    for (const [period, now] of [
      ["today", NOW],
      ["30d", real],
    ] as const) {
      const result = await adminAnalytics(admin, query(period, { accountId }), now);
      expect(result.idle_trailers, period).toEqual([
        {
          id: twenty.id,
          trailer_number: twenty.trailerNumber,
          location: "Row 20",
          since: ago(20 * DAY).toISOString(),
          account_id: accountId,
        },
        { id: eight.id, trailer_number: eight.trailerNumber, location: "Row 8", since: ago(8 * DAY).toISOString(), account_id: accountId },
        {
          id: justOver.id,
          trailer_number: justOver.trailerNumber,
          location: "Row 7+",
          since: ago(7 * DAY + MINUTE).toISOString(),
          account_id: accountId,
        },
      ]);
      expect(result.idle_trailer_count, period).toBe(3);
    }
  });

  it("idle trailers: more than 7 days, so an entry of exactly 7 days before the database's now() is not idle", async () => {
    const { id: accountId } = await createAccount(test.db, "Boundary Town");
    const exact = await createTrailer(test.db, accountId);
    const over = await createTrailer(test.db, accountId);
    // In one transaction now() stands still, so the entries can sit exactly on the boundary and 1 µs past it.
    const result = await test.db.transaction(async (tx) => {
      await tx.insert(trailerLocationHistory).values([
        { trailerId: exact.id, accountId, location: "Exactly 7d", entryTime: sql`now() - interval '7 days'` },
        { trailerId: over.id, accountId, location: "7d + 1µs", entryTime: sql`now() - interval '7 days 1 microsecond'` },
      ]);
      return adminAnalytics({ ...admin, db: tx as unknown as Database }, query("today", { accountId }), NOW);
    });
    expect(result.idle_trailers.map((t) => [t.id, t.location])).toEqual([[over.id, "7d + 1µs"]]);
    expect(result.idle_trailer_count).toBe(1);
  });

  it(`idle trailers: the list holds the oldest ${IDLE_LIST_LIMIT}, the count all of them`, async () => {
    const { id: accountId } = await createAccount(test.db, "Crowded Town");
    const real = Date.now();
    const count = IDLE_LIST_LIMIT + 2;
    const made = [];
    // Entries 10 days + i hours ago: i = count − 1 is the oldest.
    for (let i = 0; i < count; i++)
      made.push(await insertTrailerHistory(test.db, accountId, [{ location: `Row ${i}`, entry: new Date(real - 10 * DAY - i * HOUR) }]));
    const result = await adminAnalytics(admin, query("today", { accountId }), NOW);
    expect(result.idle_trailer_count).toBe(count);
    // The 50 listed are the oldest: i = 51 down to i = 2.
    expect(result.idle_trailers.map((t) => t.id)).toEqual(
      made
        .slice(2)
        .reverse()
        .map((t) => t.id),
    );
  });
});

describe("scope: one account, one company's accounts, or all", () => {
  let scoped: TestDatabase;
  let scopedAdmin: ServiceContext;
  const ids = { c1: 0, c2: 0, a1: 0, a2: 0, b1: 0 };
  const idle = { a1: 0, a2: 0, b1: 0 };

  beforeAll(async () => {
    // A database of its own, so that "all accounts" is exactly these.
    scoped = await createTestDatabase();
    scopedAdmin = contextFor(scoped.db, await createUser(scoped.db, { role: "admin", accountId: null })).ctx;
    ids.c1 = (await createCompany(scoped.db, "North Co")).id;
    ids.c2 = (await createCompany(scoped.db, "South Co")).id;
    ids.a1 = (await createAccountOf(scoped.db, ids.c1, "North One")).id;
    ids.a2 = (await createAccountOf(scoped.db, ids.c1, "North Two")).id;
    ids.b1 = (await createAccountOf(scoped.db, ids.c2, "South One")).id;
    const r = before(HOUR);
    // North One: 2 finished (10 and 20 minutes), North → Dock.
    await insertMove(scoped.db, ids.a1, { requested: r, state: "finished", minutes: 10, legs: [["North", "Dock"]] });
    await insertMove(scoped.db, ids.a1, { requested: r, state: "finished", minutes: 20, legs: [["North", "Dock"]] });
    // North Two: 1 cancelled, Annex → Dock.
    await insertMove(scoped.db, ids.a2, { requested: r, state: "cancelled", legs: [["Annex", "Dock"]] });
    // South One: 3 requested and 1 finished (60 minutes), South → Pier.
    for (let i = 0; i < 3; i++) await insertMove(scoped.db, ids.b1, { requested: r, state: "requested", legs: [["South", "Pier"]] });
    await insertMove(scoped.db, ids.b1, { requested: r, state: "finished", minutes: 60, legs: [["South", "Pier"]] });
    // One idle trailer each (the older the further south).
    const real = Date.now();
    idle.a1 = (await insertTrailerHistory(scoped.db, ids.a1, [{ location: "North lot", entry: new Date(real - 8 * DAY) }])).id;
    idle.a2 = (await insertTrailerHistory(scoped.db, ids.a2, [{ location: "Annex lot", entry: new Date(real - 9 * DAY) }])).id;
    idle.b1 = (await insertTrailerHistory(scoped.db, ids.b1, [{ location: "South lot", entry: new Date(real - 10 * DAY) }])).id;
  });

  afterAll(async () => scoped?.close());

  const analytics = (scope: { accountId?: number; companyId?: number }) => adminAnalytics(scopedAdmin, query("today", scope), NOW);

  it("an account: only its moves, legs and trailers", async () => {
    const result = await analytics({ accountId: ids.a1 });
    expect(result).toMatchObject({ account_id: ids.a1, company_id: null });
    // 2 finished of 2 → 100 %; mean (10 + 20) / 2 = 15
    expect(result.moves_summary).toEqual({
      total: 2,
      requested: 0,
      in_progress: 0,
      finished: 2,
      cancelled: 0,
      success_rate: 100,
      average_move_minutes: 15,
    });
    expect(result.top_locations).toEqual([
      { location: "Dock", moves: 2 },
      { location: "North", moves: 2 },
    ]);
    expect(result.top_routes).toEqual([{ from: "North", to: "Dock", moves: 2 }]);
    expect(result.idle_trailers.map((t) => [t.id, t.account_id])).toEqual([[idle.a1, ids.a1]]);
    expect(result.idle_trailer_count).toBe(1);
  });

  it("a company: its accounts' figures together, never another company's", async () => {
    const north = await analytics({ companyId: ids.c1 });
    expect(north).toMatchObject({ company_id: ids.c1, account_id: null });
    // North One's 2 finished + North Two's 1 cancelled = 3; 100 × 2 / 3 = 66.67 → 67; mean (10 + 20) / 2 = 15
    expect(north.moves_summary).toEqual({
      total: 3,
      requested: 0,
      in_progress: 0,
      finished: 2,
      cancelled: 1,
      success_rate: 67,
      average_move_minutes: 15,
    });
    // Dock: 2 (North One) + 1 (North Two) = 3; North: 2; Annex: 1. No South, no Pier.
    expect(north.top_locations).toEqual([
      { location: "Dock", moves: 3 },
      { location: "North", moves: 2 },
      { location: "Annex", moves: 1 },
    ]);
    // Routes of finished moves only: the cancelled Annex → Dock is not one.
    expect(north.top_routes).toEqual([{ from: "North", to: "Dock", moves: 2 }]);
    // Oldest first: North Two's (9 days), then North One's (8 days).
    expect(north.idle_trailers.map((t) => [t.id, t.account_id, t.location])).toEqual([
      [idle.a2, ids.a2, "Annex lot"],
      [idle.a1, ids.a1, "North lot"],
    ]);
    expect(north.idle_trailer_count).toBe(2);

    const south = await analytics({ companyId: ids.c2 });
    // 3 requested + 1 finished = 4; 100 × 1 / 4 = 25; mean 60
    expect(south.moves_summary).toEqual({
      total: 4,
      requested: 3,
      in_progress: 0,
      finished: 1,
      cancelled: 0,
      success_rate: 25,
      average_move_minutes: 60,
    });
    expect(south.top_locations).toEqual([
      { location: "Pier", moves: 4 },
      { location: "South", moves: 4 },
    ]);
    expect(south.top_routes).toEqual([{ from: "South", to: "Pier", moves: 1 }]);
    expect(south.idle_trailers.map((t) => t.id)).toEqual([idle.b1]);
    expect(south.idle_trailer_count).toBe(1);
  });

  it("neither: every account of every company", async () => {
    const all = await analytics({});
    expect(all).toMatchObject({ company_id: null, account_id: null });
    // 2 + 1 + 4 = 7 moves; 3 finished → 100 × 3 / 7 = 42.86 → 43; mean (10 + 20 + 60) / 3 = 30
    expect(all.moves_summary).toEqual({
      total: 7,
      requested: 3,
      in_progress: 0,
      finished: 3,
      cancelled: 1,
      success_rate: 43,
      average_move_minutes: 30,
    });
    // Pier 4, South 4, Dock 3, North 2, Annex 1 (ties by name)
    expect(all.top_locations).toEqual([
      { location: "Pier", moves: 4 },
      { location: "South", moves: 4 },
      { location: "Dock", moves: 3 },
      { location: "North", moves: 2 },
      { location: "Annex", moves: 1 },
    ]);
    expect(all.top_routes).toEqual([
      { from: "North", to: "Dock", moves: 2 },
      { from: "South", to: "Pier", moves: 1 },
    ]);
    expect(all.idle_trailers.map((t) => t.id)).toEqual([idle.b1, idle.a2, idle.a1]);
    expect(all.idle_trailer_count).toBe(3);
  });

  it("a company or account without moves gets zeros, not the others' figures", async () => {
    const lonely = await createCompany(scoped.db, "Lonely Co");
    const account = await createAccountOf(scoped.db, lonely.id, "Lonely One");
    for (const scope of [{ companyId: lonely.id }, { accountId: account.id }, { companyId: 999999 }]) {
      const result = await analytics(scope);
      expect(result.moves_summary, JSON.stringify(scope)).toMatchObject({ total: 0, success_rate: null, average_move_minutes: null });
      expect(result.top_locations).toEqual([]);
      expect(result.top_routes).toEqual([]);
      expect(result.idle_trailers).toEqual([]);
      expect(result.idle_trailer_count).toBe(0);
    }
  });
});

describe("access and the query", () => {
  it("is for admins only: every other role gets 403", async () => {
    const { id: accountId } = await createAccount(test.db, "Access Town");
    const roles: Role[] = ["super_manager", "account_manager", "manager", "yard_driver", "road_driver", "mechanic", "security"];
    for (const role of roles) {
      const ctx = contextFor(test.db, await createUser(test.db, { role, accountId })).ctx;
      expect(await refusal(adminAnalytics(ctx, query("today", { accountId }), NOW)), role).toEqual({
        status: 403,
        errors: [ANALYTICS_MESSAGES.adminOnly],
      });
    }
    expect(await refusal(adminAnalytics(admin, query("today", { accountId }), NOW))).toBeNull();
  });

  it("refuses an unknown period with 400, naming the field", async () => {
    for (const period of ["year", "", "7D", "today "]) {
      expect(await refusal(Promise.resolve().then(() => analyticsQueryOf(new URLSearchParams({ period })))), period).toEqual({
        status: 400,
        errors: [ANALYTICS_MESSAGES.badPeriod],
        field: "period",
      });
    }
  });

  it("defaults to today, all accounts and the viewer's time zone (the URL's tz first, UTC when unknown)", () => {
    expect(analyticsQueryOf(new URLSearchParams())).toEqual({ period: "today", companyId: null, accountId: null, timeZone: "UTC" });
    expect(analyticsQueryOf(new URLSearchParams(), "America/New_York")).toEqual({
      period: "today",
      companyId: null,
      accountId: null,
      timeZone: "America/New_York",
    });
    expect(analyticsQueryOf(new URLSearchParams({ tz: "Asia/Tokyo" }), "America/New_York").timeZone).toBe("Asia/Tokyo");
    expect(analyticsQueryOf(new URLSearchParams(), "Mars/Olympus").timeZone).toBe("UTC");
    expect(analyticsQueryOf(new URLSearchParams({ period: "7d", company_id: "12", account_id: "34" }))).toEqual({
      period: "7d",
      companyId: 12,
      accountId: 34,
      timeZone: "UTC",
    });
    // Ids that are no ids are no filter.
    expect(analyticsQueryOf(new URLSearchParams({ period: "30d", company_id: "x", account_id: "-1" }))).toMatchObject({
      companyId: null,
      accountId: null,
    });
    // The page's own names (`company`, `account`) count when the API's are left out; a parameter given twice counts once.
    expect(analyticsQueryOf(new URLSearchParams({ company: " 5 ", account: "6" }))).toMatchObject({ companyId: 5, accountId: 6 });
    expect(analyticsQueryOf(new URLSearchParams({ company_id: "x", company: "5" })).companyId).toBeNull();
    expect(analyticsQueryOf(new URLSearchParams("period=7d&period=year")).period).toBe("7d");
  });
});
