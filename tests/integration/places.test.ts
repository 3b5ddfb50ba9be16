import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildings, yards } from "#db/schema";
import { PLACE_MESSAGES } from "#app/domain/places";
import { COMPANY_MESSAGES } from "#app/domain/companies";
import { pageAccess } from "#app/domain/route-access";
import { ROLES, type Role } from "#app/domain/roles";
import { createPlace, deletePlace, getPlace, listPlaces, publicBuilding, publicYard, updatePlace } from "#app/services/places.server";
import { whileCommitsAreSlow } from "./concurrency";
import { createTestDatabase, type TestDatabase } from "./database";
import { contextFor, createAccount, createTrailer, createUser, refusal } from "./fixtures";

let test: TestDatabase;
let accountId: number;
beforeAll(async () => {
  test = await createTestDatabase();
  accountId = (await createAccount(test.db, "Places")).id;
});
afterAll(async () => test.close());

async function contextOf(role: Role, account: number | null = accountId) {
  return contextFor(test.db, await createUser(test.db, { role, accountId: role === "admin" ? null : account }));
}

const changed = (what: "building" | "yard", id: number, change: "created" | "updated" | "deleted", account = accountId) => ({
  kind: "publish",
  accountId: account,
  event: { type: "account_data_changed", account_id: account, what, id, change },
});

describe("buildings and yards", () => {
  it("validates with the spec's messages and puts a non-admin's building in its own account", async () => {
    const other = await createAccount(test.db, "Other Places");
    const { ctx: superManager } = await contextOf("super_manager");
    expect(await refusal(createPlace(superManager, "building", { building_name: "", building_door_number: "" }))).toEqual({
      status: 400,
      errors: [PLACE_MESSAGES.buildingNameRequired, PLACE_MESSAGES.doorNumberRequired],
      field: "building_name",
    });
    expect((await refusal(createPlace(superManager, "building", { building_name: "X", building_door_number: "4a" })))?.errors).toEqual([
      PLACE_MESSAGES.doorNumberDigits,
    ]);
    const building = await createPlace(superManager, "building", {
      building_name: "Dock",
      building_door_number: "6",
      account_id: other.id,
    });
    expect(building.accountId).toBe(accountId);
    const { ctx: admin } = await contextOf("admin");
    expect(await refusal(createPlace(admin, "building", { building_name: "Y", building_door_number: 2 }))).toMatchObject({
      errors: [PLACE_MESSAGES.accountRequired],
      field: "account_id",
    });
    // An account that does not exist (or was deleted meanwhile) is refused by name, and nothing is written.
    const [{ missing }] = (await test.db.execute<{ missing: number }>(sql`select coalesce(max(id), 0) + 1000 as missing from accounts`))
      .rows;
    for (const kind of ["building", "yard"] as const) {
      const input = kind === "building" ? { building_name: "Ghost", building_door_number: 2 } : { name: "Ghost Lot" };
      expect(await refusal(createPlace(admin, kind, { ...input, account_id: missing }))).toEqual({
        status: 400,
        errors: [COMPANY_MESSAGES.accountNotFound],
        field: "account_id",
      });
    }
    expect(
      await test.db
        .select()
        .from(buildings)
        .where(eq(buildings.accountId, Number(missing))),
    ).toEqual([]);
    const { ctx: manager } = await contextOf("manager");
    expect((await refusal(createPlace(manager, "building", { building_name: "Z", building_door_number: 2 })))?.status).toBe(403);
  });

  it("a name already used in the account is refused next to the name field", async () => {
    const { ctx } = await contextOf("super_manager");
    await createPlace(ctx, "building", { building_name: "Twin", building_door_number: 1 });
    await createPlace(ctx, "yard", { name: "Twin Lot" });
    expect(await refusal(createPlace(ctx, "building", { building_name: "Twin", building_door_number: 2 }))).toEqual({
      status: 400,
      errors: [PLACE_MESSAGES.nameTaken],
      field: "building_name",
    });
    expect(await refusal(createPlace(ctx, "yard", { name: "Twin Lot" }))).toMatchObject({
      errors: [PLACE_MESSAGES.nameTaken],
      field: "name",
    });
  });

  it("refuses to lower a door count or rename while trailers stand at doors that would vanish, naming them", async () => {
    const { ctx: superManager } = await contextOf("super_manager");
    const building = await createPlace(superManager, "building", { building_name: "Main", building_door_number: 10 });
    const trailer = await createTrailer(test.db, accountId, "Main-9");
    const refused = await refusal(updatePlace(superManager, "building", building.id, { building_name: "Main", building_door_number: 8 }));
    expect(refused?.status).toBe(409);
    expect(refused?.errors[0]).toContain(`Main-9: trailer ${trailer.trailerNumber}`);
    expect(
      (await refusal(updatePlace(superManager, "building", building.id, { building_name: "Central", building_door_number: 10 })))?.status,
    ).toBe(409);
    expect((await refusal(deletePlace(superManager, "building", building.id)))?.status).toBe(409);
    const [unchanged] = await test.db.select().from(buildings).where(eq(buildings.id, building.id));
    expect(unchanged).toMatchObject({ buildingName: "Main", buildingDoorNumber: 10 });

    const raised = await updatePlace(superManager, "building", building.id, { building_name: "Main", building_door_number: 12 });
    expect(raised.buildingDoorNumber).toBe(12);
    const lowered = await updatePlace(superManager, "building", building.id, { building_name: "Main", building_door_number: 9 });
    expect(lowered.buildingDoorNumber).toBe(9);
  });

  it("refuses to rename or delete a yard while something stands there; an empty one goes", async () => {
    const { ctx: admin } = await contextOf("admin");
    const yard = await createPlace(admin, "yard", { account_id: accountId, name: "Back Lot", parking_spots: "on" });
    expect(yard.parkingSpots).toBe(true);
    await createTrailer(test.db, accountId, "Back Lot");
    expect((await refusal(updatePlace(admin, "yard", yard.id, { name: "Rear Lot" })))?.status).toBe(409);
    expect((await updatePlace(admin, "yard", yard.id, { name: "Back Lot", parking_location: "Gate 3" })).parkingLocation).toBe("Gate 3");
    expect((await refusal(deletePlace(admin, "yard", yard.id)))?.status).toBe(409);
    const empty = await createPlace(admin, "yard", { account_id: accountId, name: "Empty Lot" });
    await deletePlace(admin, "yard", empty.id);
    expect(await test.db.select().from(yards).where(eq(yards.id, empty.id))).toHaveLength(0);
  });

  it("another account's building is not found, and its list is never the caller's", async () => {
    const other = await createAccount(test.db, "Far Away");
    const { ctx: admin } = await contextOf("admin");
    const building = await createPlace(admin, "building", { account_id: other.id, building_name: "Far", building_door_number: 3 });
    const { ctx: stranger } = await contextOf("super_manager");
    expect(await refusal(getPlace(stranger, "building", building.id))).toMatchObject({
      status: 404,
      errors: [PLACE_MESSAGES.buildingNotFound],
    });
    expect((await refusal(deletePlace(stranger, "building", building.id)))?.status).toBe(404);
    expect((await refusal(getPlace(stranger, "yard", Number.NaN)))?.errors).toEqual([PLACE_MESSAGES.yardNotFound]);
    expect((await listPlaces(stranger, "building", { account: other.id })).every((row) => row.accountId === accountId)).toBe(true);
    expect((await listPlaces(admin, "building", { account: String(other.id) })).map((row) => row.buildingName)).toEqual(["Far"]);
  });

  it("lists the account's places by name, searched by name (a yard's parking location too)", async () => {
    const account = (await createAccount(test.db, "Searched")).id;
    const { ctx } = await contextOf("super_manager", account);
    await createPlace(ctx, "yard", { name: "North Lot", parking_location: "Gate 100%" });
    await createPlace(ctx, "yard", { name: "South Lot" });
    expect((await listPlaces(ctx, "yard")).map((yard) => yard.name)).toEqual(["North Lot", "South Lot"]);
    expect((await listPlaces(ctx, "yard", { search: "100%" })).map((yard) => yard.name)).toEqual(["North Lot"]);
    expect((await listPlaces(ctx, "yard", { search: "south" })).map((yard) => yard.name)).toEqual(["South Lot"]);
  });
});

describe("a place's address and description", () => {
  it("are stored, shown under the spec's names, kept by a PUT that leaves them out, and checked", async () => {
    const { ctx: superManager } = await contextOf("super_manager");
    const address = { address: "12 Dock Road", city: "Boston", state: "ma", zip_code: "02128-1234", description: "Cold storage" };
    const yard = await createPlace(superManager, "yard", { name: "Address Lot", ...address });
    expect(publicYard(yard)).toMatchObject({ ...address, state: "MA" });
    const building = await createPlace(superManager, "building", {
      building_name: "Addressed",
      building_door_number: 3,
      location: "Gate 2",
      ...address,
    });
    expect(publicBuilding(building)).toMatchObject({ location: "Gate 2", ...address, state: "MA" });

    const renamed = await updatePlace(superManager, "yard", yard.id, { name: "Address Lot 2" }, { keepOmitted: true });
    expect(publicYard(renamed)).toMatchObject({ name: "Address Lot 2", ...address, state: "MA" });
    const cleared = await updatePlace(superManager, "yard", yard.id, { name: "Address Lot 2", city: "" });
    expect(publicYard(cleared)).toMatchObject({ address: null, city: null, state: null, zip_code: null, description: null });

    expect(await refusal(updatePlace(superManager, "yard", yard.id, { name: "Lot", state: "ZZ" }))).toMatchObject({
      errors: [PLACE_MESSAGES.stateUnknown],
      field: "state",
    });
    expect(
      await refusal(updatePlace(superManager, "building", building.id, { building_name: "B", building_door_number: 3, zip_code: "2128" })),
    ).toMatchObject({
      errors: [PLACE_MESSAGES.zipCodeFormat],
      field: "zip_code",
    });
  });
});

describe("the account's room hears of every change, after it commits", () => {
  it("an admin's change is sent to the account the place belongs to", async () => {
    const other = (await createAccount(test.db, "Admin Evented")).id;
    const { ctx, sent } = await contextOf("admin");
    const yard = await createPlace(ctx, "yard", { account_id: other, name: "Remote Lot" });
    expect(sent).toEqual([changed("yard", yard.id, "created", other)]);
  });

  it("adding, updating and deleting a building or yard each send account_data_changed, once the write is visible elsewhere", async () => {
    const user = await createUser(test.db, { role: "super_manager", accountId });
    const { sent, seen, ids } = await whileCommitsAreSlow(test, ["buildings", "yards"], async (observer) => {
      /** Each change as another connection saw its place when the event left: name (and doors), or null once gone. */
      const seen: { change: string; place: string | null }[] = [];
      const { ctx, sent, settled } = contextFor(test.db, user, async (effects) => {
        for (const effect of effects) {
          if (effect.kind !== "publish" || effect.event.type !== "account_data_changed") continue;
          const entry = { change: `${effect.event.what} ${effect.event.change}`, place: null as string | null };
          seen.push(entry);
          const { id } = effect.event;
          const [place] =
            effect.event.what === "building"
              ? (await observer.select().from(buildings).where(eq(buildings.id, id))).map(
                  (row) => `${row.buildingName} (${row.buildingDoorNumber})`,
                )
              : (await observer.select().from(yards).where(eq(yards.id, id))).map((row) => row.name);
          entry.place = place ?? null;
        }
      });
      const building = await createPlace(ctx, "building", { building_name: "Visible", building_door_number: 1 });
      await updatePlace(ctx, "building", building.id, { building_name: "Visible", building_door_number: 2 });
      await deletePlace(ctx, "building", building.id);
      const yard = await createPlace(ctx, "yard", { name: "Visible Lot" });
      await updatePlace(ctx, "yard", yard.id, { name: "Visible Lot 2" });
      await deletePlace(ctx, "yard", yard.id);
      await settled();
      return { sent, seen, ids: { building: building.id, yard: yard.id } };
    });
    expect(sent).toEqual([
      changed("building", ids.building, "created"),
      changed("building", ids.building, "updated"),
      changed("building", ids.building, "deleted"),
      changed("yard", ids.yard, "created"),
      changed("yard", ids.yard, "updated"),
      changed("yard", ids.yard, "deleted"),
    ]);
    expect(seen).toEqual([
      { change: "building created", place: "Visible (1)" },
      { change: "building updated", place: "Visible (2)" },
      { change: "building deleted", place: null },
      { change: "yard created", place: "Visible Lot" },
      { change: "yard updated", place: "Visible Lot 2" },
      { change: "yard deleted", place: null },
    ]);
  });

  it("a refused or rolled-back change sends nothing", async () => {
    const { ctx, sent } = await contextOf("super_manager");
    const building = await createPlace(ctx, "building", { building_name: "Stranding", building_door_number: 4 });
    const yard = await createPlace(ctx, "yard", { name: "Stranding Lot" });
    await createTrailer(test.db, accountId, "Stranding-4");
    await createTrailer(test.db, accountId, "Stranding Lot");
    sent.length = 0;
    expect((await refusal(deletePlace(ctx, "building", building.id)))?.status).toBe(409);
    expect(
      (await refusal(updatePlace(ctx, "building", building.id, { building_name: "Stranding", building_door_number: 3 })))?.status,
    ).toBe(409);
    expect((await refusal(deletePlace(ctx, "yard", yard.id)))?.status).toBe(409);
    expect((await refusal(createPlace(ctx, "yard", { name: "Stranding Lot" })))?.status).toBe(400);
    const { ctx: manager, sent: managerSent } = await contextOf("manager");
    expect((await refusal(createPlace(manager, "yard", { name: "Not Mine" })))?.status).toBe(403);
    expect((await refusal(deletePlace(manager, "yard", yard.id)))?.status).toBe(403);
    expect(sent).toEqual([]);
    expect(managerSent).toEqual([]);
  });
});

describe("the pages and the API follow the same rule", () => {
  it("exactly the roles that may open Add New Building / Update Yard may add and update through the API", async () => {
    for (const role of ROLES) {
      const { ctx } = await contextOf(role);
      const created = await refusal(
        createPlace(ctx, "building", { building_name: `By ${role}`, building_door_number: 1, account_id: accountId }),
      );
      const [yard] = await test.db
        .insert(yards)
        .values({ accountId, name: `For ${role}` })
        .returning();
      const updated = await refusal(updatePlace(ctx, "yard", yard.id, { name: `For ${role}` }));
      for (const [path, outcome] of [
        ["/buildings/new", created],
        [`/buildings/1/edit`, created],
        ["/yards/new", updated],
        [`/yards/${yard.id}/edit`, updated],
      ] as const) {
        const allowed = pageAccess(path, ctx.actor.user).allowed;
        expect(allowed, `${role} on ${path}`).toBe(outcome === null);
        if (!allowed) expect(outcome).toMatchObject({ status: 403, errors: [PLACE_MESSAGES.editDenied] });
      }
    }
  });
});
