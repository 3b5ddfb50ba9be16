import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildings, moveLegs, moves, yards } from "#db/schema";
import type { AfterCommit } from "#app/domain/realtime-events";
import { createTrailer, deleteTrailer, updateTrailer } from "#app/services/trailers.server";
import { createTruck, deleteTruck, updateTruck } from "#app/services/trucks.server";
import { slowCommits } from "./concurrency";
import { createTestDatabase, type TestDatabase } from "./database";
import { contextFor, createAccount, createUser, refusal } from "./fixtures";
import type { UserRow } from "#app/lib/session.server";

/**
 * Every trailer and truck write tells the account's room what changed — only after its
 * transaction committed (another connection already sees the change when the event leaves),
 * and nothing at all when the write is refused or rolled back.
 */
let test: TestDatabase;
let observer: pg.Client;
let restoreCommits: () => Promise<void>;
let accountId: number;
let superManager: UserRow;

beforeAll(async () => {
  test = await createTestDatabase();
  observer = new pg.Client({ connectionString: test.url });
  await observer.connect();
  // A commit of a trailer or truck lands well after an event sent before it would be checked.
  restoreCommits = await slowCommits(test.db, ["trailers", "trucks"]);
  accountId = (await createAccount(test.db, "Events")).id;
  await test.db.insert(buildings).values({ accountId, buildingName: "North", buildingDoorNumber: 4 });
  await test.db.insert(yards).values({ accountId, name: "Yard A" });
  superManager = await createUser(test.db, { role: "super_manager", accountId });
});
afterAll(async () => {
  await restoreCommits();
  await observer.end();
  await test.close();
});

type Seen = { id: number; location: string; note: string | null };

/**
 * A context whose sink records what it sent, and, for each batch in the order sent, the rows
 * another connection saw at that moment (with the field an edit below changes as `note`).
 */
function observed(table: "trailers" | "trucks") {
  const seen: { effects: readonly AfterCommit[]; rows: Seen[] }[] = [];
  const [column, note] = table === "trailers" ? ["trailer_location", "tagged_description"] : ["truck_location", "vin"];
  const recorder = contextFor(test.db, superManager, async (effects) => {
    const batch = { effects, rows: [] as Seen[] };
    seen.push(batch);
    const { rows } = await observer.query<Seen>(
      `select id, ${column} as location, ${note} as note from ${table} where account_id = $1 order by id`,
      [accountId],
    );
    batch.rows = rows;
  });
  return { ...recorder, seen };
}

const trailerInput = (number: string, location: string) => ({
  trailer_number: number,
  trailer_location: location,
  license_plate: "PL1",
  license_state: "MA",
  type: "dry_53",
  company_owner: "Acme",
});

const truckInput = (number: string, location: string) => ({
  truck_number: number,
  truck_location: location,
  license_plate: "TP1",
  license_state: "MA",
  type: "daycab_1_axle",
  year: 2020,
  make: "Volvo",
  model: "VNL",
});

const refused = async (promise: Promise<unknown>) => (await refusal(promise))?.status;

describe("trailer writes", () => {
  it("publish the trailer's new location and history after commit: create, move, edit, delete", async () => {
    const { ctx, sent, seen, settled } = observed("trailers");
    const trailer = await createTrailer(ctx, trailerInput("EV100", "north-2"));
    await settled();
    expect(sent).toEqual([
      {
        kind: "publish",
        accountId,
        event: { type: "trailer_location_updated", account_id: accountId, trailer_id: trailer.id, location: "North-2" },
      },
      {
        kind: "publish",
        accountId,
        event: { type: "location_history_updated", account_id: accountId, asset: "trailer", asset_id: trailer.id },
      },
    ]);
    expect(seen[0].rows).toContainEqual({ id: trailer.id, location: "North-2", note: null });

    await updateTrailer(ctx, trailer.id, trailerInput("EV100", "Yard A"));
    await updateTrailer(ctx, trailer.id, { ...trailerInput("EV100", "Yard A"), tagged_description: "Door seal" });
    await deleteTrailer(ctx, trailer.id);
    await settled();
    expect(sent.slice(2).map((effect) => (effect.kind === "publish" ? effect.event.type : effect.kind))).toEqual([
      "trailer_location_updated",
      "location_history_updated",
      "account_data_changed",
      "account_data_changed",
    ]);
    expect(sent.at(-1)).toEqual({
      kind: "publish",
      accountId,
      event: { type: "account_data_changed", account_id: accountId, what: "trailer", id: trailer.id, change: "deleted" },
    });
    // Each event left after its write was visible to another connection.
    expect(seen).toHaveLength(4);
    expect(seen[1].rows).toContainEqual({ id: trailer.id, location: "Yard A", note: null });
    expect(seen[2].rows).toContainEqual({ id: trailer.id, location: "Yard A", note: "Door seal" });
    expect(seen[3].rows.map((row) => row.id)).not.toContain(trailer.id);
  });

  it("send nothing when refused or rolled back", async () => {
    const { ctx, sent } = observed("trailers");
    const first = await createTrailer(ctx, trailerInput("EV200", "Yard A"));
    await createTrailer(ctx, trailerInput("EV201", "Yard A"));
    sent.length = 0;
    // A duplicate number is refused by the unique index inside the transaction: rolled back.
    expect(await refused(createTrailer(ctx, trailerInput("EV200", "Yard A")))).toBe(400);
    expect(await refused(updateTrailer(ctx, first.id, trailerInput("EV201", "North-1")))).toBe(400);
    expect(await refused(updateTrailer(ctx, first.id, trailerInput("EV200", "Nowhere")))).toBe(400);
    // A trailer in an active move is not deleted.
    const [move] = await test.db.insert(moves).values({ accountId, requestUserId: superManager.id, moveType: "single" }).returning();
    await test.db.insert(moveLegs).values({
      moveId: move.id,
      legNumber: 1,
      fromLocation: "Yard A",
      toLocation: "North-1",
      trailerId: first.id,
      trailerNumber: "EV200",
    });
    expect(await refused(deleteTrailer(ctx, first.id))).toBe(409);
    // Someone without the right sends nothing either.
    const driver = contextFor(test.db, await createUser(test.db, { role: "yard_driver", accountId }));
    expect(await refused(createTrailer(driver.ctx, trailerInput("EV202", "Yard A")))).toBe(403);
    expect([...sent, ...driver.sent]).toEqual([]);
  });
});

describe("truck writes", () => {
  it("publish the truck's new location and history after commit: create, move, edit, delete", async () => {
    const { ctx, sent, seen, settled } = observed("trucks");
    const truck = await createTruck(ctx, truckInput("TK100", "Yard A"));
    await updateTruck(ctx, truck.id, truckInput("TK100", "North-1"));
    await updateTruck(ctx, truck.id, { ...truckInput("TK100", "North-1"), vin: "1HGBH41JXMN109186" });
    await deleteTruck(ctx, truck.id);
    await settled();
    expect(sent.map((effect) => (effect.kind === "publish" ? effect.event.type : effect.kind))).toEqual([
      "truck_location_updated",
      "location_history_updated",
      "truck_location_updated",
      "location_history_updated",
      "account_data_changed",
      "account_data_changed",
    ]);
    expect(sent[2]).toEqual({
      kind: "publish",
      accountId,
      event: { type: "truck_location_updated", account_id: accountId, truck_id: truck.id, location: "North-1" },
    });
    expect(seen).toHaveLength(4);
    expect(seen[0].rows).toContainEqual({ id: truck.id, location: "Yard A", note: null });
    expect(seen[1].rows).toContainEqual({ id: truck.id, location: "North-1", note: null });
    expect(seen[2].rows).toContainEqual({ id: truck.id, location: "North-1", note: "1HGBH41JXMN109186" });
    expect(seen[3].rows.map((row) => row.id)).not.toContain(truck.id);
  });

  it("send nothing when refused or rolled back", async () => {
    const { ctx, sent } = observed("trucks");
    const first = await createTruck(ctx, truckInput("TK200", "Yard A"));
    await createTruck(ctx, truckInput("TK201", "Yard A"));
    sent.length = 0;
    expect(await refused(createTruck(ctx, truckInput("TK200", "Yard A")))).toBe(400);
    expect(await refused(updateTruck(ctx, first.id, truckInput("TK201", "North-1")))).toBe(400);
    const manager = contextFor(test.db, await createUser(test.db, { role: "manager", accountId }));
    expect(await refused(deleteTruck(manager.ctx, first.id))).toBe(403);
    expect([...sent, ...manager.sent]).toEqual([]);
  });
});
