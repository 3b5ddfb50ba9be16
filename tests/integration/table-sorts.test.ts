import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { trailerLocationHistory, trailers, truckLocationHistory, trucks, users, yards } from "#db/schema";
import { parseDashboardView, TABLE_SORTS } from "#app/domain/dashboard";
import type { ServiceContext } from "#app/services/context.server";
import { accountDashboard, trailerQueryOf, truckQueryOf, userQueryOf } from "#app/services/dashboard.server";
import { listTrailers, readTrailerListing, trailerListing } from "#app/services/trailer-list.server";
import { listTrucks, readTruckListing, truckListing } from "#app/services/trucks.server";
import { listUsers, readUserList } from "#app/services/users.server";
import { createTestDatabase, type TestDatabase } from "./database";
import { contextFor, createAccount, createUser } from "./fixtures";

/**
 * Every sortable heading of the dashboard's tables, both ways: the page the dashboard shows, every
 * page of a short page size and the report's batches list the account's rows in the order an
 * independent statement gives (the column with its empty values last, then number or alpha code,
 * then id).
 */
let test: TestDatabase;
let accountId: number;
let manager: ServiceContext;
const ROWS = 23;

beforeAll(async () => {
  test = await createTestDatabase();
  accountId = (await createAccount(test.db, "Sorted Yard")).id;
  const otherId = (await createAccount(test.db, "Elsewhere")).id;
  await test.db.insert(yards).values({ accountId, name: "Yard A" });
  const pick = <T>(values: T[], n: number) => values[n % values.length];
  await test.db.insert(trailers).values(
    Array.from({ length: ROWS }, (_, n) => ({
      accountId,
      companyOwner: "ACME",
      trailerNumber: `S${String((n * 7) % ROWS).padStart(3, "0")}`,
      trailerLocation: pick(["Yard A", "Road", "Shop", "Yard A", "Road"], n),
      inShop: pick(["Yard A", "Road", "Shop", "Yard A", "Road"], n) === "Shop",
      type: pick(["dry_van", null, "reefer", "flatbed"], n),
      licenseState: pick(["MA", null, "NY"], n),
      licensePlate: pick(["P1", "A9", null, "Z2"], n),
      isLoaded: n % 3 === 1,
      loadNumber: n % 3 === 1 ? pick(["LD5", null, "LD1"], n) : null,
      isTray: n % 3 === 2,
      trayCount: n % 3 === 2 ? n % 4 : 0,
      lastUser: pick(["MIKE", null, "ANNA", "ZED"], n),
      taggedDescription: pick([null, "Flat tyre", "Brakes", null, "Door"], n),
      redTagged: n % 5 === 1,
    })),
  );
  // Most have an open entry, their times repeating; three have none.
  await test.db.execute(sql`insert into ${trailerLocationHistory} (trailer_id, account_id, location, entry_time)
    select id, account_id, trailer_location, now() - (id % 4) * interval '1 hour' from ${trailers}
     where account_id = ${accountId} and trailer_number > 'S002'`);
  await test.db.insert(trailers).values({ accountId: otherId, companyOwner: "ACME", trailerNumber: "S000", trailerLocation: "Road" });

  const drivers: { id: number }[] = [];
  for (const [n, role] of (["yard_driver", "manager", "road_driver", "mechanic", "yard_driver", "security"] as const).entries()) {
    drivers.push(
      await createUser(test.db, { role, accountId, alphaCode: `Q${9 - n}`, email: `${String.fromCharCode(102 - n)}@sorted.test` }),
    );
  }
  await test.db.execute(sql`update ${users} set driver_number = case when id % 2 = 0 then 100 + id % 3 end,
    is_active = id % 3 <> 0 where account_id = ${accountId}`);
  await test.db.insert(trucks).values(
    Array.from({ length: 9 }, (_, n) => ({
      accountId,
      truckNumber: `K${(n * 4) % 9}`,
      truckLocation: pick(["Yard A", "Shop", "Road"], n),
      inShop: pick(["Yard A", "Shop", "Road"], n) === "Shop",
      type: pick(["daycab_1_axle", "boxtruck"], n),
      licensePlate: `K${n}`,
      licenseState: "MA",
      year: 2020,
      make: pick(["VOLVO", "MACK", "KENWORTH"], n),
      model: pick(["VNL", "ANTHEM"], n),
      redTagged: n % 4 === 1,
      yellowTagged: n % 4 === 2,
      taggedDescription: pick([null, "Lights", "Mirror"], n),
      assignedUserId: n % 3 === 0 ? null : drivers[n % drivers.length].id,
    })),
  );
  await test.db.execute(sql`insert into ${truckLocationHistory} (truck_id, account_id, location, entry_time)
    select id, account_id, truck_location, now() - (id % 3) * interval '1 hour' from ${trucks} where account_id = ${accountId} and id % 4 <> 0`);
  manager = contextFor(test.db, await createUser(test.db, { role: "super_manager", accountId, alphaCode: "AAA" })).ctx;
});
afterAll(async () => test.close());

type Direction = "asc" | "desc";
const reversed = (direction: Direction) => (direction === "asc" ? "desc" : "asc");
const keyOf = (expression: string, direction: Direction, nullable = false) => `${expression} ${direction}${nullable ? " nulls last" : ""}`;

/** Each trailer sort's ORDER BY, written out here: a rule broken in the service breaks the comparison. */
const TRAILER_ORDER: Record<(typeof TABLE_SORTS.trailers)[number], (direction: Direction) => string> = {
  // Ascending is the shortest time at location first: the newest open entry first.
  time: (d) => keyOf("h.entry_time", reversed(d), true),
  location: (d) => keyOf("t.trailer_location", d),
  type: (d) => keyOf("t.type", d, true),
  plate: (d) => keyOf("concat_ws(' - ', t.license_state, t.license_plate)", d),
  number: (d) => keyOf("t.trailer_number", d),
  load: (d) =>
    [
      keyOf("case when t.is_tray then 2 when t.is_loaded then 1 else 0 end", d),
      keyOf("t.load_number", d, true),
      keyOf("t.tray_count", d),
    ].join(", "),
  user: (d) => keyOf("t.last_user", d, true),
  tag: (d) => keyOf("t.tagged_description", d, true),
};

const TRUCK_ORDER: Record<(typeof TABLE_SORTS.trucks)[number], (direction: Direction) => string> = {
  number: (d) => keyOf("k.truck_number", d),
  location: (d) => keyOf("k.truck_location", d),
  type: (d) => keyOf("k.type", d),
  make: (d) => keyOf("k.make", d),
  model: (d) => keyOf("k.model", d),
  time: (d) => keyOf("h.entry_time", reversed(d), true),
  assigned: (d) => keyOf("u.alpha_code", d, true),
  status: (d) => keyOf("case when k.red_tagged then 1 when k.yellow_tagged then 2 when k.in_shop then 3 else 4 end", d),
  tag: (d) => keyOf("k.tagged_description", d, true),
};

const USER_ORDER: Record<(typeof TABLE_SORTS.users)[number], (direction: Direction) => string> = {
  alpha: (d) => keyOf("u.alpha_code", d, true),
  email: (d) => keyOf("u.email", d),
  // Ascending is the highest rank first.
  role: (d) =>
    keyOf(
      "case when u.is_admin then 5 when u.is_super_manager then 4 when u.is_account_manager then 3 when u.is_manager then 2 else 1 end",
      reversed(d),
    ),
  driver: (d) => keyOf("u.driver_number", d, true),
  account: (d) => keyOf("a.account_name", d, true),
  // Ascending is the active users first.
  status: (d) => keyOf("u.is_active", reversed(d)),
};

async function expected(statement: string): Promise<string[]> {
  const { rows } = await test.db.execute<{ key: string }>(sql.raw(statement));
  return rows.map((row) => row.key);
}

const DIRECTIONS: Direction[] = ["asc", "desc"];

describe("the dashboard's tables sort by every heading", () => {
  it("Trailers: the page, every page of seven and the report, in the statement's order", async () => {
    for (const column of TABLE_SORTS.trailers) {
      for (const order of DIRECTIONS) {
        const want = await expected(`select t.trailer_number as key from trailers t
          left join trailer_location_history h on h.trailer_id = t.id and h.exit_time is null
          where t.account_id = ${accountId} order by ${TRAILER_ORDER[column](order)}, t.trailer_number, t.id`);
        const view = parseDashboardView(new URLSearchParams({ account: String(accountId), column, order }));
        const dashboard = await accountDashboard(manager, view);
        expect(
          dashboard.trailers!.rows.map((row) => row.number),
          `${column} ${order}`,
        ).toEqual(want);

        const paged: string[] = [];
        for (let page = 1; page <= Math.ceil(ROWS / 7); page++) {
          const list = await listTrailers(manager, { ...trailerQueryOf(accountId, view), page, pageSize: 7 });
          paged.push(...list.trailers.map(({ trailer }) => trailer.trailerNumber));
        }
        expect(paged, `${column} ${order}, paged`).toEqual(want);

        const reported: string[] = [];
        for await (const batch of readTrailerListing(test.db, await trailerListing(manager, trailerQueryOf(accountId, view)))) {
          reported.push(...batch.map(({ trailer }) => trailer.trailerNumber));
        }
        expect(reported, `${column} ${order}, report`).toEqual(want);
      }
    }
  });

  it("Trucks: the page and the report, in the statement's order", async () => {
    for (const column of TABLE_SORTS.trucks) {
      for (const order of DIRECTIONS) {
        const want = await expected(`select k.truck_number as key from trucks k
          left join users u on u.id = k.assigned_user_id
          left join truck_location_history h on h.truck_id = k.id and h.exit_time is null
          where k.account_id = ${accountId} order by ${TRUCK_ORDER[column](order)}, k.truck_number, k.id`);
        const view = parseDashboardView(new URLSearchParams({ tab: "trucks", column, order }));
        const dashboard = await accountDashboard(manager, view);
        expect(
          dashboard.trucks!.rows.map((row) => row.number),
          `${column} ${order}`,
        ).toEqual(want);
        const paged = (await listTrucks(manager, { ...truckQueryOf(accountId, view), pageSize: 4, page: 2 })).trucks;
        expect(
          paged.map(({ truck }) => truck.truckNumber),
          `${column} ${order}, page 2`,
        ).toEqual(want.slice(4, 8));
        const reported: string[] = [];
        for await (const batch of readTruckListing(test.db, truckListing(manager, truckQueryOf(accountId, view)))) {
          reported.push(...batch.map(({ truck }) => truck.truckNumber));
        }
        expect(reported, `${column} ${order}, report`).toEqual(want);
      }
    }
  });

  it("Users: the page and the report, in the statement's order", async () => {
    for (const column of TABLE_SORTS.users) {
      for (const order of DIRECTIONS) {
        // What a super manager sees: the account's users at or below its rank (no admins here).
        const want = await expected(`select u.email as key from users u left join accounts a on a.id = u.account_id
          where u.account_id = ${accountId} and not u.is_admin
          order by ${USER_ORDER[column](order)}, u.alpha_code nulls last, u.id`);
        const view = parseDashboardView(new URLSearchParams({ tab: "users", column, order }));
        const dashboard = await accountDashboard(manager, view);
        expect(
          dashboard.users!.rows.map((row) => row.email),
          `${column} ${order}`,
        ).toEqual(want);
        const paged = (await listUsers(manager, { ...userQueryOf(accountId, view), pageSize: 3, page: 2 })).users;
        expect(
          paged.map((user) => user.email),
          `${column} ${order}, page 2`,
        ).toEqual(want.slice(3, 6));
        const reported: string[] = [];
        for await (const batch of readUserList(manager, userQueryOf(accountId, view))) reported.push(...batch.map((user) => user.email));
        expect(reported, `${column} ${order}, report`).toEqual(want);
      }
    }
  });
});
