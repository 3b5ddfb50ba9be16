/**
 * What careless or hostile input cannot do to assets, places and moves: nothing is lost on delete
 * or edit, the API accepts its own output, and no value makes a request build unbounded lists.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildings, trailerAssignments, trailerLocationHistory, trailers, trucks, users, yards } from "#db/schema";
import { TRAILER_MESSAGES, trailerFormValues } from "#app/domain/trailers";
import { TRUCK_MESSAGES, truckFormValues } from "#app/domain/trucks";
import { assigneeValue } from "#app/services/assignees.server";
import { moveSummary } from "#app/services/move-panel.server";
import { createMove, transitionMove } from "#app/services/moves.server";
import { listMoves } from "#app/services/move-lists.server";
import { createPlace, getPlace, publicPlace, updatePlace, deletePlace } from "#app/services/places.server";
import { listTrailers } from "#app/services/trailer-list.server";
import { deleteTrailer, getTrailer, trailerWithHistory, updateTrailer } from "#app/services/trailers.server";
import { asRefusal, NUL_MESSAGE } from "#app/services/errors.server";
import { createTruck, deleteTruck, getTruck, publicTruck, updateTruck } from "#app/services/trucks.server";
import { createTestDatabase, type TestDatabase } from "./database";
import { contextFor, createAccount, createTrailer, createUser, refusal } from "./fixtures";

let test: TestDatabase;
let accountId: number;
let admin: ReturnType<typeof contextFor>["ctx"];
let manager: ReturnType<typeof contextFor>["ctx"];
let driver: ReturnType<typeof contextFor>["ctx"];

beforeAll(async () => {
  test = await createTestDatabase();
  accountId = (await createAccount(test.db, "Hostile Input")).id;
  await test.db.insert(yards).values([
    { accountId, name: "Yard A" },
    { accountId, name: "Yard B" },
  ]);
  await test.db.insert(buildings).values({ accountId, buildingName: "North", buildingDoorNumber: 999 });
  admin = contextFor(test.db, await createUser(test.db, { role: "admin", accountId: null })).ctx;
  manager = contextFor(test.db, await createUser(test.db, { role: "manager", accountId })).ctx;
  driver = contextFor(test.db, await createUser(test.db, { role: "yard_driver", accountId })).ctx;
});
afterAll(async () => test.close());

const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

async function fullTrailer(number: string, location = "Yard A") {
  const trailer = await createTrailer(test.db, accountId, location);
  const [row] = await test.db
    .update(trailers)
    .set({ trailerNumber: number, licensePlate: "PL1", licenseState: "MA", type: "dry_53", isLoaded: true, loadNumber: "LD-7" })
    .where(eq(trailers.id, trailer.id))
    .returning();
  return row;
}

describe("deleting an asset with history", () => {
  it("deletes a trailer that was in finished and cancelled moves; the moves keep its number", async () => {
    const trailer = await fullTrailer("HIST-1");
    const finished = await createMove(manager, {
      move_details: { type: "single", moves: [{ from: "Yard A", to: "North-998", trailer: "HIST-1" }] },
    });
    await transitionMove(driver, finished.id, "accept");
    await transitionMove(driver, finished.id, "finish");
    const cancelled = await createMove(manager, {
      move_details: { type: "single", moves: [{ from: "North-998", to: "Yard B", trailer: "HIST-1" }] },
    });
    await transitionMove(manager, cancelled.id, "cancel");

    await deleteTrailer(admin, trailer.id);

    expect(await test.db.select().from(trailers).where(eq(trailers.id, trailer.id))).toEqual([]);
    const { moves } = await listMoves(admin, { account: accountId });
    const kept = moves.filter((move) => move.id === finished.id || move.id === cancelled.id);
    expect(kept).toHaveLength(2);
    for (const move of kept) expect(move.move_details.moves[0]).toMatchObject({ trailer: "HIST-1", trailer_id: null });
  });

  it("refuses a trailer in an active move with a message, and deletes a truck with location history", async () => {
    await fullTrailer("HIST-2");
    const move = await createMove(manager, {
      move_details: { type: "single", moves: [{ from: "Yard A", to: "Yard B", trailer: "HIST-2" }] },
    });
    const trailerId = move.move_details.moves[0].trailer_id!;
    expect(await refusal(deleteTrailer(admin, trailerId))).toEqual({
      status: 409,
      errors: ["This trailer is in an active move and cannot be deleted."],
    });

    const truck = await createTruck(admin, {
      account_id: accountId,
      truck_number: "HT1",
      truck_location: "Yard A",
      license_plate: "P",
      license_state: "MA",
      type: "boxtruck",
      year: 2020,
      make: "Volvo",
      model: "VNL",
    });
    await updateTruck(admin, truck.id, { truck_location: "North-5" }, { keepOmitted: true });
    await deleteTruck(admin, truck.id);
    expect(await test.db.select().from(trucks).where(eq(trucks.id, truck.id))).toEqual([]);
  });
});

describe("PUT semantics", () => {
  it("accepts the record GET answered, unchanged, and keeps omitted fields", async () => {
    const trailer = await fullTrailer("RT-1");
    // What GET /api/trailers/{id} answers, its user_history included.
    const asGot = await trailerWithHistory(manager, await getTrailer(manager, trailer.id));
    const same = await updateTrailer(admin, trailer.id, JSON.parse(JSON.stringify(asGot)), { keepOmitted: true });
    expect({ ...(await trailerWithHistory(admin, same)), updated_at: asGot.updated_at }).toEqual(asGot);

    const moved = await updateTrailer(admin, trailer.id, { trailer_location: "yard b" }, { keepOmitted: true });
    expect(moved).toMatchObject({ trailerLocation: "Yard B", licensePlate: "PL1", type: "dry_53", isLoaded: true, loadNumber: "LD-7" });

    const emptied = await updateTrailer(admin, trailer.id, { is_loaded: false }, { keepOmitted: true });
    expect(emptied).toMatchObject({ isLoaded: false, loadNumber: null, trailerLocation: "Yard B" });
    const trays = await updateTrailer(admin, trailer.id, { is_tray: true, tray_count: 4 }, { keepOmitted: true });
    expect(trays).toMatchObject({ isTray: true, trayCount: 4, isLoaded: false });
  });

  it("moves a Shop trailer out of the Shop when only its location is sent", async () => {
    const trailer = await fullTrailer("RT-2", "Shop");
    expect(await updateTrailer(admin, trailer.id, { trailer_location: "Yard A" }, { keepOmitted: true })).toMatchObject({
      trailerLocation: "Yard A",
      inShop: false,
    });
  });

  it("unticking Shop while the location reads Shop asks where the trailer goes; the API leaving in_shop out keeps the Shop rule", async () => {
    const trailer = await fullTrailer("SHOP-1", "Shop");
    expect(trailer.inShop).toBe(true);
    // The form with Shop unticked (an unticked box sends nothing) and the location still reading Shop.
    const { in_shop: _ticked, ...unticked } = trailerFormValues(trailer, "");
    expect(await refusal(updateTrailer(admin, trailer.id, unticked))).toEqual({
      status: 400,
      errors: [TRAILER_MESSAGES.leavingShop],
      field: "trailer_location",
    });
    expect((await getTrailer(admin, trailer.id)).inShop).toBe(true);
    // Given somewhere to go, it leaves the Shop.
    expect(await updateTrailer(admin, trailer.id, { ...unticked, trailer_location: "Yard B" })).toMatchObject({
      trailerLocation: "Yard B",
      inShop: false,
    });
    // Choosing the Shop location for a trailer not in the Shop ticks Shop (the spec's rule), unticked box or not.
    expect(await updateTrailer(admin, trailer.id, { ...unticked, trailer_location: "Shop" })).toMatchObject({ inShop: true });
    // The API: naming only the Shop location keeps it in the Shop; in_shop false needs another location.
    expect(await updateTrailer(admin, trailer.id, { trailer_location: "Shop" }, { keepOmitted: true })).toMatchObject({ inShop: true });
    expect(await refusal(updateTrailer(admin, trailer.id, { in_shop: false }, { keepOmitted: true }))).toMatchObject({
      status: 400,
      field: "trailer_location",
    });
    expect(await refusal(updateTrailer(admin, trailer.id, { in_shop: false, trailer_location: "Shop" }, { keepOmitted: true }))).toEqual({
      status: 400,
      errors: [TRAILER_MESSAGES.leavingShop],
      field: "trailer_location",
    });
  });

  it("a truck in the Shop given another status with the location still Shop is asked where it goes", async () => {
    const truck = await createTruck(admin, {
      account_id: accountId,
      truck_number: "SHOP-T1",
      truck_location: "Shop",
      license_plate: "P",
      license_state: "MA",
      type: "boxtruck",
      year: 2021,
      make: "Volvo",
      model: "VNL",
    });
    expect(truck.inShop).toBe(true);
    const form = { ...truckFormValues(truck, ""), status: "available" };
    expect(await refusal(updateTruck(admin, truck.id, form))).toEqual({
      status: 400,
      errors: [TRUCK_MESSAGES.leavingShop],
      field: "truck_location",
    });
    expect(await updateTruck(admin, truck.id, { ...form, truck_location: "Yard A" })).toMatchObject({
      truckLocation: "Yard A",
      inShop: false,
    });
    // Choosing the Shop location for a truck not in the Shop puts it there (the spec's rule).
    expect(await updateTruck(admin, truck.id, { ...form, truck_location: "Shop" })).toMatchObject({ inShop: true });
  });

  it("round-trips trucks, buildings and yards", async () => {
    const truck = await createTruck(admin, {
      account_id: accountId,
      truck_number: "RT3",
      truck_location: "Yard A",
      license_plate: "P",
      license_state: "MA",
      type: "boxtruck",
      year: 2021,
      make: "Volvo",
      model: "VNL",
      red_tagged: true,
      tagged_description: "brakes",
    });
    const got = JSON.parse(JSON.stringify(publicTruck(await getTruck(admin, truck.id))));
    expect({ ...publicTruck(await updateTruck(admin, truck.id, got, { keepOmitted: true })), updated_at: got.updated_at }).toEqual(got);
    expect(await updateTruck(admin, truck.id, { status: "available" }, { keepOmitted: true })).toMatchObject({
      redTagged: false,
      truckNumber: "RT3",
    });

    const [building] = await test.db.select().from(buildings).where(eq(buildings.accountId, accountId)).limit(1);
    const [yard] = await test.db.select().from(yards).where(eq(yards.accountId, accountId)).limit(1);
    for (const [kind, place] of [
      ["building", building],
      ["yard", yard],
    ] as const) {
      const shown = JSON.parse(JSON.stringify(publicPlace(kind, await getPlace(admin, kind, place.id))));
      const saved = publicPlace(kind, await updatePlace(admin, kind, place.id, shown, { keepOmitted: true }));
      expect({ ...saved, updated_at: shown.updated_at }).toEqual(shown);
    }
  });
});

describe("edits never drop what the editor did not change", () => {
  it("keeps a trailer's assignee who was deactivated since", async () => {
    const assignee = await createUser(test.db, { role: "yard_driver", accountId });
    const trailer = await fullTrailer("AS-1");
    await updateTrailer(admin, trailer.id, { user_id: assignee.id }, { keepOmitted: true });
    await test.db.update(users).set({ isActive: false }).where(eq(users.id, assignee.id));
    const stored = await getTrailer(admin, trailer.id);
    // What the edit page's form holds, saved with another field changed.
    const form = trailerFormValues(stored, await assigneeValue(admin, stored.userId));
    const saved = await updateTrailer(admin, trailer.id, { ...form, company_owner: "NEW OWNER" });
    expect(saved).toMatchObject({ userId: assignee.id, companyOwner: "NEW OWNER" });
    expect(await test.db.select().from(trailerAssignments).where(eq(trailerAssignments.trailerId, trailer.id))).toHaveLength(1);
  });

  it("saves an overdue truck; a changed date must still follow Add Truck's rules", async () => {
    const truck = await createTruck(admin, {
      account_id: accountId,
      truck_number: "OD1",
      truck_location: "Yard A",
      license_plate: "P",
      license_state: "MA",
      type: "boxtruck",
      year: 2019,
      make: "Mack",
      model: "Anthem",
    });
    await test.db
      .update(trucks)
      .set({ nextInspection: isoDay(-10), nextMaintenance: isoDay(-3) })
      .where(eq(trucks.id, truck.id));
    const stored = await getTruck(admin, truck.id);
    const form = truckFormValues(stored, "");
    expect(await updateTruck(admin, truck.id, { ...form, make: "MACK" })).toMatchObject({ make: "MACK", nextInspection: isoDay(-10) });
    expect(await refusal(updateTruck(admin, truck.id, { ...form, next_maintenance: isoDay(-1) }))).toEqual({
      status: 400,
      errors: [TRUCK_MESSAGES.nextMaintenancePast],
      field: "next_maintenance",
    });
  });
});

describe("bounds", () => {
  it("refuses out-of-range numbers and impossible dates with 400s naming the field, and changes nothing", async () => {
    const trailer = await fullTrailer("BD-1");
    const cases: [Record<string, unknown>, string][] = [
      [{ tray_count: "99999999999", is_tray: true }, "tray_count"],
      [{ user_id: 2147483648 }, "user_id"],
      [{ last_inspection: "2025-02-30" }, "last_inspection"],
      [{ trailer_location: "North-1000" }, "trailer_location"],
      [{ trailer_location: "North-99999999999" }, "trailer_location"],
      [{ trailer_number: "T".repeat(5000) }, "trailer_number"],
    ];
    for (const [body, field] of cases) {
      const refused = await refusal(updateTrailer(admin, trailer.id, body, { keepOmitted: true }));
      expect(refused, JSON.stringify(body).slice(0, 80)).toMatchObject({ status: 400, field });
    }
    expect(await getTrailer(admin, trailer.id)).toEqual(trailer);
  });

  it("keeps a building within 1 to 999 doors, and shrinks or deletes a large one without listing its doors", async () => {
    for (const doors of [0, 1000, "2147483648", "99999999999"]) {
      expect(
        await refusal(createPlace(admin, "building", { account_id: accountId, building_name: `B${doors}`, building_door_number: doors })),
      ).toEqual({
        status: 400,
        errors: ["Door number must be between 1 and 999"],
        field: "building_door_number",
      });
    }
    expect(
      (await refusal(createPlace(admin, "building", { account_id: accountId, building_name: "Neg", building_door_number: -1 })))?.errors,
    ).toEqual(["Door number must be a whole number"]);
    const big = await createPlace(admin, "building", { account_id: accountId, building_name: "Big", building_door_number: 999 });
    const parked = await fullTrailer("BIG-1", "Big-998");
    const refused = await refusal(updatePlace(admin, "building", big.id, { building_door_number: 10 }, { keepOmitted: true }));
    expect(refused?.status).toBe(409);
    expect(refused?.errors[0]).toContain("Big-998: trailer BIG-1");
    await updateTrailer(admin, parked.id, { trailer_location: "Big-3" }, { keepOmitted: true });
    expect(await updatePlace(admin, "building", big.id, { building_door_number: 10 }, { keepOmitted: true })).toMatchObject({
      buildingDoorNumber: 10,
    });
    expect(await refusal(deletePlace(admin, "building", big.id))).toMatchObject({ status: 409 });
    await deleteTrailer(admin, parked.id);
    await deletePlace(admin, "building", big.id);
    expect(await test.db.select().from(trailerLocationHistory).where(eq(trailerLocationHistory.trailerId, parked.id))).toEqual([]);
  });

  it("answers the Move Status panel for any time zone name, one Postgres does not know included", async () => {
    for (const tz of ["US/Pacific-New", "Mars/Base", "x".repeat(300), "America/New_York"]) {
      const summary = await moveSummary(manager, { timeZone: tz });
      expect(summary.time_zone).toBe(tz === "US/Pacific-New" || tz === "America/New_York" ? tz : "UTC");
    }
  });

  it("answers text holding U+0000 with a 400 (Postgres cannot store it), and searches past it", async () => {
    const trailer = await fullTrailer("NUL-1");
    const failed = await updateTrailer(admin, trailer.id, { trailer_number: "A\u0000B" }, { keepOmitted: true }).catch((error) => error);
    expect(asRefusal(failed)).toMatchObject({ status: 400, errors: [NUL_MESSAGE] });
    expect(await getTrailer(admin, trailer.id)).toEqual(trailer);
    expect((await listTrailers(manager, { search: "NUL\u0000-1" })).trailers.map((row) => row.trailer.id)).toEqual([trailer.id]);
  });
});
