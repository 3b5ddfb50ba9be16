import { asc, eq, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, buildings, moves, trailerLocationHistory, trailers, users, yards } from "#db/schema";
import { LONG_HISTORY_STAYS, seedDemoData, tableCounts } from "#db/seed";
import { HISTORY_PAGE_SIZE } from "#app/services/location-history.server";
import { verifyPassword } from "#app/lib/password.server";
import { roleOf } from "#app/domain/roles";
import { createTestDatabase, type TestDatabase } from "./database";
import { TEST_PASSWORD_COST } from "./fixtures";

const NOW = new Date("2026-03-15T15:30:00Z");
const options = { password: "Demo#Pass1", now: NOW, passwordCost: TEST_PASSWORD_COST };

let first: TestDatabase;
let second: TestDatabase;
beforeAll(async () => {
  [first, second] = await Promise.all([createTestDatabase(), createTestDatabase()]);
  await seedDemoData(first.db, options);
});
afterAll(async () => {
  await Promise.all([first.close(), second.close()]);
});

describe("demo seed", () => {
  it("is idempotent: a second run seeds nothing and changes no count", async () => {
    const before = await tableCounts(first.db);
    const again = await seedDemoData(first.db, options);
    expect(again.seeded).toBe(false);
    expect(await tableCounts(first.db)).toEqual(before);
    expect(before.companies).toBe(2);
    expect(before.accounts).toBe(3);
  });

  it("has the demo users with their roles, accounts, driver numbers and password", async () => {
    const rows = await first.db
      .select({ user: users, accountName: accounts.accountName })
      .from(users)
      .leftJoin(accounts, eq(accounts.id, users.accountId))
      .orderBy(asc(users.id));
    const summary = rows.map(({ user, accountName }) => [user.email, roleOf(user), accountName, user.driverNumber]);
    expect(summary).toEqual([
      ["admin@yardline.test", "admin", null, null],
      ["super@acme.test", "super_manager", "Acme Boston", null],
      ["accountmgr@acme.test", "account_manager", "Acme Boston", null],
      ["manager@acme.test", "manager", "Acme Boston", null],
      ["yard@acme.test", "yard_driver", "Acme Boston", 101],
      ["road@acme.test", "road_driver", "Acme Boston", 102],
      ["mechanic@acme.test", "mechanic", "Acme Boston", 103],
      ["security@acme.test", "security", "Acme Boston", null],
      ["manager@newark.test", "manager", "Acme Newark", null],
      ["yard@newark.test", "yard_driver", "Acme Newark", 201],
      ["manager@blueridge.test", "manager", "Blue Ridge Charlotte", null],
      ["yard@blueridge.test", "yard_driver", "Blue Ridge Charlotte", 301],
    ]);
    expect(rows.every(({ user }) => !user.firstLogin && user.isActive)).toBe(true);
    expect(await verifyPassword("Demo#Pass1", rows[3].user.passwordHash)).toBe(true);
  });

  it("puts every trailer at a real location of its account, in the Shop exactly when in_shop", async () => {
    const allTrailers = await first.db.select().from(trailers);
    const allBuildings = await first.db.select().from(buildings);
    const allYards = await first.db.select().from(yards);
    for (const trailer of allTrailers) {
      const doors = allBuildings
        .filter((building) => building.accountId === trailer.accountId)
        .flatMap((building) => Array.from({ length: building.buildingDoorNumber }, (_, i) => `${building.buildingName}-${i + 1}`));
      const yardNames = allYards.filter((yard) => yard.accountId === trailer.accountId).map((yard) => yard.name);
      expect(["Road", "Shop", ...yardNames, ...doors]).toContain(trailer.trailerLocation);
      expect(trailer.inShop).toBe(trailer.trailerLocation === "Shop");
      expect(trailer.isLoaded && trailer.isTray).toBe(false);
    }
    expect(allTrailers.length).toBe(450);
    expect(allTrailers.some((trailer) => trailer.redTagged)).toBe(true);
    expect(allTrailers.some((trailer) => trailer.yellowTagged)).toBe(true);
    expect(allTrailers.some((trailer) => trailer.isTray && trailer.trayCount > 0)).toBe(true);
  });

  it("gives every trailer one open history entry, at its current location, within the last 30 days", async () => {
    const open = await first.db
      .select({ location: trailerLocationHistory.location, current: trailers.trailerLocation, entry: trailerLocationHistory.entryTime })
      .from(trailerLocationHistory)
      .innerJoin(trailers, eq(trailers.id, trailerLocationHistory.trailerId))
      .where(isNull(trailerLocationHistory.exitTime));
    expect(open).toHaveLength(450);
    for (const entry of open) {
      expect(entry.location).toBe(entry.current);
      expect(NOW.getTime() - entry.entry.getTime()).toBeLessThanOrEqual(31 * 86_400_000);
    }
  });

  it("gives each account's first trailer more than a page of Complete History, one stay after another", async () => {
    for (const number of ["ACB10001", "ACN10001", "BRC10001"]) {
      const [trailer] = await first.db.select().from(trailers).where(eq(trailers.trailerNumber, number));
      const stays = await first.db
        .select()
        .from(trailerLocationHistory)
        .where(eq(trailerLocationHistory.trailerId, trailer.id))
        .orderBy(asc(trailerLocationHistory.entryTime));
      expect(stays.length, number).toBeGreaterThan(HISTORY_PAGE_SIZE);
      expect(stays.length, number).toBeGreaterThanOrEqual(LONG_HISTORY_STAYS + 1);
      stays.slice(1).forEach((stay, i) => expect(stays[i].exitTime, number).toEqual(stay.entryTime));
      expect(stays.at(-1)).toMatchObject({ exitTime: null, location: trailer.trailerLocation });
      expect(trailer.createdAt).toEqual(stays[0].entryTime);
      // Of the longer past, only its last stay ends in the last 30 days (the admin dashboard's).
      for (const stay of stays.slice(0, LONG_HISTORY_STAYS - 1))
        expect(stay.exitTime!.getTime()).toBeLessThanOrEqual(NOW.getTime() - 40 * 86_400_000);
    }
  });

  it("has moves in every state in every account", async () => {
    const rows = await first.db.select().from(moves);
    for (const account of await first.db.select().from(accounts)) {
      const own = rows.filter((move) => move.accountId === account.id);
      const states = new Set(
        own.map((move) => (move.isCancel ? "cancelled" : move.finishTime ? "finished" : move.inProgress ? "in_progress" : "requested")),
      );
      expect([...states].sort(), account.accountName).toEqual(["cancelled", "finished", "in_progress", "requested"]);
    }
  });

  it("is deterministic: the same `now` gives the same trailers and history", async () => {
    await seedDemoData(second.db, options);
    const trailersOf = (test: TestDatabase) => test.db.select().from(trailers).orderBy(asc(trailers.id));
    const historyOf = (test: TestDatabase) => test.db.select().from(trailerLocationHistory).orderBy(asc(trailerLocationHistory.id));
    expect(await trailersOf(second)).toEqual(await trailersOf(first));
    expect(await historyOf(second)).toEqual(await historyOf(first));
  });

  it("adds synthetic audit rows over the 90 days before now when asked (the audit benchmark)", async () => {
    const third = await createTestDatabase();
    try {
      await seedDemoData(third.db, { ...options, auditRows: 5_000 });
      const stats = (test: TestDatabase) =>
        test.db.execute<{ n: number; oldest: string; newest: string; users: number; tables: number }>(
          sql`select count(*)::int as n, min(timestamp)::text as oldest, max(timestamp)::text as newest,
                     count(distinct user_id)::int as users, count(distinct table_name)::int as tables
                from audit_logs where jsonb_typeof(changed_fields -> 'trailer_location' -> 'old') = 'string'
                 and changed_fields -> 'last_user' ->> 'new' like 'DRV%' and changed_fields - 'trailer_location' - 'last_user' = '{}'`,
        );
      const [row] = (await stats(third)).rows;
      const [total] = (await third.db.execute<{ n: number }>(sql`select count(*)::int as n from audit_logs`)).rows;
      const [before] = (await first.db.execute<{ n: number }>(sql`select count(*)::int as n from audit_logs`)).rows;
      expect(total.n - before.n).toBe(5_000);
      expect(row.n).toBe(5_000);
      expect(new Date(row.newest).getTime()).toBeLessThanOrEqual(NOW.getTime());
      expect(new Date(row.oldest).getTime()).toBeGreaterThanOrEqual(NOW.getTime() - 90 * 86_400_000);
      expect(row.users).toBeGreaterThan(5);
      expect(row.tables).toBe(8);
    } finally {
      await third.close();
    }
  });
});
