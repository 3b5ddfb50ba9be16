/**
 * Bulk Upload Trailers against a real Postgres: every valid row added in one transaction with its
 * history and audit rows, bad rows reported by their spreadsheet row, duplicates refused, nothing
 * added when saving fails, the account decided by the uploader's role.
 */
import { and, count, eq, inArray, sql } from "drizzle-orm";
import { utils, write } from "@e965/xlsx";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLogs, buildings, trailerLocationHistory, trailers, yards } from "#db/schema";
import { PLACEHOLDER_DESCRIPTION, UPLOAD_MESSAGES } from "#app/domain/trailer-upload";
import { templateCsv } from "#app/services/trailer-upload.server";
import { TRAILER_MESSAGES } from "#app/domain/trailers";
import { uploadTrailers, type UploadedFile } from "#app/services/trailer-upload.server";
import { createTrailer, updateTrailer } from "#app/services/trailers.server";
import type { Database } from "#app/lib/db.server";
import { everyValue, race } from "./concurrency";
import { createTestDatabase, type TestDatabase } from "./database";
import { contextFor, createAccount, createUser, refusal } from "./fixtures";

let test: TestDatabase;
let accountId: number;
let otherAccountId: number;
let superManager: ReturnType<typeof contextFor>;
let admin: ReturnType<typeof contextFor>;
let manager: ReturnType<typeof contextFor>;
let outsider: ReturnType<typeof contextFor>;

beforeAll(async () => {
  test = await createTestDatabase();
  accountId = (await createAccount(test.db, "Upload Yard")).id;
  otherAccountId = (await createAccount(test.db, "Other Yard")).id;
  await test.db.insert(yards).values({ accountId, name: "Yard A" });
  await test.db.insert(buildings).values({ accountId, buildingName: "North", buildingDoorNumber: 10 });
  superManager = contextFor(test.db, await createUser(test.db, { role: "super_manager", accountId, alphaCode: "SUP1" }));
  admin = contextFor(test.db, await createUser(test.db, { role: "admin", accountId: null }));
  manager = contextFor(test.db, await createUser(test.db, { role: "manager", accountId }));
  outsider = contextFor(test.db, await createUser(test.db, { role: "super_manager", accountId: otherAccountId }));
});
afterAll(async () => test.close());

const csv = (text: string, name = "fleet.csv"): UploadedFile => ({ name, bytes: new TextEncoder().encode(text) });
const HEADER =
  "trailer_number,trailer_location,company_owner,is_loaded,load_number,is_tray,tray_count,red_tagged,yellow_tagged,tagged_description,in_shop";

async function numbersIn(account: number, numbers: string[]) {
  const rows = await test.db
    .select({ number: trailers.trailerNumber })
    .from(trailers)
    .where(and(eq(trailers.accountId, account), inArray(trailers.trailerNumber, numbers)));
  return rows.map((row) => row.number).sort();
}

async function trailerCount(account = accountId) {
  const [{ value }] = await test.db.select({ value: count() }).from(trailers).where(eq(trailers.accountId, account));
  return value;
}

describe("a file of good and bad rows", () => {
  it("adds the good rows with their history and audit rows, and reports the bad ones by spreadsheet row", async () => {
    const auditBefore = (await test.db.select({ id: sql<number>`coalesce(max(${auditLogs.id}), 0)` }).from(auditLogs))[0].id;
    const text = [
      HEADER,
      "g-1,yard a,acme,yes,L-1,no,,,,,",
      "g-2,North-10,acme,n,,y,4,,,Brake light out,",
      "g-3,Road,acme,,,,,TRUE,,,",
      "g-4,Yard A,acme,,,,,,,,1",
      "b-5,North-11,acme,,,,,,,,",
      "b-6,Road,acme,maybe,,,,,,,",
      "g-1,Road,acme,,,,,,,,",
      ",Road,acme,,,,,,,,",
    ].join("\r\n");
    const { results, rejectedCsv } = await uploadTrailers(superManager.ctx, { file: csv(text), dryRun: false });
    expect(results).toEqual({
      total: 8,
      success: 4,
      dry_run: false,
      errors: [
        { row: 6, trailer_number: "B-5", error: TRAILER_MESSAGES.locationUnknown },
        { row: 7, trailer_number: "B-6", error: "is_loaded must be TRUE/FALSE, yes/no, y/n or 1/0" },
        { row: 8, trailer_number: "G-1", error: "Trailer number G-1 appears more than once in this file" },
        { row: 9, trailer_number: "", error: TRAILER_MESSAGES.numberRequired },
      ],
    });
    expect(rejectedCsv?.split("\r\n")[0]).toBe(`${HEADER},error`);
    expect(rejectedCsv?.split("\r\n")[1]).toBe(`b-5,North-11,acme,,,,,,,,,${TRAILER_MESSAGES.locationUnknown}`);

    const added = await test.db
      .select()
      .from(trailers)
      .where(inArray(trailers.trailerNumber, ["G-1", "G-2", "G-3", "G-4"]));
    const byNumber = Object.fromEntries(added.map((trailer) => [trailer.trailerNumber, trailer]));
    expect(byNumber["G-1"]).toMatchObject({
      accountId,
      trailerLocation: "Yard A",
      companyOwner: "ACME",
      isLoaded: true,
      loadNumber: "L-1",
    });
    expect(byNumber["G-2"]).toMatchObject({ trailerLocation: "North-10", isTray: true, trayCount: 4, yellowTagged: true });
    expect(byNumber["G-3"]).toMatchObject({ trailerLocation: "Road", redTagged: true, taggedDescription: PLACEHOLDER_DESCRIPTION });
    expect(byNumber["G-4"]).toMatchObject({ trailerLocation: "Shop", inShop: true });

    const history = await test.db
      .select()
      .from(trailerLocationHistory)
      .where(
        inArray(
          trailerLocationHistory.trailerId,
          added.map((trailer) => trailer.id),
        ),
      );
    expect(history).toHaveLength(4);
    expect(history.every((entry) => entry.exitTime === null && entry.userAlphaCode === "SUP1" && entry.accountId === accountId)).toBe(true);
    const audit = await test.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.tableName, "trailers"), sql`${auditLogs.id} > ${auditBefore}`));
    expect(audit.map((row) => row.recordId).sort()).toEqual(added.map((trailer) => String(trailer.id)).sort());
    expect(audit.every((row) => row.action === "CREATE" && row.userAlphaCode === "SUP1")).toBe(true);
    expect(superManager.sent.at(-1)).toEqual({
      kind: "publish",
      accountId,
      event: { type: "trailers_added", account_id: accountId, count: 4 },
    });
  });

  it("adds nothing the second time the same file is sent: each row is a duplicate", async () => {
    const text = `trailer_number,trailer_location,company_owner\r\nd-1,Road,x\r\nd-2,Road,x\r\n`;
    expect((await uploadTrailers(superManager.ctx, { file: csv(text), dryRun: false })).results.success).toBe(2);
    const sentBefore = superManager.sent.length;
    const again = await uploadTrailers(superManager.ctx, { file: csv(text), dryRun: false });
    expect(again.results).toMatchObject({
      total: 2,
      success: 0,
      errors: [
        { row: 2, trailer_number: "D-1", error: "Trailer number D-1 already exists" },
        { row: 3, trailer_number: "D-2", error: "Trailer number D-2 already exists" },
      ],
    });
    expect(superManager.sent).toHaveLength(sentBefore);
  });

  it("the same file sent twice at once adds its trailers once", async () => {
    const text = ["trailer_number,trailer_location,company_owner", ...Array.from({ length: 50 }, (_, i) => `race-${i},Road,x`)].join("\n");
    // Both uploads are under way (one waiting to insert, the other its turn) when the table is let go.
    const outcomes = everyValue(
      await race(
        test.url,
        "LOCK TABLE trailers IN EXCLUSIVE MODE",
        [1, 2].map(() => (db: Database) => uploadTrailers({ ...superManager.ctx, db }, { file: csv(text), dryRun: false })),
      ),
    );
    expect(outcomes.map((outcome) => outcome.results.success).sort()).toEqual([0, 50]);
    expect(outcomes.find((outcome) => outcome.results.success === 0)?.results.errors).toHaveLength(50);
    expect(await numbersIn(accountId, ["RACE-0", "RACE-49"])).toEqual(["RACE-0", "RACE-49"]);
  });

  it("Check file reports the same and adds nothing", async () => {
    const before = await trailerCount();
    const text = `trailer_number,trailer_location,company_owner\r\nchk-1,Road,x\r\nG-1,Road,x\r\nchk-3,Nowhere,x\r\n`;
    const { results } = await uploadTrailers(superManager.ctx, { file: csv(text), dryRun: true });
    expect(results).toEqual({
      total: 3,
      success: 1,
      dry_run: true,
      errors: [
        { row: 3, trailer_number: "G-1", error: "Trailer number G-1 already exists" },
        { row: 4, trailer_number: "CHK-3", error: TRAILER_MESSAGES.locationUnknown },
      ],
    });
    expect(await trailerCount()).toBe(before);
  });
});

describe("all or nothing", () => {
  it("adds nothing when saving fails part way through the batch", async () => {
    const before = await trailerCount();
    const historyBefore = (await test.db.select({ value: count() }).from(trailerLocationHistory))[0].value;
    await test.db.execute(sql`
      create function refuse_boom() returns trigger language plpgsql as $$
      begin raise exception 'the disk is full'; end $$;
      create trigger refuse_boom before insert on trailers for each row when (new.trailer_number = 'BOOM-1500') execute function refuse_boom();
    `);
    try {
      const rows = Array.from({ length: 2000 }, (_, i) => `boom-${i},Road,x`);
      const text = ["trailer_number,trailer_location,company_owner", ...rows].join("\n");
      expect(await refusal(uploadTrailers(superManager.ctx, { file: csv(text), dryRun: false }))).toEqual({
        status: 500,
        errors: [UPLOAD_MESSAGES.rolledBack],
      });
    } finally {
      await test.db.execute(sql`drop trigger refuse_boom on trailers; drop function refuse_boom();`);
    }
    expect(await trailerCount()).toBe(before);
    expect((await test.db.select({ value: count() }).from(trailerLocationHistory))[0].value).toBe(historyBefore);
  });
});

describe("who uploads where", () => {
  it("a non-admin uploads into its own account whatever account_id it sends; an admin must name an existing one", async () => {
    const text = `trailer_number,trailer_location,company_owner\r\nown-1,Road,x\r\n`;
    expect((await uploadTrailers(outsider.ctx, { accountId: String(accountId), file: csv(text), dryRun: false })).results.success).toBe(1);
    expect(await numbersIn(otherAccountId, ["OWN-1"])).toEqual(["OWN-1"]);
    expect(await numbersIn(accountId, ["OWN-1"])).toEqual([]);

    const noAccount = { status: 400, errors: [UPLOAD_MESSAGES.accountRequired], field: "account_id" };
    expect(await refusal(uploadTrailers(admin.ctx, { file: csv(text), dryRun: false }))).toEqual(noAccount);
    expect(await refusal(uploadTrailers(admin.ctx, { accountId: "2147483647", file: csv(text), dryRun: false }))).toEqual(noAccount);
    expect(await refusal(uploadTrailers(admin.ctx, { accountId: "abc", file: csv(text), dryRun: false }))).toEqual(noAccount);
    expect(
      (await uploadTrailers(admin.ctx, { accountId: String(otherAccountId), file: csv(text.replace("own-1", "adm-1")), dryRun: false }))
        .results.success,
    ).toBe(1);
  });

  it("a manager may not upload", async () => {
    const text = `trailer_number,trailer_location,company_owner\r\nmgr-1,Road,x\r\n`;
    expect(await refusal(uploadTrailers(manager.ctx, { file: csv(text), dryRun: false }))).toEqual({
      status: 403,
      errors: [UPLOAD_MESSAGES.denied],
    });
    expect(await numbersIn(accountId, ["MGR-1"])).toEqual([]);
  });
});

describe("the file", () => {
  it("is required, a CSV or Excel file within 5 MB, with the required columns", async () => {
    const upload = (file: UploadedFile | null) => refusal(uploadTrailers(superManager.ctx, { file, dryRun: false }));
    expect(await upload(null)).toEqual({ status: 400, errors: [UPLOAD_MESSAGES.fileRequired], field: "file" });
    expect(await upload(csv("a,b", "fleet.pdf"))).toEqual({ status: 400, errors: [UPLOAD_MESSAGES.fileType], field: "file" });
    expect(await upload({ name: "big.csv", bytes: new Uint8Array(5 * 1024 * 1024 + 1) })).toEqual({
      status: 413,
      errors: [UPLOAD_MESSAGES.tooLarge],
      field: "file",
    });
    expect(await upload(csv("trailer_number,location\r\nx,Road\r\n"))).toEqual({
      status: 400,
      errors: ["The file is missing the required columns trailer_location, company_owner (see the template)"],
      field: "file",
    });
  });

  it("the template uploads cleanly; an .xlsx and an .xls are read like the CSV", async () => {
    const account = (await createAccount(test.db, "Template Yard")).id;
    const uploader = contextFor(test.db, await createUser(test.db, { role: "super_manager", accountId: account }));
    expect(
      (await uploadTrailers(uploader.ctx, { file: csv(templateCsv(), "trailer_upload_template.csv"), dryRun: false })).results,
    ).toEqual({
      total: 2,
      success: 2,
      errors: [],
      dry_run: false,
    });
    for (const bookType of ["xlsx", "xls"] as const) {
      const book = utils.book_new();
      const sheet = utils.aoa_to_sheet([
        ["Trailer Number", "Trailer Location", "Company Owner", "Is Tray", "Tray Count"],
        [`${bookType}-1`, "shop", "acme", "yes", 3],
        [`${bookType}-2`, "Dock 9", "acme", false, null],
        [42, "Road", "acme", 0, null],
      ]);
      utils.book_append_sheet(book, sheet, "Trailers");
      const bytes = new Uint8Array(write(book, { type: "buffer", bookType }) as Buffer);
      const { results } = await uploadTrailers(uploader.ctx, { file: { name: `fleet.${bookType}`, bytes }, dryRun: false });
      expect(results).toEqual({
        total: 3,
        success: bookType === "xlsx" ? 2 : 1,
        dry_run: false,
        errors: [
          { row: 3, trailer_number: `${bookType.toUpperCase()}-2`, error: TRAILER_MESSAGES.locationUnknown },
          ...(bookType === "xlsx" ? [] : [{ row: 4, trailer_number: "42", error: "Trailer number 42 already exists" }]),
        ],
      });
      const [shop] = await test.db
        .select()
        .from(trailers)
        .where(eq(trailers.trailerNumber, `${bookType.toUpperCase()}-1`));
      expect(shop).toMatchObject({ accountId: account, trailerLocation: "Shop", inShop: true, isTray: true, trayCount: 3 });
    }
  });
});

describe("a trailer uploaded without a license state or type", () => {
  it("can be red-tagged through Update Trailer and through the API, which still check a state or type that is given", async () => {
    const text = ["trailer_number,trailer_location,company_owner,license_plate", "bare-1,Road,acme,PL8"].join("\r\n");
    expect((await uploadTrailers(superManager.ctx, { file: csv(text), dryRun: false })).results.success).toBe(1);
    const [bare] = await test.db
      .select()
      .from(trailers)
      .where(and(eq(trailers.accountId, accountId), eq(trailers.trailerNumber, "BARE-1")));
    expect([bare.licenseState, bare.type]).toEqual([null, null]);

    // The form sends every field, state and type blank.
    const form = {
      trailer_number: "BARE-1",
      company_owner: "ACME",
      license_plate: "PL8",
      license_state: "",
      type: "",
      trailer_location: "Road",
      load_type: "empty",
      red_tagged: "on",
      tagged_description: "Flat tyre",
    };
    const tagged = await updateTrailer(superManager.ctx, bare.id, form);
    expect([tagged.redTagged, tagged.licenseState, tagged.type]).toEqual([true, null, null]);

    // The API sends only what changes.
    const untagged = await updateTrailer(superManager.ctx, bare.id, { red_tagged: false, yellow_tagged: true }, { keepOmitted: true });
    expect([untagged.redTagged, untagged.yellowTagged, untagged.licenseState, untagged.type]).toEqual([false, true, null, null]);

    expect(await refusal(updateTrailer(superManager.ctx, bare.id, { ...form, license_state: "Texas" }))).toMatchObject({
      field: "license_state",
      errors: [TRAILER_MESSAGES.stateLength],
    });
    expect(await refusal(updateTrailer(superManager.ctx, bare.id, { ...form, type: "spaceship" }))).toMatchObject({
      field: "type",
      errors: [TRAILER_MESSAGES.typeUnknown],
    });
    // Adding one still needs both.
    expect(await refusal(createTrailer(superManager.ctx, { ...form, trailer_number: "BARE-2" }))).toMatchObject({
      status: 400,
      errors: expect.arrayContaining([TRAILER_MESSAGES.stateRequired, TRAILER_MESSAGES.typeRequired]),
    });
  });
});
