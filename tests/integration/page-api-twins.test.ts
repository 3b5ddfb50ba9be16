import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildings, yards } from "#db/schema";
import { pageAccess, ROUTE_RULES } from "#app/domain/route-access";
import { ROLES, type Role } from "#app/domain/roles";
import { accountSummaries } from "#app/services/accounts.server";
import { createCompany, listCompanies, renameCompany } from "#app/services/companies.server";
import type { ServiceContext } from "#app/services/context.server";
import { accountDashboard } from "#app/services/dashboard.server";
import { DEFAULT_VIEW } from "#app/domain/dashboard";
import { ServiceError } from "#app/services/errors.server";
import { createPlace, getPlace, updatePlace } from "#app/services/places.server";
import { readTimeoutHours, updateTimeoutHours } from "#app/services/settings.server";
import { templateCsv, uploadTrailers } from "#app/services/trailer-upload.server";
import { createTrailer, getTrailer, updateTrailer } from "#app/services/trailers.server";
import { createTruck, getTruck, updateTruck } from "#app/services/trucks.server";
import { createUser as addUser, getVisibleUser, updateUser } from "#app/services/users.server";
import { createTestDatabase, type TestDatabase } from "./database";
import { contextFor, createAccount, createTrailer as insertTrailer, createUser } from "./fixtures";
import { trucks } from "#db/schema";
import { parseAuditQuery } from "#app/domain/audit";
import { auditLogPage } from "#app/services/audit.server";

/**
 * Every page of the route table and the API behind it allow the same roles: for each role, the
 * page's rule (app/domain/route-access.ts) and the service its API calls agree. A page whose API
 * is not built yet is listed as such, so a new page cannot slip in without its twin.
 */
let test: TestDatabase;
let accountId: number;
let companyId: number;
const ids = { trailer: 0, truck: 0, building: 0, yard: 0, lowUser: 0 };
let sequence = 0;
const next = () => ++sequence;

beforeAll(async () => {
  test = await createTestDatabase();
  const account = await createAccount(test.db, "Twins");
  accountId = account.id;
  companyId = account.companyId;
  ids.building = (await test.db.insert(buildings).values({ accountId, buildingName: "North", buildingDoorNumber: 4 }).returning())[0].id;
  ids.yard = (await test.db.insert(yards).values({ accountId, name: "Yard A" }).returning())[0].id;
  ids.trailer = (await insertTrailer(test.db, accountId, "Yard A")).id;
  ids.truck = (
    await test.db
      .insert(trucks)
      .values({
        accountId,
        truckNumber: "TW1",
        truckLocation: "Yard A",
        type: "boxtruck",
        licensePlate: "P1",
        licenseState: "MA",
        year: 2020,
        make: "Volvo",
        model: "VNL",
      })
      .returning()
  )[0].id;
  ids.lowUser = (await createUser(test.db, { role: "security", accountId })).id;
});
afterAll(async () => test.close());

const trailerInput = () => ({
  account_id: accountId,
  trailer_number: `TW${next()}`,
  trailer_location: "Yard A",
  license_plate: "PL1",
  license_state: "MA",
  type: "dry_53",
  company_owner: "Acme",
});
/** Check file with the template: the upload's rules, nothing added. */
const checkTemplate = (ctx: ServiceContext) =>
  uploadTrailers(ctx, { accountId, file: { name: "template.csv", bytes: new TextEncoder().encode(templateCsv()) }, dryRun: true });
const truckInput = () => ({
  account_id: accountId,
  truck_number: `TK${next()}`,
  truck_location: "Yard A",
  license_plate: "TP1",
  license_state: "MA",
  type: "boxtruck",
  year: 2021,
  make: "Volvo",
  model: "VNL",
});

/** Each page with the call its API makes; the page's example path is the route table's. */
const TWINS: Record<string, (ctx: ServiceContext) => Promise<unknown>> = {
  "/": (ctx) => accountDashboard(ctx, { ...DEFAULT_VIEW, account: accountId }),
  "/signup": (ctx) => addUser(ctx, { role: "security", email: `new${next()}@twins.test`, account_id: accountId }),
  "/admin/dashboard": (ctx) => accountSummaries(ctx),
  "/audit-logs": (ctx) => auditLogPage(ctx, parseAuditQuery(new URLSearchParams())),
  "/settings": (ctx) => readTimeoutHours(ctx).then(() => updateTimeoutHours(ctx, { timeout_hours: 4 })),
  "/companies": (ctx) => listCompanies(ctx),
  "/companies/new": (ctx) => createCompany(ctx, { company_name: `Twin Co ${next()}` }),
  "/companies/1/edit": (ctx) => renameCompany(ctx, companyId, { company_name: `Twins Co ${next()}` }),
  "/trailers/new": (ctx) => createTrailer(ctx, trailerInput()),
  "/trailers/bulk-upload": checkTemplate,
  // The template is the upload's: open to those who may upload.
  "/trailers/bulk-upload/template": checkTemplate,
  "/trailers/1/edit": (ctx) => updateTrailer(ctx, ids.trailer, { ...trailerInput(), trailer_number: "TWIN-EDIT" }),
  "/trucks/new": (ctx) => createTruck(ctx, truckInput()),
  "/trucks/1/edit": (ctx) => updateTruck(ctx, ids.truck, { ...truckInput(), truck_number: "TK-EDIT" }),
  "/buildings/new": (ctx) => createPlace(ctx, "building", { account_id: accountId, building_name: `B${next()}`, building_door_number: 3 }),
  "/buildings/1/edit": (ctx) => updatePlace(ctx, "building", ids.building, { building_name: "North", building_door_number: 4 }),
  "/yards/new": (ctx) => createPlace(ctx, "yard", { account_id: accountId, name: `Y${next()}` }),
  "/yards/1/edit": (ctx) => updatePlace(ctx, "yard", ids.yard, { name: "Yard A" }),
  "/users/1/edit": (ctx) => updateUser(ctx, ids.lowUser, { email: `low${next()}@twins.test` }),
  "/users/1": (ctx) => getVisibleUser(ctx, ctx.actor.id),
  "/trailers/1": (ctx) => getTrailer(ctx, ids.trailer),
  "/trucks/1": (ctx) => getTruck(ctx, ids.truck),
  "/buildings/1": (ctx) => getPlace(ctx, "building", ids.building),
  "/yards/1": (ctx) => getPlace(ctx, "yard", ids.yard),
};

/**
 * Pages with no API twin of their own: the manual, the password change (its API is the sign-in
 * flow's), pages still to come, and the Move Status panel's forms, open to every signed-in user
 * because the moves services decide each action (a worker is told only managers may create moves).
 */
// A report's page is its own API: every signed-in user reaches its loader, and the reports service answers 403 below manager.
const NO_TWIN = ["/how-to", "/change-password", "/moves/new", "/moves/1/accept", "/reports/trailers"];

async function verdict(call: Promise<unknown>): Promise<"allowed" | "forbidden"> {
  try {
    await call;
    return "allowed";
  } catch (error) {
    if (error instanceof ServiceError && error.status === 403) return "forbidden";
    throw error;
  }
}

describe("pages and their API twins", () => {
  it("every page of the route table has its API twin, or is known to have none", () => {
    expect(ROUTE_RULES.map((rule) => rule.example).sort()).toEqual([...Object.keys(TWINS), ...NO_TWIN].sort());
  });

  for (const [page, call] of Object.entries(TWINS)) {
    it(`${page}: the page and its API allow the same roles`, async () => {
      for (const role of ROLES as readonly Role[]) {
        const user = await createUser(test.db, { role, accountId: role === "admin" ? null : accountId });
        const { ctx } = contextFor(test.db, user);
        const pageAllows = pageAccess(page, user).allowed;
        expect(await verdict(call(ctx)), `${role} on ${page}`).toBe(pageAllows ? "allowed" : "forbidden");
      }
    });
  }
});
