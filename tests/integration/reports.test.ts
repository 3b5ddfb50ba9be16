import { read as readWorkbook, CFB, utils } from "@e965/xlsx";
import { parse } from "csv-parse/sync";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildings, trailerLocationHistory, trailers, trucks, yards } from "#db/schema";
import { DEFAULT_VIEW, type DashboardView } from "#app/domain/dashboard";
import {
  REPORT_COLUMNS,
  REPORT_MESSAGES,
  REPORT_TYPES,
  reportHeader,
  type ListReportType,
  type MovesReportQuery,
  type ReportQuery,
} from "#app/domain/reports";
import { reportQueryOf } from "#app/http/queries.server";
import { reportCsv, reportPrintPage, reportXlsx, XLSX_ROW_LIMIT } from "#app/http/report-files.server";
import type { ServiceContext } from "#app/services/context.server";
import { accountDashboard, trailerListRow, trailerQueryOf } from "#app/services/dashboard.server";
import { listTrailers } from "#app/services/trailer-list.server";
import { createMove, transitionMove } from "#app/services/moves.server";
import { openReport, REPORT_REFUSALS, reportTypeOf, type Report } from "#app/services/reports.server";
import { createTestDatabase, type TestDatabase } from "./database";
import { contextFor, createAccount, createTrailer, createUser, refusal } from "./fixtures";

let test: TestDatabase;
let accountId: number;
let otherAccountId: number;
let emptyAccountId: number;
let manager: ServiceContext;
let otherManager: ServiceContext;
let driver: ServiceContext;
let admin: ServiceContext;

/** Trailers beyond one batch (1,000), so a report reads several. */
const MANY = 2_345;

/** A list's report: the dashboard's default view with `view`'s filters. */
const listOf = (type: ListReportType, view: Partial<DashboardView> = {}): ReportQuery => ({ type, view: { ...DEFAULT_VIEW, ...view } });
/** The moves report: today, every state and account, no search, but for what `query` says. */
const movesOf = (query: Partial<MovesReportQuery> = {}): ReportQuery => ({
  type: "moves",
  from: null,
  to: null,
  state: null,
  account: null,
  search: "",
  ...query,
});
/** A report's query as its address says it (the route's parsing). */
const parsed = (type: (typeof REPORT_TYPES)[number], query: string) =>
  Promise.resolve().then(() => reportQueryOf(type, new URLSearchParams(query)));

async function text(stream: ReadableStream<Uint8Array>): Promise<string> {
  // Keeps the byte order mark (Response.text() drops it).
  return new TextDecoder("utf-8", { ignoreBOM: true }).decode(await new Response(stream).arrayBuffer());
}

/** A report's headings as the files write them, in `timeZone` (csvOf's by default). */
const headersOf = (type: (typeof REPORT_TYPES)[number], timeZone = "America/New_York") =>
  REPORT_COLUMNS[type].map((column) => reportHeader(column, timeZone));

async function csvOf(ctx: ServiceContext, query: ReportQuery) {
  const report = await openReport(ctx, { query, output: "csv", timeZone: "America/New_York" });
  const raw = await text(reportCsv(report));
  return { report, raw, rows: parse(raw, { bom: true }) as string[][] };
}

/** Every row of the trailers list for a dashboard view, page by page, as the Trailers tab shows them. */
async function listedTrailers(ctx: ServiceContext, view: Partial<DashboardView>) {
  const rows = [];
  for (let page = 1; ; page++) {
    const list = await listTrailers(ctx, { ...trailerQueryOf(accountId, { ...DEFAULT_VIEW, ...view }), page, pageSize: 200 });
    rows.push(...list.trailers.map((item) => trailerListRow(item, Date.now())));
    if (rows.length >= list.total) return { rows, total: list.total };
  }
}

beforeAll(async () => {
  test = await createTestDatabase();
  accountId = (await createAccount(test.db, 'Dock, "Town"')).id;
  otherAccountId = (await createAccount(test.db, "Elsewhere")).id;
  emptyAccountId = (await createAccount(test.db, "Empty Lot")).id;
  await test.db.insert(yards).values({ accountId, name: "Yard A", parkingSpots: true, parkingLocation: "Gate 2" });
  await test.db.insert(buildings).values({ accountId, buildingName: "North", buildingDoorNumber: 20 });
  const locations = ["Yard A", "North-3", "Road", "Shop", "North-12"];
  await test.db.insert(trailers).values(
    Array.from({ length: MANY }, (_, index) => ({
      accountId,
      companyOwner: "ACME",
      trailerNumber: `R${String(index).padStart(5, "0")}`,
      trailerLocation: locations[index % locations.length],
      inShop: index % locations.length === 3,
      redTagged: index % 7 === 0,
      taggedDescription: index % 7 === 0 ? "Brakes, left side" : null,
      isLoaded: index % 3 === 0,
      loadNumber: index % 3 === 0 ? `LD${index}` : null,
    })),
  );
  await test.db.execute(sql`
    insert into trailer_location_history (trailer_id, account_id, location, entry_time)
    select id, account_id, trailer_location, now() - (id % 97) * interval '1 hour' from trailers where account_id = ${accountId}`);
  await createTrailer(test.db, otherAccountId, "Yard A");
  await test.db.insert(trucks).values({
    accountId,
    truckNumber: "TK1",
    truckLocation: "Shop",
    type: "boxtruck",
    licensePlate: "P1",
    licenseState: "MA",
    year: 2020,
    make: "MACK",
    model: "ANTHEM",
    inShop: true,
  });
  manager = contextFor(test.db, await createUser(test.db, { role: "manager", accountId, alphaCode: "MGR1" })).ctx;
  otherManager = contextFor(test.db, await createUser(test.db, { role: "manager", accountId: otherAccountId })).ctx;
  driver = contextFor(test.db, await createUser(test.db, { role: "yard_driver", accountId })).ctx;
  admin = contextFor(test.db, await createUser(test.db, { role: "admin", accountId: null })).ctx;
  await createUser(test.db, { role: "super_manager", accountId, alphaCode: "SUPER1" });
  await createUser(test.db, { role: "mechanic", accountId, alphaCode: "=MECH" });
});

afterAll(async () => {
  await test?.close();
});

describe("the trailers report", () => {
  it("holds every row of the dashboard's list for the same filters, in the same order, across batches", async () => {
    for (const view of [{}, { location: "North", sort: "desc" as const }, { status: "red", load: "loaded" }, { q: "r0001" }]) {
      const { rows } = await csvOf(manager, listOf("trailers", view));
      const listed = await listedTrailers(manager, view);
      const [header, ...body] = rows;
      expect(header).toEqual(headersOf("trailers"));
      expect(body).toHaveLength(listed.total);
      expect(body.map((row) => [row[0], row[4], row[6], row[9], row[11]])).toEqual(
        listed.rows.map((row) => [row.location, row.number, row.timeAtLocation, row.load, row.tag]),
      );
    }
    expect((await csvOf(manager, listOf("trailers"))).rows).toHaveLength(MANY + 1);
  });

  it("is the Trailers tab's first page when the list fits on it", async () => {
    const view = { ...DEFAULT_VIEW, account: null, status: "red", load: "loaded", q: "R01" };
    const tab = (await accountDashboard(manager, view)).trailers!;
    const { rows } = await csvOf(manager, listOf("trailers", view));
    expect(tab.total).toBeLessThan(50);
    expect(rows.slice(1).map((row) => row[4])).toEqual(tab.rows.map((row) => row.number));
  });

  it("writes status, since when and the tag as a spreadsheet reads them: local times, quoted commas", async () => {
    const { raw, rows } = await csvOf(manager, listOf("trailers", { status: "red" }));
    expect(raw.startsWith("\uFEFFLocation,Type,License State,License Plate,")).toBe(true);
    expect(raw).toContain('"Brakes, left side"\r\n');
    for (const row of rows.slice(1)) {
      expect(row[5]).toBe("Red Tagged");
      expect(row[7]).toMatch(/^\d+\.\d\d$/);
      expect(row[8]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d$/);
    }
  });

  it("neutralises a cell that would run as a formula", async () => {
    const [trailer] = await test.db
      .insert(trailers)
      .values({
        accountId,
        companyOwner: "ACME",
        trailerNumber: "ZZ-INJECT",
        trailerLocation: "Yard A",
        redTagged: true,
        taggedDescription: '=HYPERLINK("http://evil","x")',
      })
      .returning();
    try {
      const { rows } = await csvOf(manager, listOf("trailers", { q: "ZZ-INJECT" }));
      expect(rows[1][11]).toBe('\'=HYPERLINK("http://evil","x")');
    } finally {
      await test.db.delete(trailers).where(eq(trailers.id, trailer.id));
    }
  });
});

describe("the other lists' reports", () => {
  it("trucks, yards and buildings as their tabs show them", async () => {
    expect((await csvOf(manager, listOf("trucks"))).rows).toEqual([
      headersOf("trucks"),
      ["Shop", "TK1", "Boxtruck", "MACK", "ANTHEM", "MA", "P1", "Shop", "Just arrived", "", "", "Not assigned", ""],
    ]);
    const yardRows = (await csvOf(manager, listOf("yards"))).rows;
    expect(yardRows[1].slice(0, 3)).toEqual(["Yard A", "Available", "Gate 2"]);
    const buildingRows = (await csvOf(manager, listOf("buildings"))).rows;
    expect(buildingRows[1].slice(0, 2)).toEqual(["North", "20"]);
  });

  it("users with the report's role labels, only those the viewer may see, formula-like codes neutralised", async () => {
    const { rows } = await csvOf(manager, listOf("users"));
    const byCode = new Map(rows.slice(1).map((row) => [row[0], row]));
    expect(byCode.get("MGR1")?.[2]).toBe("Manager");
    expect(byCode.get("'=MECH")?.[2]).toBe("Mechanic");
    expect(byCode.has("SUPER1")).toBe(false);
    const seenByAdmin = (await csvOf(admin, listOf("users", { account: accountId }))).rows.map((row) => row[2]);
    expect(seenByAdmin).toContain("Super Manager");
    expect(seenByAdmin).toContain("Admin");
  });
});

describe("who reads which report", () => {
  it("a yard driver is refused every report, before what it asks for is read", async () => {
    for (const type of REPORT_TYPES) {
      expect(await refusal(Promise.resolve().then(() => reportTypeOf(driver, type, "csv"))), type).toEqual({
        status: 403,
        errors: [REPORT_REFUSALS.denied],
      });
    }
    const queries = [...(["trailers", "trucks", "yards", "buildings", "users"] as const).map((type) => listOf(type)), movesOf()];
    for (const query of queries) {
      expect(await refusal(openReport(driver, { query, output: "csv" })), query.type).toEqual({
        status: 403,
        errors: [REPORT_REFUSALS.denied],
      });
    }
  });

  it("a manager of another account gets its own account's rows whatever account it names", async () => {
    const { report, rows } = await csvOf(otherManager, listOf("trailers", { account: accountId }));
    expect(report.account).toBe("Elsewhere");
    expect(rows).toHaveLength(2);
  });

  it("an admin reads any account it names, and must name one for a list", async () => {
    const { report, rows } = await csvOf(admin, listOf("trailers", { account: accountId }));
    expect(report.account).toBe('Dock, "Town"');
    expect(rows).toHaveLength(MANY + 1);
    expect(await refusal(openReport(admin, { query: listOf("trailers"), output: "csv" }))).toMatchObject({ status: 400 });
  });

  it("an empty list and an unknown type are refused with the spec's messages", async () => {
    const emptyList = listOf("trailers", { account: emptyAccountId });
    expect(await refusal(openReport(admin, { query: emptyList, output: "print" }))).toEqual({
      status: 404,
      errors: [REPORT_MESSAGES.noDataToPrint],
    });
    expect(await refusal(openReport(admin, { query: emptyList, output: "csv" }))).toEqual({
      status: 404,
      errors: [REPORT_MESSAGES.noDataToExport],
    });
    expect(await refusal(Promise.resolve().then(() => reportTypeOf(manager, "companies", "print")))).toEqual({
      status: 404,
      errors: [REPORT_MESSAGES.unsupported],
    });
    // Even to a viewer who may read no report: what is not a report is not found.
    expect(await refusal(Promise.resolve().then(() => reportTypeOf(driver, "companies", "xlsx")))).toEqual({
      status: 404,
      errors: [REPORT_MESSAGES.unsupportedExport],
    });
  });
});

describe("the files", () => {
  it("the CSV and the workbook hold the same cells: local times named by their zone, durations in hours beside the text, state and plate apart", async () => {
    const [trailer] = await test.db
      .insert(trailers)
      .values({
        accountId,
        companyOwner: "ACME",
        trailerNumber: "ZZ-CELLS",
        trailerLocation: "Yard A",
        licenseState: "MA",
        licensePlate: "ABC123",
      })
      .returning();
    await test.db
      .insert(trailerLocationHistory)
      .values({ trailerId: trailer.id, accountId, location: "Yard A", entryTime: new Date("2026-11-27T05:44:28.821Z") });
    try {
      const request = {
        query: listOf("trailers", { q: "ZZ-CELLS" }),
        timeZone: "America/New_York",
        now: new Date("2026-11-27T08:14:28.821Z"),
      };
      const csv = parse(await text(reportCsv(await openReport(manager, { ...request, output: "csv" }))), { bom: true }) as string[][];
      const at = (header: string) => csv[0].indexOf(header);
      expect(csv[0]).toEqual(headersOf("trailers"));
      expect(csv[1].slice(at("License State"), at("License Plate") + 1)).toEqual(["MA", "ABC123"]);
      expect(csv[1].slice(at("Time at Location"), at("Time at Location (hours)") + 1)).toEqual(["2h 30m", "2.50"]);
      expect(csv[1][at("At Location Since (America/New_York)")]).toBe("2026-11-27 00:44");

      const file = await reportXlsx(await openReport(manager, { ...request, output: "xlsx" }));
      const sheet = Object.values(readWorkbook(file, { type: "array", cellNF: true }).Sheets)[0];
      const cell = (header: string) => sheet[utils.encode_cell({ r: 1, c: at(header) })];
      expect(utils.sheet_to_json<string[]>(sheet, { header: 1 })[0]).toEqual(csv[0]);
      expect([cell("License State").v, cell("License Plate").v]).toEqual(["MA", "ABC123"]);
      expect(cell("Time at Location (hours)")).toMatchObject({ t: "n", v: 2.5, z: "0.00" });
      // A date serial of the local time (days since 1899-12-30), shown as the CSV writes it.
      const since = cell("At Location Since (America/New_York)");
      expect(since).toMatchObject({ t: "n", z: "yyyy-mm-dd hh:mm" });
      expect(since.v).toBeCloseTo((Date.parse("2026-11-27T00:44:28.821Z") - Date.parse("1899-12-30T00:00:00Z")) / 86_400_000, 8);
      expect(since.w).toBe("2026-11-27 00:44");
    } finally {
      await test.db.delete(trailerLocationHistory).where(eq(trailerLocationHistory.trailerId, trailer.id));
      await test.db.delete(trailers).where(eq(trailers.id, trailer.id));
    }
  });

  it("an Excel workbook with typed cells, a frozen and filterable header and column widths", async () => {
    const report = await openReport(manager, { query: listOf("trailers"), output: "xlsx", timeZone: "UTC" });
    const file = await reportXlsx(report);
    const book = readWorkbook(file, { type: "array", cellDates: true, cellStyles: true });
    const sheet = book.Sheets[book.SheetNames[0]];
    expect(book.SheetNames[0]).toBe("Trailers Report");
    expect(sheet["A1"].v).toBe("Location");
    expect(sheet["I1"].v).toBe("At Location Since (UTC)");
    expect(sheet["!autofilter"]).toEqual({ ref: `A1:L${MANY + 1}` });
    expect(sheet["!cols"]?.map((column) => column.wch)).toEqual(REPORT_COLUMNS.trailers.map((column) => column.width));
    expect(sheet["I2"].t).toBe("d");
    expect(sheet["I2"].v).toBeInstanceOf(Date);
    const xml = new TextDecoder().decode(CFB.find(CFB.read(file, { type: "array" }), "/xl/worksheets/sheet1.xml")?.content as Uint8Array);
    expect(xml).toContain('<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>');
    const buildingsBook = readWorkbook(await reportXlsx(await openReport(manager, { query: listOf("buildings"), output: "xlsx" })), {
      type: "array",
    });
    const buildingsSheet = buildingsBook.Sheets[buildingsBook.SheetNames[0]];
    expect(buildingsSheet["B2"]).toMatchObject({ t: "n", v: 20 });
    expect(utils.sheet_to_json(buildingsSheet)).toHaveLength(1);
  });

  it("a workbook that prints: a bold header row repeated on every page, landscape, one page wide", async () => {
    const file = await reportXlsx(
      await openReport(manager, { query: listOf("trailers", { status: "red" }), output: "xlsx", timeZone: "UTC" }),
    );
    const zip = CFB.read(file, { type: "array" });
    const part = (path: string) => new TextDecoder().decode(CFB.find(zip, path)?.content as Uint8Array);
    const sheetXml = part("/xl/worksheets/sheet1.xml");
    // Fit to the page (sheetPr comes first in a worksheet), one page wide and as tall as the rows need, landscape.
    expect(sheetXml).toMatch(/<worksheet [^>]*><sheetPr><pageSetUpPr fitToPage="1"\/><\/sheetPr><dimension /);
    const pageSetup = /<pageMargins [^>]*\/><pageSetup ([^>]*)\/>/.exec(sheetXml);
    expect(pageSetup?.[1]).toBe('orientation="landscape" fitToWidth="1" fitToHeight="0"');

    // Row 1 printed at the top of every page: the sheet's print titles.
    const book = readWorkbook(file, { type: "array" });
    expect(book.Workbook?.Names?.find((name) => name.Name === "_xlnm.Print_Titles")).toMatchObject({
      Sheet: 0,
      Ref: "'Trailers Report'!$1:$1",
    });

    // Every header cell's format has a bold font; the rows below keep the default one.
    const stylesXml = part("/xl/styles.xml");
    const fonts = [...stylesXml.matchAll(/<font>([\s\S]*?)<\/font>/g)].map((match) => match[1]);
    const formats = [.../<cellXfs [^>]*>([\s\S]*?)<\/cellXfs>/.exec(stylesXml)![1].matchAll(/<xf ([^>]*)\/>/g)].map((match) => match[1]);
    const boldOf = (cellXml: string) => {
      const style = Number(/ s="(\d+)"/.exec(cellXml)?.[1] ?? 0);
      const font = Number(/fontId="(\d+)"/.exec(formats[style])![1]);
      return fonts[font].includes("<b/>");
    };
    const cellsOfRow = (row: number) => [...sheetXml.matchAll(new RegExp(`<c r="[A-Z]+${row}"[^>]*>`, "g"))].map((match) => match[0]);
    expect(cellsOfRow(1)).toHaveLength(REPORT_COLUMNS.trailers.length);
    expect(cellsOfRow(1).map(boldOf)).toEqual(REPORT_COLUMNS.trailers.map(() => true));
    expect(cellsOfRow(2).some(boldOf)).toBe(false);
    // Still frozen below the header, and the header's texts unchanged.
    expect(sheetXml).toContain('<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>');
    expect(utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]], { header: 1 })[0]).toEqual(headersOf("trailers", "UTC"));
  });

  it("the print page: heading, filters, every row, the footer with the year; text escaped", async () => {
    const report = await openReport(manager, { query: listOf("trailers", { status: "red" }), output: "print", timeZone: "UTC" });
    const html = await text(reportPrintPage(report, "n0nce"));
    expect(html).toContain("<h1>Dock, &quot;Town&quot; — Trailers Report</h1>");
    expect(html).toContain("Filters: Status: Red Tagged; Time at Location: Newest First");
    expect(html.match(/<tr>/g)).toHaveLength(Math.ceil(MANY / 7) + 1);
    expect(html).toContain(`Yardline Yard Management System © ${new Date().getUTCFullYear()}`);
    expect(html).toContain('<script nonce="n0nce">');
  });

  it(`refuses an Excel report past ${XLSX_ROW_LIMIT.toLocaleString("en-US")} rows before writing it`, async () => {
    const report: Report = {
      ...(await openReport(manager, { query: listOf("buildings"), output: "xlsx" })),
      batches: (async function* () {
        for (let sent = 0; sent <= XLSX_ROW_LIMIT; sent += 10_000) yield Array.from({ length: 10_000 }, () => ["x", 1, null, null]);
      })(),
    };
    expect(await refusal(reportXlsx(report))).toMatchObject({ status: 413 });
  });

  it("a reader that stops early leaves no cursor or connection behind", async () => {
    const report = await openReport(manager, { query: listOf("trailers"), output: "csv" });
    const reader = reportCsv(report).getReader();
    await reader.read();
    await reader.read();
    await reader.cancel();
    const [{ open }] = (await test.db.execute(sql`select count(*)::int as open from pg_cursors`)).rows as { open: number }[];
    expect(open).toBe(0);
    expect((await csvOf(manager, listOf("trailers", { q: "R00001" }))).rows).toHaveLength(2);
  });
});

describe("the moves report", () => {
  it("lists each leg of the moves requested today in the viewer's time zone, with who and when", async () => {
    const [a, b] = await test.db
      .select()
      .from(trailers)
      .where(sql`${trailers.accountId} = ${accountId} and ${trailers.trailerLocation} = 'Yard A' and not ${trailers.redTagged}`)
      .limit(2);
    const yardDriver = contextFor(test.db, await createUser(test.db, { role: "yard_driver", accountId, alphaCode: "YD9" })).ctx;
    const move = await createMove(manager, {
      move_details: {
        type: "shuttle",
        moves: [
          { from: "Yard A", to: "North-1", trailer: a.trailerNumber },
          { from: "Yard A", to: "North-2", trailer: b.trailerNumber },
        ],
      },
    });
    await transitionMove(yardDriver, move.id, "accept");
    await transitionMove(yardDriver, move.id, "finish");
    const { rows } = await csvOf(manager, movesOf());
    const legs = rows.filter((row) => row[0] === String(move.id));
    expect(legs.map((row) => row.slice(1, 10))).toEqual([
      ['Dock, "Town"', "Shuttle", "Finished", "1", "Yard A", "North-1", a.trailerNumber, "MGR1", "YD9"],
      ['Dock, "Town"', "Shuttle", "Finished", "2", "Yard A", "North-2", b.trailerNumber, "MGR1", "YD9"],
    ]);
    for (const leg of legs) {
      expect(leg).toHaveLength(REPORT_COLUMNS.moves.length);
      // Requested, Accepted and Finished are local times; Cancelled is empty; each duration is text and hours.
      for (const column of [10, 11, 12]) expect(leg[column]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d$/);
      expect(leg[13]).toBe("");
      expect(leg[14]).toMatch(/^(\d+[dhms] ?)+$/);
      expect(leg[15]).toMatch(/^\d+\.\d\d$/);
      expect(leg[16]).toMatch(/^(\d+[dhms] ?)+$/);
      expect(leg[17]).toMatch(/^\d+\.\d\d$/);
    }
    expect(await refusal(openReport(manager, { query: movesOf({ from: "2020-01-01", to: "2020-01-31" }), output: "csv" }))).toEqual({
      status: 404,
      errors: [REPORT_MESSAGES.noDataToExport],
    });
    expect(await refusal(openReport(manager, { query: movesOf({ from: "2026-03-02", to: "2026-03-01" }), output: "csv" }))).toEqual({
      status: 400,
      errors: [REPORT_REFUSALS.dateRange],
      field: "from",
    });
    // A day after today with no last day runs to that day.
    expect(await refusal(openReport(manager, { query: movesOf({ from: "2099-01-01" }), output: "csv" }))).toEqual({
      status: 404,
      errors: [REPORT_MESSAGES.noDataToExport],
    });
    expect(await refusal(openReport(otherManager, { query: movesOf({ account: accountId }), output: "csv" }))).toMatchObject({
      status: 404,
    });
  });

  it("reads its days, state, account and search from the address; a day that is none is a 400 naming it", async () => {
    expect(await parsed("moves", "")).toEqual(movesOf());
    expect(await parsed("moves", `from=%202026-03-01%20&to=2026-03-05&state=finished&account=%20${accountId}&q=%20R01%20`)).toEqual(
      movesOf({ from: "2026-03-01", to: "2026-03-05", state: "finished", account: accountId, search: "R01" }),
    );
    // Blank days are today; an unknown state and an account that is no id are none; a parameter given twice counts once.
    expect(await parsed("moves", "from=%20&to=&state=lost&account=x")).toEqual(movesOf());
    expect(await parsed("moves", "from=2026-03-01&from=nonsense")).toEqual(movesOf({ from: "2026-03-01" }));
    expect(await refusal(parsed("moves", "from=2026-02-30"))).toEqual({
      status: 400,
      errors: [REPORT_REFUSALS.date("From")],
      field: "from",
    });
    expect(await refusal(parsed("moves", "to=1899-12-31"))).toEqual({ status: 400, errors: [REPORT_REFUSALS.date("To")], field: "to" });
    // Both wrong: the first is told, as before.
    expect(await refusal(parsed("moves", "to=x&from=y"))).toEqual({ status: 400, errors: [REPORT_REFUSALS.date("From")], field: "from" });
  });
});

describe("the location history report", () => {
  it("lists every stay of one trailer, newest first, the open one Current; another account's trailer is not found", async () => {
    const trailer = await createTrailer(test.db, accountId, "Yard A");
    await test.db.insert(trailerLocationHistory).values([
      {
        trailerId: trailer.id,
        accountId,
        location: "North-3",
        entryTime: new Date("2026-01-01T08:00:00Z"),
        exitTime: new Date("2026-01-01T10:30:00Z"),
      },
      { trailerId: trailer.id, accountId, location: "Yard A", entryTime: new Date("2026-01-01T10:30:00Z"), userAlphaCode: "MGR1" },
    ]);
    const { rows } = await csvOf(manager, { type: "trailer-history", id: trailer.id });
    expect(rows.slice(1).map((row) => [row[0], row[2], row[3], row[4], row[5]])).toEqual([
      ["Yard A", "Current", rows[1][3], rows[1][4], "MGR1"],
      ["North-3", "2026-01-01 05:30", "2h 30m", "2.50", ""],
    ]);
    expect(await refusal(openReport(otherManager, { query: { type: "trailer-history", id: trailer.id }, output: "csv" }))).toMatchObject({
      status: 404,
    });
  });

  it("reads the trailer or truck from the address's id: missing or not a whole number is a 400 naming it", async () => {
    expect(await parsed("truck-history", "id=12")).toEqual({ type: "truck-history", id: 12 });
    for (const query of ["", "id=", "id=abc", "id=1.5"]) {
      expect(await refusal(parsed("trailer-history", query)), query).toEqual({
        status: 400,
        errors: [REPORT_REFUSALS.assetRequired],
        field: "id",
      });
    }
  });
});
