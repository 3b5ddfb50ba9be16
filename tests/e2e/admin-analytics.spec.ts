import { request as playwrightRequest, type APIRequestContext, type Page } from "@playwright/test";
import { and, eq } from "drizzle-orm";
import { accounts, companies } from "#db/schema";
import type { Database } from "#app/lib/db.server";
import { addTrailer, BASE_URL, csrfTokenOf, expect, listening, signedInPage, test, visit } from "./fixtures";

/**
 * The admin dashboard's analytics through the Worker and Chromium: the company selector and its
 * accounts' cards, the period switch, the Moves Summary following real moves live, the way to an
 * account's dashboard, who may read the analytics, and the page without JavaScript. The figures'
 * own rules are tested in tests/integration; other specs share the database, so only changes
 * (read, act, read again) are asserted, never absolute counts.
 */

const BAD_PERIOD = "Period must be one of today, 7d, 30d";

async function companyId(db: Database, name: string): Promise<number> {
  const [company] = await db.select().from(companies).where(eq(companies.companyName, name));
  return company.id;
}

async function accountOf(db: Database, company: string, name: string) {
  const [account] = await db
    .select()
    .from(accounts)
    .where(and(eq(accounts.companyId, await companyId(db, company)), eq(accounts.accountName, name)));
  return account;
}

/** The Company select (its label holds its options' text too, so it is found by role). */
const companySelect = (page: Page) => page.getByRole("combobox", { name: "Company", exact: true });

/** The account cards of the page. */
const cards = (page: Page) => page.getByRole("list", { name: "Accounts" }).getByRole("listitem");

/** An account card's name: the link that chooses it. */
const accountLink = (page: Page, name: string) => page.getByRole("list", { name: "Accounts" }).getByRole("link", { name, exact: true });

/** A figure of the Moves Summary ("Total Moves", "Finished"…). */
const figure = (page: Page, label: string) => page.getByRole("region", { name: "Moves Summary" }).locator(`dd[data-figure="${label}"]`);

async function figureValue(page: Page, label: string): Promise<number> {
  const text = (await figure(page, label).textContent())!.trim();
  expect(text, label).toMatch(/^[\d,]+$/);
  return Number(text.replace(/,/g, ""));
}

const shown = (value: number) => value.toLocaleString("en-US");

/** Expects the cards to be exactly one company's (whatever accounts other specs added to it), naming `expected` among them. */
async function expectCardsOf(page: Page, company: string, expected: string[], absent: string[]) {
  await expect(cards(page).first()).toBeVisible();
  await expect(cards(page).filter({ hasNotText: company })).toHaveCount(0);
  for (const name of expected) await expect(accountLink(page, name)).toBeVisible();
  for (const name of absent) await expect(accountLink(page, name)).toHaveCount(0);
}

/** An API client with its CSRF header, for the moves' POST and PUTs. */
async function client(api: APIRequestContext) {
  const headers = { "X-CSRF-Token": await csrfTokenOf(api) };
  return {
    post: (path: string, data: unknown) => api.post(path, { headers, data }),
    put: (path: string) => api.put(path, { headers }),
    get: (path: string) => api.get(path),
  };
}

test("an admin chooses a company, then one of its accounts, then Past 30 Days: the cards, the heading, the address and the totals follow", async ({
  page,
  newUser,
  signInAs,
  db,
}) => {
  const acme = await companyId(db, "Acme Logistics");
  const boston = await accountOf(db, "Acme Logistics", "Acme Boston");
  await signInAs(page, (await newUser("admin")).email);
  await visit(page, "/admin/dashboard");
  await expect(page.getByRole("heading", { name: "Analytics · All Companies" })).toBeVisible();
  // Every company's accounts at first; with JavaScript the select applies itself (no Show button).
  await expect(accountLink(page, "Blue Ridge Charlotte")).toBeVisible();
  await expect(accountLink(page, "Acme Boston")).toBeVisible();
  await expect(page.getByRole("button", { name: "Show", exact: true })).toHaveCount(0);

  await companySelect(page).selectOption({ label: "Acme Logistics" });
  await page.waitForURL(`/admin/dashboard?company=${acme}`);
  await expect(page.getByRole("heading", { name: "Analytics · Acme Logistics" })).toBeVisible();
  await expectCardsOf(page, "Acme Logistics", ["Acme Boston", "Acme Newark"], ["Blue Ridge Charlotte"]);

  await accountLink(page, "Acme Boston").click();
  await page.waitForURL(`/admin/dashboard?company=${acme}&account=${boston.id}`);
  await expect(page.getByRole("heading", { name: "Analytics · Acme Boston" })).toBeVisible();
  await expect(accountLink(page, "Acme Boston")).toHaveAttribute("aria-current", "true");
  await expect(accountLink(page, "Acme Newark")).not.toHaveAttribute("aria-current");
  // The company's other accounts stay listed while one is chosen.
  await expectCardsOf(page, "Acme Logistics", ["Acme Boston", "Acme Newark"], ["Blue Ridge Charlotte"]);

  const periods = page.getByRole("navigation", { name: "Period" });
  await expect(periods.getByRole("link")).toHaveText(["Today", "Past 7 Days", "Past 30 Days"]);
  await expect(periods.getByRole("link", { name: "Today" })).toHaveAttribute("aria-current", "true");
  const today = await figureValue(page, "Total Moves");

  await periods.getByRole("link", { name: "Past 30 Days" }).click();
  await page.waitForURL(`/admin/dashboard?company=${acme}&account=${boston.id}&period=30d`);
  await expect(periods.getByRole("link", { name: "Past 30 Days" })).toHaveAttribute("aria-current", "true");
  await expect(periods.getByRole("link", { name: "Today" })).not.toHaveAttribute("aria-current");
  await expect(page.getByRole("heading", { name: "Analytics · Acme Boston" })).toBeVisible();
  expect(await figureValue(page, "Total Moves")).toBeGreaterThanOrEqual(today);
  // The period's figures add up: every move is requested, in progress, finished or cancelled.
  const parts = await Promise.all(["Requested", "In Progress", "Finished", "Cancelled"].map((label) => figureValue(page, label)));
  expect(parts.reduce((sum, value) => sum + value, 0)).toBe(await figureValue(page, "Total Moves"));

  // Choosing the account again lets it go, keeping the period.
  await accountLink(page, "Acme Boston").click();
  await page.waitForURL(`/admin/dashboard?company=${acme}&period=30d`);
  await expect(page.getByRole("heading", { name: "Analytics · Acme Logistics" })).toBeVisible();
  await expect(accountLink(page, "Acme Boston")).not.toHaveAttribute("aria-current");
});

test("a move requested, accepted and finished in the chosen account shows on the admin's open page without a reload", async ({
  page,
  newUser,
  apiAs,
  signInAs,
  db,
}) => {
  const acme = await companyId(db, "Acme Logistics");
  const boston = await accountOf(db, "Acme Logistics", "Acme Boston");
  // A trailer of its own in Yard A, so no other spec's trailer is moved.
  const number = await addTrailer(await apiAs((await newUser("super_manager")).email), "Yard A", "AN");
  const manager = await client(await apiAs((await newUser("manager")).email));
  const driver = await client(await apiAs((await newUser("yard_driver")).email));
  const free = (await (await manager.get(`/api/moves/available-trailers?location=${encodeURIComponent("Yard A")}&q=${number}`)).json()) as {
    id: number;
    trailer_number: string;
  }[];
  expect(free.map((trailer) => trailer.trailer_number)).toEqual([number]);
  const { to } = (await (await manager.get("/api/moves/locations")).json()) as { to: string[] };
  const destination = "Overflow Lot";
  expect(to).toContain(destination);

  await signInAs(page, (await newUser("admin")).email);
  await visit(page, `/admin/dashboard?company=${acme}&account=${boston.id}`);
  await expect(page.getByRole("heading", { name: "Analytics · Acme Boston" })).toBeVisible();
  await listening(page);
  // Marks this document: a reload would lose the mark.
  await page.evaluate(() => Object.assign(window, { analyticsMark: true }));
  const before = Object.fromEntries(
    await Promise.all(
      ["Total Moves", "Requested", "In Progress", "Finished"].map(async (label) => [label, await figureValue(page, label)] as const),
    ),
  );

  const created = await manager.post("/api/moves", {
    move_details: { type: "single", moves: [{ from: "Yard A", to: destination, trailer: number }] },
  });
  expect(created.status(), await created.text()).toBe(201);
  const move = (await created.json()) as { id: number; account_id: number };
  expect(move.account_id).toBe(boston.id);
  await expect(figure(page, "Total Moves")).toHaveText(shown(before["Total Moves"] + 1));
  await expect(figure(page, "Requested")).toHaveText(shown(before.Requested + 1));

  expect((await driver.put(`/api/moves/${move.id}/accept`)).status()).toBe(200);
  await expect(figure(page, "In Progress")).toHaveText(shown(before["In Progress"] + 1));
  await expect(figure(page, "Requested")).toHaveText(shown(before.Requested));

  const finished = await driver.put(`/api/moves/${move.id}/finish`);
  expect(finished.status(), await finished.text()).toBe(200);
  await expect(figure(page, "Finished")).toHaveText(shown(before.Finished + 1));
  await expect(figure(page, "In Progress")).toHaveText(shown(before["In Progress"]));
  await expect(figure(page, "Total Moves")).toHaveText(shown(before["Total Moves"] + 1));
  await expect(figure(page, "Success Rate")).toHaveText(/^\d+%$/);
  await expect(figure(page, "Average Move Time")).toHaveText(/^\d+ min$/);

  // Back again, accepted and finished at once: the finish's events arrive while the reload the
  // accept started is still loading, and the page still ends with the move finished.
  const back = await manager.post("/api/moves", {
    move_details: { type: "single", moves: [{ from: destination, to: "Yard A", trailer: number }] },
  });
  expect(back.status(), await back.text()).toBe(201);
  const returning = (await back.json()) as { id: number };
  await expect(figure(page, "Total Moves")).toHaveText(shown(before["Total Moves"] + 2));
  expect((await driver.put(`/api/moves/${returning.id}/accept`)).status()).toBe(200);
  expect((await driver.put(`/api/moves/${returning.id}/finish`)).status()).toBe(200);
  await expect(figure(page, "Finished")).toHaveText(shown(before.Finished + 2));
  await expect(figure(page, "In Progress")).toHaveText(shown(before["In Progress"]));
  await expect(figure(page, "Requested")).toHaveText(shown(before.Requested));
  expect(await page.evaluate(() => (window as unknown as { analyticsMark?: boolean }).analyticsMark)).toBe(true);
});

test("an account card's Open account leads to that account's dashboard on the Trailers tab with its report buttons", async ({
  page,
  newUser,
  signInAs,
  db,
}) => {
  const acme = await companyId(db, "Acme Logistics");
  const newark = await accountOf(db, "Acme Logistics", "Acme Newark");
  await signInAs(page, (await newUser("admin")).email);
  await visit(page, `/admin/dashboard?company=${acme}`);
  const card = cards(page).filter({ has: page.getByRole("link", { name: "Acme Newark", exact: true }) });
  await card.getByRole("link", { name: "Open Acme Newark's trailers, trucks, yards, buildings and users" }).click();
  await page.waitForURL(`/?account=${newark.id}`);
  await expect(page.getByRole("heading", { name: "Acme Newark Dashboard" })).toBeVisible();
  const tabs = page.getByRole("navigation", { name: "Dashboard tabs" });
  await expect(tabs.getByRole("link")).toHaveText(["Trailers", "Trucks", "Yards", "Buildings", "Users"]);
  await expect(tabs.getByRole("link", { name: "Trailers" })).toHaveAttribute("aria-current", "page");
  const reports = page.getByRole("group", { name: "Trailers reports" });
  await expect(reports.getByRole("link", { name: "Print Report" })).toBeVisible();
  await expect(reports.getByRole("link", { name: "Excel Report (CSV)", exact: true })).toBeVisible();
  await expect(reports.getByRole("link", { name: "Excel Workbook (.xlsx)", exact: true })).toBeVisible();
});

test("a manager is sent home from /admin/dashboard; the analytics API answers managers 403, signed-out callers 401 and admins 200", async ({
  page,
  newUser,
  apiAs,
  signInAs,
}) => {
  await signInAs(page, "manager@acme.test");
  await page.goto("/admin/dashboard?period=30d");
  await expect(page).toHaveURL(`${BASE_URL}/`);
  await expect(page.getByRole("heading", { name: "Acme Boston Dashboard" })).toBeVisible();
  await expect(page.getByRole("heading", { name: /^Analytics/ })).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Moves Summary" })).toHaveCount(0);
  await expect(page.getByRole("navigation", { name: "Period" })).toHaveCount(0);

  // The manager's own session (the page's), asking the API.
  const refused = await page.request.get("/api/admin/analytics");
  expect(refused.status()).toBe(403);
  expect((await refused.json()).error).toMatch(/admin/i);
  expect((await page.request.get("/api/admin/analytics?period=year")).status()).toBe(403);

  const signedOut = await playwrightRequest.newContext({ baseURL: BASE_URL });
  const anonymous = await signedOut.get("/api/admin/analytics");
  expect(anonymous.status()).toBe(401);
  expect((await anonymous.json()).error).toEqual(expect.any(String));
  await signedOut.dispose();

  const admin = await apiAs((await newUser("admin")).email);
  const answer = await admin.get("/api/admin/analytics");
  expect(answer.status(), await answer.text()).toBe(200);
  expect(answer.headers()["content-type"]).toMatch(/^application\/json/);
  const body = await answer.json();
  expect(body).toMatchObject({
    period: "today",
    moves_summary: {
      total: expect.any(Number),
      requested: expect.any(Number),
      in_progress: expect.any(Number),
      finished: expect.any(Number),
      cancelled: expect.any(Number),
    },
    top_locations: expect.any(Array),
    top_routes: expect.any(Array),
    idle_trailers: expect.any(Array),
    kpis: expect.any(Object),
  });
  for (const period of ["7d", "30d"]) {
    const other = await admin.get(`/api/admin/analytics?period=${period}`);
    expect(other.status(), period).toBe(200);
    expect((await other.json()).period).toBe(period);
  }

  const bad = await admin.get("/api/admin/analytics?period=year");
  expect(bad.status()).toBe(400);
  expect(await bad.json()).toMatchObject({ error: BAD_PERIOD, errors: [BAD_PERIOD] });
});

test("without JavaScript the Company select applies with Show, and the period links and account cards work", async ({
  browser,
  newUser,
  db,
}) => {
  const acme = await companyId(db, "Acme Logistics");
  const blueRidge = await companyId(db, "Blue Ridge Transport");
  const charlotte = await accountOf(db, "Blue Ridge Transport", "Blue Ridge Charlotte");
  const { context, page } = await signedInPage(browser, db, (await newUser("admin")).email, { javaScriptEnabled: false });
  await page.goto("/admin/dashboard");
  await expect(page.getByRole("heading", { name: "Analytics · All Companies" })).toBeVisible();

  // Choosing alone sends nothing without JavaScript; Show does.
  await companySelect(page).selectOption({ label: "Acme Logistics" });
  await expect(page).toHaveURL(`${BASE_URL}/admin/dashboard`);
  await page.getByRole("button", { name: "Show", exact: true }).click();
  await page.waitForURL(`/admin/dashboard?company=${acme}`);
  await expect(page.getByRole("heading", { name: "Analytics · Acme Logistics" })).toBeVisible();
  await expect(companySelect(page)).toHaveValue(String(acme));
  await expectCardsOf(page, "Acme Logistics", ["Acme Boston", "Acme Newark"], ["Blue Ridge Charlotte"]);

  const periods = page.getByRole("navigation", { name: "Period" });
  await periods.getByRole("link", { name: "Past 7 Days" }).click();
  await page.waitForURL(`/admin/dashboard?company=${acme}&period=7d`);
  await expect(periods.getByRole("link", { name: "Past 7 Days" })).toHaveAttribute("aria-current", "true");
  await expect(periods.getByRole("link", { name: "Today" })).not.toHaveAttribute("aria-current");

  // Another company through Show keeps the period.
  await companySelect(page).selectOption({ label: "Blue Ridge Transport" });
  await page.getByRole("button", { name: "Show", exact: true }).click();
  await page.waitForURL(`/admin/dashboard?period=7d&company=${blueRidge}`);
  await expect(page.getByRole("heading", { name: "Analytics · Blue Ridge Transport" })).toBeVisible();
  await expectCardsOf(page, "Blue Ridge Transport", ["Blue Ridge Charlotte"], ["Acme Boston", "Acme Newark"]);
  await expect(periods.getByRole("link", { name: "Past 7 Days" })).toHaveAttribute("aria-current", "true");

  await accountLink(page, "Blue Ridge Charlotte").click();
  await page.waitForURL(`/admin/dashboard?company=${blueRidge}&account=${charlotte.id}&period=7d`);
  await expect(page.getByRole("heading", { name: "Analytics · Blue Ridge Charlotte" })).toBeVisible();
  await expect(accountLink(page, "Blue Ridge Charlotte")).toHaveAttribute("aria-current", "true");

  await periods.getByRole("link", { name: "Today" }).click();
  await page.waitForURL(`/admin/dashboard?company=${blueRidge}&account=${charlotte.id}`);
  await expect(periods.getByRole("link", { name: "Today" })).toHaveAttribute("aria-current", "true");
  await expect(figure(page, "Total Moves")).toHaveText(/^[\d,]+$/);
  await context.close();
});
