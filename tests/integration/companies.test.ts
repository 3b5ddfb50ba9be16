import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, auditLogs, companies } from "../../db/schema";
import { COMPANY_MESSAGES } from "../../app/domain/companies";
import { actorOf } from "../../app/lib/guards.server";
import { ServiceError } from "../../app/services/errors.server";
import {
  createAccount as addAccount,
  createCompany,
  deleteAccount,
  getCompany,
  listAccounts,
  listCompanies,
  renameCompany,
  updateAccount,
} from "../../app/services/companies.server";
import { createTestDatabase, type TestDatabase } from "./database";
import { createAccount, createTrailer, createUser } from "./fixtures";

let test: TestDatabase;
beforeAll(async () => {
  test = await createTestDatabase();
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

describe("companies and accounts", () => {
  it("admins create, rename and list companies; the audit log names them", async () => {
    const admin = actorOf(await createUser(test.db, { role: "admin", accountId: null, alphaCode: "ADM9" }));
    const company = await createCompany(test.db, admin, { company_name: "  Harbor Freight Lines " });
    expect(company.company_name).toBe("Harbor Freight Lines");
    const renamed = await renameCompany(test.db, admin, company.id, { company_name: "Harbor Lines" });
    expect(renamed.company_name).toBe("Harbor Lines");
    expect((await listCompanies(test.db, admin)).map((row) => row.company_name)).toContain("Harbor Lines");
    const audit = await test.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.tableName, "companies"), eq(auditLogs.recordId, String(company.id))));
    expect(audit.map((row) => [row.action, row.userAlphaCode])).toEqual([
      ["CREATE", "ADM9"],
      ["UPDATE", "ADM9"],
    ]);
    expect(await refusal(createCompany(test.db, admin, { company_name: " " }))).toEqual({
      status: 400,
      errors: [COMPANY_MESSAGES.companyNameRequired],
    });
  });

  it("accounts need a name and a City, ST location", async () => {
    const admin = actorOf(await createUser(test.db, { role: "admin", accountId: null }));
    const company = await createCompany(test.db, admin, { company_name: "Coastal" });
    expect(await refusal(addAccount(test.db, admin, { company_id: company.id, account_name: "Port", location: "Savannah" }))).toEqual({
      status: 400,
      errors: [COMPANY_MESSAGES.locationFormat],
    });
    const account = await addAccount(test.db, admin, { company_id: company.id, account_name: "Port", location: "Savannah, GA", yard_count: "2" });
    expect(account).toMatchObject({ account_name: "Port", location: "Savannah, GA", yard_count: 2, building_count: 0 });
    expect((await updateAccount(test.db, admin, account.id, { account_name: "Port 2", location: "Savannah, GA" })).account_name).toBe("Port 2");
  });

  it("non-admins see only their own company and account, and change nothing", async () => {
    const mine = await createAccount(test.db, "Mine");
    const theirs = await createAccount(test.db, "Theirs");
    const superManager = actorOf(await createUser(test.db, { role: "super_manager", accountId: mine.id }));
    expect((await listCompanies(test.db, superManager)).map((row) => row.id)).toEqual([mine.companyId]);
    expect((await listAccounts(test.db, superManager)).map((row) => row.id)).toEqual([mine.id]);
    expect(await refusal(getCompany(test.db, superManager, theirs.companyId))).toEqual({
      status: 404,
      errors: [COMPANY_MESSAGES.companyNotFound],
    });
    expect((await refusal(createCompany(test.db, superManager, { company_name: "Sneaky" })))?.status).toBe(403);
    expect((await refusal(renameCompany(test.db, superManager, mine.companyId, { company_name: "Sneaky" })))?.status).toBe(403);
    expect((await refusal(deleteAccount(test.db, superManager, theirs.id)))?.status).toBe(403);
    const [company] = await test.db.select().from(companies).where(eq(companies.id, mine.companyId));
    expect(company.companyName).toBe("Mine Co");
  });

  it("refuses to delete an account that still owns anything, naming what remains; deletes an empty one", async () => {
    const admin = actorOf(await createUser(test.db, { role: "admin", accountId: null }));
    const busy = await createAccount(test.db, "Busy");
    await createUser(test.db, { role: "yard_driver", accountId: busy.id });
    await createTrailer(test.db, busy.id);
    await createTrailer(test.db, busy.id);
    expect(await refusal(deleteAccount(test.db, admin, busy.id))).toEqual({
      status: 409,
      errors: ["This account still has 1 user and 2 trailers. Move or remove them before deleting the account."],
    });
    expect(await test.db.select().from(accounts).where(eq(accounts.id, busy.id))).toHaveLength(1);
    const empty = await createAccount(test.db, "Empty");
    await deleteAccount(test.db, admin, empty.id);
    expect(await test.db.select().from(accounts).where(eq(accounts.id, empty.id))).toHaveLength(0);
  });
});
