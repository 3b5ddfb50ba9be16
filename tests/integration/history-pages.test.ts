/**
 * A trailer's and a truck's Complete History comes a page at a time, newest first: how many stays
 * there are, counted in Postgres, and Older / Newer pages by keyset, which a new stay never shifts.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { trailerLocationHistory, trailers, truckLocationHistory, trucks } from "#db/schema";
import { PAGE_MESSAGES } from "#app/domain/list-pages";
import { openDatabase, withActor } from "#app/lib/db.server";
import type { ServiceContext } from "#app/services/context.server";
import { assetStays, HISTORY_PAGE_SIZE, recordLocationChange, RECENT_STAYS } from "#app/services/location-history.server";
import { trailerAndStays } from "#app/services/trailers.server";
import { truckAndStays } from "#app/services/trucks.server";
import { createTestDatabase, type TestDatabase } from "./database";
import { contextFor, createAccount, createTrailer, createUser, refusal } from "./fixtures";

const HOUR = 3_600_000;

let test: TestDatabase;
let accountId: number;
let manager: ServiceContext;
let outsider: ServiceContext;

beforeAll(async () => {
  test = await createTestDatabase();
  accountId = (await createAccount(test.db, "Long Stays")).id;
  manager = contextFor(test.db, await createUser(test.db, { role: "manager", accountId })).ctx;
  const elsewhere = (await createAccount(test.db, "Elsewhere")).id;
  outsider = contextFor(test.db, await createUser(test.db, { role: "manager", accountId: elsewhere })).ctx;
});
afterAll(async () => test.close());

/**
 * `count` stays of a new trailer, an hour apart and the last one open; every tenth pair shares its
 * entry time to the microsecond, so pages must break ties by id.
 */
async function trailerWithStays(count: number) {
  const trailer = await createTrailer(test.db, accountId, "Yard A");
  const start = Date.now() - (count + 1) * HOUR;
  const entry = (i: number) => new Date(start + (i % 10 === 1 ? i - 1 : i) * HOUR);
  await test.db.insert(trailerLocationHistory).values(
    Array.from({ length: count }, (_, i) => ({
      trailerId: trailer.id,
      accountId,
      location: `Door ${i}`,
      entryTime: entry(i),
      exitTime: i < count - 1 ? entry(i + 1) : null,
    })),
  );
  return trailer;
}

/** Every stay of a trailer, newest first (entry time, then id), straight from the table. */
async function allStays(trailerId: number) {
  const rows = await test.db
    .select({ id: trailerLocationHistory.id })
    .from(trailerLocationHistory)
    .where(eq(trailerLocationHistory.trailerId, trailerId))
    .orderBy(sql`entry_time desc, id desc`);
  return rows.map((row) => row.id);
}

const ids = (entries: { id: number }[]) => entries.map((entry) => entry.id);

describe("a trailer's Complete History", () => {
  it("pages 230 stays as 200 and 30, says there are 230, and keeps the newest stays on every page", async () => {
    const trailer = await trailerWithStays(230);
    const every = await allStays(trailer.id);

    const first = (await trailerAndStays(manager, trailer.id)).history;
    expect(first.total).toBe(230);
    expect(first.offset).toBe(0);
    expect(ids(first.entries)).toEqual(every.slice(0, HISTORY_PAGE_SIZE));
    expect(ids(first.recent)).toEqual(every.slice(0, RECENT_STAYS));
    expect(first.recent[0]).toMatchObject({ location: "Door 229", exit_time: null });
    expect(first.newer).toBeNull();
    expect(first.older).toEqual(expect.any(String));

    const second = (await trailerAndStays(manager, trailer.id, { before: first.older })).history;
    expect(second).toMatchObject({ total: 230, offset: 200, older: null });
    expect(ids(second.entries)).toEqual(every.slice(HISTORY_PAGE_SIZE));
    // The current location and Recent Locations stay the newest on an older page.
    expect(ids(second.recent)).toEqual(every.slice(0, RECENT_STAYS));

    // Newer from the second page is the first page again.
    const back = (await trailerAndStays(manager, trailer.id, { after: second.newer })).history;
    expect(back).toMatchObject({ total: 230, offset: 0, newer: null, older: first.older });
    expect(ids(back.entries)).toEqual(ids(first.entries));
  });

  it("is stable when a new stay arrives between pages: the older page shows the same stays, the count follows", async () => {
    const trailer = await trailerWithStays(230);
    const every = await allStays(trailer.id);
    const first = await assetStays(test.db, "trailer", trailer.id);

    await withActor(test.db, null, async (tx) => {
      await tx.update(trailers).set({ trailerLocation: "Yard B" }).where(eq(trailers.id, trailer.id));
      await recordLocationChange(tx, { kind: "trailer", assetId: trailer.id, accountId, location: "Yard B", alphaCode: "NEW" });
    });

    const second = await assetStays(test.db, "trailer", trailer.id, { before: first.older });
    expect(ids(second.entries)).toEqual(every.slice(HISTORY_PAGE_SIZE));
    expect(second).toMatchObject({ total: 231, offset: 201, older: null });
    expect(second.recent[0]).toMatchObject({ location: "Yard B", exit_time: null, user_alpha_code: "NEW" });

    // Newer from there: the 200 stays just before the second page, then the one that arrived.
    const newer = await assetStays(test.db, "trailer", trailer.id, { after: second.newer });
    expect(ids(newer.entries)).toEqual(every.slice(0, HISTORY_PAGE_SIZE));
    expect(newer).toMatchObject({ total: 231, offset: 1, older: first.older });
    const newest = await assetStays(test.db, "trailer", trailer.id, { after: newer.newer });
    expect(newest).toMatchObject({ offset: 0, newer: null });
    expect(newest.entries[0]).toMatchObject({ location: "Yard B" });
    expect(ids(newest.entries.slice(1))).toEqual(every.slice(0, HISTORY_PAGE_SIZE - 1));
  });

  it("walks every stay exactly once in small pages, older then newer, ties broken by id", async () => {
    const trailer = await trailerWithStays(47);
    const every = await allStays(trailer.id);
    const seen: number[] = [];
    let page = await assetStays(test.db, "trailer", trailer.id, { size: 10 });
    for (;;) {
      expect(page.offset).toBe(seen.length);
      seen.push(...ids(page.entries));
      if (!page.older) break;
      page = await assetStays(test.db, "trailer", trailer.id, { size: 10, before: page.older });
    }
    expect(seen).toEqual(every);
    const backwards: number[][] = [];
    while (page.newer) {
      page = await assetStays(test.db, "trailer", trailer.id, { size: 10, after: page.newer });
      backwards.unshift(ids(page.entries));
    }
    expect(backwards.flat()).toEqual(every.slice(0, 40));
    expect(page).toMatchObject({ offset: 0, total: 47 });
  });

  it("reads the page, the newest stays and both counts in one statement", async () => {
    const trailer = await trailerWithStays(230);
    const counted = openDatabase({ DATABASE_URL: test.url });
    try {
      const first = await assetStays(counted.db, "trailer", trailer.id);
      const before = counted.statements();
      await assetStays(counted.db, "trailer", trailer.id, { before: first.older });
      await assetStays(counted.db, "trailer", trailer.id, { after: first.older });
      expect(counted.statements() - before).toBe(2);
    } finally {
      await counted.close();
    }
  });

  it("has nothing to page for a trailer without stays", async () => {
    const trailer = await createTrailer(test.db, accountId, "Yard A");
    expect((await trailerAndStays(manager, trailer.id)).history).toEqual({
      entries: [],
      recent: [],
      total: 0,
      offset: 0,
      older: null,
      newer: null,
    });
  });

  it("refuses a cursor it cannot read, and another account's trailer stays out of reach", async () => {
    const trailer = await trailerWithStays(3);
    for (const before of ["not-a-cursor", btoa(JSON.stringify(["2026-01-01 00:00:00+00'; --", "1"])), btoa(JSON.stringify(["x", "1"]))]) {
      expect(await refusal(trailerAndStays(manager, trailer.id, { before, field: "history_before" }))).toEqual({
        status: 400,
        errors: [PAGE_MESSAGES.badCursor],
        field: "history_before",
      });
    }
    expect(await refusal(trailerAndStays(outsider, trailer.id))).toMatchObject({ status: 404 });
  });
});

describe("a truck's Complete History", () => {
  it("pages the same way", async () => {
    const [truck] = await test.db
      .insert(trucks)
      .values({
        accountId,
        truckNumber: "LONG1",
        truckLocation: "Yard A",
        type: "boxtruck",
        licensePlate: "LT1",
        licenseState: "MA",
        year: 2020,
        make: "Volvo",
        model: "VNL",
      })
      .returning();
    const start = Date.now() - 300 * HOUR;
    await test.db.insert(truckLocationHistory).values(
      Array.from({ length: 205 }, (_, i) => ({
        truckId: truck.id,
        accountId,
        location: `Yard ${i}`,
        entryTime: new Date(start + i * HOUR),
        exitTime: i < 204 ? new Date(start + (i + 1) * HOUR) : null,
      })),
    );
    const first = (await truckAndStays(manager, truck.id)).history;
    expect(first).toMatchObject({ total: 205, offset: 0, newer: null });
    expect(first.entries).toHaveLength(200);
    expect(first.entries[0]).toMatchObject({ location: "Yard 204", exit_time: null });
    const second = (await truckAndStays(manager, truck.id, { before: first.older })).history;
    expect(second).toMatchObject({ total: 205, offset: 200, older: null });
    expect(second.entries.map((entry) => entry.location)).toEqual(["Yard 4", "Yard 3", "Yard 2", "Yard 1", "Yard 0"]);
    expect(second.recent.map((entry) => entry.location)).toEqual(["Yard 204", "Yard 203", "Yard 202", "Yard 201", "Yard 200"]);
  });
});
