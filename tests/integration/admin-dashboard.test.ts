import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AnalyticsQuery } from "#app/domain/analytics";
import { adminDashboard } from "#app/services/admin-dashboard.server";
import type { ServiceContext } from "#app/services/context.server";
import { createTestDatabase, type TestDatabase } from "./database";
import { contextFor, createAccount, createUser } from "./fixtures";

/** The admin dashboard's choice of the account its analytics are of (app/services/admin-dashboard.server.ts). */
let test: TestDatabase;
let admin: ServiceContext;
let harbor: { id: number; companyId: number };
let quay: { id: number; companyId: number };

const query = (companyId: number | null, accountId: number | null): AnalyticsQuery => ({
  period: "today",
  companyId,
  accountId,
  timeZone: "UTC",
});

beforeAll(async () => {
  test = await createTestDatabase();
  harbor = await createAccount(test.db, "Harbor Yard");
  quay = await createAccount(test.db, "Quay Yard");
  admin = contextFor(test.db, await createUser(test.db, { role: "admin", accountId: null })).ctx;
});

afterAll(async () => {
  await test?.close();
});

describe("the admin dashboard", () => {
  it("chooses an account of the chosen company, and its analytics are that account's", async () => {
    const dashboard = await adminDashboard(admin, query(harbor.companyId, harbor.id), "");
    expect(dashboard.account?.id).toBe(harbor.id);
    expect(dashboard.accounts.map((account) => account.id)).toEqual([harbor.id]);
    expect(dashboard.companies.map((company) => company.id)).toEqual(expect.arrayContaining([harbor.companyId, quay.companyId]));
  });

  it("does not choose an account outside the chosen company", async () => {
    expect((await adminDashboard(admin, query(harbor.companyId, quay.id), "")).account).toBeNull();
  });

  it("keeps the account chosen when the header's search hides it from the cards", async () => {
    const dashboard = await adminDashboard(admin, query(null, quay.id), "Harbor");
    expect(dashboard.accounts.map((account) => account.id)).toEqual([harbor.id]);
    expect(dashboard.account?.id).toBe(quay.id);
    expect(dashboard.search).toBe("Harbor");
  });
});
