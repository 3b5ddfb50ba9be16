import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildings, trailerLocationHistory, trailers, yards } from "#db/schema";
import { withActor, type Database } from "#app/lib/db.server";
import { accountHistory, recordLocationChange } from "#app/services/location-history.server";
import { listTrailers, type TrailerListQuery } from "#app/services/trailer-list.server";
import { trailerLocationCounts } from "#app/services/trailer-counts.server";
import { TRAILER_LOAD_FILTERS, TRAILER_STATUS_FILTERS } from "#app/domain/dashboard";
import { createTrailer as addTrailer, deleteTrailer, updateTrailer } from "#app/services/trailers.server";
import { everyValue, race } from "./concurrency";
import { createTestDatabase, type TestDatabase } from "./database";
import { contextFor, createAccount, createTrailer, createUser } from "./fixtures";
import type { ServiceContext } from "#app/services/context.server";

let test: TestDatabase;
let accountId: number;
let otherAccountId: number;
let manager: ServiceContext;
let otherAdmin: ServiceContext;
beforeAll(async () => {
  test = await createTestDatabase();
  accountId = (await createAccount(test.db, "Dock Town")).id;
  otherAccountId = (await createAccount(test.db, "Elsewhere")).id;
  await test.db.insert(buildings).values([
    { accountId, buildingName: "North", buildingDoorNumber: 12 },
    { accountId, buildingName: "South", buildingDoorNumber: 4 },
  ]);
  await test.db.insert(yards).values([{ accountId, name: "Yard A" }]);
  const places = ["North-1", "North-12", "South-3", "Yard A", "Yard A", "Shop", "Road"];
  for (const place of places) {
    const trailer = await createTrailer(test.db, accountId, place);
    await test.db.insert(trailerLocationHistory).values({ trailerId: trailer.id, accountId, location: place });
  }
  await test.db.update(trailers).set({ redTagged: true }).where(eq(trailers.trailerLocation, "South-3"));
  await test.db.update(trailers).set({ isLoaded: true, loadNumber: "LD777" }).where(eq(trailers.trailerLocation, "North-1"));
  await createTrailer(test.db, otherAccountId, "North-1");
  manager = contextFor(test.db, await createUser(test.db, { role: "manager", accountId })).ctx;
  otherAdmin = contextFor(test.db, await createUser(test.db, { role: "admin", accountId: null })).ctx;
});
afterAll(async () => test.close());

describe("trailer list", () => {
  it("filters by building (all its doors), yard, Road and Shop, within the account only", async () => {
    const locationsOf = async (location: string) =>
      (await listTrailers(manager, { location })).trailers.map(({ trailer }) => trailer.trailerLocation).sort();
    expect(await locationsOf("North")).toEqual(["North-1", "North-12"]);
    expect(await locationsOf("Yard A")).toEqual(["Yard A", "Yard A"]);
    expect(await locationsOf("Road")).toEqual(["Road"]);
    expect((await listTrailers(manager)).total).toBe(7);
  });

  it("filters by status and load type, and searches", async () => {
    expect((await listTrailers(manager, { status: "red" })).total).toBe(1);
    expect((await listTrailers(manager, { status: "available" })).total).toBe(5);
    expect((await listTrailers(manager, { load: "loaded" })).trailers[0].trailer.loadNumber).toBe("LD777");
    expect((await listTrailers(manager, { search: "ld777" })).total).toBe(1);
    expect((await listTrailers(manager, { search: "100%" })).total).toBe(0);
  });

  it("pages in the database", async () => {
    const first = await listTrailers(manager, { pageSize: 3, page: 1 });
    const third = await listTrailers(manager, { pageSize: 3, page: 3 });
    expect(first.trailers).toHaveLength(3);
    expect(third.trailers).toHaveLength(1);
    expect(first.total).toBe(7);
  });

  it("keeps the counts per location and flags exact through inserts, updates, deletes and writes without triggers", async () => {
    const countsOf = async (account: number) => {
      const { places } = await listTrailers(contextFor(test.db, await createUser(test.db, { role: "admin", accountId: null })).ctx, {
        account,
      });
      return trailerLocationCounts(test.db, account, places);
    };
    const actual = async (account: number) => {
      const rows = await test.db
        .select({ location: trailers.trailerLocation, n: count() })
        .from(trailers)
        .where(eq(trailers.accountId, account))
        .groupBy(trailers.trailerLocation);
      return rows.reduce((sum, row) => sum + row.n, 0);
    };
    const scratch = (await createAccount(test.db, "Counting Yard")).id;
    await test.db.insert(yards).values([{ accountId: scratch, name: "Yard A" }]);
    const made = await Promise.all(["Yard A", "Yard A", "Road", "Shop"].map((place) => createTrailer(test.db, scratch, place)));
    await test.db.update(trailers).set({ trailerLocation: "Road", redTagged: true }).where(eq(trailers.id, made[0].id));
    await test.db.delete(trailers).where(eq(trailers.id, made[3].id));
    // A bulk write with the other triggers off (as the benchmarks write) is counted too.
    await test.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`insert into trailers (account_id, company_owner, trailer_number, trailer_location)
        select ${scratch}, 'ACME', 'BULK' || n, 'Yard A' from generate_series(1, 25) as n`);
    });
    const counts = await countsOf(scratch);
    expect(counts.all).toBe(await actual(scratch));
    expect(Object.fromEntries(counts.byLocation.map(({ location, count: n }) => [location, n]))).toEqual({
      Road: 2,
      Shop: 0,
      "Yard A": 26,
    });
    expect(
      (await listTrailers(contextFor(test.db, await createUser(test.db, { role: "manager", accountId: scratch })).ctx, { status: "red" }))
        .total,
    ).toBe(1);
  });

  it("keeps the counts exact while many people add, move, tag and delete trailers of one account at once", async () => {
    const busy = (await createAccount(test.db, "Busy Counting Yard")).id;
    await test.db.insert(yards).values([{ accountId: busy, name: "Yard A" }]);
    await test.db.insert(buildings).values([{ accountId: busy, buildingName: "North", buildingDoorNumber: 4 }]);
    const places = ["Yard A", "Road", "North-1", "North-2", "Shop"];
    const trailerInput = (number: string, location: string) => ({
      trailer_number: number,
      trailer_location: location,
      license_plate: `P${number}`,
      license_state: "MA",
      type: "dry_53",
      company_owner: "ACME",
    });
    const people = await Promise.all(Array.from({ length: 12 }, () => createUser(test.db, { role: "super_manager", accountId: busy })));
    const failures: unknown[] = [];
    /** Everyone's step at once, each on a connection of its own and under way (waiting to count its change) when the counts are let go. */
    const together = async <T>(step: (index: number, ctx: ServiceContext) => Promise<T>) => {
      const results = await race(
        test.url,
        "LOCK TABLE trailer_counts IN EXCLUSIVE MODE",
        people.map((person, index) => (db: Database) => step(index, contextFor(db, person).ctx)),
      );
      for (const result of results) if (result.status === "rejected") failures.push(result.reason);
      return results;
    };
    // Each person adds a trailer of their own, then moves and tags it, or adds (and finally deletes) another.
    const own = everyValue(await together((index, ctx) => addTrailer(ctx, trailerInput(`BUSY${index}`, "Yard A"))));
    for (let round = 0; round < 6; round++) {
      await together((index, ctx) => {
        const place = places[(index + round) % places.length];
        return index % 3 === 0 && round % 2 === 1
          ? addTrailer(ctx, trailerInput(`BUSY${index}-${round}`, place)).then((added) =>
              round === 5 ? deleteTrailer(ctx, added.id) : added,
            )
          : updateTrailer(ctx, own[index].id, { trailer_location: place, red_tagged: round % 2 === 0 }, { keepOmitted: true });
      });
    }
    expect(failures).toEqual([]);
    const kept = await test.db.execute<{ key: string; trailers: number }>(sql`
      select concat_ws('|', location, red_tagged, yellow_tagged, in_shop, is_loaded, is_tray) as key, trailers
        from trailer_counts where account_id = ${busy} and trailers <> 0 order by key`);
    const counted = await test.db.execute<{ key: string; trailers: number }>(sql`
      select concat_ws('|', trailer_location, red_tagged, yellow_tagged, in_shop, is_loaded, is_tray) as key, count(*)::int as trailers
        from trailers where account_id = ${busy} group by 1 order by key`);
    expect(kept.rows).toEqual(counted.rows);
    expect(kept.rows.reduce((sum, row) => sum + row.trailers, 0)).toBe(12 + 4 * 2);
  });

  it("orders a long list by time at location, then number, with the trailers without an open entry last, on every page", async () => {
    const long = (await createAccount(test.db, "Long Yard")).id;
    await test.db.insert(yards).values([{ accountId: long, name: "Yard A" }]);
    await test.db.execute(sql`insert into trailers (account_id, company_owner, trailer_number, trailer_location)
      select ${long}, 'ACME', 'L' || lpad(n::text, 5, '0'), 'Yard A' from generate_series(1, 2100) as n`);
    // All but 30 have an open entry; entry times repeat, so the number decides among equals.
    await test.db.execute(sql`insert into trailer_location_history (trailer_id, account_id, location, entry_time)
      select id, account_id, trailer_location, now() - (id % 7) * interval '1 hour' from trailers
       where account_id = ${long} and trailer_number > 'L00030'`);
    const reader = contextFor(test.db, await createUser(test.db, { role: "manager", accountId: long })).ctx;
    for (const timeSort of ["asc", "desc"] as const) {
      const expected = await test.db.execute<{ number: string }>(sql`
        select t.trailer_number as number from trailers t
          left join trailer_location_history h on h.trailer_id = t.id and h.exit_time is null
         where t.account_id = ${long}
         order by h.entry_time ${timeSort === "desc" ? sql`asc` : sql`desc`} nulls last, t.trailer_number`);
      const listed: string[] = [];
      for (let page = 1; page <= 22; page++) {
        const list = await listTrailers(reader, { order: timeSort, page, pageSize: 100 });
        expect(list.total).toBe(2100);
        listed.push(...list.trailers.map(({ trailer }) => trailer.trailerNumber));
      }
      expect(listed).toEqual(expected.rows.map((row) => row.number));
    }
  });

  it("counts every Location filter from one grouped query", async () => {
    const { places } = await listTrailers(manager);
    const counts = await trailerLocationCounts(test.db, accountId, places);
    expect(counts.all).toBe(7);
    expect(Object.fromEntries(counts.byLocation.map(({ location, count }) => [location, count]))).toEqual({
      Road: 1,
      Shop: 1,
      North: 2,
      South: 1,
      "Yard A": 2,
    });
  });

  it("counts every chip as the list it would show: each following the search and the other filters", async () => {
    const { places } = await listTrailers(manager);
    const queries: TrailerListQuery[] = [
      {},
      { status: "red" },
      { location: "North" },
      { location: "Yard A", load: "empty" },
      { search: "T" },
      { search: "T", status: "available", load: "loaded" },
      { search: "zzz-no-such" },
    ];
    for (const query of queries) {
      const list = await listTrailers(manager, query);
      expect(list.total, JSON.stringify(query)).toBe(list.trailers.length);
      const chips = await trailerLocationCounts(test.db, accountId, list.places, list.facets.byLocation);
      // Each location chip: the list's total were that location chosen; All: with no location chosen.
      for (const { location, count } of chips.byLocation) {
        expect(count, `${location} of ${JSON.stringify(query)}`).toBe((await listTrailers(manager, { ...query, location })).total);
      }
      expect(chips.all).toBe((await listTrailers(manager, { ...query, location: "all" })).total);
      for (const status of TRAILER_STATUS_FILTERS) {
        expect(list.facets.status[status], `${status} of ${JSON.stringify(query)}`).toBe(
          (await listTrailers(manager, { ...query, status })).total,
        );
      }
      for (const load of TRAILER_LOAD_FILTERS) {
        expect(list.facets.load[load], `${load} of ${JSON.stringify(query)}`).toBe((await listTrailers(manager, { ...query, load })).total);
      }
    }
    expect((await listTrailers(manager, { status: "red" })).total).toBe(1);
    expect((await listTrailers(manager, { location: "North" })).total).toBe(2);
    // Without a search or filters, the chips are the account's whole counts.
    expect(await trailerLocationCounts(test.db, accountId, places, (await listTrailers(manager)).facets.byLocation)).toEqual(
      await trailerLocationCounts(test.db, accountId, places),
    );
  });
});

describe("location history bookkeeping", () => {
  it("closes the open entry and opens one at the new place, with the acting user", async () => {
    const trailer = await createTrailer(test.db, accountId, "Yard A");
    await test.db.insert(trailerLocationHistory).values({ trailerId: trailer.id, accountId, location: "Yard A" });
    await withActor(test.db, { id: null, alphaCode: "MGR1" }, async (tx) => {
      await tx.update(trailers).set({ trailerLocation: "North-4" }).where(eq(trailers.id, trailer.id));
      await recordLocationChange(tx, { kind: "trailer", assetId: trailer.id, accountId, location: "North-4", alphaCode: "MGR1" });
    });
    const entries = await test.db.select().from(trailerLocationHistory).where(eq(trailerLocationHistory.trailerId, trailer.id));
    expect(entries.map((entry) => [entry.location, entry.exitTime === null])).toEqual([
      ["Yard A", false],
      ["North-4", true],
    ]);
    expect(entries[1].userAlphaCode).toBe("MGR1");
  });

  it("twenty people moving one trailer at once leave one open entry, where it stands, and an entry only for a move that changed its place", async () => {
    const mover = await createUser(test.db, { role: "super_manager", accountId });
    const trailer = await addTrailer(contextFor(test.db, mover).ctx, {
      trailer_number: "MOVED-20",
      trailer_location: "Yard A",
      license_plate: "PM20",
      license_state: "MA",
      type: "dry_53",
      company_owner: "ACME",
    });
    // Half take it to North-1, half to North-2: one that finds it there already has moved nothing.
    const places = Array.from({ length: 20 }, (_, i) => `North-${(i % 2) + 1}`);
    // All twenty are under way (one waiting to write history, the others on the trailer's row) when history is let go.
    everyValue(
      await race(
        test.url,
        "LOCK TABLE trailer_location_history IN EXCLUSIVE MODE",
        places.map(
          (location) => (db: Database) =>
            updateTrailer(contextFor(db, mover).ctx, trailer.id, { trailer_location: location }, { keepOmitted: true }),
        ),
      ),
    );
    const [current] = await test.db.select().from(trailers).where(eq(trailers.id, trailer.id));
    const entries = await test.db
      .select()
      .from(trailerLocationHistory)
      .where(eq(trailerLocationHistory.trailerId, trailer.id))
      .orderBy(trailerLocationHistory.id);
    expect(entries.filter((entry) => entry.exitTime === null).map((entry) => entry.location)).toEqual([current.trailerLocation]);
    expect(entries.at(-1)?.location).toBe(current.trailerLocation);
    // After the first (where it was added), each entry is a move from somewhere else: every mover read where the
    // trailer stood once the one before it had committed.
    const locations = entries.map((entry) => entry.location);
    expect(locations[0]).toBe("Yard A");
    expect(locations.filter((location, i) => i > 0 && location === locations[i - 1])).toEqual([]);
  });
});

describe("account-wide history", () => {
  it("keys the last 30 days of stays by trailer, newest first, within one account", async () => {
    const trailer = await createTrailer(test.db, accountId, "Yard A");
    await test.db.insert(trailerLocationHistory).values([
      {
        trailerId: trailer.id,
        accountId,
        location: "Road",
        entryTime: new Date(Date.now() - 60 * 86_400_000),
        exitTime: new Date(Date.now() - 50 * 86_400_000),
      },
      {
        trailerId: trailer.id,
        accountId,
        location: "Shop",
        entryTime: new Date(Date.now() - 3 * 86_400_000),
        exitTime: new Date(Date.now() - 86_400_000),
      },
      { trailerId: trailer.id, accountId, location: "Yard A", entryTime: new Date(Date.now() - 86_400_000) },
    ]);
    const byTrailer = await accountHistory(manager, "trailer", accountId);
    expect(byTrailer[trailer.id].map((entry) => entry.location)).toEqual(["Yard A", "Shop"]);
    expect(byTrailer[trailer.id][0].exit_time).toBeNull();
    expect(Object.keys(await accountHistory(otherAdmin, "trailer", otherAccountId))).toHaveLength(0);
    // A non-admin asking for another account gets its own.
    expect(Object.keys(await accountHistory(manager, "trailer", otherAccountId))).toContain(String(trailer.id));
  });
});
