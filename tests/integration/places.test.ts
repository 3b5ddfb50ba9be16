import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildings, yards } from "../../db/schema";
import { PLACE_MESSAGES } from "../../app/domain/places";
import { actorOf } from "../../app/lib/guards.server";
import { ServiceError } from "../../app/services/errors.server";
import { createBuilding, createYard, deleteBuilding, deleteYard, getBuilding, updateBuilding, updateYard } from "../../app/services/places.server";
import { createTestDatabase, type TestDatabase } from "./database";
import { createAccount, createTrailer, createUser } from "./fixtures";

let test: TestDatabase;
let accountId: number;
beforeAll(async () => {
  test = await createTestDatabase();
  accountId = (await createAccount(test.db, "Places")).id;
});
afterAll(async () => test.close());

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
    return null;
  } catch (error) {
    if (error instanceof ServiceError) return { status: error.status, errors: error.errors };
    throw error;
  }
}

describe("buildings and yards", () => {
  it("validates with the spec's messages and puts a non-admin's building in its own account", async () => {
    const other = await createAccount(test.db, "Other Places");
    const superManager = actorOf(await createUser(test.db, { role: "super_manager", accountId }));
    expect(await refusal(createBuilding(test.db, superManager, { building_name: "", building_door_number: "" }))).toEqual({
      status: 400,
      errors: [PLACE_MESSAGES.buildingNameRequired, PLACE_MESSAGES.doorNumberRequired],
    });
    expect((await refusal(createBuilding(test.db, superManager, { building_name: "X", building_door_number: "4a" })))?.errors).toEqual([
      PLACE_MESSAGES.doorNumberDigits,
    ]);
    const building = await createBuilding(test.db, superManager, { building_name: "Dock", building_door_number: "6", account_id: other.id });
    expect(building.accountId).toBe(accountId);
    const admin = actorOf(await createUser(test.db, { role: "admin", accountId: null }));
    expect((await refusal(createBuilding(test.db, admin, { building_name: "Y", building_door_number: 2 })))?.errors).toEqual([
      PLACE_MESSAGES.accountRequired,
    ]);
    const manager = actorOf(await createUser(test.db, { role: "manager", accountId }));
    expect((await refusal(createBuilding(test.db, manager, { building_name: "Z", building_door_number: 2 })))?.status).toBe(403);
  });

  it("refuses to lower a door count or rename while trailers stand at doors that would vanish, naming them", async () => {
    const superManager = actorOf(await createUser(test.db, { role: "super_manager", accountId }));
    const building = await createBuilding(test.db, superManager, { building_name: "Main", building_door_number: 10 });
    const trailer = await createTrailer(test.db, accountId, "Main-9");
    const refused = await refusal(updateBuilding(test.db, superManager, building.id, { building_name: "Main", building_door_number: 8 }));
    expect(refused?.status).toBe(409);
    expect(refused?.errors[0]).toContain(`Main-9: trailer ${trailer.trailerNumber}`);
    expect((await refusal(updateBuilding(test.db, superManager, building.id, { building_name: "Central", building_door_number: 10 })))?.status).toBe(409);
    expect((await refusal(deleteBuilding(test.db, superManager, building.id)))?.status).toBe(409);
    const [unchanged] = await test.db.select().from(buildings).where(eq(buildings.id, building.id));
    expect(unchanged).toMatchObject({ buildingName: "Main", buildingDoorNumber: 10 });

    const raised = await updateBuilding(test.db, superManager, building.id, { building_name: "Main", building_door_number: 12 });
    expect(raised.buildingDoorNumber).toBe(12);
    const lowered = await updateBuilding(test.db, superManager, building.id, { building_name: "Main", building_door_number: 9 });
    expect(lowered.buildingDoorNumber).toBe(9);
  });

  it("refuses to rename or delete a yard while something stands there; an empty one goes", async () => {
    const admin = actorOf(await createUser(test.db, { role: "admin", accountId: null }));
    const yard = await createYard(test.db, admin, { account_id: accountId, name: "Back Lot", parking_spots: "on" });
    expect(yard.parkingSpots).toBe(true);
    await createTrailer(test.db, accountId, "Back Lot");
    expect((await refusal(updateYard(test.db, admin, yard.id, { name: "Rear Lot" })))?.status).toBe(409);
    expect((await updateYard(test.db, admin, yard.id, { name: "Back Lot", parking_location: "Gate 3" })).parkingLocation).toBe("Gate 3");
    expect((await refusal(deleteYard(test.db, admin, yard.id)))?.status).toBe(409);
    const empty = await createYard(test.db, admin, { account_id: accountId, name: "Empty Lot" });
    await deleteYard(test.db, admin, empty.id);
    expect(await test.db.select().from(yards).where(eq(yards.id, empty.id))).toHaveLength(0);
  });

  it("another account's building is not found", async () => {
    const other = await createAccount(test.db, "Far Away");
    const admin = actorOf(await createUser(test.db, { role: "admin", accountId: null }));
    const building = await createBuilding(test.db, admin, { account_id: other.id, building_name: "Far", building_door_number: 3 });
    const stranger = actorOf(await createUser(test.db, { role: "super_manager", accountId }));
    expect(await refusal(getBuilding(test.db, stranger, building.id))).toEqual({ status: 404, errors: [PLACE_MESSAGES.buildingNotFound] });
    expect((await refusal(deleteBuilding(test.db, stranger, building.id)))?.status).toBe(404);
  });
});
