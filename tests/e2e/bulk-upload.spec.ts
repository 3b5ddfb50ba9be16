import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { utils, write } from "@e965/xlsx";
import { parse } from "csv-parse/sync";
import { and, eq, inArray, like } from "drizzle-orm";
import type { Locator, Page } from "@playwright/test";
import { accounts, trailerLocationHistory, trailers } from "#db/schema";
import {
  alreadyExistsMessage,
  duplicateInFileMessage,
  missingColumnsMessage,
  REJECTED_FILE_NAME,
  TEMPLATE_FILE_NAME,
  UPLOAD_MESSAGES,
} from "#app/domain/trailer-upload";
import { templateCsv } from "#app/services/trailer-upload.server";
import { toCsv } from "#app/lib/csv.server";
import { TRAILER_MESSAGES } from "#app/domain/trailers";
import type { Database } from "#app/lib/db.server";
import { csrfTokenOf, expect, expectConsoleErrors, failedLoad, submitAndWait, test, UNREADABLE_DATA_ANSWER, visit } from "./fixtures";

/**
 * Bulk Upload Trailers in the browser. The template's fixed numbers (TPL-1001, TPL-1002) go into
 * Acme Newark, where no other spec uploads; every other file has numbers of its own.
 */
const TEMPLATE_ACCOUNT = "Acme Newark";
const TEMPLATE_NUMBERS = ["TPL-1001", "TPL-1002"];
const DATA_PATH = "**/trailers/bulk-upload.data";
const FILE_LABEL = "File (.csv, .xls, .xlsx)";

const unique = () => randomBytes(3).toString("hex").toUpperCase();
const csvFile = (name: string, rows: string[][]) => ({ name, mimeType: "text/csv", buffer: Buffer.from(toCsv(rows)) });

async function accountNamed(db: Database, name: string) {
  const [account] = await db.select().from(accounts).where(eq(accounts.accountName, name));
  return account;
}

async function trailersOf(db: Database, accountId: number, numbers: string[]) {
  return db
    .select()
    .from(trailers)
    .where(and(eq(trailers.accountId, accountId), inArray(trailers.trailerNumber, numbers)));
}

/** The results panel, once it shows the heading of this kind of answer. */
async function results(page: Page, heading: "Upload Results" | "Check Results") {
  const panel = page.getByRole("region", { name: heading });
  await expect(panel).toBeVisible();
  return panel;
}

/** Total Records, Successfully Added (or Ready to Add), Errors. */
async function expectCounts(panel: Locator, added: "Successfully Added" | "Ready to Add", counts: [number, number, number]) {
  await expect(panel.getByRole("term")).toHaveText(["Total Records", added, "Errors"]);
  await expect(panel.getByRole("definition")).toHaveText(counts.map(String));
}

/** The error table's rows: row, trailer number, error. */
async function errorRows(panel: Locator) {
  return panel
    .getByRole("table")
    .locator("tbody tr")
    .evaluateAll((rows) => rows.map((row) => [...(row as HTMLTableRowElement).cells].map((cell) => cell.textContent)));
}

/** Downloads what `link` offers: its file name and text. */
async function download(page: Page, link: Locator) {
  const [file] = await Promise.all([page.waitForEvent("download"), link.click()]);
  return { name: file.suggestedFilename(), text: await readFile((await file.path())!, "utf8"), file };
}

/** A file of good and bad rows: rows 2 and 8 are good; 3 to 7 each break one rule. */
function rowsWithErrors(prefix: string) {
  const header = ["Trailer Number", "trailer_location", "COMPANY_OWNER", "is_loaded", "load_number", "red_tagged", "tagged_description"];
  const rows = [
    [`${prefix}-1`, "Road", "ACME", "no", "", "", ""],
    [`${prefix}-2`, "Nowhere Yard", "ACME", "", "", "", ""],
    [`${prefix}-3`, "Shop", "ACME", "yes", "", "", ""],
    [`${prefix}-1`, "Shop", "ACME", "", "", "", ""],
    [`${prefix}-4`, "Road", "ACME", "maybe", "", "", ""],
    [`${prefix}-5`, "Road", "", "", "", "", ""],
    [`${prefix}-6`, "Road", "ACME", "", "", "TRUE", ""],
  ];
  const errors = [
    ["3", `${prefix}-2`, TRAILER_MESSAGES.locationUnknown],
    ["4", `${prefix}-3`, TRAILER_MESSAGES.loadNumberRequired],
    ["5", `${prefix}-1`, duplicateInFileMessage(`${prefix}-1`)],
    ["6", `${prefix}-4`, "is_loaded must be TRUE/FALSE, yes/no, y/n or 1/0"],
    ["7", `${prefix}-5`, TRAILER_MESSAGES.ownerRequired],
  ];
  return { header, rows, errors, added: [`${prefix}-1`, `${prefix}-6`] };
}

test("an admin downloads the template and uploads it unchanged: two trailers on the dashboard with their history; again: two duplicates", async ({
  page,
  newUser,
  signInAs,
  db,
}, testInfo) => {
  const newark = await accountNamed(db, TEMPLATE_ACCOUNT);
  // A database this spec has run against before holds them already (the suite starts from a fresh one).
  const before = (await trailersOf(db, newark.id, TEMPLATE_NUMBERS)).map((trailer) => trailer.trailerNumber);
  const admin = await newUser("admin");
  await signInAs(page, admin.email);
  await visit(page, "/admin/dashboard");
  await page.getByRole("link", { name: `Bulk upload trailers into ${TEMPLATE_ACCOUNT}` }).click();
  await expect(page.getByRole("heading", { name: "Bulk Upload Trailers" })).toBeVisible();
  await expect(page.getByLabel("Account")).toHaveValue(String(newark.id));
  await expect(page.getByRole("link", { name: "Cancel" })).toHaveAttribute("href", "/admin/dashboard");

  await page.getByText("Template help: the columns of the file").click();
  for (const column of ["trailer_number", "trailer_location", "company_owner", "load_number", "tagged_description"]) {
    await expect(page.getByRole("cell", { name: column, exact: true })).toBeVisible();
  }
  const template = await download(page, page.getByRole("link", { name: "Download Template CSV" }));
  expect(template.name).toBe(TEMPLATE_FILE_NAME);
  expect(template.text).toBe(templateCsv());
  const templatePath = testInfo.outputPath(TEMPLATE_FILE_NAME);
  await template.file.saveAs(templatePath);

  // Upload: the button reads "Uploading..." and is disabled until the answer comes.
  await page.getByLabel(FILE_LABEL).setInputFiles(templatePath);
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(DATA_PATH, async (route) => {
    await held;
    await route.continue();
  });
  const answered = page.waitForResponse((response) => response.url().includes("/trailers/bulk-upload.data"));
  await page.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(page.getByRole("button", { name: "Uploading..." })).toBeDisabled();
  await expect(page.getByRole("button", { name: "Check file" })).toBeDisabled();
  release();
  await answered;
  await page.unroute(DATA_PATH);
  const first = await results(page, "Upload Results");
  await expectCounts(first, "Successfully Added", [2, 2 - before.length, before.length]);
  await expect(page.getByRole("button", { name: "Upload", exact: true })).toBeEnabled();
  await expect(first.getByRole("heading", { name: "Upload Results" })).toBeFocused();

  // On the dashboard, each with its first location history entry.
  await first.getByRole("link", { name: "Return to Dashboard" }).click();
  await expect(page).toHaveURL(new RegExp(`/\\?account=${newark.id}$`));
  const added = await trailersOf(db, newark.id, TEMPLATE_NUMBERS);
  expect(added.map((trailer) => [trailer.trailerNumber, trailer.trailerLocation]).sort()).toEqual([
    ["TPL-1001", "Road"],
    ["TPL-1002", "Shop"],
  ]);
  for (const trailer of added) {
    const history = await db.select().from(trailerLocationHistory).where(eq(trailerLocationHistory.trailerId, trailer.id));
    expect(history.map((entry) => entry.location)).toEqual([trailer.trailerLocation]);
    await visit(page, `/?account=${newark.id}&q=${trailer.trailerNumber}`);
    await page.getByRole("link", { name: trailer.trailerNumber, exact: true }).click();
    await expect(page.getByTestId("current-location")).toHaveText(trailer.trailerLocation);
  }
  const shop = added.find((trailer) => trailer.trailerNumber === "TPL-1002")!;
  expect(shop).toMatchObject({
    isLoaded: true,
    loadNumber: "LD-2002",
    yellowTagged: true,
    taggedDescription: "Door seal torn",
    inShop: true,
  });

  // The same file again adds nothing: two "already exists" rows.
  await visit(page, `/trailers/bulk-upload?account=${newark.id}`);
  await page.getByLabel(FILE_LABEL).setInputFiles(templatePath);
  await submitAndWait(page.getByRole("button", { name: "Upload", exact: true }), {
    shows: page.getByRole("region", { name: "Upload Results" }),
  });
  const again = await results(page, "Upload Results");
  await expectCounts(again, "Successfully Added", [2, 0, 2]);
  expect(await errorRows(again)).toEqual([
    ["2", "TPL-1001", alreadyExistsMessage("TPL-1001")],
    ["3", "TPL-1002", alreadyExistsMessage("TPL-1002")],
  ]);
  expect(await trailersOf(db, newark.id, TEMPLATE_NUMBERS)).toHaveLength(2);
});

test("a super manager checks an .xlsx with errors (nothing added), uploads it, reads the error table and downloads the rejected rows", async ({
  page,
  newUser,
  signInAs,
  db,
}) => {
  const superManager = await newUser("super_manager");
  await signInAs(page, superManager.email);
  await visit(page, "/");
  await page.getByRole("link", { name: "Bulk Upload Trailers" }).click();
  await expect(page).toHaveURL(/\/trailers\/bulk-upload$/);
  await expect(page.getByLabel("Account")).toHaveCount(0);

  const prefix = `XG${unique()}`;
  const { header, rows, errors, added } = rowsWithErrors(prefix);
  const book = utils.book_new();
  utils.book_append_sheet(book, utils.aoa_to_sheet([header, ...rows]), "Trailers");
  const buffer = write(book, { type: "buffer", bookType: "xlsx" }) as Buffer;
  await visit(page, "/trailers/bulk-upload");
  await page.getByLabel(FILE_LABEL).setInputFiles({ name: "fleet.xlsx", mimeType: "application/octet-stream", buffer });
  const mine = like(trailers.trailerNumber, `${prefix}-%`);

  await submitAndWait(page.getByRole("button", { name: "Check file" }), { shows: page.getByRole("region", { name: "Check Results" }) });
  const checked = await results(page, "Check Results");
  await expect(checked).toContainText("Checked only: nothing was added.");
  await expectCounts(checked, "Ready to Add", [7, 2, 5]);
  expect(await errorRows(checked)).toEqual(errors);
  expect(await db.select().from(trailers).where(mine)).toEqual([]);

  await submitAndWait(page.getByRole("button", { name: "Upload", exact: true }), {
    shows: page.getByRole("region", { name: "Upload Results" }),
  });
  const uploaded = await results(page, "Upload Results");
  await expectCounts(uploaded, "Successfully Added", [7, 2, 5]);
  expect(await errorRows(uploaded)).toEqual(errors);
  const stored = await db.select().from(trailers).where(mine);
  expect(stored.map((trailer) => [trailer.trailerNumber, trailer.accountId]).sort()).toEqual(
    added.map((number) => [number, superManager.accountId]),
  );

  const rejected = await download(page, uploaded.getByRole("link", { name: "Download rejected rows (CSV)" }));
  expect(rejected.name).toBe(REJECTED_FILE_NAME);
  const [rejectedHeader, ...rejectedRows] = parse(rejected.text) as string[][];
  expect(rejectedHeader).toEqual([...header, "error"]);
  expect(rejectedRows.map((row) => [row[0], row[1], row.at(-1)])).toEqual(
    errors.map(([number, trailerNumber, error]) => [trailerNumber, rows[Number(number) - 2][1], error]),
  );
});

test("a file with more errors than the table shows: the first 500 in the table, all of them in the rejected rows", async ({
  page,
  newUser,
  signInAs,
}) => {
  const superManager = await newUser("super_manager");
  await signInAs(page, superManager.email);
  await visit(page, "/trailers/bulk-upload");
  const prefix = `ME${unique()}`;
  const rows = Array.from({ length: 503 }, (_, index) => [`${prefix}-${index}`, "Road", ""]);
  await page.getByLabel(FILE_LABEL).setInputFiles(csvFile("many.csv", [["trailer_number", "trailer_location", "company_owner"], ...rows]));
  await submitAndWait(page.getByRole("button", { name: "Check file" }), { shows: page.getByRole("region", { name: "Check Results" }) });
  const checked = await results(page, "Check Results");
  await expectCounts(checked, "Ready to Add", [503, 0, 503]);
  expect(await errorRows(checked)).toHaveLength(500);
  await expect(checked).toContainText("The first 500 of 503 errors; the rejected rows' CSV has them all.");
  const rejected = await download(page, checked.getByRole("link", { name: "Download rejected rows (CSV)" }));
  expect(parse(rejected.text)).toHaveLength(504);
});

test("the form's messages: no file, no account, a wrong type, a file the server refuses; a broken answer", async ({
  page,
  newUser,
  signInAs,
}) => {
  const admin = await newUser("admin");
  await signInAs(page, admin.email);
  await visit(page, "/trailers/bulk-upload");
  const file = page.getByLabel(FILE_LABEL);
  const account = page.getByLabel("Account");
  const upload = page.getByRole("button", { name: "Upload", exact: true });
  const sent: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && request.url().includes("/trailers/bulk-upload")) sent.push(request.url());
  });

  // Checked before sending: nothing leaves the page.
  await upload.click();
  await expect(file).toHaveAccessibleDescription(UPLOAD_MESSAGES.fileRequired);
  await expect(account).toHaveAccessibleDescription(UPLOAD_MESSAGES.accountRequired);
  await expect(account).toBeFocused();
  await file.setInputFiles({ name: "fleet.txt", mimeType: "text/plain", buffer: Buffer.from("trailer_number\nA\n") });
  await expect(file).toHaveAccessibleDescription("");
  await upload.click();
  await expect(file).toHaveAccessibleDescription(UPLOAD_MESSAGES.fileType);
  expect(sent).toEqual([]);

  // A file the server refuses: "Failed to upload trailers" and why; a new file clears it.
  expectConsoleErrors(failedLoad(400, "/trailers/bulk-upload"));
  await account.selectOption({ label: "Acme Logistics · Acme Newark" });
  await expect(account).toHaveAccessibleDescription("");
  await file.setInputFiles(
    csvFile("fleet.csv", [
      ["trailer_number", "trailer_location"],
      ["MC-1", "Road"],
    ]),
  );
  const alert = page.getByRole("alert").filter({ hasText: UPLOAD_MESSAGES.failed });
  await submitAndWait(upload, { shows: alert });
  await expect(alert).toContainText(missingColumnsMessage(["company_owner"]));
  await file.setInputFiles(csvFile("other.csv", [["trailer_number"], ["MC-2"]]));
  await expect(alert).toHaveCount(0);

  // An answer that is not the page's data (an HTML error page from a proxy): check the file format.
  expectConsoleErrors(failedLoad(502, "/trailers/bulk-upload"), UNREADABLE_DATA_ANSWER);
  await page.route(DATA_PATH, (route) =>
    route.request().method() === "POST"
      ? route.fulfill({ status: 502, contentType: "text/html", body: "<h1>Bad Gateway</h1>" })
      : route.continue(),
  );
  await upload.click();
  await expect(page.getByRole("alert").filter({ hasText: UPLOAD_MESSAGES.notJson })).toBeVisible();
  await page.unroute(DATA_PATH);

  // No answer at all: "An error occurred during upload"; Try again brings the form back.
  expectConsoleErrors(failedLoad("net::ERR_FAILED", "/trailers/bulk-upload"));
  await visit(page, "/trailers/bulk-upload");
  await page.getByLabel("Account").selectOption({ label: "Acme Logistics · Acme Newark" });
  await page.getByLabel(FILE_LABEL).setInputFiles(csvFile("fleet.csv", [["trailer_number"], ["MC-3"]]));
  await page.route(DATA_PATH, (route) => (route.request().method() === "POST" ? route.abort() : route.continue()));
  await page.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(page.getByRole("alert").filter({ hasText: UPLOAD_MESSAGES.unexpected })).toBeVisible();
  await page.unroute(DATA_PATH);
  await page.getByRole("link", { name: "Try again" }).click();
  await expect(page.getByLabel(FILE_LABEL)).toBeVisible();
});

test("a manager is sent away from the page, its template and its form, and sees no bulk-upload button", async ({
  page,
  newUser,
  signInAs,
  apiAs,
  db,
}) => {
  const manager = await newUser("manager");
  await signInAs(page, manager.email);
  await page.goto("/trailers/bulk-upload");
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { name: "Bulk Upload Trailers" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Bulk Upload Trailers" })).toHaveCount(0);
  // The API client's session replaces the page's (one a user): the page, done with, goes first, so
  // its account-room socket is not refused on the way.
  await page.close();

  const api = await apiAs(manager.email);
  const template = await api.get("/trailers/bulk-upload/template", { maxRedirects: 0 });
  expect([template.status(), template.headers().location]).toEqual([302, "/login"]);
  const number = `MR${unique()}`;
  const posted = await api.post("/trailers/bulk-upload", {
    maxRedirects: 0,
    multipart: {
      csrf: await csrfTokenOf(api),
      file: {
        name: "fleet.csv",
        mimeType: "text/csv",
        buffer: Buffer.from(`trailer_number,trailer_location,company_owner\n${number},Road,X\n`),
      },
    },
  });
  expect([posted.status(), posted.headers().location]).toEqual([302, "/login"]);
  expect(await db.select().from(trailers).where(eq(trailers.trailerNumber, number))).toEqual([]);
});

test.describe("without JavaScript, on a phone", () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });

  test("a super manager checks and uploads a file, reads the results, uploads it again; the server gives the form's messages", async ({
    page,
    newUser,
    signInAs,
    db,
  }) => {
    // The form's messages come with a 400.
    expectConsoleErrors(failedLoad(400, "/trailers/bulk-upload"));
    const superManager = await newUser("super_manager");
    await signInAs(page, superManager.email);
    await page.goto("/trailers/bulk-upload");
    await expect(page.getByRole("link", { name: "Cancel" })).toHaveAttribute("href", "/");
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    const template = await download(page, page.getByRole("link", { name: "Download Template CSV" }));
    expect(template.text).toBe(templateCsv());

    const file = page.getByLabel(FILE_LABEL);
    const upload = page.getByRole("button", { name: "Upload", exact: true });
    await submitAndWait(upload);
    await expect(page.getByLabel(FILE_LABEL)).toHaveAccessibleDescription(UPLOAD_MESSAGES.fileRequired);
    await file.setInputFiles({ name: "fleet.numbers", mimeType: "application/octet-stream", buffer: Buffer.from("x") });
    await submitAndWait(upload);
    await expect(page.getByLabel(FILE_LABEL)).toHaveAccessibleDescription(UPLOAD_MESSAGES.fileType);

    const prefix = `NJ${unique()}`;
    const { header, rows, errors, added } = rowsWithErrors(prefix);
    const fleet = csvFile("fleet.csv", [header, ...rows]);
    const mine = like(trailers.trailerNumber, `${prefix}-%`);
    await page.getByLabel(FILE_LABEL).setInputFiles(fleet);
    await submitAndWait(page.getByRole("button", { name: "Check file" }), { shows: page.getByRole("region", { name: "Check Results" }) });
    await expectCounts(await results(page, "Check Results"), "Ready to Add", [7, 2, 5]);
    expect(await db.select().from(trailers).where(mine)).toEqual([]);

    await page.getByLabel(FILE_LABEL).setInputFiles(fleet);
    await submitAndWait(upload, { shows: page.getByRole("region", { name: "Upload Results" }) });
    const first = await results(page, "Upload Results");
    await expectCounts(first, "Successfully Added", [7, 2, 5]);
    expect(await errorRows(first)).toEqual(errors);
    expect((await db.select().from(trailers).where(mine)).map((trailer) => [trailer.trailerNumber, trailer.accountId]).sort()).toEqual(
      added.map((number) => [number, superManager.accountId]),
    );
    const rejected = await download(page, first.getByRole("link", { name: "Download rejected rows (CSV)" }));
    expect((parse(rejected.text) as string[][]).map((row) => row.at(-1))).toEqual(["error", ...errors.map((error) => error[2])]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    await page.getByLabel(FILE_LABEL).setInputFiles(fleet);
    await submitAndWait(upload, { shows: page.getByRole("region", { name: "Upload Results" }) });
    const again = await results(page, "Upload Results");
    await expectCounts(again, "Successfully Added", [7, 0, 7]);
    expect((await errorRows(again)).filter(([row]) => row === "2" || row === "8")).toEqual([
      ["2", `${prefix}-1`, alreadyExistsMessage(`${prefix}-1`)],
      ["8", `${prefix}-6`, alreadyExistsMessage(`${prefix}-6`)],
    ]);
    await again.getByRole("link", { name: "Return to Dashboard" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("an admin who chooses no account is told to choose one; a chosen account stays chosen", async ({ page, newUser, signInAs, db }) => {
    expectConsoleErrors(failedLoad(400, "/trailers/bulk-upload"));
    const admin = await newUser("admin");
    await signInAs(page, admin.email);
    await page.goto("/trailers/bulk-upload");
    const upload = page.getByRole("button", { name: "Upload", exact: true });
    await page.getByLabel(FILE_LABEL).setInputFiles(csvFile("fleet.csv", [["trailer_number"], ["NA-1"]]));
    await submitAndWait(upload);
    await expect(page.getByLabel("Account")).toHaveAccessibleDescription(UPLOAD_MESSAGES.accountRequired);

    const newark = await accountNamed(db, TEMPLATE_ACCOUNT);
    await page.getByLabel("Account").selectOption(String(newark.id));
    await page.getByLabel(FILE_LABEL).setInputFiles({ name: "fleet.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF") });
    await submitAndWait(upload);
    await expect(page.getByLabel(FILE_LABEL)).toHaveAccessibleDescription(UPLOAD_MESSAGES.fileType);
    await expect(page.getByLabel("Account")).toHaveValue(String(newark.id));
    await expect(page.getByLabel("Account")).toHaveAccessibleDescription("");
  });
});
