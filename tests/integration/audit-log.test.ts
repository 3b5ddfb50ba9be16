import { parse } from "csv-parse/sync";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLogs, users } from "#db/schema";
import { AUDIT_MESSAGES, parseAuditQuery, type AuditLogItem } from "#app/domain/audit";
import type { ReportQuery } from "#app/domain/reports";
import { withActor } from "#app/lib/db.server";
import { auditLogEntries, auditLogItem, auditLogPage } from "#app/services/audit.server";
import { logIn, logOut } from "#app/services/auth.server";
import type { ServiceContext, SystemContext } from "#app/services/context.server";
import { createPlace, deletePlace, updatePlace } from "#app/services/places.server";
import { reportCsv } from "#app/http/report-files.server";
import { openReport } from "#app/services/reports.server";
import { resolveSession, type UserRow } from "#app/lib/session.server";
import { createTestDatabase, type TestDatabase } from "./database";
import { contextFor, createAccount, createUser, refusal } from "./fixtures";

let test: TestDatabase;
let admin: ServiceContext;
let manager: ServiceContext;
let superManager: UserRow;
let yardId: number;
let accountId: number;

const page = (ctx: ServiceContext, params: Record<string, string> = {}) => auditLogPage(ctx, parseAuditQuery(new URLSearchParams(params)));

/** Every row a query's pages hold, following the cursor to the end. */
async function allPages(ctx: ServiceContext, params: Record<string, string>) {
  const items: AuditLogItem[] = [];
  let cursor: string | null = null;
  do {
    const next = await page(ctx, { ...params, ...(cursor ? { cursor } : {}) });
    items.push(...next.items);
    cursor = next.next_cursor;
  } while (cursor);
  return items;
}

beforeAll(async () => {
  test = await createTestDatabase();
  const account = await createAccount(test.db, "Audit Town");
  accountId = account.id;
  admin = contextFor(test.db, await createUser(test.db, { role: "admin", accountId: null, alphaCode: "ADMA" })).ctx;
  manager = contextFor(test.db, await createUser(test.db, { role: "manager", accountId: account.id })).ctx;
  superManager = await createUser(test.db, { role: "super_manager", accountId: account.id, alphaCode: "SUPA", password: "Secret#123" });
  const superCtx = contextFor(test.db, superManager).ctx;
  const yard = await createPlace(superCtx, "yard", { name: "Audit Yard", parking_location: "Gate 9", parking_spots: true });
  yardId = yard.id;
  await updatePlace(superCtx, "yard", yard.id, { name: "Audit Yard", parking_location: "Gate Zebra", parking_spots: false });
  // Older rows, written at known times, for the timeframe filters.
  await withActor(test.db, { id: null, alphaCode: "OLDIE" }, async (tx) => {
    await tx.insert(auditLogs).values([
      {
        timestamp: new Date(Date.now() - 3 * 86_400_000),
        userAlphaCode: "OLDIE",
        tableName: "trucks",
        recordId: "77",
        action: "DELETE",
        changedFields: {},
      },
      {
        timestamp: new Date(Date.now() - 40 * 86_400_000),
        userAlphaCode: "OLDIE",
        tableName: "trucks",
        recordId: "78",
        action: "UPDATE",
        changedFields: {},
      },
    ]);
  });
});

afterAll(async () => test?.close());

describe("GET /api/admin/audit-logs (the service)", () => {
  it("is for admins only", async () => {
    expect(await refusal(page(manager))).toEqual({ status: 403, errors: [AUDIT_MESSAGES.adminOnly] });
    expect(await refusal(auditLogItem(manager, 1))).toEqual({ status: 403, errors: [AUDIT_MESSAGES.adminOnly] });
  });

  it("answers the newest page first, with the cards of the whole log", async () => {
    const first = await page(admin);
    const [total] = (await test.db.execute<{ n: number }>(sql`select count(*)::int as n from audit_logs`)).rows;
    expect(first.counts?.total).toBe(total.n);
    const times = first.items.map((item) => item.timestamp);
    expect(times).toEqual([...times].sort().reverse());
    expect(first.items[0]).toEqual(
      expect.objectContaining({ id: expect.any(Number), table_name: expect.any(String), action: expect.any(String) }),
    );
  });

  it("filters by action, table, timeframe, user and record, alone and together, and counts what it keeps", async () => {
    const yardRows = await allPages(admin, { table: "yards", record_id: String(yardId) });
    expect(yardRows.map((row) => row.action)).toEqual(["UPDATE", "CREATE"]);
    expect(yardRows.every((row) => row.user_id === superManager.id && row.user_alpha_code === "SUPA")).toBe(true);
    expect((await page(admin, { table: "yards", action: "UPDATE" })).items.map((row) => row.record_id)).toEqual([String(yardId)]);
    expect((await page(admin, { action: "DELETE" })).items.map((row) => row.record_id)).toEqual(["77"]);
    expect((await page(admin, { table: "trucks", hours: "24" })).items).toEqual([]);
    expect((await page(admin, { table: "trucks", hours: "168" })).items.map((row) => row.record_id)).toEqual(["77"]);
    expect((await page(admin, { table: "trucks", hours: "720" })).items.map((row) => row.record_id)).toEqual(["77"]);
    expect((await page(admin, { table: "trucks" })).items.map((row) => row.record_id)).toEqual(["77", "78"]);
    expect((await page(admin, { user: String(superManager.id), table: "yards" })).counts).toEqual({
      total: 2,
      tables: 1,
      actions: 2,
      capped: false,
    });
    expect((await page(admin, { table: "trucks" })).counts).toEqual({ total: 2, tables: 1, actions: 2, capped: false });
  });

  it("searches the user, the table, the record id and the changed values, in any case", async () => {
    expect((await page(admin, { q: "gate zebra" })).items.map((row) => [row.table_name, row.record_id])).toEqual([
      ["yards", String(yardId)],
    ]);
    expect((await page(admin, { q: "oldie" })).items).toHaveLength(2);
    expect((await page(admin, { q: "trucks", table: "trucks" })).counts?.total).toBe(2);
    expect((await page(admin, { q: "100%_" })).items).toEqual([]);
    // Values, not the names of the fields that changed.
    expect((await page(admin, { q: "parking_location" })).items).toEqual([]);
  });

  it("pages by keyset: every row once, in order, while new rows arrive between pages", async () => {
    const [before] = (await test.db.execute<{ n: number }>(sql`select count(*)::int as n from audit_logs`)).rows;
    const first = await page(admin, { limit: "3" });
    const seen = [...first.items];
    let cursor = first.next_cursor;
    let inserted = 0;
    while (cursor) {
      // A write between pages adds rows at the top; the pages after the cursor are not shifted.
      await createPlace(contextFor(test.db, superManager).ctx, "building", {
        building_name: `Between ${++inserted}`,
        building_door_number: 2,
      });
      const next = await page(admin, { limit: "3", cursor });
      expect(next.counts).toBeNull();
      seen.push(...next.items);
      cursor = next.next_cursor;
    }
    const ids = seen.map((item) => item.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(seen).toHaveLength(before.n);
    const order = seen.map((item) => [item.timestamp, item.id] as const);
    expect(order).toEqual([...order].sort((a, b) => (a[0] === b[0] ? b[1] - a[1] : a[0] < b[0] ? 1 : -1)));
    expect(inserted).toBeGreaterThan(0);
  });

  it("refuses a forged cursor with a message naming it", async () => {
    expect(await refusal(page(admin, { cursor: "not-a-cursor" }))).toEqual({
      status: 400,
      errors: [AUDIT_MESSAGES.badCursor],
      field: "cursor",
    });
    const forged = btoa(JSON.stringify(["2026-01-01 00:00:00+00'; drop table users; --", 1]));
    expect(await refusal(page(admin, { cursor: forged }))).toMatchObject({ status: 400 });
    // Times of the right shape that are no time at all are refused here, not by Postgres.
    for (const impossible of ["2025-02-30 00:00:00+00", "2025-01-01 25:00:00+00", "2025-01-01 00:00:00+99", "0000-01-01 00:00:00+00"]) {
      expect(await refusal(page(admin, { cursor: btoa(JSON.stringify([impossible, 5])) })), impossible).toMatchObject({
        status: 400,
        field: "cursor",
      });
    }
  });

  it("shows the user's alpha code and name as they are now beside the recorded code", async () => {
    await test.db.update(users).set({ alphaCode: "SUPB", firstName: "Sue", lastName: "Per" }).where(eq(users.id, superManager.id));
    const [latest] = (await page(admin, { table: "yards", record_id: String(yardId) })).items;
    expect(latest).toMatchObject({ user_alpha_code: "SUPA", user_now: { alpha_code: "SUPB", name: "Sue Per" } });
    expect(await auditLogItem(admin, latest.id)).toMatchObject(latest);
    expect(await auditLogItem(admin, 9_999_999)).toBeNull();
  });
});

describe("each row's record on the Audit Logs page", () => {
  const entries = (params: Record<string, string>) => auditLogEntries(admin, parseAuditQuery(new URLSearchParams(params)));

  it("goes by its name as it is now while it exists, and as the trail recorded it once it is gone", async () => {
    const superCtx = contextFor(test.db, superManager).ctx;
    const building = await createPlace(superCtx, "building", { building_name: "Dock Words", building_door_number: 4 });
    await updatePlace(superCtx, "building", building.id, { building_name: "Dock Renamed", building_door_number: 4 });
    const history = { table: "buildings", record_id: String(building.id) };

    const live = await entries(history);
    expect(live.items.map((item) => [item.action, item.record])).toEqual([
      ["UPDATE", { name: "Dock Renamed", exists: true }],
      ["CREATE", { name: "Dock Renamed", exists: true }],
    ]);
    // The API's rows stay as they were: no record field.
    expect((await page(admin, history)).items[0]).not.toHaveProperty("record");
    // A search's page names its records the same way.
    expect((await entries({ q: "Dock Renamed" })).items[0].record).toEqual({ name: "Dock Renamed", exists: true });

    await deletePlace(superCtx, "building", building.id);
    const gone = await entries(history);
    expect(gone.items.map((item) => [item.action, item.record])).toEqual([
      ["DELETE", { name: "Dock Renamed", exists: false }],
      ["UPDATE", { name: "Dock Renamed", exists: false }],
      ["CREATE", { name: "Dock Words", exists: false }],
    ]);
    expect((await auditLogItem(admin, gone.items[0].id))?.record).toEqual({ name: "Dock Renamed", exists: false });
  });

  it("names a user by alpha code, a move by its number, and a row of no record not at all", async () => {
    const rows = await entries({ table: "users", record_id: String(superManager.id) });
    expect(rows.items[0].record).toEqual({ name: "SUPB", exists: true });
    const trucks = await entries({ table: "trucks", record_id: "77" });
    expect(trucks.items[0].record).toEqual({ name: "#77", exists: false });
  });
});

describe("sign-in events in the trail", () => {
  const client = { userAgent: "AuditAgent/1.0", ipAddress: "10.9.8.7", addressTrusted: true };
  const system = (): SystemContext => ({ db: test.db, events: { send: () => undefined } });
  const credentials = (password: string) => ({ email: "SUPA-login@x.test", password, agreed_to_terms: true, force_login: false });

  it("records a failed sign-in, a sign-in and a sign-out with the address and browser", async () => {
    const user = await createUser(test.db, { role: "manager", accountId, email: "supa-login@x.test", alphaCode: "LOGIN1" });
    expect((await logIn(system(), credentials("wrong"), client)).kind).toBe("refused");
    const outcome = await logIn(system(), credentials("Secret#123"), client);
    if (outcome.kind !== "signed_in") throw new Error(outcome.kind);
    await logOut(system(), await resolveSession(test.db, outcome.token), "logout");
    const events = (await page(admin, { table: "sessions", q: "supa-login" })).items.concat(
      (await page(admin, { table: "sessions", user: String(user.id) })).items,
    );
    const byAction = Object.fromEntries(events.map((event) => [event.action, event]));
    expect(byAction.SIGN_IN_FAILED.changed_fields).toMatchObject({
      email: { new: "supa-login@x.test" },
      reason: { new: "wrong password" },
      ip_address: { new: "10.9.8.7" },
      user_agent: { new: "AuditAgent/1.0" },
    });
    expect(byAction.SIGN_IN).toMatchObject({ user_id: user.id, user_alpha_code: "LOGIN1", record_id: String(outcome.session.id) });
    expect(byAction.SIGN_IN.changed_fields).toMatchObject({ ip_address: { new: "10.9.8.7" } });
    expect(byAction.SIGN_OUT).toMatchObject({
      user_id: user.id,
      record_id: String(outcome.session.id),
      changed_fields: { reason: { new: "logout" } },
    });
  });
});

describe("the audit log's CSV", () => {
  it("holds every row the page's filters keep, for admins only", async () => {
    const audit = { ...parseAuditQuery(new URLSearchParams()), table: "yards", recordId: String(yardId) } as const;
    const query: ReportQuery = { type: "audit-logs", audit };
    const report = await openReport(admin, { query, output: "csv" });
    const rows = parse(await new Response(reportCsv(report)).text(), { bom: true }) as string[][];
    expect(rows[0]).toEqual(["Timestamp (UTC)", "User Performed Changes", "User ID", "Table", "Record ID", "Action", "Changes"]);
    expect(rows.slice(1).map((row) => [row[2], row[3], row[4], row[5]])).toEqual([
      [String(superManager.id), "yards", String(yardId), "UPDATE"],
      [String(superManager.id), "yards", String(yardId), "CREATE"],
    ]);
    expect(JSON.parse(rows[1][6])).toMatchObject({ parking_location: { old: "Gate 9", new: "Gate Zebra" } });
    expect(await refusal(openReport(manager, { query, output: "csv" }))).toEqual({
      status: 403,
      errors: [AUDIT_MESSAGES.adminOnly],
    });
  });
});
