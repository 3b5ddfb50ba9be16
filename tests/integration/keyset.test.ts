import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readByKeyset, orderOf, type SortKey } from "#app/lib/keyset.server";
import { trailers } from "#db/schema";
import { createTestDatabase, type TestDatabase } from "./database";
import { createAccount } from "./fixtures";

let test: TestDatabase;
let accountId: number;

/** Rows with ties, nulls and times a millisecond cannot tell apart, so every batch boundary falls inside a run of equal keys. */
beforeAll(async () => {
  test = await createTestDatabase();
  accountId = (await createAccount(test.db)).id;
  await test.db.execute(sql`
    insert into trailers (account_id, company_owner, trailer_number, trailer_location, load_number, last_inspection, created_at)
    select ${accountId}, 'ACME', 'K' || lpad(n::text, 3, '0'), 'Road',
           case when n % 4 <> 0 then 'LD' || (n % 5) end,
           case when n % 3 <> 0 then date '2025-01-01' + (n % 4) end,
           timestamptz '2025-03-01 12:00:00.000001+00' + (n % 6) * interval '1 microsecond'
      from generate_series(1, 97) as n`);
});

afterAll(async () => {
  await test?.close();
});

/** The account's trailers, read in the order of `keys`, `batchRows` at a time. */
function batchesOf(keys: SortKey[], batchRows: number) {
  return readByKeyset(
    test.db,
    keys,
    (db, { keyset, after, orderBy, limit }) =>
      db
        .select({ id: trailers.id, number: trailers.trailerNumber, keyset })
        .from(trailers)
        .where(and(eq(trailers.accountId, accountId), after))
        .orderBy(...orderBy)
        .limit(limit),
    batchRows,
  );
}

const ORDERS: Record<string, SortKey[]> = {
  "nulls last ascending, then a microsecond time descending": [
    { by: trailers.loadNumber, nulls: "last" },
    { by: trailers.createdAt, descending: true },
    { by: trailers.id },
  ],
  "nulls first descending": [
    { by: trailers.loadNumber, descending: true, nulls: "first" },
    { by: trailers.id, descending: true },
  ],
  "a date with nulls last descending, then nulls first ascending": [
    { by: trailers.lastInspection, descending: true, nulls: "last" },
    { by: trailers.loadNumber, nulls: "first" },
    { by: trailers.id },
  ],
  "keys all one way (one row comparison)": [
    { by: trailers.createdAt, descending: true },
    { by: trailers.id, descending: true },
  ],
};

describe("reading a list a batch at a time by its keys", () => {
  for (const [name, keys] of Object.entries(ORDERS)) {
    it(`reads every row once, in the list's order: ${name}`, async () => {
      const expected = await test.db
        .select({ id: trailers.id })
        .from(trailers)
        .where(eq(trailers.accountId, accountId))
        .orderBy(...orderOf(keys));
      const read: number[] = [];
      const batches = batchesOf(keys, 7);
      for await (const batch of batches) {
        expect(batch.length).toBeLessThanOrEqual(7);
        read.push(...batch.map((row) => row.id));
      }
      expect(read).toEqual(expected.map((row) => row.id));
    });
  }

  it("gives each row once when rows are added and removed between batches, and none whose keys did not change is lost", async () => {
    const keys: SortKey[] = [{ by: trailers.trailerNumber }, { by: trailers.id }];
    const before = await test.db.select({ number: trailers.trailerNumber }).from(trailers).where(eq(trailers.accountId, accountId));
    const read: string[] = [];
    let batchesRead = 0;
    for await (const batch of batchesOf(keys, 10)) {
      read.push(...batch.map((row) => row.number));
      if (++batchesRead === 2) {
        // Meanwhile: one trailer added before the reader's place and one after it, one removed after it.
        await test.db.insert(trailers).values([
          { accountId, companyOwner: "ACME", trailerNumber: "K000A", trailerLocation: "Road" },
          { accountId, companyOwner: "ACME", trailerNumber: "K090A", trailerLocation: "Road" },
        ]);
        await test.db.delete(trailers).where(eq(trailers.trailerNumber, "K095"));
      }
    }
    expect(new Set(read).size).toBe(read.length);
    expect(read).not.toContain("K000A");
    expect(read).toContain("K090A");
    expect(read).not.toContain("K095");
    expect(read).toEqual([...read].sort());
    const unchanged = before.map((row) => row.number).filter((number) => number !== "K095");
    expect(unchanged.every((number) => read.includes(number))).toBe(true);
  });
});
