import { and, count, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, auditLogs, companies, trailers, users } from "#db/schema";
import { COMPANY_MESSAGES, TEST_COMPANY } from "#app/domain/companies";
import type { Database } from "#app/lib/db.server";
import type { ServiceContext } from "#app/services/context.server";
import {
  accountSummaries,
  createAccount as addAccount,
  deleteAccount,
  getAccount,
  listAccounts,
  updateAccount,
} from "#app/services/accounts.server";
import {
  adminExport,
  companiesTestInfo,
  createCompany,
  getCompany,
  listCompanies,
  renameCompany,
  seedTestCompany,
} from "#app/services/companies.server";
import { everyValue, race } from "./concurrency";
import { createTestDatabase, type TestDatabase } from "./database";
import { contextFor, createAccount, createTrailer, createUser, refusal } from "./fixtures";

let test: TestDatabase;
let admin: ServiceContext;
beforeAll(async () => {
  test = await createTestDatabase();
  admin = contextFor(test.db, await createUser(test.db, { role: "admin", accountId: null, alphaCode: "ADM9" })).ctx;
});
afterAll(async () => test.close());

/** A 400 with these messages (naming the field of the first). */
const invalid = (...errors: string[]) => expect.objectContaining({ status: 400, errors });

async function auditTrail(db: Database, table: "companies" | "accounts", id: number) {
  const rows = await db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.tableName, table), eq(auditLogs.recordId, String(id))))
    .orderBy(auditLogs.id);
  return rows.map((row) => [row.action, row.userAlphaCode]);
}

describe("company rules", () => {
  it("a company name is required and trimmed", async () => {
    expect(await refusal(createCompany(admin, { company_name: "   " }))).toEqual(invalid(COMPANY_MESSAGES.companyNameRequired));
    expect(await refusal(createCompany(admin, {}))).toEqual(invalid(COMPANY_MESSAGES.companyNameRequired));
    expect(await refusal(createCompany(admin, { company_name: "x".repeat(201) }))).toEqual(invalid(COMPANY_MESSAGES.companyNameTooLong));
    const company = await createCompany(admin, { company_name: "  Harbor Freight Lines " });
    expect(company).toMatchObject({ company_name: "Harbor Freight Lines", account_count: 0 });
    expect(await refusal(renameCompany(admin, company.id, { company_name: "" }))).toEqual(invalid(COMPANY_MESSAGES.companyNameRequired));
  });

  it("an account needs a name, a City, ST location and counts of 0 or more, each with the spec's message", async () => {
    const company = await createCompany(admin, { company_name: "Coastal" });
    const base = { company_id: company.id, account_name: "Port", location: "Savannah, GA" };
    const cases: [Record<string, unknown>, string[]][] = [
      [{ ...base, account_name: "  " }, [COMPANY_MESSAGES.accountNameRequired]],
      [{ ...base, location: "" }, [COMPANY_MESSAGES.locationRequired]],
      [{ ...base, location: "Savannah" }, [COMPANY_MESSAGES.locationFormat]],
      [{ ...base, location: "savannah, ga" }, [COMPANY_MESSAGES.locationFormat]],
      [{ ...base, yard_count: -1 }, [COMPANY_MESSAGES.yardCount]],
      [{ ...base, yard_count: 1.5 }, [COMPANY_MESSAGES.yardCount]],
      [{ ...base, building_count: "many" }, [COMPANY_MESSAGES.buildingCount]],
      [{ ...base, building_count: 10_001 }, [COMPANY_MESSAGES.buildingCountTooLarge]],
      [{ ...base, company_id: undefined }, [COMPANY_MESSAGES.companyRequired]],
      [{}, [COMPANY_MESSAGES.accountNameRequired, COMPANY_MESSAGES.locationRequired]],
    ];
    for (const [input, errors] of cases) {
      expect(await refusal(addAccount(admin, input)), JSON.stringify(input)).toEqual(invalid(...errors));
    }
    expect(await refusal(addAccount(admin, { ...base, company_id: 999_999 }))).toEqual({
      status: 404,
      errors: [COMPANY_MESSAGES.companyNotFound],
    });
    expect(await test.db.select().from(accounts).where(eq(accounts.companyId, company.id))).toHaveLength(0);

    const account = await addAccount(admin, { ...base, yard_count: "2" });
    expect(account).toMatchObject({
      company_id: company.id,
      account_name: "Port",
      location: "Savannah, GA",
      yard_count: 2,
      building_count: 0,
    });
    expect(await refusal(updateAccount(admin, account.id, { account_name: "Port", location: "GA" }))).toEqual(
      invalid(COMPANY_MESSAGES.locationFormat),
    );
  });

  it("an admin renames a company and edits an account, and may move it to another existing company", async () => {
    const first = await createCompany(admin, { company_name: "First Freight" });
    const second = await createCompany(admin, { company_name: "Second Freight" });
    const account = await addAccount(admin, { company_id: first.id, account_name: "Dock", location: "St. Louis, MO" });

    const renamed = await renameCompany(admin, first.id, { company_name: " First Freight Lines " });
    expect(renamed).toMatchObject({ company_name: "First Freight Lines", account_count: 1, accounts: [{ id: account.id }] });

    const edited = await updateAccount(admin, account.id, { account_name: "Dock 2", location: "Kansas City, MO", building_count: 3 });
    expect(edited).toMatchObject({
      company_id: first.id,
      account_name: "Dock 2",
      location: "Kansas City, MO",
      yard_count: 0,
      building_count: 3,
    });
    // The API's PUT keeps what it leaves out, and takes what GET answered unchanged.
    const kept = await updateAccount(admin, account.id, { yard_count: 2 }, { keepOmitted: true });
    expect(kept).toMatchObject({ account_name: "Dock 2", location: "Kansas City, MO", yard_count: 2, building_count: 3 });
    expect(await updateAccount(admin, account.id, JSON.parse(JSON.stringify(kept)), { keepOmitted: true })).toMatchObject({
      ...kept,
      updated_at: expect.any(String),
    });
    expect(
      await refusal(updateAccount(admin, account.id, { account_name: "Dock 3", location: "Kansas City, MO", company_id: 999_999 })),
    ).toEqual({
      status: 404,
      errors: [COMPANY_MESSAGES.companyNotFound],
    });
    expect((await getAccount(admin, account.id)).account_name).toBe("Dock 2");
    const moved = await updateAccount(admin, account.id, { account_name: "Dock 2", location: "Kansas City, MO", company_id: second.id });
    expect(moved.company_id).toBe(second.id);
    expect((await listAccounts(admin, second.id)).map((row) => row.id)).toEqual([account.id]);
  });

  it("a missing or malformed id is 'not found', never a database error", async () => {
    for (const id of [Number.NaN, 0, -3, 1.5, 99_999_999_999, 999_999]) {
      expect((await refusal(getCompany(admin, id)))?.errors, `company ${id}`).toEqual([COMPANY_MESSAGES.companyNotFound]);
      expect((await refusal(renameCompany(admin, id, { company_name: "X" })))?.status, `rename ${id}`).toBe(404);
      expect((await refusal(getAccount(admin, id)))?.errors, `account ${id}`).toEqual([COMPANY_MESSAGES.accountNotFound]);
      expect((await refusal(updateAccount(admin, id, { account_name: "X", location: "Boston, MA" })))?.status, `update ${id}`).toBe(404);
      expect((await refusal(deleteAccount(admin, id)))?.status, `delete ${id}`).toBe(404);
    }
    expect(await listAccounts(admin, Number.NaN)).toEqual([]);
  });
});

describe("who sees and changes companies and accounts", () => {
  it("an admin lists every company with its account count and created date", async () => {
    const own = await createAccount(test.db, "Listed");
    await addAccount(admin, { company_id: own.companyId, account_name: "Listed Two", location: "Denver, CO" });
    const listed = (await listCompanies(admin)).find((company) => company.id === own.companyId);
    expect(listed).toMatchObject({ company_name: "Listed Co", account_count: 2 });
    expect(new Date(listed!.created_at).getTime()).not.toBeNaN();
    expect((await getCompany(admin, own.companyId)).accounts.map((row) => row.account_name)).toEqual(["Listed", "Listed Two"]);
  });

  it("a non-admin sees only its own company and its own account", async () => {
    const mine = await createAccount(test.db, "Mine");
    const sibling = await addAccount(admin, { company_id: mine.companyId, account_name: "Mine Sibling", location: "Dover, DE" });
    const theirs = await createAccount(test.db, "Theirs");
    const { ctx: manager } = contextFor(test.db, await createUser(test.db, { role: "manager", accountId: mine.id }));

    expect((await listCompanies(manager)).map((row) => [row.id, row.account_count])).toEqual([[mine.companyId, 1]]);
    expect((await getCompany(manager, mine.companyId)).accounts.map((row) => row.id)).toEqual([mine.id]);
    expect(await refusal(getCompany(manager, theirs.companyId))).toEqual({ status: 404, errors: [COMPANY_MESSAGES.companyNotFound] });
    expect((await listAccounts(manager)).map((row) => row.id)).toEqual([mine.id]);
    expect((await listAccounts(manager, theirs.companyId)).map((row) => row.id)).toEqual([mine.id]);
    expect((await getAccount(manager, mine.id)).id).toBe(mine.id);
    expect((await refusal(getAccount(manager, sibling.id)))?.status).toBe(404);
    expect((await refusal(getAccount(manager, theirs.id)))?.status).toBe(404);

    const info = await companiesTestInfo(manager);
    expect(info).toMatchObject({ count: 1, is_admin: false, sample: [{ id: mine.companyId, name: "Mine Co" }] });
    expect(info.complete_data.map((company) => company.accounts.map((row) => row.id))).toEqual([[mine.id]]);
    const { actor } = manager;
    expect(info.current_user).toEqual({ id: actor.id, email: actor.user.email, alpha_code: actor.alphaCode, is_admin: false });
  });

  it("non-admins (even a super manager) cannot create, rename, seed, change or delete, and nothing changes", async () => {
    const mine = await createAccount(test.db, "Guarded");
    const theirs = await createAccount(test.db, "Elsewhere");
    const { ctx: superManager, sent } = contextFor(test.db, await createUser(test.db, { role: "super_manager", accountId: mine.id }));
    const forbidden = { status: 403, errors: [COMPANY_MESSAGES.adminOnly] };
    const everything = async () => ({
      companies: await test.db.select().from(companies).orderBy(companies.id),
      accounts: await test.db.select().from(accounts).orderBy(accounts.id),
    });
    const before = await everything();

    expect(await refusal(createCompany(superManager, { company_name: "Sneaky" }))).toEqual(forbidden);
    expect(await refusal(renameCompany(superManager, mine.companyId, { company_name: "Sneaky" }))).toEqual(forbidden);
    expect(await refusal(seedTestCompany(superManager))).toEqual(forbidden);
    expect(
      await refusal(addAccount(superManager, { company_id: theirs.companyId, account_name: "Forged", location: "Boston, MA" })),
    ).toEqual(forbidden);
    expect(
      await refusal(updateAccount(superManager, mine.id, { account_name: "Moved", location: "Boston, MA", company_id: theirs.companyId })),
    ).toEqual(forbidden);
    expect(await refusal(updateAccount(superManager, theirs.id, { account_name: "Stolen", location: "Boston, MA" }))).toEqual(forbidden);
    expect(await refusal(deleteAccount(superManager, theirs.id))).toEqual(forbidden);
    expect(await refusal(Promise.resolve().then(() => adminExport(superManager)))).toEqual(forbidden);
    expect(await refusal(accountSummaries(superManager))).toEqual(forbidden);

    expect(await everything()).toEqual(before);
    expect(sent).toEqual([]);
  });
});

describe("deleting an account", () => {
  it("is refused while the account still owns users or trailers, naming what remains, and changes nothing", async () => {
    const busy = await createAccount(test.db, "Busy");
    const driver = await createUser(test.db, { role: "yard_driver", accountId: busy.id });
    const owned = [await createTrailer(test.db, busy.id), await createTrailer(test.db, busy.id)];
    const trailBefore = await auditTrail(test.db, "accounts", busy.id);
    expect(await refusal(deleteAccount(admin, busy.id))).toEqual({
      status: 409,
      errors: ["This account still has 1 user and 2 trailers. Move or remove them before deleting the account."],
    });
    expect(await test.db.select().from(accounts).where(eq(accounts.id, busy.id))).toHaveLength(1);
    expect(await test.db.select().from(users).where(eq(users.id, driver.id))).toHaveLength(1);
    const trailersLeft = await test.db
      .select()
      .from(trailers)
      .where(
        inArray(
          trailers.id,
          owned.map((trailer) => trailer.id),
        ),
      );
    expect(trailersLeft).toHaveLength(2);
    expect(await auditTrail(test.db, "accounts", busy.id)).toEqual(trailBefore);
  });

  it("deletes an account that owns nothing", async () => {
    const company = await createCompany(admin, { company_name: "Short Lived" });
    const empty = await addAccount(admin, { company_id: company.id, account_name: "Empty", location: "Reno, NV" });
    expect(await deleteAccount(admin, empty.id)).toMatchObject({ id: empty.id, account_name: "Empty" });
    expect(await test.db.select().from(accounts).where(eq(accounts.id, empty.id))).toHaveLength(0);
    expect((await getCompany(admin, company.id)).accounts).toEqual([]);
  });
});

describe("the audit trail", () => {
  it("records every company and account change with the acting admin's alpha code", async () => {
    const company = await createCompany(admin, { company_name: "Audited" });
    await renameCompany(admin, company.id, { company_name: "Audited Lines" });
    const account = await addAccount(admin, { company_id: company.id, account_name: "Audited Dock", location: "Austin, TX" });
    await updateAccount(admin, account.id, { account_name: "Audited Dock", location: "Dallas, TX" });
    await deleteAccount(admin, account.id);

    expect(await auditTrail(test.db, "companies", company.id)).toEqual([
      ["CREATE", "ADM9"],
      ["UPDATE", "ADM9"],
    ]);
    expect(await auditTrail(test.db, "accounts", account.id)).toEqual([
      ["CREATE", "ADM9"],
      ["UPDATE", "ADM9"],
      ["DELETE", "ADM9"],
    ]);
    const [update] = await test.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.tableName, "accounts"), eq(auditLogs.recordId, String(account.id)), eq(auditLogs.action, "UPDATE")));
    expect(update.changedFields).toEqual({ location: { old: "Austin, TX", new: "Dallas, TX" } });
  });
});

describe("the admin export", () => {
  it("answers every list with the spec's snake_case fields and never a password hash", async () => {
    const lists = adminExport(admin);
    expect(Object.keys(lists).sort()).toEqual(["accounts", "buildings", "companies", "trailers", "trucks", "users", "yards"]);
    const read: Record<string, unknown[]> = {};
    for (const [name, batches] of Object.entries(lists)) {
      read[name] = [];
      for await (const batch of batches) read[name].push(...batch);
    }
    expect(read.users.length).toBeGreaterThan(0);
    expect(JSON.stringify(read)).not.toMatch(/password/);
    expect(read.trailers[0]).toHaveProperty("trailer_number");
    expect(read.companies[0]).toHaveProperty("account_count");
  });

  it("reads every row of a list longer than a batch, each once, by id", async () => {
    const account = await createAccount(test.db, "Export Yard");
    await test.db.insert(trailers).values(
      Array.from({ length: 2_345 }, (_, index) => ({
        accountId: account.id,
        trailerNumber: `EXP${index}`,
        trailerLocation: "Road",
        companyOwner: "ACME",
      })),
    );
    const ids: number[] = [];
    const sizes: number[] = [];
    for await (const batch of adminExport(admin).trailers) {
      sizes.push(batch.length);
      ids.push(...(batch as { id: number }[]).map((row) => row.id));
    }
    const [{ stored }] = await test.db.select({ stored: count() }).from(trailers);
    expect(ids).toHaveLength(stored);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(stored);
    expect(sizes.every((size) => size <= 1_000)).toBe(true);
    expect(sizes.length).toBeGreaterThanOrEqual(3);
  });
});

describe("Seed Test Company (a database of its own, without companies)", () => {
  it("seeds one test company with its account once, even when asked twice at the same time", async () => {
    const empty = await createTestDatabase();
    try {
      const { ctx: seeder } = contextFor(empty.db, await createUser(empty.db, { role: "admin", accountId: null, alphaCode: "SEED1" }));
      expect(await companiesTestInfo(seeder)).toMatchObject({ count: 0, sample: [], complete_data: [], is_admin: true });
      // Both are under way (one waiting to insert, the other its turn) when the companies table is let go.
      const outcomes = everyValue(
        await race(
          empty.url,
          "LOCK TABLE companies IN EXCLUSIVE MODE",
          [1, 2].map(() => (db: Database) => refusal(seedTestCompany({ ...seeder, db }))),
        ),
      );
      expect(outcomes).toContainEqual(null);
      expect(outcomes).toContainEqual({ status: 409, errors: [COMPANY_MESSAGES.alreadySeeded] });
      const info = await companiesTestInfo(seeder);
      expect(info).toMatchObject({ count: 1, sample: [{ name: TEST_COMPANY.companyName }] });
      expect(info.complete_data[0].accounts).toMatchObject([{ account_name: TEST_COMPANY.accountName, location: TEST_COMPANY.location }]);
      expect(await auditTrail(empty.db, "companies", info.sample[0].id)).toEqual([["CREATE", "SEED1"]]);
    } finally {
      await empty.close();
    }
  });
});
