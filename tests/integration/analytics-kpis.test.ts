/**
 * The admin dashboard's key figures (`kpis` of adminAnalytics, app/services/analytics.server.ts):
 * dwell time, the longest stays, response and drive time, drivers, doors and moves per day. Each
 * figure is checked against rows inserted at known times, with the expected value worked out by
 * hand beside it, and with rows that must NOT count placed so that counting them would change it.
 * Every test has accounts of its own and names one of them (accountId) in its query; a second
 * account's rows are always there to be left out.
 *
 * percentile_cont(f) over sorted values v1..vn: position p = 1 + f × (n − 1), the value
 * v⌊p⌋ + (p − ⌊p⌋) × (v⌊p⌋+1 − v⌊p⌋); the service rounds it to whole minutes.
 *
 * Periods come from a fixed `now` (the service's third argument), except for the doors, whose
 * figures follow the database's now(): that test's times are relative to the real clock, and its
 * expectations are whole percents far from any rounding boundary.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildings, moveLegs, moves, trailerLocationHistory, trailers, users, yards } from "#db/schema";
import type { Database } from "#app/lib/db.server";
import { durationText, periodDays, type AnalyticsPeriod, type AnalyticsQuery, type Kpis } from "#app/domain/analytics";
import { adminAnalytics } from "#app/services/analytics.server";
import type { ServiceContext } from "#app/services/context.server";
import { createTestDatabase, type TestDatabase } from "./database";
import { contextFor, createAccount, createUser } from "./fixtures";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A fixed "now": 2025-01-15 17:00 UTC, which is 11:00 (CST, UTC−6) in Chicago. */
const NOW = new Date("2025-01-15T17:00:00.000Z");
/** The start of NOW's 7d period: 2025-01-08T17:00Z. */
const SINCE_7D = new Date(NOW.getTime() - 7 * DAY);
const at = (iso: string) => new Date(iso);
const plus = (from: Date, ms: number) => new Date(from.getTime() + ms);
const before = (ms: number, from = NOW) => new Date(from.getTime() - ms);

const query = (period: AnalyticsPeriod, accountId: number, timeZone = "UTC"): AnalyticsQuery => ({
  period,
  accountId,
  companyId: null,
  timeZone,
});

let sequence = 0;

/** A trailer of `accountId` standing at `location`, with its location history `entries` (the one without `exit` is open). */
async function trailerAt(
  db: Database,
  accountId: number,
  location: string,
  entries: { location: string; entry: Date; exit?: Date }[] = [],
) {
  const [trailer] = await db
    .insert(trailers)
    .values({ accountId, companyOwner: "ACME", trailerNumber: `K${++sequence}`, trailerLocation: location })
    .returning();
  if (entries.length)
    await db
      .insert(trailerLocationHistory)
      .values(
        entries.map((e) => ({ trailerId: trailer.id, accountId, location: e.location, entryTime: e.entry, exitTime: e.exit ?? null })),
      );
  return trailer;
}

/** A closed stay of `minutes` at `location` that ended at `exit`. */
const stay = (location: string, minutes: number, exit: Date) => ({ location, entry: before(minutes * MINUTE, exit), exit });

/**
 * One move of `accountId` (one leg) requested at `requested`; accepted (in progress) when `accepted` is
 * given, then finished at `finished` or cancelled at `cancelled`.
 */
async function insertMove(
  db: Database,
  accountId: number,
  options: { requested: Date; accepted?: Date; finished?: Date; cancelled?: Date; driver?: { id: number; alphaCode: string | null } },
) {
  const { requested, accepted, finished, cancelled, driver } = options;
  const [move] = await db
    .insert(moves)
    .values({
      accountId,
      moveType: "single",
      requestTime: requested,
      inProgress: accepted !== undefined,
      acceptTime: accepted ?? null,
      acceptUserId: driver?.id ?? null,
      acceptAlphaCode: driver?.alphaCode ?? null,
      finishTime: finished ?? null,
      isCancel: cancelled !== undefined,
      cancelTime: cancelled ?? null,
    })
    .returning();
  await db.insert(moveLegs).values({
    moveId: move.id,
    legNumber: 1,
    fromLocation: "Yard A",
    toLocation: "Dock-1",
    trailerId: null,
    trailerNumber: `M${move.id}`,
    // The insert trigger sets `active` from the move's state; said here too for the reader.
    active: finished === undefined && cancelled === undefined,
  });
  return move;
}

/** A driver of `accountId` with the (uppercase, unique) alpha code `alphaCode` and, if given, a name. */
async function createDriver(db: Database, accountId: number, alphaCode: string, name: { first?: string; last?: string } = {}) {
  const user = await createUser(db, { role: "yard_driver", accountId, alphaCode });
  const [named] = await db
    .update(users)
    .set({ firstName: name.first ?? null, lastName: name.last ?? null })
    .where(eq(users.id, user.id))
    .returning();
  return named;
}

async function createBuilding(db: Database, accountId: number, buildingName: string, doors: number) {
  const [building] = await db.insert(buildings).values({ accountId, buildingName, buildingDoorNumber: doors }).returning();
  return building;
}

const EMPTY_SPREAD = { median: null, p90: null, count: 0 };

let test: TestDatabase;
let admin: ServiceContext;

beforeAll(async () => {
  test = await createTestDatabase();
  admin = contextFor(test.db, await createUser(test.db, { role: "admin", accountId: null })).ctx;
});

afterAll(async () => test?.close());

describe("dwell time", () => {
  it("by kind: the stays that ended in the period (exit − entry, whole), median and p90 of Door, Yard, Shop, Road", async () => {
    const { id: accountId } = await createAccount(test.db, "Dwell Town");
    const { id: otherId } = await createAccount(test.db, "Dwell Elsewhere");
    await test.db.insert(yards).values({ accountId, name: "North Yard" });
    await test.db.insert(yards).values({ accountId: otherId, name: "South Yard" });
    const ended = plus(SINCE_7D, 2 * DAY); // well inside the 7d period (since 2025-01-08T17:00Z)

    // Door: anything that is not Road, Shop or one of the account's own yards: "South Yard" is the
    // other account's yard, so a door here.
    await trailerAt(test.db, accountId, "Gate", [
      stay("Dock-1", 10, plus(ended, 0)),
      stay("Dock-2", 20, plus(ended, HOUR)),
      stay("South Yard", 40, plus(ended, 2 * HOUR)),
      stay("Gate", 30, plus(ended, 3 * HOUR)),
      // Open: still going on, not a stay that ended (would make Door 5 stays).
      { location: "Gate", entry: before(20 * DAY) },
    ]);
    // Yard: 60 minutes ending exactly at the period's start (counted: exit ≥ start), 120 minutes, and
    // 600 minutes that began 5 hours before the start and ended 5 hours after it: counted whole, not clipped.
    await trailerAt(test.db, accountId, "North Yard", [
      stay("North Yard", 60, SINCE_7D),
      stay("North Yard", 120, ended),
      stay("North Yard", 600, plus(SINCE_7D, 5 * HOUR)),
    ]);
    // Shop: 100 and 1,440 minutes.
    await trailerAt(test.db, accountId, "Shop", [stay("Shop", 100, ended), stay("Shop", 1440, plus(ended, DAY))]);
    // Road: none in the period. One ended a minute before the start; one is open (since 3 days).
    await trailerAt(test.db, accountId, "Road", [stay("Road", 30, before(MINUTE, SINCE_7D)), { location: "Road", entry: before(3 * DAY) }]);
    // Another account's stays in the period, at Road, Shop and its own yard: not this account's.
    await trailerAt(test.db, otherId, "Road", [
      stay("Road", 50, ended),
      stay("Shop", 5, plus(ended, HOUR)),
      stay("South Yard", 7, plus(ended, 2 * HOUR)),
    ]);

    const { kpis } = await adminAnalytics(admin, query("7d", accountId), NOW);
    // Door [10, 20, 30, 40]: median p = 2.5 → 20 + 0.5 × 10 = 25; p90 p = 3.7 → 30 + 0.7 × 10 = 37
    // Yard [60, 120, 600]: median 120; p90 p = 2.8 → 120 + 0.8 × 480 = 504 (clipped to 300 it would be 264)
    // Shop [100, 1440]: median p = 1.5 → 100 + 0.5 × 1340 = 770; p90 p = 1.9 → 100 + 0.9 × 1340 = 1306
    // Road: none → null, null, 0
    expect(kpis.dwell.by_kind).toEqual([
      { kind: "Door", median: 25, p90: 37, count: 4 },
      { kind: "Yard", median: 120, p90: 504, count: 3 },
      { kind: "Shop", median: 770, p90: 1306, count: 2 },
      { kind: "Road", median: null, p90: null, count: 0 },
    ]);

    // The other account: Road [50], Shop [5], and "South Yard" [7] is its own yard there.
    expect((await adminAnalytics(admin, query("7d", otherId), NOW)).kpis.dwell.by_kind).toEqual([
      { kind: "Door", median: null, p90: null, count: 0 },
      { kind: "Yard", median: 7, p90: 7, count: 1 },
      { kind: "Shop", median: 5, p90: 5, count: 1 },
      { kind: "Road", median: 50, p90: 50, count: 1 },
    ]);
  });

  it("by kind: the period decides which stays count (today keeps only those ended since midnight)", async () => {
    const { id: accountId } = await createAccount(test.db, "Dwell Today");
    // Today in UTC began at 2025-01-15T00:00Z. Door stays of 8 minutes and 13 min 24 s (13.4 minutes) ended
    // today, one of 1,000 minutes yesterday.
    await trailerAt(test.db, accountId, "Dock-1", [
      stay("Dock-1", 1000, at("2025-01-14T23:59:00Z")),
      stay("Dock-1", 8, at("2025-01-15T00:08:00Z")),
      stay("Dock-2", 13.4, at("2025-01-15T09:00:00Z")),
    ]);
    const today = await adminAnalytics(admin, query("today", accountId), NOW);
    // [8, 13.4]: median 10.7 → 11; p90 p = 1.9 → 8 + 0.9 × 5.4 = 12.86 → 13
    expect(today.kpis.dwell.by_kind[0]).toEqual({ kind: "Door", median: 11, p90: 13, count: 2 });
    const week = await adminAnalytics(admin, query("7d", accountId), NOW);
    // [8, 13.4, 1000]: median 13.4 → 13; p90 p = 2.8 → 13.4 + 0.8 × 986.6 = 802.68 → 803
    expect(week.kpis.dwell.by_kind[0]).toEqual({ kind: "Door", median: 13, p90: 803, count: 3 });
  });

  it("the longest stays now: open entries of the account, oldest first, at most 10", async () => {
    const { id: accountId } = await createAccount(test.db, "Longest Town");
    const { id: otherId } = await createAccount(test.db, "Longest Elsewhere");
    const base = at("2025-01-10T12:00:00.000Z");
    // Twelve open entries, Row i entered i hours before base: Row 11 is the oldest.
    const rows: Awaited<ReturnType<typeof trailerAt>>[] = [];
    for (let i = 0; i < 12; i++)
      rows.push(await trailerAt(test.db, accountId, `Row ${i}`, [{ location: `Row ${i}`, entry: before(i * HOUR, base) }]));
    // Entered at the same time as Row 11, created later: after it (ties by trailer id).
    const twin = await trailerAt(test.db, accountId, "Twin", [{ location: "Twin", entry: before(11 * HOUR, base) }]);
    // A closed entry older than all of them (listed, it would come first) and a fresh open one (not in the 10).
    await trailerAt(test.db, accountId, "Fresh", [
      { location: "Old", entry: before(100 * HOUR, base), exit: before(50 * HOUR, base) },
      { location: "Fresh", entry: plus(base, HOUR) },
    ]);
    // Another account's open entry, older still.
    await trailerAt(test.db, otherId, "Far", [{ location: "Far", entry: before(200 * HOUR, base) }]);

    const { kpis } = await adminAnalytics(admin, query("today", accountId), NOW);
    // Oldest first: Row 11, Twin (same time, higher id), Row 10 … Row 3: ten; Row 2, 1, 0 and Fresh left out.
    const expected = [
      { trailer: rows[11], location: "Row 11", hours: 11 },
      { trailer: twin, location: "Twin", hours: 11 },
      ...[10, 9, 8, 7, 6, 5, 4, 3].map((i) => ({ trailer: rows[i], location: `Row ${i}`, hours: i })),
    ];
    expect(kpis.dwell.longest_stays).toEqual(
      expected.map(({ trailer, location, hours }) => ({
        trailer_id: trailer.id,
        trailer_number: trailer.trailerNumber,
        location,
        since: before(hours * HOUR, base).toISOString(),
        account_id: accountId,
      })),
    );
    // Whatever the period: the open entries are now's.
    expect((await adminAnalytics(admin, query("30d", accountId), NOW)).kpis.dwell.longest_stays).toEqual(kpis.dwell.longest_stays);
    // The other account sees its own only.
    expect((await adminAnalytics(admin, query("today", otherId), NOW)).kpis.dwell.longest_stays.map((s) => s.location)).toEqual(["Far"]);
  });
});

describe("response and drive time", () => {
  it("request → accept of the period's accepted moves (cancelled ones too), accept → finish of its finished ones", async () => {
    const { id: accountId } = await createAccount(test.db, "Response Town");
    const { id: otherId } = await createAccount(test.db, "Response Elsewhere");
    const r = before(2 * DAY); // in the 7d period
    const m = (minutes: number) => plus(r, minutes * MINUTE);
    // Accepted after 2, 4, 6 and 8 minutes: two finished (driving 10 and 20), one in progress, one cancelled after accepting.
    await insertMove(test.db, accountId, { requested: r, accepted: m(2), finished: m(12) });
    await insertMove(test.db, accountId, { requested: r, accepted: m(4), finished: m(24) });
    await insertMove(test.db, accountId, { requested: r, accepted: m(6) });
    await insertMove(test.db, accountId, { requested: r, accepted: m(8), cancelled: m(30) });
    // Cancelled before anyone accepted it: no response time, and not waiting.
    await insertMove(test.db, accountId, { requested: r, cancelled: m(1) });
    // Not in the period: accepted after 1,000 minutes and driven 1,000 minutes.
    await insertMove(test.db, accountId, {
      requested: before(10 * DAY),
      accepted: before(10 * DAY - 1000 * MINUTE),
      finished: before(10 * DAY - 2000 * MINUTE),
    });
    // Waiting now: one requested in the period, one 40 days ago (outside every period, still waiting).
    const oldest = await insertMove(test.db, accountId, { requested: at("2024-12-06T17:00:00.123Z") });
    await insertMove(test.db, accountId, { requested: before(HOUR) });
    // Another account's: accepted after 100 minutes in the period, and a move waiting since 60 days.
    await insertMove(test.db, otherId, { requested: r, accepted: m(100), finished: m(300) });
    await insertMove(test.db, otherId, { requested: before(60 * DAY) });

    const { kpis } = await adminAnalytics(admin, query("7d", accountId), NOW);
    // request → accept [2, 4, 6, 8]: median p = 2.5 → 5; p90 p = 3.7 → 6 + 0.7 × 2 = 7.4 → 7
    // accept → finish [10, 20]: median 15; p90 p = 1.9 → 10 + 0.9 × 10 = 19
    // waiting: the two requested moves (the one of 40 days ago too); the oldest is that one.
    expect(kpis.response).toEqual({
      request_to_accept: { median: 5, p90: 7, count: 4 },
      accept_to_finish: { median: 15, p90: 19, count: 2 },
      waiting_now: 2,
      oldest_waiting: { move_id: oldest.id, requested_at: "2024-12-06T17:00:00.123Z", account_id: accountId },
    });

    // Today (since 2025-01-15T00:00Z) has none of the accepted moves, but the same moves waiting.
    expect((await adminAnalytics(admin, query("today", accountId), NOW)).kpis.response).toEqual({
      request_to_accept: EMPTY_SPREAD,
      accept_to_finish: EMPTY_SPREAD,
      waiting_now: 2,
      oldest_waiting: { move_id: oldest.id, requested_at: "2024-12-06T17:00:00.123Z", account_id: accountId },
    });
  });

  it("without accepted moves: empty spreads; without waiting moves: 0 and no oldest", async () => {
    const { id: onlyRequested } = await createAccount(test.db, "Nobody Accepts");
    const waiting = await insertMove(test.db, onlyRequested, { requested: before(3 * HOUR) });
    await insertMove(test.db, onlyRequested, { requested: before(2 * HOUR), cancelled: before(HOUR) });
    expect((await adminAnalytics(admin, query("7d", onlyRequested), NOW)).kpis.response).toEqual({
      request_to_accept: EMPTY_SPREAD,
      accept_to_finish: EMPTY_SPREAD,
      waiting_now: 1,
      oldest_waiting: { move_id: waiting.id, requested_at: before(3 * HOUR).toISOString(), account_id: onlyRequested },
    });

    const { id: allDone } = await createAccount(test.db, "All Done");
    const r = before(3 * HOUR);
    // Accepted after 3 minutes and still in progress: a response time, no drive time, nothing waiting.
    await insertMove(test.db, allDone, { requested: r, accepted: plus(r, 3 * MINUTE) });
    expect((await adminAnalytics(admin, query("7d", allDone), NOW)).kpis.response).toEqual({
      request_to_accept: { median: 3, p90: 3, count: 1 },
      accept_to_finish: EMPTY_SPREAD,
      waiting_now: 0,
      oldest_waiting: null,
    });
  });
});

describe("drivers", () => {
  it("finished moves of the period per accepting driver, active hours and moves per hour, most finished first", async () => {
    const { id: accountId } = await createAccount(test.db, "Drivers Town");
    const { id: otherId } = await createAccount(test.db, "Drivers Elsewhere");
    // Bob is created first (lowest id): ranked by id, he would come before Ann.
    const bob = await createDriver(test.db, accountId, "KPIBOB", { first: "Bob", last: "Roy" });
    const ann = await createDriver(test.db, accountId, "KPIANN", { first: "Ann", last: "Lee" });
    const zed = await createDriver(test.db, accountId, "KPIZED");
    const cy = await createDriver(test.db, accountId, "KPICY", { first: "Cy" });
    const r = before(2 * DAY);
    const finish = (driver: typeof bob, minutes: number, requested = r, accountOf = accountId) =>
      insertMove(test.db, accountOf, {
        requested,
        accepted: plus(requested, MINUTE),
        finished: plus(requested, MINUTE + minutes * MINUTE),
        driver,
      });
    for (let i = 0; i < 3; i++) await finish(bob, 40);
    for (let i = 0; i < 3; i++) await finish(ann, 20);
    for (let i = 0; i < 4; i++) await finish(zed, 25);
    await finish(cy, 15);
    // Not counted: Cy's move in progress and the one he cancelled after accepting; Ann's finished move
    // before the period; Bob's finished moves for another account.
    await insertMove(test.db, accountId, { requested: r, accepted: plus(r, MINUTE), driver: cy });
    await insertMove(test.db, accountId, { requested: r, accepted: plus(r, MINUTE), cancelled: plus(r, HOUR), driver: cy });
    await finish(ann, 20, before(8 * DAY));
    await finish(bob, 40, r, otherId);
    await finish(bob, 40, r, otherId);

    const { kpis } = await adminAnalytics(admin, query("7d", accountId), NOW);
    // KPIZED (no name): 4 finished, 4 × 25 = 100 min = 1.667 h → 1.7; 4 / 1.667 = 2.4
    // Ann Lee: 3 finished, 3 × 20 = 60 min = 1 h; 3 / 1 = 3
    // Bob Roy: 3 finished, 3 × 40 = 120 min = 2 h; 3 / 2 = 1.5 (a tie with Ann on finished: Ann's 3/h first)
    // Cy (first name only): 1 finished, 15 min = 0.25 h → 0.3 (half away from zero); 1 / 0.25 = 4
    expect(kpis.drivers).toEqual([
      { user_id: zed.id, driver: "KPIZED", finished: 4, active_hours: 1.7, moves_per_hour: 2.4 },
      { user_id: ann.id, driver: "Ann Lee", finished: 3, active_hours: 1, moves_per_hour: 3 },
      { user_id: bob.id, driver: "Bob Roy", finished: 3, active_hours: 2, moves_per_hour: 1.5 },
      { user_id: cy.id, driver: "Cy", finished: 1, active_hours: 0.3, moves_per_hour: 4 },
    ]);
    // The other account: Bob's 2 moves there only, 80 min = 1.333 h → 1.3; 2 / 1.333 = 1.5
    expect((await adminAnalytics(admin, query("7d", otherId), NOW)).kpis.drivers).toEqual([
      { user_id: bob.id, driver: "Bob Roy", finished: 2, active_hours: 1.3, moves_per_hour: 1.5 },
    ]);
  });

  it("lists at most 10 drivers", async () => {
    const { id: accountId } = await createAccount(test.db, "Many Drivers");
    const r = before(2 * DAY);
    // Driver i (1…11) finished one move of 5 × i minutes: 60 / (5 i) moves per hour, 12 for i = 1 down to 1.1 for i = 11.
    // Created from i = 11 down, so ranking by id would put the slowest first.
    const drivers = new Map<number, { id: number }>();
    for (let i = 11; i >= 1; i--) {
      const driver = await createDriver(test.db, accountId, `KPIMANY${i}`, { first: "Driver", last: String(i) });
      drivers.set(i, driver);
      await insertMove(test.db, accountId, { requested: r, accepted: r, finished: plus(r, 5 * i * MINUTE), driver });
    }
    const { kpis } = await adminAnalytics(admin, query("7d", accountId), NOW);
    // All 1 finished: by moves per hour, i = 1 (12/h) … i = 10 (1.2/h); i = 11 (1.1/h) left out.
    expect(kpis.drivers.map((d) => [d.user_id, d.driver, d.moves_per_hour])).toEqual(
      [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((i) => [drivers.get(i)!.id, `Driver ${i}`, Math.round((10 * 60) / (5 * i)) / 10]),
    );
    expect(kpis.drivers[0]).toMatchObject({ finished: 1, active_hours: 0.1, moves_per_hour: 12 });
    expect(kpis.drivers[9]).toMatchObject({ finished: 1, active_hours: 0.8, moves_per_hour: 1.2 });
  });
});

describe("doors", () => {
  it("occupied now out of the building's doors, and the period's trailer-hours at its doors out of its door-hours", async () => {
    const { id: accountId } = await createAccount(test.db, "Doors Town");
    const { id: otherId } = await createAccount(test.db, "Doors Elsewhere");
    // Listed by name: Annex, Dock, Dock B, Pier.
    const pier = await createBuilding(test.db, accountId, "Pier", 1);
    const dockB = await createBuilding(test.db, accountId, "Dock B", 3);
    const dock = await createBuilding(test.db, accountId, "Dock", 2);
    const annex = await createBuilding(test.db, accountId, "Annex", 3);
    // Another account's building of the same name, with its own trailer at "Dock-2": never this account's.
    await createBuilding(test.db, otherId, "Dock", 2);

    // The door figures follow the database's now(): times relative to the real clock (the query runs a
    // fraction of a second later, which moves no percent below across a rounding boundary).
    const real = new Date();
    const ago = (ms: number) => before(ms, real);

    // Dock (2 doors): two trailers at Dock-1 now (one door occupied); Dock-0, Dock-3 and "Dock 2" (no dash)
    // are no doors of it, "Dock B-1" is Dock B's. Over the 7 days (168 h): one trailer at Dock-1 for the
    // last 84 h (half the period), one for the last 2 minutes.
    await trailerAt(test.db, accountId, "Dock-1", [{ location: "Dock-1", entry: ago(84 * HOUR) }]);
    await trailerAt(test.db, accountId, "Dock-1", [{ location: "Dock-1", entry: ago(2 * MINUTE) }]);
    await trailerAt(test.db, accountId, "Dock-0", [{ location: "Dock-0", entry: ago(10 * DAY) }]);
    await trailerAt(test.db, accountId, "Dock-3", [{ location: "Dock-3", entry: ago(10 * DAY) }]);
    await trailerAt(test.db, accountId, "Dock 2", [{ location: "Dock 2", entry: ago(10 * DAY) }]);
    // At Dock-2 from 20 days ago until an hour before the 7d period began: none of 7d, 311 h of 30d.
    await trailerAt(test.db, accountId, "North Yard", [
      { location: "Dock-2", entry: ago(20 * DAY), exit: ago(7 * DAY + HOUR) },
      { location: "North Yard", entry: ago(7 * DAY + HOUR) },
    ]);
    // Another account's trailer at its own Dock-2, all period long.
    await trailerAt(test.db, otherId, "Dock-2", [{ location: "Dock-2", entry: ago(10 * DAY) }]);

    // Dock B (3 doors): at B-1 from 10 days to 6.5 days ago (the period's first 12 h), another at B-1 for
    // the last 6 h, one at B-3 for the last 12 h; B-4 is no door of it.
    await trailerAt(test.db, accountId, "North Yard", [
      { location: "Dock B-1", entry: ago(10 * DAY), exit: ago(6.5 * DAY) },
      { location: "North Yard", entry: ago(6.5 * DAY) },
    ]);
    await trailerAt(test.db, accountId, "Dock B-1", [{ location: "Dock B-1", entry: ago(6 * HOUR) }]);
    await trailerAt(test.db, accountId, "Dock B-3", [{ location: "Dock B-3", entry: ago(12 * HOUR) }]);
    await trailerAt(test.db, accountId, "Dock B-4", [{ location: "Dock B-4", entry: ago(10 * DAY) }]);

    // Pier (1 door): two trailers at Pier-1 for 10 days: twice its door-hours.
    await trailerAt(test.db, accountId, "Pier-1", [{ location: "Pier-1", entry: ago(10 * DAY) }]);
    await trailerAt(test.db, accountId, "Pier-1", [{ location: "Pier-1", entry: ago(10 * DAY) }]);

    const week = await adminAnalytics(admin, query("7d", accountId), real);
    // Annex: nothing → 0 of 3, 0 %, 0 %
    // Dock: Dock-1 only → 1 of 2 = 50 %; (84 h + 2 min) / (2 × 168 h) = 25.01 % → 25
    //   (counting Dock-0, Dock-3, "Dock 2" or Dock B-1 would give 100 % now and ≥ 75 % over the period;
    //   the Dock-2 stay, which ended before the period, must add nothing)
    // Dock B: B-1 and B-3 → 2 of 3 = 66.67 % → 67; (12 + 6 + 12) h / (3 × 168 h) = 30 / 504 = 5.95 % → 6
    // Pier: 1 of 1 = 100 %; 2 × 168 h / 168 h = 200 % → at most 100
    expect(week.kpis.doors).toEqual([
      { building_id: annex.id, building: "Annex", account_id: accountId, doors: 3, occupied_now: 0, now_percent: 0, period_percent: 0 },
      { building_id: dock.id, building: "Dock", account_id: accountId, doors: 2, occupied_now: 1, now_percent: 50, period_percent: 25 },
      { building_id: dockB.id, building: "Dock B", account_id: accountId, doors: 3, occupied_now: 2, now_percent: 67, period_percent: 6 },
      { building_id: pier.id, building: "Pier", account_id: accountId, doors: 1, occupied_now: 1, now_percent: 100, period_percent: 100 },
    ]);

    const month = await adminAnalytics(admin, query("30d", accountId), real);
    // Over 30 days (720 h), the same doors now:
    // Dock: (84 h + 2 min + the Dock-2 stay's 20 d − 7 d 1 h = 311 h) / (2 × 720 h) = 395.03 / 1440 = 27.43 % → 27
    // Dock B: (84 + 6 + 12) h / (3 × 720 h) = 102 / 2160 = 4.72 % → 5
    // Pier: 2 × 240 h / 720 h = 66.67 % → 67
    expect(month.kpis.doors.map((d) => [d.building, d.occupied_now, d.now_percent, d.period_percent])).toEqual([
      ["Annex", 0, 0, 0],
      ["Dock", 1, 50, 27],
      ["Dock B", 2, 67, 5],
      ["Pier", 1, 100, 67],
    ]);

    // The other account: its Dock only, its trailer at Dock-2 for the whole 7 days → 1 of 2, 168 / 336 = 50 %.
    expect((await adminAnalytics(admin, query("7d", otherId), real)).kpis.doors).toEqual([
      expect.objectContaining({ building: "Dock", account_id: otherId, doors: 2, occupied_now: 1, now_percent: 50, period_percent: 50 }),
    ]);
  });
});

describe("moves per day", () => {
  it("one row per day of the viewer's time zone, from the period start's day to today, by what became of each move", async () => {
    const { id: accountId } = await createAccount(test.db, "Daily Town");
    const { id: otherId } = await createAccount(test.db, "Daily Elsewhere");
    // NOW is 2025-01-15 11:00 CST (UTC−6); 7d began 2025-01-08T17:00Z, 11:00 CST on the 8th.
    const finished = (requested: Date) =>
      insertMove(test.db, accountId, { requested, accepted: requested, finished: plus(requested, 10 * MINUTE) });
    const cancelled = (requested: Date) => insertMove(test.db, accountId, { requested, cancelled: plus(requested, MINUTE) });
    await finished(at("2025-01-08T16:59:00Z")); // 10:59 CST on the 8th: before the period, in no row
    await finished(at("2025-01-08T17:00:00Z")); // 11:00 CST on the 8th: the period's first instant
    await cancelled(at("2025-01-10T05:59:00Z")); // 23:59 CST on the 9th (the 10th in UTC)
    await insertMove(test.db, accountId, { requested: at("2025-01-10T06:00:00Z") }); // 00:00 CST on the 10th, requested
    await insertMove(test.db, accountId, { requested: at("2025-01-10T06:01:00Z"), accepted: at("2025-01-10T06:05:00Z") }); // in progress
    await finished(at("2025-01-15T05:30:00Z")); // 23:30 CST on the 14th (the 15th in UTC)
    await finished(at("2025-01-15T06:30:00Z")); // 00:30 CST on the 15th
    await cancelled(at("2025-01-15T16:00:00Z")); // 10:00 CST on the 15th
    await insertMove(test.db, otherId, { requested: at("2025-01-12T12:00:00Z") }); // another account's

    const row = (day: string, finishedCount = 0, cancelledCount = 0, other = 0) => ({
      day,
      finished: finishedCount,
      cancelled: cancelledCount,
      other,
    });
    const chicago = await adminAnalytics(admin, query("7d", accountId, "America/Chicago"), NOW);
    expect(chicago.kpis.moves_per_day).toEqual([
      row("2025-01-08", 1),
      row("2025-01-09", 0, 1),
      row("2025-01-10", 0, 0, 2),
      row("2025-01-11"),
      row("2025-01-12"),
      row("2025-01-13"),
      row("2025-01-14", 1),
      row("2025-01-15", 1, 1),
    ]);
    // The rows add up to the period's moves: 7 (the move at 10:59 CST on the 8th is not one).
    const sum = chicago.kpis.moves_per_day.reduce((n, d) => n + d.finished + d.cancelled + d.other, 0);
    expect([sum, chicago.moves_summary.total]).toEqual([7, 7]);

    // In UTC the two moves just before Chicago's midnight fall on the next day.
    const utc = await adminAnalytics(admin, query("7d", accountId, "UTC"), NOW);
    expect(utc.kpis.moves_per_day).toEqual([
      row("2025-01-08", 1),
      row("2025-01-09"),
      row("2025-01-10", 0, 1, 2),
      row("2025-01-11"),
      row("2025-01-12"),
      row("2025-01-13"),
      row("2025-01-14"),
      row("2025-01-15", 2, 1),
    ]);

    // Today: one row (since 00:00 CST on the 15th): the 00:30 finished and the 10:00 cancelled.
    expect((await adminAnalytics(admin, query("today", accountId, "America/Chicago"), NOW)).kpis.moves_per_day).toEqual([
      row("2025-01-15", 1, 1),
    ]);
    // 30d began 2024-12-16 11:00 CST: 31 days, the 16th of December to the 15th of January.
    const month = (await adminAnalytics(admin, query("30d", accountId, "America/Chicago"), NOW)).kpis.moves_per_day;
    expect([month.length, month[0].day, month[30].day]).toEqual([31, "2024-12-16", "2025-01-15"]);
    expect(month.slice(23)).toEqual(chicago.kpis.moves_per_day.map((d) => (d.day === "2025-01-08" ? row("2025-01-08", 2) : d)));
  });

  it("days follow the zone's clock across a daylight saving change", async () => {
    const { id: accountId } = await createAccount(test.db, "Daily DST");
    // Chicago went from CST (UTC−6) to CDT (UTC−5) at 02:00 on 2025-03-09: the 10th began at 05:00Z, not 06:00Z.
    const now = at("2025-03-12T17:00:00Z"); // 12:00 CDT; 7d began 2025-03-05T17:00Z
    await insertMove(test.db, accountId, { requested: at("2025-03-10T04:30:00Z") }); // 23:30 CDT on the 9th
    await insertMove(test.db, accountId, { requested: at("2025-03-10T05:30:00Z") }); // 00:30 CDT on the 10th
    const days = (await adminAnalytics(admin, query("7d", accountId, "America/Chicago"), now)).kpis.moves_per_day;
    expect(days.map((d) => d.day)).toEqual([
      "2025-03-05",
      "2025-03-06",
      "2025-03-07",
      "2025-03-08",
      "2025-03-09",
      "2025-03-10",
      "2025-03-11",
      "2025-03-12",
    ]);
    expect(days.filter((d) => d.other > 0)).toEqual([
      { day: "2025-03-09", finished: 0, cancelled: 0, other: 1 },
      { day: "2025-03-10", finished: 0, cancelled: 0, other: 1 },
    ]);
  });
});

describe("tenancy", () => {
  it("an account without rows of its own sees none of another account's", async () => {
    const { id: busyId } = await createAccount(test.db, "Busy Town");
    const { id: emptyId } = await createAccount(test.db, "Empty Town");
    await test.db.insert(yards).values({ accountId: busyId, name: "Busy Yard" });
    await createBuilding(test.db, busyId, "Busy Dock", 2);
    const driver = await createDriver(test.db, busyId, "KPIBUSY", { first: "Busy", last: "Driver" });
    const r = before(2 * HOUR);
    await insertMove(test.db, busyId, { requested: r, accepted: plus(r, 5 * MINUTE), finished: plus(r, 25 * MINUTE), driver });
    await insertMove(test.db, busyId, { requested: before(40 * DAY) });
    await trailerAt(test.db, busyId, "Busy Dock-1", [
      stay("Busy Yard", 30, before(3 * HOUR)),
      stay("Road", 30, before(2 * HOUR)),
      { location: "Busy Dock-1", entry: before(HOUR) },
    ]);

    const busy = (await adminAnalytics(admin, query("today", busyId), NOW)).kpis;
    // The busy account's own figures are there …
    expect(busy.dwell.by_kind.map((k) => k.count)).toEqual([0, 1, 0, 1]);
    expect(busy.dwell.longest_stays).toHaveLength(1);
    expect(busy.response).toMatchObject({ request_to_accept: { count: 1 }, waiting_now: 1 });
    expect(busy.drivers).toHaveLength(1);
    expect(busy.doors).toMatchObject([{ building: "Busy Dock", occupied_now: 1 }]);

    // … and none of them in the other account's.
    const empty: Kpis = (await adminAnalytics(admin, query("today", emptyId), NOW)).kpis;
    expect(empty).toEqual({
      dwell: {
        by_kind: [
          { kind: "Door", ...EMPTY_SPREAD },
          { kind: "Yard", ...EMPTY_SPREAD },
          { kind: "Shop", ...EMPTY_SPREAD },
          { kind: "Road", ...EMPTY_SPREAD },
        ],
        longest_stays: [],
      },
      response: { request_to_accept: EMPTY_SPREAD, accept_to_finish: EMPTY_SPREAD, waiting_now: 0, oldest_waiting: null },
      drivers: [],
      doors: [],
      moves_per_day: [{ day: "2025-01-15", finished: 0, cancelled: 0, other: 0 }],
    });
  });
});

describe("durationText and periodDays", () => {
  it("durationText: minutes under an hour, hours and minutes under a day, then days and hours", () => {
    expect(durationText(45)).toBe("45 min");
    expect(durationText(0)).toBe("0 min");
    expect(durationText(59)).toBe("59 min");
    expect(durationText(60)).toBe("1 h");
    expect(durationText(185)).toBe("3 h 5 min");
    expect(durationText(1439)).toBe("23 h 59 min");
    expect(durationText(1440)).toBe("1 d");
    expect(durationText(1500)).toBe("1 d 1 h");
    // Past a day, the minutes are left out: 1 d 0 h 59 min → "1 d"; 2 d 4 h 30 min → "2 d 4 h".
    expect(durationText(1499)).toBe("1 d");
    expect(durationText(3150)).toBe("2 d 4 h");
    // 2,200 minutes = 36 h 40 min: 1 d 12 h (not rounded up to 2 d).
    expect(durationText(2200)).toBe("1 d 12 h");
    expect(durationText(null)).toBe("—");
  });

  it("periodDays: the days from the start's day to today, in order, each with its local midnight", () => {
    // 7d from a start at 11:00 CST on the 8th to 11:00 CST on the 15th touches 8 calendar days.
    const days = periodDays(SINCE_7D, "America/Chicago", NOW);
    expect(days.map((d) => d.day)).toEqual([
      "2025-01-08",
      "2025-01-09",
      "2025-01-10",
      "2025-01-11",
      "2025-01-12",
      "2025-01-13",
      "2025-01-14",
      "2025-01-15",
    ]);
    // Each begins at 00:00 CST = 06:00Z.
    expect(days.map((d) => d.start.toISOString())).toEqual(days.map((d) => `${d.day}T06:00:00.000Z`));
    // A start at midnight is still its own day; today's is the last.
    expect(periodDays(at("2025-01-15T06:00:00Z"), "America/Chicago", NOW)).toEqual([
      { day: "2025-01-15", start: at("2025-01-15T06:00:00Z") },
    ]);
    // Across the spring change: the 9th began at 06:00Z (CST), the 10th at 05:00Z (CDT).
    expect(periodDays(at("2025-03-09T12:00:00Z"), "America/Chicago", at("2025-03-10T12:00:00Z"))).toEqual([
      { day: "2025-03-09", start: at("2025-03-09T06:00:00Z") },
      { day: "2025-03-10", start: at("2025-03-10T05:00:00Z") },
    ]);
  });
});
