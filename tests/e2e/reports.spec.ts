import { readFile } from "node:fs/promises";
import { read as readWorkbook, utils, type WorkBook } from "@e965/xlsx";
import { parse } from "csv-parse/sync";
import { desc, eq, sql } from "drizzle-orm";
import { request as playwrightRequest, type APIRequestContext, type APIResponse, type Locator, type Page } from "@playwright/test";
import { accounts, trailerLocationHistory, trailers } from "#db/schema";
import { filterLabel } from "#app/domain/dashboard";
import { REPORT_COLUMNS, reportHeader, REPORT_MESSAGES, REPORT_TYPES, type ReportType } from "#app/domain/reports";
import { dayIn } from "#app/domain/time-zones";
import type { Database } from "#app/lib/db.server";
import { REPORT_REFUSALS } from "#app/services/reports.server";
import { SCOPE_MESSAGES } from "#app/services/scope.server";
import { addTrailer, BASE_URL, csrfTokenOf, expect, expectConsoleErrors, failedLoad, filters, openFilters, test, visit } from "./fixtures";
import { escapeRegExp } from "./regexp";

/**
 * Reports through the Worker and Chromium: who may read which report over HTTP, the dashboard's
 * Print Report, Excel Report (CSV) and Excel Workbook (.xlsx) buttons, the moves report of the Move Status panel and a
 * trailer's location history, with and without JavaScript. The service's own rules (filters,
 * batches, the files' cells) are tested in tests/integration/reports.test.ts.
 */

const MANAGER = "manager@acme.test";
const NO_MATCH = "NO-SUCH-TRAILER";
/** A browser's time zone other than the server's UTC, so "today" is the viewer's day. */
const VIEWER_ZONE = "America/New_York";

/** The report buttons' names, spelt out here so a changed label fails the tests. */
const CSV_BUTTON = "Excel Report (CSV)";
const XLSX_BUTTON = "Excel Workbook (.xlsx)";

/** A report's headings in `timeZone` (a time column names it). */
const headersOf = (type: ReportType, timeZone: string) => REPORT_COLUMNS[type].map((column) => reportHeader(column, timeZone));
/** Where a column is in a report's rows, by its heading (without the zone a time column adds). */
const columnOf = (type: ReportType, header: string) => REPORT_COLUMNS[type].findIndex((column) => column.header === header);
const NUMBER = columnOf("trailers", "Trailer Number");
const STATUS = columnOf("trailers", "Status");
/** A time as the reports write it: the local date and time of the report's zone, to the minute. */
const LOCAL_TIME = /^\d{4}-\d\d-\d\d \d\d:\d\d$/;
/** The browser's time zone, which its reports are written in. */
const browserZone = (page: Page) => page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);

async function accountNamed(db: Database, name: string) {
  const [account] = await db.select().from(accounts).where(eq(accounts.accountName, name));
  return account;
}

/** Every trailer number of an account, sorted. */
async function trailerNumbersOf(db: Database, accountId: number) {
  const rows = await db.select({ number: trailers.trailerNumber }).from(trailers).where(eq(trailers.accountId, accountId));
  return rows.map((row) => row.number).sort();
}

/** A CSV report's rows, the header row first (its byte order mark dropped). */
const csvRows = (text: string) => parse(text, { bom: true }) as string[][];

/**
 * Checks a report's file name, `{account} - {type}_report_{YYYY-MM-DD_HHmmss}.{ext}`, and that its
 * time (UTC, whole seconds) lies between `from` and `to`.
 */
function expectFileName(name: string, account: string, type: ReportType, ext: "csv" | "xlsx", from: number, to: number) {
  const match = new RegExp(`^${escapeRegExp(account)} - ${type}_report_(\\d{4}-\\d\\d-\\d\\d)_(\\d\\d)(\\d\\d)(\\d\\d)\\.${ext}$`).exec(
    name,
  );
  expect(match, name).not.toBeNull();
  const [, day, hours, minutes, seconds] = match!;
  const stamp = Date.parse(`${day}T${hours}:${minutes}:${seconds}Z`);
  expect(stamp).toBeGreaterThanOrEqual(Math.floor(from / 1000) * 1000);
  expect(stamp).toBeLessThanOrEqual(to);
}

/** The file name an answer's `Content-Disposition` gives (an attachment). */
function attachmentName(response: APIResponse): string {
  const disposition = response.headers()["content-disposition"] ?? "";
  expect(disposition).toMatch(/^attachment; filename="[^"]+"; filename\*=UTF-8''/);
  return /filename="([^"]+)"/.exec(disposition)![1];
}

/** A refusal as JSON: `{error, errors}` with the one message. */
async function expectRefusal(response: APIResponse, status: number, message: string, label = "") {
  expect(response.status(), `${label} ${await response.text()}`).toBe(status);
  expect(await response.json(), label).toMatchObject({ error: message, errors: [message] });
}

/** The workbook of an `.xlsx` report, its cells typed (times as dates). */
function workbookOf(bytes: Buffer): WorkBook {
  return readWorkbook(bytes, { type: "buffer", cellDates: true });
}

/** The rows of a workbook's only sheet, the header row first. */
function sheetRows(book: WorkBook): unknown[][] {
  return utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]], { header: 1, defval: null });
}

/** What a download link or button offers: its suggested name and its bytes. */
async function download(page: Page, trigger: Locator) {
  const [file] = await Promise.all([page.waitForEvent("download"), trigger.click()]);
  expect(await file.failure()).toBeNull();
  const body = await readFile((await file.path())!);
  return { name: file.suggestedFilename(), body, text: body.toString("utf8") };
}

/** The dashboard's "N trailers" under the filters, as a number. */
async function listTotal(page: Page): Promise<number> {
  const count = page.getByText(/^\d+ trailers?$/);
  await expect(count).toBeVisible();
  return Number((await count.textContent())!.split(" ")[0]);
}

/** The trailer numbers the Trailers tab shows on this page, top to bottom. */
const listedNumbers = (page: Page) => page.locator("table tbody tr td:nth-child(5)").allTextContents();

/** The Trailers tab's report links. */
const trailerReports = (page: Page) => page.getByRole("group", { name: "Trailers reports" });

/** Opens the Trailers tab filtered to Red Tagged (by its filter, as a user does) and waits for the list. */
async function redTaggedList(page: Page) {
  await visit(page, "/");
  await openFilters(page);
  await filters(page).chip("Red Tagged").click();
  await expect(page).toHaveURL(/status=red/);
  // The report links follow the list's view: once they name the filter, the list shows it too.
  await expect(trailerReports(page).getByRole("link", { name: CSV_BUTTON, exact: true })).toHaveAttribute(
    "href",
    "/reports/trailers.csv?status=red",
  );
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/** An API client that may send writes (its CSRF header). */
async function writer(api: APIRequestContext) {
  const headers = { "X-CSRF-Token": await csrfTokenOf(api) };
  return {
    post: (path: string, data: unknown) => api.post(path, { headers, data }),
    put: (path: string) => api.put(path, { headers }),
  };
}

/**
 * A move requested by `requester` (a super manager: it adds the trailers too) and accepted and
 * finished by `driver`: each leg a trailer of its own from Yard A to `destinations[i]`.
 */
async function finishedMove(requester: APIRequestContext, driver: APIRequestContext, destinations: string[]) {
  const numbers: string[] = [];
  for (let leg = 0; leg < destinations.length; leg++) numbers.push(await addTrailer(requester, "Yard A", "RP"));
  const requesting = await writer(requester);
  const created = await requesting.post("/api/moves", {
    move_details: {
      type: destinations.length === 1 ? "single" : "shuttle",
      moves: destinations.map((to, index) => ({ from: "Yard A", to, trailer: numbers[index] })),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const move = (await created.json()) as { id: number };
  const driving = await writer(driver);
  for (const action of ["accept", "finish"]) {
    const answer = await driving.put(`/api/moves/${move.id}/${action}`);
    expect(answer.status(), `${action}: ${await answer.text()}`).toBe(200);
  }
  return { id: move.id, numbers };
}

test.describe("over HTTP", () => {
  test("a yard driver is refused every report, printed or downloaded: 403 with the message", async ({ apiAs }) => {
    const driver = await apiAs("yard@acme.test");
    for (const type of REPORT_TYPES) {
      for (const extension of ["", ".csv", ".xlsx"]) {
        const path = `/reports/${type}${extension}`;
        await expectRefusal(await driver.get(path), 403, REPORT_REFUSALS.denied, path);
      }
    }
    // Opened in a window: a short page with the message and the way back to the list.
    const page = await driver.get("/reports/trailers?status=red", { headers: { Accept: "text/html" } });
    expect(page.status()).toBe(403);
    expect(page.headers()["content-type"]).toBe("text/html; charset=utf-8");
    const html = await page.text();
    expect(html).toContain(`<h1>${REPORT_REFUSALS.denied}</h1>`);
    expect(html).toContain('<a href="/?status=red">Back to the dashboard</a>');
  });

  test("a manager of another account who names Acme Boston gets Acme Newark's trailers, in files named for Acme Newark", async ({
    apiAs,
    db,
  }) => {
    const boston = await accountNamed(db, "Acme Boston");
    const newark = await accountNamed(db, "Acme Newark");
    const manager = await apiAs("manager@newark.test");

    const from = Date.now();
    const csv = await manager.get(`/reports/trailers.csv?account=${boston.id}`);
    const to = Date.now();
    expect(csv.status()).toBe(200);
    expect(csv.headers()["content-type"]).toBe("text/csv; charset=utf-8");
    expectFileName(attachmentName(csv), "Acme Newark", "trailers", "csv", from, to);
    const text = (await csv.body()).toString("utf8");
    expect(text.startsWith("\uFEFFLocation,Type,")).toBe(true);
    const [header, ...rows] = csvRows(text);
    // No zone asked for: UTC, named in the time columns' headings.
    expect(header).toEqual(headersOf("trailers", "UTC"));
    const newarkNumbers = await trailerNumbersOf(db, newark.id);
    expect(newarkNumbers.length).toBeGreaterThan(0);
    expect(rows.map((row) => row[NUMBER]).sort()).toEqual(newarkNumbers);

    const xlsx = await manager.get(`/reports/trailers.xlsx?account=${boston.id}`);
    expect(xlsx.status()).toBe(200);
    expect(xlsx.headers()["content-type"]).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expectFileName(attachmentName(xlsx), "Acme Newark", "trailers", "xlsx", from, Date.now());
    const sheet = sheetRows(workbookOf(await xlsx.body()));
    expect(
      sheet
        .slice(1)
        .map((row) => row[NUMBER])
        .sort(),
    ).toEqual(newarkNumbers);

    const print = await manager.get(`/reports/trailers?account=${boston.id}`, { headers: { Accept: "text/html" } });
    expect(print.status()).toBe(200);
    expect(await print.text()).toContain("<h1>Acme Newark — Trailers Report</h1>");
  });

  test("an admin reads the account it names, and is asked for one when it names none", async ({ apiAs, db }) => {
    const boston = await accountNamed(db, "Acme Boston");
    const admin = await apiAs("admin@yardline.test");
    const from = Date.now();
    const csv = await admin.get(`/reports/trailers.csv?account=${boston.id}`);
    expect(csv.status()).toBe(200);
    expectFileName(attachmentName(csv), "Acme Boston", "trailers", "csv", from, Date.now());
    const [, ...rows] = csvRows((await csv.body()).toString("utf8"));
    expect(rows.map((row) => row[NUMBER]).sort()).toEqual(await trailerNumbersOf(db, boston.id));

    for (const path of ["/reports/trailers.csv", "/reports/trucks.xlsx", "/reports/users"]) {
      await expectRefusal(await admin.get(path), 400, SCOPE_MESSAGES.accountRequired, path);
    }
    const page = await admin.get("/reports/yards", { headers: { Accept: "text/html" } });
    expect(page.status()).toBe(400);
    expect(await page.text()).toContain(`<h1>${SCOPE_MESSAGES.accountRequired}</h1>`);
  });

  test("an unknown report type is not found: the spec's message for printing and for Excel export", async ({ apiAs }) => {
    const manager = await apiAs(MANAGER);
    for (const [path, message] of [
      ["/reports/companies", REPORT_MESSAGES.unsupported],
      ["/reports/companies.csv", REPORT_MESSAGES.unsupportedExport],
      ["/reports/companies.xlsx", REPORT_MESSAGES.unsupportedExport],
      ["/reports/trailers.pdf", REPORT_MESSAGES.unsupported],
    ]) {
      await expectRefusal(await manager.get(path), 404, message, path);
    }
    const page = await manager.get("/reports/companies", { headers: { Accept: "text/html" } });
    expect(page.status()).toBe(404);
    expect(await page.text()).toContain(`<h1>${REPORT_MESSAGES.unsupported}</h1>`);
  });

  test("an empty list is refused with the spec's messages: no data to generate, no data to export", async ({ apiAs }) => {
    const manager = await apiAs(MANAGER);
    await expectRefusal(await manager.get(`/reports/trailers?q=${NO_MATCH}`), 404, REPORT_MESSAGES.noDataToPrint);
    await expectRefusal(await manager.get(`/reports/trailers.csv?q=${NO_MATCH}`), 404, REPORT_MESSAGES.noDataToExport);
    await expectRefusal(await manager.get(`/reports/trailers.xlsx?q=${NO_MATCH}`), 404, REPORT_MESSAGES.noDataToExport);
  });

  test("a report longer than one batch comes whole through the Worker, in order: a trailer's history of 2,500 stays", async ({
    apiAs,
    db,
  }) => {
    const added = await addTrailer(await apiAs("super@acme.test"), "Yard A", "LH");
    const [trailer] = await db.select().from(trailers).where(eq(trailers.trailerNumber, added));
    // Earlier stays, closed, a day each; some share their entry time, so the id orders them.
    await db.execute(sql`
      insert into trailer_location_history (trailer_id, account_id, location, entry_time, exit_time, user_alpha_code)
      select ${trailer.id}, ${trailer.accountId}, 'Yard A', now() - (n / 2 + 2) * interval '1 day', now() - (n / 2 + 1) * interval '1 day', 'LH' || n
        from generate_series(1, 2499) as n`);
    const csv = await (await apiAs(MANAGER)).get(`/reports/trailer-history.csv?id=${trailer.id}`);
    expect(csv.status()).toBe(200);
    const [header, ...rows] = csvRows((await csv.body()).toString("utf8"));
    expect(header).toEqual(headersOf("trailer-history", "UTC"));
    const stays = await db
      .select({ who: trailerLocationHistory.userAlphaCode })
      .from(trailerLocationHistory)
      .where(eq(trailerLocationHistory.trailerId, trailer.id))
      .orderBy(desc(trailerLocationHistory.entryTime), desc(trailerLocationHistory.id));
    expect(rows).toHaveLength(2_500);
    expect(rows.map((row) => row[5])).toEqual(stays.map((stay) => stay.who));
  });

  test("signed out, every report address sends to the login page", async () => {
    const visitor = await playwrightRequest.newContext({ baseURL: BASE_URL });
    try {
      for (const path of ["/reports/trailers", "/reports/trailers.csv", "/reports/moves.xlsx", "/reports/companies"]) {
        const response = await visitor.get(path, { maxRedirects: 0 });
        expect(response.status(), path).toBe(302);
        expect(response.headers().location, path).toBe("/login");
      }
    } finally {
      await visitor.dispose();
    }
  });
});

test.describe("on the dashboard, in Chromium", () => {
  test("Excel Report (CSV) downloads every row of the filtered trailer list as CSV, and Excel Workbook (.xlsx) a workbook of typed cells", async ({
    page,
    signInAs,
  }) => {
    await signInAs(page, MANAGER);
    await redTaggedList(page);
    // The spec's "Excel Report" is the CSV, and says so; the workbook is named beside it.
    await expect(trailerReports(page).getByRole("link")).toHaveText(["Print Report", CSV_BUTTON, XLSX_BUTTON]);
    const total = await listTotal(page);
    expect(total).toBeGreaterThan(0);
    const shown = await listedNumbers(page);
    expect(shown).toHaveLength(Math.min(total, 50));

    const zone = await browserZone(page);
    const headers = headersOf("trailers", zone);
    const since = headers.indexOf(`At Location Since (${zone})`);
    const from = Date.now();
    const csv = await download(page, trailerReports(page).getByRole("link", { name: CSV_BUTTON, exact: true }));
    expectFileName(csv.name, "Acme Boston", "trailers", "csv", from, Date.now());
    expect(csv.text.startsWith("\uFEFF")).toBe(true);
    expect(csv.text.split("\r\n")[0]).toBe(`\uFEFF${headers.join(",")}`);
    const [header, ...rows] = csvRows(csv.text);
    expect(header).toEqual(headers);
    // Every page of the list: the page shows the first 50 rows, the report holds them all, in the same order.
    expect(rows).toHaveLength(total);
    expect(rows.slice(0, shown.length).map((row) => row[NUMBER])).toEqual(shown);
    expect(new Set(rows.map((row) => row[STATUS]))).toEqual(new Set(["Red Tagged"]));
    // Times as the browser's local date and time, which spreadsheets read as dates.
    expect(rows.filter((row) => row[since] !== "").every((row) => LOCAL_TIME.test(row[since]))).toBe(true);

    const xlsx = await download(page, trailerReports(page).getByRole("link", { name: XLSX_BUTTON, exact: true }));
    expectFileName(xlsx.name, "Acme Boston", "trailers", "xlsx", from, Date.now());
    const book = workbookOf(xlsx.body);
    expect(book.SheetNames).toEqual(["Trailers Report"]);
    const [sheetHeader, ...sheet] = sheetRows(book);
    expect(sheetHeader).toEqual(headers);
    expect(sheet.map((row) => row[NUMBER])).toEqual(rows.map((row) => row[NUMBER]));
    for (const row of sheet) {
      expect(row[STATUS]).toBe("Red Tagged");
      if (row[since] !== null) expect(row[since]).toBeInstanceOf(Date);
    }
    expect(sheet.some((row) => row[since] instanceof Date)).toBe(true);
  });

  test("Print Report opens the report's page: account, title, filters, every row and the footer; it prints once loaded and again from its Print button", async ({
    page,
    context,
    signInAs,
  }) => {
    await context.addInitScript(() => {
      const printed = { calls: 0 };
      Object.assign(window, { __printed: printed });
      window.print = () => {
        printed.calls += 1;
      };
    });
    await signInAs(page, MANAGER);
    await redTaggedList(page);
    const total = await listTotal(page);
    const shown = await listedNumbers(page);
    const dashboard = page.url();

    const [report] = await Promise.all([
      context.waitForEvent("page"),
      trailerReports(page).getByRole("link", { name: "Print Report" }).click(),
    ]);
    await report.waitForLoadState("load");
    expect(new URL(report.url()).pathname).toBe("/reports/trailers");
    expect(new URL(report.url()).searchParams.get("status")).toBe("red");
    await expect(report).toHaveTitle("Acme Boston - Trailers Report");
    await expect(report.getByRole("heading", { level: 1 })).toHaveText("Acme Boston — Trailers Report");
    await expect(report.getByText(/^Filters: /)).toHaveText(`Filters: Status: Red Tagged; Time at Location: ${filterLabel("asc")}`);
    await expect(report.getByRole("columnheader")).toHaveText(headersOf("trailers", await browserZone(page)));
    const rows = report.locator("tbody tr");
    await expect(rows).toHaveCount(total);
    expect((await report.locator(`tbody tr td:nth-child(${NUMBER + 1})`).allTextContents()).slice(0, shown.length)).toEqual(shown);
    await expect(report.locator(`tbody tr td:nth-child(${STATUS + 1})`).filter({ hasNotText: /^Red Tagged$/ })).toHaveCount(0);
    await expect(report.getByText(`${total} ${total === 1 ? "row" : "rows"}`, { exact: true })).toBeVisible();
    await expect(report.getByText(`Yardline Yard Management System © ${new Date().getUTCFullYear()}`)).toBeVisible();

    const printCalls = () => report.evaluate(() => (window as unknown as { __printed: { calls: number } }).__printed.calls);
    await expect.poll(printCalls).toBe(1);
    await report.getByRole("button", { name: "Print" }).click();
    await expect.poll(printCalls).toBe(2);
    // The dashboard stays where it was.
    expect(page.url()).toBe(dashboard);
  });

  test("an empty list: Excel Report (CSV), Excel Workbook (.xlsx) and Print Report say there is no data, and nothing is downloaded or opened", async ({
    page,
    context,
    signInAs,
  }) => {
    await signInAs(page, MANAGER);
    await visit(page, `/?q=${NO_MATCH}`);
    expect(await listTotal(page)).toBe(0);
    await expect(page.getByText("No trailers found matching your filters")).toBeVisible();

    const alerts: string[] = [];
    page.on("dialog", (dialog) => {
      alerts.push(`${dialog.type()}: ${dialog.message()}`);
      void dialog.accept();
    });
    const reportRequests: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname.startsWith("/reports/")) reportRequests.push(request.url());
    });
    const downloads: string[] = [];
    page.on("download", (file) => downloads.push(file.suggestedFilename()));

    const group = trailerReports(page);
    await group.getByRole("link", { name: CSV_BUTTON, exact: true }).click();
    await expect.poll(() => alerts).toEqual([`alert: ${REPORT_MESSAGES.noDataToExport}`]);
    await group.getByRole("link", { name: XLSX_BUTTON, exact: true }).click();
    await expect.poll(() => alerts).toEqual([`alert: ${REPORT_MESSAGES.noDataToExport}`, `alert: ${REPORT_MESSAGES.noDataToExport}`]);
    await group.getByRole("link", { name: "Print Report" }).click();
    await expect
      .poll(() => alerts)
      .toEqual([
        `alert: ${REPORT_MESSAGES.noDataToExport}`,
        `alert: ${REPORT_MESSAGES.noDataToExport}`,
        `alert: ${REPORT_MESSAGES.noDataToPrint}`,
      ]);
    expect(reportRequests).toEqual([]);
    expect(downloads).toEqual([]);
    expect(context.pages()).toHaveLength(1);
    await expect(page).toHaveURL(new RegExp(`/\\?q=${NO_MATCH}$`));
  });

  test("a blocked pop-up: Print Report asks to allow pop-ups", async ({ page, context, signInAs }) => {
    await page.addInitScript(() => {
      window.open = () => null;
    });
    await signInAs(page, MANAGER);
    await redTaggedList(page);
    const dashboard = page.url();
    const alerts: string[] = [];
    page.on("dialog", (dialog) => {
      alerts.push(`${dialog.type()}: ${dialog.message()}`);
      void dialog.accept();
    });
    await trailerReports(page).getByRole("link", { name: "Print Report" }).click();
    await expect.poll(() => alerts).toEqual([`alert: ${REPORT_MESSAGES.popupsBlocked}`]);
    expect(context.pages()).toHaveLength(1);
    expect(page.url()).toBe(dashboard);
  });

  test.describe("in the viewer's time zone", () => {
    test.use({ timezoneId: VIEWER_ZONE });

    test("the Move Status panel's moves report for today lists a move requested and finished in the test, leg by leg, with its requester and driver", async ({
      page,
      apiAs,
      newUser,
      signInAs,
    }) => {
      const requester = await newUser("super_manager");
      const driver = await newUser("yard_driver");
      const move = await finishedMove(await apiAs(requester.email), await apiAs(driver.email), ["Shop", "Overflow Lot"]);

      await signInAs(page, MANAGER);
      await visit(page, "/");
      const dashboard = page.url();
      const panel = page.getByRole("region", { name: "Move Status" });
      await panel.getByText("Moves report", { exact: true }).click();
      // Today is the viewer's: once the page has learnt the browser's time zone, From and To are that zone's day.
      await expect(panel.locator('input[type="hidden"][name="tz"]')).toHaveValue(VIEWER_ZONE);
      await expect(panel.getByLabel("From", { exact: true })).toHaveValue(dayIn(VIEWER_ZONE));
      await expect(panel.getByLabel("To", { exact: true })).toHaveValue(dayIn(VIEWER_ZONE));

      const buttons = panel.getByRole("group", { name: "Moves report" }).getByRole("button");
      await expect(buttons).toHaveText(["Print Report", CSV_BUTTON, XLSX_BUTTON]);
      const from = Date.now();
      const csv = await download(page, buttons.filter({ hasText: CSV_BUTTON }));
      expectFileName(csv.name, "Acme Boston", "moves", "csv", from, Date.now());
      const [header, ...rows] = csvRows(csv.text);
      expect(header).toEqual(headersOf("moves", VIEWER_ZONE));
      const legs = rows.filter((row) => row[0] === String(move.id));
      expect(legs.map((row) => row.slice(1, 10))).toEqual(
        move.numbers.map((trailer, index) => [
          "Acme Boston",
          "Shuttle",
          "Finished",
          String(index + 1),
          "Yard A",
          ["Shop", "Overflow Lot"][index],
          trailer,
          requester.alphaCode,
          driver.alphaCode,
        ]),
      );
      for (const leg of legs) {
        // Requested, Accepted and Finished are the viewer's local times; Cancelled is empty; each duration is text, then hours.
        for (const column of [10, 11, 12]) expect(leg[column]).toMatch(LOCAL_TIME);
        expect(leg[13]).toBe("");
        expect(leg.slice(14)).toEqual([
          expect.stringMatching(/^\d+[dhms]/),
          expect.stringMatching(/^\d+\.\d\d$/),
          expect.stringMatching(/^\d+[dhms]/),
          expect.stringMatching(/^\d+\.\d\d$/),
        ]);
      }
      // The page stays on the dashboard: the report was a download.
      expect(page.url()).toBe(dashboard);
    });
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("Excel Report (CSV) still downloads the filtered list; Print Report of an empty list opens the message and the way back", async ({
    page,
    context,
    signInAs,
  }) => {
    await signInAs(page, MANAGER);
    await page.goto("/?status=red");
    const total = await listTotal(page);
    const csv = await download(page, trailerReports(page).getByRole("link", { name: CSV_BUTTON, exact: true }));
    expect(csv.name).toMatch(/^Acme Boston - trailers_report_\d{4}-\d\d-\d\d_\d{6}\.csv$/);
    const [, ...rows] = csvRows(csv.text);
    expect(rows).toHaveLength(total);
    expect(rows.slice(0, 50).map((row) => row[NUMBER])).toEqual(await listedNumbers(page));

    await page.goto(`/?q=${NO_MATCH}`);
    expect(await listTotal(page)).toBe(0);
    expectConsoleErrors(failedLoad(404, "/reports/trailers"));
    const [refusal] = await Promise.all([
      context.waitForEvent("page"),
      trailerReports(page).getByRole("link", { name: "Print Report" }).click(),
    ]);
    await refusal.waitForLoadState();
    await expect(refusal.getByRole("alert")).toContainText(REPORT_MESSAGES.noDataToPrint);
    await refusal.getByRole("link", { name: "Back to the dashboard" }).click();
    await expect(refusal).toHaveURL(new RegExp(`/\\?q=${NO_MATCH}$`));
    await expect(refusal.getByText("No trailers found matching your filters")).toBeVisible();
  });

  test("a trailer's page downloads that trailer's location history", async ({ page, apiAs, newUser, signInAs, db }) => {
    const requester = await newUser("super_manager");
    const driver = await newUser("yard_driver");
    const move = await finishedMove(await apiAs(requester.email), await apiAs(driver.email), ["Shop"]);
    const [trailer] = await db.select().from(trailers).where(eq(trailers.trailerNumber, move.numbers[0]));

    await signInAs(page, MANAGER);
    await page.goto(`/trailers/${trailer.id}`);
    await expect(page.getByTestId("current-location")).toHaveText("Shop");
    const history = page.getByRole("region", { name: "Location History" });
    const from = Date.now();
    const csv = await download(
      page,
      history.getByRole("group", { name: "Location history reports" }).getByRole("link", { name: CSV_BUTTON, exact: true }),
    );
    expectFileName(csv.name, "Acme Boston", "trailer-history", "csv", from, Date.now());
    const [header, ...rows] = csvRows(csv.text);
    // Without JavaScript the page has not learnt the browser's zone: UTC, named in the headings.
    expect(header).toEqual(headersOf("trailer-history", "UTC"));
    // Newest first: at Shop now (moved there by the driver), before that at Yard A (where it was added).
    expect(rows.map((row) => [row[0], row[2] === "Current" ? "Current" : "left", row[5]])).toEqual([
      ["Shop", "Current", driver.alphaCode],
      ["Yard A", "left", requester.alphaCode],
    ]);
    expect(rows[1][2]).toBe(rows[0][1]);
    expect(rows[1][2]).toMatch(LOCAL_TIME);
  });
});
