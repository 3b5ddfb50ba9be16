/**
 * The details of location history the spec names: time at location ('Moved' once the latest entry
 * has an exit time), each entry's duration_formatted and current_duration_formatted, a trailer's
 * user_history, a yard's last entry, and Create Move's trailer types as labels.
 */
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  auditLogs,
  buildings,
  trailerAssignments,
  trailerLocationHistory,
  trailers,
  truckLocationHistory,
  trucks,
  yards,
} from "#db/schema";
import { historyTimeAtLocation } from "#app/domain/assets";
import { withActor } from "#app/lib/db.server";
import type { ServiceContext } from "#app/services/context.server";
import { trailerListRow, truckListRow } from "#app/services/dashboard.server";
import { accountHistory, assetHistory, historyEntry, recordLocationChange } from "#app/services/location-history.server";
import { availableTrailers } from "#app/services/move-panel.server";
import { listTrailers } from "#app/services/trailer-list.server";
import { getTrailer, trailerWithHistory } from "#app/services/trailers.server";
import { listTrucks } from "#app/services/trucks.server";
import { createTestDatabase, type TestDatabase } from "./database";
import { contextFor, createAccount, createTrailer, createUser, refusal } from "./fixtures";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

let test: TestDatabase;
let accountId: number;
let otherAccountId: number;
let manager: ServiceContext;
let otherManager: ServiceContext;
let admin: ServiceContext;

beforeAll(async () => {
  test = await createTestDatabase();
  accountId = (await createAccount(test.db, "History Town")).id;
  otherAccountId = (await createAccount(test.db, "Elsewhere")).id;
  await test.db.insert(buildings).values({ accountId, buildingName: "North", buildingDoorNumber: 10 });
  await test.db.insert(yards).values([
    { accountId, name: "Yard A" },
    { accountId, name: "Yard B" },
    { accountId: otherAccountId, name: "Yard A" },
  ]);
  manager = contextFor(test.db, await createUser(test.db, { role: "manager", accountId })).ctx;
  otherManager = contextFor(test.db, await createUser(test.db, { role: "manager", accountId: otherAccountId })).ctx;
  admin = contextFor(test.db, await createUser(test.db, { role: "admin", accountId: null })).ctx;
});
afterAll(async () => test.close());

/** A trailer at `location` whose only stay began `ago` ms before now (open, or closed `closedAgo` ms ago). */
async function trailerStaying(location: string, ago: number, closedAgo?: number) {
  const trailer = await createTrailer(test.db, accountId, location);
  await test.db.insert(trailerLocationHistory).values({
    trailerId: trailer.id,
    accountId,
    location,
    entryTime: new Date(Date.now() - ago),
    exitTime: closedAgo === undefined ? null : new Date(Date.now() - closedAgo),
  });
  return trailer;
}

async function truckStaying(number: string, ago: number, closedAgo?: number) {
  const [truck] = await test.db
    .insert(trucks)
    .values({
      accountId,
      truckNumber: number,
      truckLocation: "Yard A",
      type: "boxtruck",
      licensePlate: "TP1",
      licenseState: "MA",
      year: 2020,
      make: "MACK",
      model: "ANTHEM",
    })
    .returning();
  await test.db.insert(truckLocationHistory).values({
    truckId: truck.id,
    accountId,
    location: "Yard A",
    entryTime: new Date(Date.now() - ago),
    exitTime: closedAgo === undefined ? null : new Date(Date.now() - closedAgo),
  });
  return truck;
}

async function listedTrailer(id: number) {
  const { trailers: rows } = await listTrailers(manager, { pageSize: 200 });
  const item = rows.find((row) => row.trailer.id === id);
  if (!item) throw new Error(`trailer ${id} is not listed`);
  return trailerListRow(item, Date.now());
}

describe("time at location", () => {
  it("shows the running duration of an open latest entry, and 'Moved' once the latest entry has an exit time", async () => {
    const staying = await trailerStaying("Yard A", 2 * DAY + 3 * HOUR + 15 * MINUTE + 20_000);
    const arrived = await trailerStaying("Yard A", 10_000);
    const moved = await trailerStaying("Yard B", 3 * DAY, 1 * DAY);
    const none = await createTrailer(test.db, accountId, "Yard A");

    expect((await listedTrailer(staying.id)).timeAtLocation).toBe("2d 3h 15m");
    expect((await listedTrailer(arrived.id)).timeAtLocation).toBe("Just arrived");
    expect((await listedTrailer(moved.id)).timeAtLocation).toBe("Moved");
    expect((await listedTrailer(none.id)).timeAtLocation).toBe("Just arrived");

    // The open stay ends with no new one: the latest entry now has an exit time.
    await test.db
      .update(trailerLocationHistory)
      .set({ exitTime: sql`now()` })
      .where(eq(trailerLocationHistory.trailerId, staying.id));
    expect((await listedTrailer(staying.id)).timeAtLocation).toBe("Moved");

    // The detail page's panel reads the same rule from the history answer.
    expect(historyTimeAtLocation(await assetHistory(test.db, "trailer", staying.id))).toBe("Moved");
    expect(historyTimeAtLocation(await assetHistory(test.db, "trailer", moved.id))).toBe("Moved");
    expect(historyTimeAtLocation(await assetHistory(test.db, "trailer", arrived.id))).toBe("Just arrived");
    expect(historyTimeAtLocation(await assetHistory(test.db, "trailer", none.id))).toBe("Just arrived");
    const open = await trailerStaying("Yard A", 5 * HOUR + 7 * MINUTE + 20_000);
    expect(historyTimeAtLocation(await assetHistory(test.db, "trailer", open.id))).toBe("5h 7m");
  });

  it("trucks too: 'Moved' or the running duration", async () => {
    const staying = await truckStaying("TK-RUN", 1 * DAY + 1 * HOUR + 1 * MINUTE + 20_000);
    const moved = await truckStaying("TK-MOVED", 2 * DAY, 1 * HOUR);
    const { trucks: rows } = await listTrucks(manager, { pageSize: 200 });
    const timeOf = (id: number) =>
      truckListRow(
        rows.find((row) => row.truck.id === id)!,
        Date.now(),
      ).timeAtLocation;
    expect(timeOf(staying.id)).toBe("1d 1h 1m");
    expect(timeOf(moved.id)).toBe("Moved");
  });

  it("the later of an open and a closed entry decides", async () => {
    const trailer = await createTrailer(test.db, accountId, "Yard A");
    await test.db.insert(trailerLocationHistory).values([
      { trailerId: trailer.id, accountId, location: "Yard A", entryTime: new Date(Date.now() - 5 * DAY) },
      {
        trailerId: trailer.id,
        accountId,
        location: "North-2",
        entryTime: new Date(Date.now() - 2 * DAY),
        exitTime: new Date(Date.now() - DAY),
      },
    ]);
    expect((await listedTrailer(trailer.id)).timeAtLocation).toBe("Moved");
  });
});

describe("duration_formatted and current_duration_formatted", () => {
  it("formats a closed entry's stay, entry to exit, and leaves current_duration_formatted null", () => {
    const closed = historyEntry(
      {
        id: 1,
        location: "Yard A",
        entryTime: new Date("2026-01-01T08:00:00Z"),
        exitTime: new Date("2026-01-02T10:30:45Z"),
        userAlphaCode: "MGR",
      },
      Date.parse("2026-02-01T00:00:00Z"),
    );
    // 1 day + 2 h + 30 min + 45 s = 86,400 + 7,200 + 1,800 + 45.
    expect(closed).toEqual({
      id: 1,
      location: "Yard A",
      entry_time: "2026-01-01T08:00:00.000Z",
      exit_time: "2026-01-02T10:30:45.000Z",
      duration_seconds: 95_445,
      duration_formatted: "1d 2h 30m",
      current_duration_formatted: null,
      user_alpha_code: "MGR",
    });
  });

  it("formats an open entry's time so far in both fields", () => {
    const open = historyEntry(
      { id: 2, location: "North-3", entryTime: new Date("2026-01-01T08:00:00Z"), exitTime: null, userAlphaCode: null },
      Date.parse("2026-01-01T11:05:10Z"),
    );
    // 3 h 5 min 10 s = 11,110 s.
    expect(open).toMatchObject({
      exit_time: null,
      duration_seconds: 11_110,
      duration_formatted: "3h 5m",
      current_duration_formatted: "3h 5m",
    });
    const fresh = historyEntry(
      { id: 3, location: "North-3", entryTime: new Date("2026-01-01T08:00:00Z"), exitTime: null, userAlphaCode: null },
      Date.parse("2026-01-01T08:00:45Z"),
    );
    expect(fresh).toMatchObject({ duration_seconds: 45, duration_formatted: "45s", current_duration_formatted: "45s" });
  });

  it("the trailer's, the truck's and the account's history answers carry both", async () => {
    const trailer = await createTrailer(test.db, accountId, "North-3");
    const entered = Date.now() - (3 * HOUR + 5 * MINUTE + 20_000);
    await test.db.insert(trailerLocationHistory).values([
      {
        trailerId: trailer.id,
        accountId,
        location: "Yard A",
        entryTime: new Date(entered - (1 * DAY + 2 * HOUR + 30 * MINUTE + 45_000)),
        exitTime: new Date(entered),
      },
      { trailerId: trailer.id, accountId, location: "North-3", entryTime: new Date(entered) },
    ]);
    const history = await assetHistory(test.db, "trailer", trailer.id);
    expect(history.map((entry) => [entry.location, entry.duration_formatted, entry.current_duration_formatted])).toEqual([
      ["North-3", "3h 5m", "3h 5m"],
      ["Yard A", "1d 2h 30m", null],
    ]);
    expect(history[1].duration_seconds).toBe(95_445);

    const byTrailer = await accountHistory(manager, "trailer", accountId);
    expect(byTrailer[trailer.id].map((entry) => entry.duration_formatted)).toEqual(["3h 5m", "1d 2h 30m"]);

    const truck = await truckStaying("TK-HIST", 2 * DAY + 4 * HOUR + 20_000, 4 * HOUR);
    const [stay] = await assetHistory(test.db, "truck", truck.id);
    expect(stay).toMatchObject({ duration_seconds: 2 * 86_400 + 20, duration_formatted: "2d 0h 0m", current_duration_formatted: null });
  });
});

describe("user_history", () => {
  it("lists the trailer's assignments newest first as time, assignee and assigner", async () => {
    const trailer = await createTrailer(test.db, accountId, "Yard A");
    const other = await createTrailer(test.db, accountId, "Yard A");
    await test.db.insert(trailerAssignments).values([
      { trailerId: trailer.id, assignedAlphaCode: "DRV1", assignedByAlphaCode: "MGR", assignedAt: new Date("2026-01-01T08:00:00Z") },
      { trailerId: trailer.id, assignedAlphaCode: null, assignedByAlphaCode: "SUP", assignedAt: new Date("2026-01-03T09:30:00Z") },
      { trailerId: other.id, assignedAlphaCode: "DRV9", assignedByAlphaCode: "MGR", assignedAt: new Date("2026-01-02T00:00:00Z") },
    ]);
    const answer = await trailerWithHistory(manager, await getTrailer(manager, trailer.id));
    expect(answer).toMatchObject({ id: trailer.id, trailer_number: trailer.trailerNumber, account_id: accountId });
    expect(answer.user_history).toEqual([
      { time: "2026-01-03T09:30:00.000Z", assignee: null, assigner: "SUP" },
      { time: "2026-01-01T08:00:00.000Z", assignee: "DRV1", assigner: "MGR" },
    ]);
    expect((await trailerWithHistory(admin, await getTrailer(admin, other.id))).user_history).toEqual([
      { time: "2026-01-02T00:00:00.000Z", assignee: "DRV9", assigner: "MGR" },
    ]);
    const fresh = await createTrailer(test.db, accountId, "Yard A");
    expect((await trailerWithHistory(manager, await getTrailer(manager, fresh.id))).user_history).toEqual([]);
  });

  it("keeps accounts apart: another account's manager gets 404, and its own trailers only their own history", async () => {
    const mine = await createTrailer(test.db, accountId, "Yard A");
    await test.db.insert(trailerAssignments).values({ trailerId: mine.id, assignedAlphaCode: "DRV1", assignedByAlphaCode: "MGR" });
    expect(await refusal(getTrailer(otherManager, mine.id))).toMatchObject({ status: 404 });
    const theirs = await createTrailer(test.db, otherAccountId, "Yard A");
    await test.db.insert(trailerAssignments).values({ trailerId: theirs.id, assignedAlphaCode: "NWK1", assignedByAlphaCode: "NWKM" });
    const answer = await trailerWithHistory(otherManager, await getTrailer(otherManager, theirs.id));
    expect(answer.user_history.map((entry) => entry.assignee)).toEqual(["NWK1"]);
    expect(await refusal(getTrailer(manager, theirs.id))).toMatchObject({ status: 404 });
  });
});

describe("a yard's last entry", () => {
  const yardOf = async (account: number, name: string) => {
    const [yard] = await test.db
      .select()
      .from(yards)
      .where(and(eq(yards.accountId, account), eq(yards.name, name)));
    return yard;
  };

  it("follows each trailer entering the yard, and nothing else", async () => {
    const before = {
      a: await yardOf(accountId, "Yard A"),
      b: await yardOf(accountId, "Yard B"),
      other: await yardOf(otherAccountId, "Yard A"),
    };
    const trailer = await createTrailer(test.db, accountId, "North-1");
    const moveTo = (location: string) =>
      withActor(test.db, { id: null, alphaCode: "MGR" }, async (tx) => {
        await tx.update(trailers).set({ trailerLocation: location }).where(eq(trailers.id, trailer.id));
        await recordLocationChange(tx, { kind: "trailer", assetId: trailer.id, accountId, location, alphaCode: "MGR" });
      });
    const openEntry = async () =>
      (
        await test.db
          .select()
          .from(trailerLocationHistory)
          .where(and(eq(trailerLocationHistory.trailerId, trailer.id), sql`${trailerLocationHistory.exitTime} is null`))
      )[0];

    // A door: no yard changes.
    await moveTo("North-3");
    expect(await yardOf(accountId, "Yard B")).toEqual(before.b);

    // Yard B: its last entry is the new entry's time; Yard A and the other account's Yard A stay.
    await moveTo("Yard B");
    const enteredB = await openEntry();
    const yardB = await yardOf(accountId, "Yard B");
    expect(yardB.entryTime).toEqual(enteredB.entryTime);
    expect(yardB.updatedAt).toEqual(before.b.updatedAt);
    expect((await yardOf(accountId, "Yard A")).entryTime).toEqual(before.a.entryTime);
    expect((await yardOf(otherAccountId, "Yard A")).entryTime).toEqual(before.other.entryTime);

    // This account's Yard A: only it, never the other account's yard of the same name.
    await moveTo("Yard A");
    const enteredA = await openEntry();
    expect((await yardOf(accountId, "Yard A")).entryTime).toEqual(enteredA.entryTime);
    expect((await yardOf(otherAccountId, "Yard A")).entryTime).toEqual(before.other.entryTime);
    expect((await yardOf(accountId, "Yard B")).entryTime).toEqual(enteredB.entryTime);

    // Leaving the yard for the Shop leaves its last entry as it was.
    await moveTo("Shop");
    expect((await yardOf(accountId, "Yard A")).entryTime).toEqual(enteredA.entryTime);

    // Bookkeeping, not an edit: no audit row for the yards.
    const yardUpdates = await test.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.tableName, "yards"), eq(auditLogs.action, "UPDATE")));
    expect(yardUpdates).toEqual([]);
  });

  it("takes the latest of many entries written at once, and a backdated entry never moves it back", async () => {
    const first = await createTrailer(test.db, otherAccountId, "Yard A");
    const second = await createTrailer(test.db, otherAccountId, "Yard A");
    const later = new Date(Date.now() + HOUR);
    await test.db.insert(trailerLocationHistory).values([
      { trailerId: first.id, accountId: otherAccountId, location: "Yard A", entryTime: new Date(Date.now() - HOUR) },
      { trailerId: second.id, accountId: otherAccountId, location: "Yard A", entryTime: later },
    ]);
    expect((await yardOf(otherAccountId, "Yard A")).entryTime).toEqual(later);
    await test.db.insert(trailerLocationHistory).values({
      trailerId: first.id,
      accountId: otherAccountId,
      location: "Yard A",
      entryTime: new Date(Date.now() - DAY),
      exitTime: new Date(),
    });
    expect((await yardOf(otherAccountId, "Yard A")).entryTime).toEqual(later);
  });

  it("a yard edit still moves updated_at and is audited", async () => {
    const yard = await yardOf(accountId, "Yard B");
    await withActor(test.db, { id: null, alphaCode: "SUP" }, (tx) =>
      tx.update(yards).set({ parkingLocation: "Gate 9" }).where(eq(yards.id, yard.id)),
    );
    const edited = await yardOf(accountId, "Yard B");
    expect(edited.updatedAt.getTime()).toBeGreaterThan(yard.updatedAt.getTime());
    const [audited] = await test.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.tableName, "yards"), eq(auditLogs.action, "UPDATE"), eq(auditLogs.recordId, String(yard.id))));
    expect(audited.changedFields).toMatchObject({ parking_location: { old: null, new: "Gate 9" } });
  });
});

describe("Create Move's available trailers", () => {
  it("carry the type's label beside its code", async () => {
    const typed = await createTrailer(test.db, accountId, "North-7");
    await test.db.update(trailers).set({ type: "reefer_53" }).where(eq(trailers.id, typed.id));
    const untyped = await createTrailer(test.db, accountId, "North-7");
    const listed = (await availableTrailers(manager, { location: "North-7" })).trailers;
    const byId = [...listed].sort((a, b) => a.id - b.id);
    expect(byId.map((trailer) => [trailer.id, trailer.type, trailer.type_label])).toEqual([
      [typed.id, "reefer_53", "Reefer 53"],
      [untyped.id, null, ""],
    ]);
  });
});
