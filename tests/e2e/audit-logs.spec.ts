import { request as playwrightRequest, type APIRequestContext, type Page } from "@playwright/test";
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { trailers } from "#db/schema";
import type { AuditLogPage } from "#app/domain/audit";
import type { Database } from "#app/lib/db.server";
import { addTrailer, BASE_URL, csrfTokenOf, expect, signedInPage, submitAndWait, test, visit } from "./fixtures";

const ADMIN = "admin@yardline.test";
const BAD_CURSOR = "The cursor is not valid: start again from the first page";

/** One page of `GET /api/admin/audit-logs` in its object form (`envelope=1`), status checked. */
async function logPage(api: APIRequestContext, params: Record<string, string | number> = {}): Promise<AuditLogPage> {
  const response = await api.get("/api/admin/audit-logs", { params: { ...params, envelope: 1 } });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as AuditLogPage;
}

/** A trailer of Acme Boston of its own, added through the API by a super manager; its id. */
async function ownTrailer(api: APIRequestContext, db: Database, prefix: string) {
  const number = await addTrailer(api, "Yard A", prefix);
  const [trailer] = await db.select().from(trailers).where(eq(trailers.trailerNumber, number));
  return { id: trailer.id, number };
}

/** A card's number ("Total Records", "Tables Affected", "Action Types"). */
const card = (page: Page, label: string) =>
  page
    .locator("dl > div")
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator("dd");

async function cardValue(page: Page, label: string): Promise<number> {
  return Number((await card(page, label).textContent())!.replace(/,/g, ""));
}

/** The log's rows (not its heading row). */
const logRows = (page: Page) => page.getByRole("table").first().locator("tbody tr");

test.describe("GET /api/admin/audit-logs", () => {
  test("answers signed-out callers 401, managers 403, and admins the newest rows first", async ({ apiAs }) => {
    const signedOut = await playwrightRequest.newContext({ baseURL: BASE_URL });
    const anonymous = await signedOut.get("/api/admin/audit-logs");
    expect(anonymous.status()).toBe(401);
    expect((await anonymous.json()).error).toEqual(expect.any(String));
    await signedOut.dispose();

    const manager = await apiAs("manager@acme.test");
    const refused = await manager.get("/api/admin/audit-logs");
    expect(refused.status()).toBe(403);
    expect((await refused.json()).error).toMatch(/admin/i);

    const first = await logPage(await apiAs(ADMIN));
    expect(first.items).toHaveLength(50);
    expect(first.next_cursor).toEqual(expect.any(String));
    expect(first.counts).toEqual({ total: expect.any(Number), tables: expect.any(Number), actions: expect.any(Number), capped: false });
    expect(first.counts!.total).toBeGreaterThan(50);
    const times = first.items.map((item) => item.timestamp);
    expect(times).toEqual([...times].sort().reverse());
    expect(first.items[0]).toMatchObject({ id: expect.any(Number), table_name: expect.any(String), action: expect.any(String) });
  });

  test("table=trailers&action=UPDATE keeps only trailer updates, counted on the cards", async ({ apiAs, db }) => {
    const superManager = await apiAs("super@acme.test");
    const trailer = await ownTrailer(superManager, db, "AF");
    const plate = `AF${randomBytes(3).toString("hex").toUpperCase()}`;
    const updated = await superManager.put(`/api/trailers/${trailer.id}`, {
      headers: { "X-CSRF-Token": await csrfTokenOf(superManager) },
      data: { license_plate: plate },
    });
    expect(updated.status(), await updated.text()).toBe(200);

    const admin = await apiAs(ADMIN);
    const all = await logPage(admin);
    const filtered = await logPage(admin, { table: "trailers", action: "UPDATE", limit: 200 });
    expect(filtered.items.length).toBeGreaterThan(0);
    expect(filtered.items.filter((item) => item.table_name !== "trailers" || item.action !== "UPDATE")).toEqual([]);
    expect(filtered.counts).toMatchObject({ tables: 1, actions: 1 });
    expect(filtered.counts!.total).toBeLessThan(all.counts!.total);
    // The newest trailer update is this one, by the super manager, with the plate's old and new values.
    expect(filtered.items[0]).toMatchObject({
      table_name: "trailers",
      record_id: String(trailer.id),
      action: "UPDATE",
      user_alpha_code: "SMB",
      changed_fields: { license_plate: { old: "AF1", new: plate } },
    });

    const history = await logPage(admin, { table: "trailers", record_id: trailer.id });
    expect(history.items.map((item) => item.action)).toEqual(["UPDATE", "CREATE"]);
    expect(history.counts).toEqual({ total: 2, tables: 1, actions: 2, capped: false });
  });

  test("pages by keyset: three pages of five, rows written between pages neither repeat nor shift them", async ({ apiAs }) => {
    const admin = await apiAs(ADMIN);
    const superManager = await apiAs("super@acme.test");
    const headers = { "X-CSRF-Token": await csrfTokenOf(superManager) };
    const seen: AuditLogPage["items"] = [];
    const yardIds: string[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 3; page++) {
      const answer = await logPage(admin, cursor ? { limit: 5, cursor } : { limit: 5 });
      expect(answer.items).toHaveLength(5);
      // The cards come with the first page only.
      expect(answer.counts === null).toBe(page > 0);
      seen.push(...answer.items);
      cursor = answer.next_cursor;
      expect(cursor).toEqual(expect.any(String));

      // A new row at the top of the log before the next page is read.
      const yard = await superManager.post("/api/yards/new", {
        headers,
        data: { name: `Audit Lot ${randomBytes(3).toString("hex")}` },
      });
      expect(yard.status(), await yard.text()).toBe(201);
      yardIds.push(String(((await yard.json()) as { id: number }).id));
    }

    const ids = seen.map((item) => item.id);
    expect(new Set(ids).size).toBe(15);
    const times = seen.map((item) => item.timestamp);
    expect(times).toEqual([...times].sort().reverse());
    // The yards written meanwhile are newer than every row of the walk: none of them slipped into a later page.
    expect(seen.filter((item) => item.table_name === "yards" && yardIds.includes(item.record_id!))).toEqual([]);

    // Starting again from the top, they are there, newest first.
    const top = await logPage(admin, { table: "yards", action: "CREATE", limit: 3 });
    expect(top.items.map((item) => item.record_id)).toEqual([...yardIds].reverse());
    expect(top.items.every((item) => item.timestamp >= times[0])).toBe(true);
  });

  test("a forged or tampered cursor is refused with 400 and the message to start again", async ({ apiAs }) => {
    const admin = await apiAs(ADMIN);
    const { next_cursor } = await logPage(admin, { limit: 2 });
    const tampered = Buffer.from(JSON.stringify(["yesterday", 12]))
      .toString("base64url")
      .replace(/=+$/, "");
    for (const cursor of ["not-a-cursor", tampered, `${next_cursor}x`, "%%%"]) {
      const response = await admin.get("/api/admin/audit-logs", { params: { cursor } });
      expect(response.status(), `cursor ${cursor}`).toBe(400);
      const body = await response.json();
      expect(body.error).toBe(BAD_CURSOR);
      expect(body.field).toBe("cursor");
    }
  });

  test("a cursor shaped like a timestamp that is no time is refused with 400 too, not a server error", async ({ apiAs }) => {
    const admin = await apiAs(ADMIN);
    for (const at of ["2025-02-30 00:00:00+00", "2025-01-01 25:00:00+00", "2025-01-01 00:00:00+99"]) {
      const cursor = Buffer.from(JSON.stringify([at, 5])).toString("base64url");
      const response = await admin.get("/api/admin/audit-logs", { params: { cursor } });
      expect(response.status(), `cursor for ${at}`).toBe(400);
      expect((await response.json()).error).toBe(BAD_CURSOR);
    }
  });

  test("a failed sign-in through POST /api/auth/login is a SIGN_IN_FAILED row with the email typed", async ({ apiAs }) => {
    const email = `nobody-${randomBytes(4).toString("hex")}@example.test`;
    const visitor = await playwrightRequest.newContext({ baseURL: BASE_URL });
    const login = await visitor.post("/api/auth/login", {
      headers: { "X-CSRF-Token": await csrfTokenOf(visitor) },
      data: { email, password: "Wrong#Password1", agreed_to_terms: true },
    });
    expect(login.status()).toBe(401);
    await visitor.dispose();

    const events = await logPage(await apiAs(ADMIN), { action: "SIGN_IN_FAILED", q: email });
    expect(events.items).toHaveLength(1);
    expect(events.items[0]).toMatchObject({
      table_name: "sessions",
      action: "SIGN_IN_FAILED",
      user_id: null,
      record_id: null,
      changed_fields: { email: { old: null, new: email }, reason: { new: "unknown email" } },
    });
  });
});

test("an admin edits a trailer, finds the change by search and reads it in Change Details", async ({ page, apiAs, signInAs, db }) => {
  const trailer = await ownTrailer(await apiAs("super@acme.test"), db, "AU");
  const note = `Audit note ${randomBytes(4).toString("hex")}`;
  const plate = `AU${randomBytes(3).toString("hex").toUpperCase()}`;

  await signInAs(page, ADMIN);
  await visit(page, `/trailers/${trailer.id}/edit`);
  await page.getByLabel("Tagged Description").fill(note);
  await page.getByLabel("License Plate").fill(plate);
  await submitAndWait(page.getByRole("button", { name: "Update" }), { url: /\/$/ });

  // The log from the profile menu, then the header's search.
  await page.getByRole("button", { name: "Profile menu" }).click();
  await page.getByRole("menuitem", { name: "Audit Logs" }).click();
  await expect(page.getByRole("heading", { name: "Audit Logs" })).toBeVisible();
  const search = page.getByRole("search").getByRole("searchbox", { name: "Search" });
  await search.fill(note);
  await search.press("Enter");
  await expect(page).toHaveURL(/\/audit-logs\?q=Audit/);
  const rows = logRows(page);
  await expect(rows).toHaveCount(1);
  const row = rows.filter({ hasText: "UPDATE" }).filter({ hasText: String(trailer.id) });
  await expect(row.getByRole("cell")).toHaveText([
    /\d{4}/,
    /^ADMIN\b/,
    "Trailer",
    String(trailer.id),
    "UPDATE",
    new RegExp(`changed License Plate and Tagged Description of ${trailer.number}$`),
    "Show Details",
  ]);
  await expect(card(page, "Total Records")).toHaveText("1");

  await row.getByRole("link", { name: "Show Details" }).click();
  const dialog = page.getByRole("dialog", { name: "Change Details" });
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/details=\d+/);
  await expect(dialog).toContainText(`UPDATE · Trailer #${trailer.id}`);
  await expect(dialog.getByRole("row", { name: /^License Plate/ }).getByRole("cell")).toHaveText(["AU1", plate]);
  await expect(dialog.getByRole("row", { name: /^Tagged Description/ }).getByRole("cell")).toHaveText(["—", note]);

  await dialog.getByRole("link", { name: "Close" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page).not.toHaveURL(/details=/);
  expect(new URL(page.url()).searchParams.get("q")).toBe(note);
  await expect(rows).toHaveCount(1);
});

test("the Table and Action filters narrow the log and its cards", async ({ page, signInAs }) => {
  await signInAs(page, ADMIN);
  await visit(page, "/audit-logs");
  const total = card(page, "Total Records");
  await expect(total).toHaveText(/^[\d,]+$/);
  const everything = await cardValue(page, "Total Records");
  expect(await cardValue(page, "Tables Affected")).toBeGreaterThan(1);

  await page.getByRole("group", { name: "Table" }).getByText("Trailers", { exact: true }).click();
  await expect(page).toHaveURL(/table=trailers/);
  await expect(total).not.toHaveText(everything.toLocaleString("en-US"));
  await expect(card(page, "Tables Affected")).toHaveText("1");
  const trailerRows = await cardValue(page, "Total Records");
  expect(trailerRows).toBeLessThan(everything);
  await expect(
    logRows(page)
      .locator("td:nth-child(3)")
      .filter({ hasNotText: /^Trailer$/ }),
  ).toHaveCount(0);

  await page.getByRole("group", { name: "Action" }).getByText("UPDATE", { exact: true }).click();
  await expect(page).toHaveURL(/action=UPDATE/);
  await expect(page).toHaveURL(/table=trailers/);
  await expect(total).not.toHaveText(trailerRows.toLocaleString("en-US"));
  await expect(card(page, "Action Types")).toHaveText("1");
  expect(await cardValue(page, "Total Records")).toBeLessThan(trailerRows);
  await expect(logRows(page).first()).toBeVisible();
  await expect(
    logRows(page)
      .locator("td:nth-child(5)")
      .filter({ hasNotText: /^UPDATE$/ }),
  ).toHaveCount(0);
});

test("after Reset Filters the radios show All again, and the next filter starts from the whole log", async ({ page, signInAs }) => {
  await signInAs(page, ADMIN);
  await visit(page, "/audit-logs");
  const everything = await cardValue(page, "Total Records");
  await page.getByRole("group", { name: "Table" }).getByText("Trailers", { exact: true }).click();
  await expect(page).toHaveURL(/table=trailers/);
  await page.getByRole("group", { name: "Action" }).getByText("UPDATE", { exact: true }).click();
  await expect(page).toHaveURL(/action=UPDATE/);

  await page.getByRole("link", { name: "Reset Filters" }).click();
  await expect(page).toHaveURL(/\/audit-logs$/);
  await expect(card(page, "Total Records")).toHaveText(everything.toLocaleString("en-US"));
  for (const legend of ["Action", "Table", "Timeframe"]) {
    const all = legend === "Timeframe" ? "All Time" : "All";
    await expect(page.getByRole("group", { name: legend }).getByRole("radio", { name: all, exact: true }), legend).toBeChecked();
  }
  await page.getByRole("group", { name: "Timeframe" }).getByText("Last 7 Days", { exact: true }).click();
  await expect(page).toHaveURL(/hours=168/);
  // The form sends every group; the reset ones come as empty (no filter).
  const sent = [...new URL(page.url()).searchParams].filter(([, value]) => value !== "");
  expect(sent).toEqual([["hours", "168"]]);
});

test("Older and Newest page through the log fifty rows at a time, the cards on the first page", async ({ page, signInAs }) => {
  await signInAs(page, ADMIN);
  await visit(page, "/audit-logs");
  const rows = logRows(page);
  await expect(rows).toHaveCount(50);
  await expect(page.getByRole("link", { name: "Newest" })).toHaveCount(0);
  const firstPage = await rows.locator("time").evaluateAll((times) => times.map((time) => time.getAttribute("datetime")!));

  await page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Older" }).click();
  await expect(page).toHaveURL(/cursor=/);
  await expect(page.getByText("Total Records")).toHaveCount(0);
  await expect(rows).toHaveCount(50);
  const secondPage = await rows.locator("time").evaluateAll((times) => times.map((time) => time.getAttribute("datetime")!));
  expect(secondPage[0] <= firstPage.at(-1)!).toBe(true);
  expect(secondPage).toEqual([...secondPage].sort().reverse());

  await page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Newest" }).click();
  await expect(page).toHaveURL(/\/audit-logs$/);
  await expect(card(page, "Total Records")).toHaveText(/^[\d,]+$/);
  await expect(rows.first().locator("time")).toHaveAttribute("datetime", firstPage[0]);
});

test("an admin's trailer page links to its History in the log; a manager's has no such link", async ({ page, apiAs, signInAs, db }) => {
  const trailer = await ownTrailer(await apiAs("super@acme.test"), db, "AH");

  await signInAs(page, ADMIN);
  await visit(page, `/trailers/${trailer.id}`);
  await page.getByRole("link", { name: "History", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/audit-logs\\?table=trailers&record_id=${trailer.id}$`));
  await expect(page.getByText(`Showing the history of trailer #${trailer.id}.`)).toBeVisible();
  await expect(page.getByRole("group", { name: "Table" }).getByRole("radio", { name: "Trailers" })).toBeChecked();
  const rows = logRows(page);
  await expect(rows).toHaveCount(1);
  await expect(rows.first().getByRole("cell")).toHaveText([
    /\d{4}/,
    /^SMB\b/,
    "Trailer",
    String(trailer.id),
    "CREATE",
    `SMB created trailer ${trailer.number}`,
    "Show Details",
  ]);

  await signInAs(page, "manager@acme.test");
  await visit(page, `/trailers/${trailer.id}`);
  await expect(page.getByRole("heading", { name: `Trailer ${trailer.number}` })).toBeVisible();
  await expect(page.getByRole("link", { name: "Back" })).toBeVisible();
  await expect(page.getByRole("link", { name: "History", exact: true })).toHaveCount(0);
});

test("a manager who opens /audit-logs is sent home and never sees the log", async ({ page, signInAs }) => {
  await signInAs(page, "manager@acme.test");
  await page.goto("/audit-logs?table=trailers");
  await expect(page).toHaveURL(`${BASE_URL}/`);
  await expect(page.getByRole("heading", { name: "Acme Boston Dashboard" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Audit Logs" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Show Details" })).toHaveCount(0);
  await expect(page.getByText("Total Records")).toHaveCount(0);
  await page.getByRole("button", { name: "Profile menu" }).click();
  await expect(page.getByRole("menuitem", { name: "User Manual" })).toBeVisible();
  await expect(page.getByRole("menuitem", { name: "Audit Logs" })).toHaveCount(0);
});

test("without JavaScript the filters apply with Apply Filters, and Show Details and Close work", async ({ browser, db }) => {
  const { context, page } = await signedInPage(browser, db, ADMIN, { javaScriptEnabled: false });
  await page.goto("/audit-logs");
  const total = card(page, "Total Records");
  await expect(total).toHaveText(/^[\d,]+$/);
  const everything = await cardValue(page, "Total Records");

  await page.getByRole("group", { name: "Table" }).getByText("Trailers", { exact: true }).click();
  await page.getByRole("group", { name: "Action" }).getByText("CREATE", { exact: true }).click();
  await page.getByRole("button", { name: "Apply Filters" }).click();
  await page.waitForURL(/action=CREATE/);
  expect(new URL(page.url()).searchParams.get("table")).toBe("trailers");
  await expect(card(page, "Tables Affected")).toHaveText("1");
  await expect(card(page, "Action Types")).toHaveText("1");
  expect(await cardValue(page, "Total Records")).toBeLessThan(everything);
  const rows = logRows(page);
  await expect(rows.first()).toBeVisible();
  await expect(rows.locator("td:nth-child(3)").filter({ hasNotText: /^Trailer$/ })).toHaveCount(0);
  await expect(rows.locator("td:nth-child(5)").filter({ hasNotText: /^CREATE$/ })).toHaveCount(0);

  const first = rows.first();
  const recordId = (await first.locator("td:nth-child(4)").textContent())!;
  await first.getByRole("link", { name: "Show Details" }).click();
  await page.waitForURL(/details=\d+/);
  const dialog = page.getByRole("dialog", { name: "Change Details" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(`CREATE · Trailer #${recordId}`);
  await expect(
    dialog
      .getByRole("row", { name: /^Trailer Number/ })
      .getByRole("cell")
      .first(),
  ).toHaveText("—");

  await dialog.getByRole("link", { name: "Close" }).click();
  await page.waitForURL((url) => !url.searchParams.has("details"));
  await expect(dialog).toHaveCount(0);
  expect(new URL(page.url()).searchParams.get("action")).toBe("CREATE");
  await expect(page.getByRole("group", { name: "Table" }).getByRole("radio", { name: "Trailers" })).toBeChecked();
  await context.close();
});
