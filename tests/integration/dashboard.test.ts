import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildings, trailers, trucks, yards } from "#db/schema";
import { DEFAULT_VIEW, parseDashboardView, TRUCK_STATUS_FILTERS, type DashboardView } from "#app/domain/dashboard";
import type { ServiceContext } from "#app/services/context.server";
import { accountDashboard } from "#app/services/dashboard.server";
import { createTestDatabase, type TestDatabase } from "./database";
import { contextFor, createAccount, createTrailer, createUser } from "./fixtures";

let test: TestDatabase;
let accountId: number;
let otherAccountId: number;
let manager: ServiceContext;
let driver: ServiceContext;
let admin: ServiceContext;
const view = (changes: Partial<DashboardView>): DashboardView => ({ ...DEFAULT_VIEW, ...changes });

beforeAll(async () => {
  test = await createTestDatabase();
  accountId = (await createAccount(test.db, "Dock Town")).id;
  otherAccountId = (await createAccount(test.db, "Elsewhere")).id;
  await test.db.insert(yards).values({ accountId, name: "Yard A", parkingSpots: true, parkingLocation: "Gate 2" });
  await test.db.insert(buildings).values({ accountId, buildingName: "North", buildingDoorNumber: 1 });
  for (const location of ["Yard A", "Yard A", "North-1", "Road"]) await createTrailer(test.db, accountId, location);
  await test.db.update(trailers).set({ isTray: true, trayCount: 2 }).where(eq(trailers.trailerLocation, "North-1"));
  await test.db.update(trailers).set({ redTagged: true, taggedDescription: "Flat tyre" }).where(eq(trailers.trailerLocation, "Road"));
  await createTrailer(test.db, otherAccountId, "Yard A");
  await test.db.insert(trucks).values([
    {
      accountId,
      truckNumber: "TK1",
      truckLocation: "Shop",
      type: "boxtruck",
      licensePlate: "P1",
      licenseState: "MA",
      year: 2020,
      make: "MACK",
      model: "ANTHEM",
      inShop: true,
    },
    {
      accountId,
      truckNumber: "TK2",
      truckLocation: "Yard A",
      type: "daycab_1_axle",
      licensePlate: "P2",
      licenseState: "MA",
      year: 2021,
      make: "VOLVO",
      model: "VNL",
    },
  ]);
  manager = contextFor(test.db, await createUser(test.db, { role: "manager", accountId })).ctx;
  driver = contextFor(test.db, await createUser(test.db, { role: "yard_driver", accountId })).ctx;
  admin = contextFor(test.db, await createUser(test.db, { role: "admin", accountId: null })).ctx;
});
afterAll(async () => test.close());

describe("account dashboard", () => {
  it("shows a non-admin its own account whatever account the view names, and no account choices", async () => {
    const dashboard = await accountDashboard(manager, view({ account: otherAccountId }));
    expect(dashboard.account).toEqual({ id: accountId, accountName: "Dock Town", location: "Boston, MA" });
    expect(dashboard.view.account).toBeNull();
    expect(dashboard.accounts).toEqual([]);
    expect(dashboard.trailers?.total).toBe(4);
    expect(dashboard.trucks).toBeNull();
  });

  it("builds the trailer rows the tab shows, and takes a filter it does not know as All", async () => {
    const { trailers: list } = await accountDashboard(manager, view({ status: "red" }));
    expect(list?.rows).toEqual([
      expect.objectContaining({
        location: "Road",
        state: "empty",
        load: "Empty",
        tag: "Flat tyre",
        redTagged: true,
        timeAtLocation: "Just arrived",
      }),
    ]);
    const trays = await accountDashboard(manager, view({ load: "trays" }));
    expect(trays.trailers?.rows.map((row) => [row.location, row.state, row.load])).toEqual([["North-1", "trays", "2 Trays"]]);
    expect((await accountDashboard(manager, view({ status: "shop", load: "heavy" }))).trailers?.total).toBe(4);
    // The chips follow the other filters: with trays only, Yard A holds none of them.
    expect(trays.trailers?.counts.byLocation).toEqual(
      expect.arrayContaining([
        { location: "Yard A", count: 0 },
        { location: "North", count: 1 },
      ]),
    );
    expect(trays.trailers?.counts.all).toBe(1);
    expect(trays.trailers?.statusCounts).toEqual({ all: 1, red: 0, yellow: 0, available: 1 });
    expect(trays.trailers?.loadCounts).toEqual({ all: 4, loaded: 0, empty: 3, trays: 1 });
  });

  it("filters trucks by the Shop status and offers their locations", async () => {
    const { trucks: list } = await accountDashboard(manager, view({ tab: "trucks", status: "shop" }));
    expect(list?.rows.map((row) => [row.number, row.status, row.assignedTo])).toEqual([["TK1", "Shop", "Not assigned"]]);
    // Every place has a chip; its count follows the Status filter.
    expect(list?.options.locations.byLocation).toEqual([
      { location: "Road", count: 0 },
      { location: "Shop", count: 1 },
      { location: "North", count: 0 },
      { location: "Yard A", count: 0 },
    ]);
  });

  it("counts every truck chip as the list it would show, a building's doors together", async () => {
    const docks = (await createAccount(test.db, "Docks")).id;
    await test.db.insert(buildings).values({ accountId: docks, buildingName: "Dock", buildingDoorNumber: 3 });
    await test.db.insert(yards).values({ accountId: docks, name: "Lot" });
    const super_ = contextFor(test.db, await createUser(test.db, { role: "super_manager", accountId: docks })).ctx;
    const driverId = (await createUser(test.db, { role: "yard_driver", accountId: docks, alphaCode: "YDX" })).id;
    const places = ["Dock-1", "Dock-3", "Dock-3", "Lot", "Shop", "Road", "Lot"];
    await test.db.insert(trucks).values(
      places.map((location, n) => ({
        accountId: docks,
        truckNumber: `D${n}`,
        truckLocation: location,
        inShop: location === "Shop",
        type: "boxtruck",
        licensePlate: `D${n}`,
        licenseState: "MA",
        year: 2020,
        make: n % 2 ? "MACK" : "VOLVO",
        model: "X",
        redTagged: n % 3 === 1,
        yellowTagged: n % 3 === 2,
        assignedUserId: n % 2 ? driverId : null,
      })),
    );
    const tab = async (query: Record<string, string>) =>
      (await accountDashboard(super_, parseDashboardView(new URLSearchParams({ tab: "trucks", ...query })))).trucks!;
    const whole = await tab({});
    expect(whole.options.locations.byLocation).toEqual([
      { location: "Road", count: 1 },
      { location: "Shop", count: 1 },
      { location: "Dock", count: 3 },
      { location: "Lot", count: 2 },
    ]);
    expect((await tab({ location: "Dock" })).rows.map((row) => row.location).sort()).toEqual(["Dock-1", "Dock-3", "Dock-3"]);
    const queries: Record<string, string>[] = [
      {},
      { status: "red" },
      { location: "Dock", assigned: "YDX" },
      { q: "MACK" },
      { q: "VOLVO", status: "available" },
    ];
    for (const query of queries) {
      const { options } = await tab(query);
      const said = JSON.stringify(query);
      for (const { location, count } of options.locations.byLocation) {
        expect(count, `${location} of ${said}`).toBe((await tab({ ...query, location })).total);
      }
      expect(options.locations.all, `All of ${said}`).toBe((await tab({ ...query, location: "all" })).total);
      for (const status of TRUCK_STATUS_FILTERS) {
        expect(options.status[status], `${status} of ${said}`).toBe((await tab({ ...query, status })).total);
      }
      expect(options.assigned.all).toBe((await tab({ ...query, assigned: "all" })).total);
      expect(options.assigned.unassigned).toBe((await tab({ ...query, assigned: "unassigned" })).total);
      for (const { alphaCode, trucks: count } of options.assignees) {
        expect(count, `${alphaCode} of ${said}`).toBe((await tab({ ...query, assigned: alphaCode })).total);
      }
    }
  });

  it("gives a yard driver no Users tab: asking for it opens Trailers", async () => {
    const dashboard = await accountDashboard(driver, view({ tab: "users" }));
    expect(dashboard.tabs).not.toContain("users");
    expect(dashboard.view.tab).toBe("trailers");
    expect(dashboard.users).toBeNull();
    expect(dashboard.trailers).not.toBeNull();
  });

  it("lists users by status for a manager", async () => {
    const { users: active } = await accountDashboard(manager, view({ tab: "users", status: "active" }));
    expect(active?.total).toBe(2);
    expect((await accountDashboard(manager, view({ tab: "users", status: "inactive" }))).users?.total).toBe(0);
  });

  it("shows an admin no account until one is chosen, then that account's yards and buildings", async () => {
    const none = await accountDashboard(admin, view({ tab: "yards" }));
    expect(none.account).toBeNull();
    expect(none.yards).toBeNull();
    expect(none.accounts.map((account) => account.accountName)).toEqual(expect.arrayContaining(["Dock Town", "Elsewhere"]));
    const chosen = await accountDashboard(admin, view({ tab: "yards", account: accountId }));
    expect(chosen.view.account).toBe(accountId);
    expect(chosen.yards).toEqual([
      { id: expect.any(Number), name: "Yard A", parkingSpots: true, parkingLocation: "Gate 2", lastEntry: null },
    ]);
    const buildingTab = await accountDashboard(admin, view({ tab: "buildings", account: accountId }));
    expect(buildingTab.buildings).toEqual([{ id: expect.any(Number), name: "North", doors: 1 }]);
  });
});
