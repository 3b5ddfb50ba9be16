import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Page } from "@playwright/test";
import { accounts, companies, moveLegs, moves, trailerLocationHistory, trailers } from "#db/schema";
import type { Database } from "#app/lib/db.server";
import { addTrailer, csrfTokenOf, expect, listening, signedInPage, test, visit } from "./fixtures";

/**
 * Lists longer than a page: a trailer's Complete History and the Move Status lists page by links
 * (Older, Newer) that work without JavaScript and on a phone, say how many there are, and keep
 * their live updates: a change reloads the page shown, which a new row does not shift.
 */

const HOUR = 3_600_000;
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/** A trailer of its own standing at Yard A, with `older` closed stays before that one: `older + 1` in all. */
async function trailerWithStays(api: Parameters<typeof addTrailer>[0], db: Database, older: number) {
  const number = await addTrailer(api, "Yard A", "LH");
  const [trailer] = await db.select().from(trailers).where(eq(trailers.trailerNumber, number));
  const [open] = await db.select().from(trailerLocationHistory).where(eq(trailerLocationHistory.trailerId, trailer.id));
  const first = open.entryTime.getTime() - older * HOUR;
  await db.insert(trailerLocationHistory).values(
    Array.from({ length: older }, (_, i) => ({
      trailerId: trailer.id,
      accountId: trailer.accountId,
      location: `North-${(i % 24) + 1}`,
      entryTime: new Date(first + i * HOUR),
      exitTime: new Date(first + (i + 1) * HOUR),
      userAlphaCode: "OLD",
    })),
  );
  return trailer;
}

/** The page's Complete History: its summary, the range it shows, its rows and its page links. */
function completeHistory(page: Page) {
  const history = page.getByRole("region", { name: "Location History" });
  const pages = history.getByRole("navigation", { name: "Complete History pages" });
  return {
    summary: history.locator("summary"),
    range: history.getByTestId("history-range"),
    rows: history.locator("details tbody tr"),
    older: pages.getByRole("link", { name: "Older stays" }),
    newer: pages.getByRole("link", { name: "Newer stays" }),
    current: history.getByTestId("current-location"),
  };
}

/** Whether `link` lies inside the phone's width and can be tapped. */
async function withinPhoneWidth(page: Page, link: ReturnType<Page["getByRole"]>) {
  await link.scrollIntoViewIfNeeded();
  const box = (await link.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  expect(box.height).toBeGreaterThanOrEqual(44);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

test("a trailer's Complete History says how many stays it has and pages through them; a new stay live never shifts an older page", async ({
  page,
  newUser,
  apiAs,
  signInAs,
  db,
}) => {
  const editor = await apiAs((await newUser("super_manager")).email);
  const trailer = await trailerWithStays(editor, db, 229);
  await signInAs(page, (await newUser("manager")).email);
  await visit(page, `/trailers/${trailer.id}`);
  const history = completeHistory(page);
  await expect(history.summary).toHaveText("Complete History (230)");
  await history.summary.click();
  await expect(history.range).toHaveText("Stays 1–200 of 230");
  await expect(history.rows).toHaveCount(200);
  await expect(history.newer).toHaveCount(0);

  await history.older.click();
  await expect(page).toHaveURL(/history_before=/);
  await expect(history.range).toHaveText("Stays 201–230 of 230");
  await expect(history.rows).toHaveCount(30);
  await expect(history.rows.first()).toContainText("OLD");
  await expect(history.older).toHaveCount(0);
  // The current location is still the newest stay's.
  await expect(history.current).toHaveText("Yard A");

  // Someone moves the trailer: the page reloads live, the same 30 stays, one more in all.
  await listening(page);
  const moved = await editor.put(`/api/trailers/${trailer.id}`, {
    headers: { "X-CSRF-Token": await csrfTokenOf(editor) },
    data: { trailer_location: "Shop" },
  });
  expect(moved.status(), await moved.text()).toBe(200);
  await expect(history.current).toHaveText("Shop");
  await expect(history.summary).toHaveText("Complete History (231)");
  await expect(history.range).toHaveText("Stays 202–231 of 231");
  await expect(history.rows).toHaveCount(30);

  // Newer: the 200 stays just before, then the newest one.
  await history.newer.click();
  await expect(history.range).toHaveText("Stays 2–201 of 231");
  await history.newer.click();
  await expect(history.range).toHaveText("Stays 1–200 of 231");
  await expect(history.rows.first()).toContainText("Shop");
  await expect(history.newer).toHaveCount(0);

  // The API pages the same, its answer still the list of stays.
  const answer = await editor.get(`/api/trailers/${trailer.id}/location-history?limit=100`);
  expect(answer.headers()["x-total-count"]).toBe("231");
  expect(((await answer.json()) as unknown[]).length).toBe(100);
  const next = /<([^>]+)>; rel="next"/.exec(answer.headers()["link"] ?? "")![1];
  const older = (await (await editor.get(next)).json()) as { user_alpha_code: string }[];
  expect(older).toHaveLength(100);
  expect(older.every((stay) => stay.user_alpha_code === "OLD")).toBe(true);
});

test("without JavaScript on a phone, the Complete History pages by links that are within reach", async ({
  browser,
  newUser,
  apiAs,
  db,
}) => {
  const trailer = await trailerWithStays(await apiAs((await newUser("super_manager")).email), db, 204);
  const { context, page } = await signedInPage(browser, db, (await newUser("manager")).email, { ...PHONE, javaScriptEnabled: false });
  await page.goto(`/trailers/${trailer.id}`);
  const history = completeHistory(page);
  await expect(history.summary).toHaveText("Complete History (205)");
  await history.summary.click();
  await withinPhoneWidth(page, history.older);
  await history.older.click();
  await expect(page).toHaveURL(/history_before=.*#complete-history$/);
  // Reached by a link, the history is open at its page.
  await expect(history.range).toBeVisible();
  await expect(history.range).toHaveText("Stays 201–205 of 205");
  await expect(history.rows).toHaveCount(5);
  await withinPhoneWidth(page, history.newer);
  await history.newer.click();
  await expect(history.range).toHaveText("Stays 1–200 of 205");
  await expect(history.older).toBeVisible();
  await context.close();
});

/** An account of its own whose manager and driver see `finished` finished moves, an hour apart, the newest a day ago. */
async function accountWithFinishedMoves(db: Database, finished: number) {
  const name = `Paging ${randomBytes(3).toString("hex")}`;
  const [company] = await db
    .insert(companies)
    .values({ companyName: `${name} Co` })
    .returning();
  const [account] = await db.insert(accounts).values({ companyId: company.id, accountName: name, location: "Boston, MA" }).returning();
  const newest = Date.now() - 24 * HOUR;
  const rows = await db
    .insert(moves)
    .values(
      Array.from({ length: finished }, (_, i) => ({
        accountId: account.id,
        moveType: "single",
        requestTime: new Date(newest - i * HOUR),
        inProgress: true,
        finishTime: new Date(newest - i * HOUR + 20 * 60_000),
      })),
    )
    .returning({ id: moves.id });
  await db.insert(moveLegs).values(
    rows.map((move, i) => ({
      moveId: move.id,
      legNumber: 1,
      fromLocation: "Yard A",
      toLocation: "Shop",
      trailerNumber: `PG${i}`,
      active: false,
    })),
  );
  return { account, ids: rows.map((move) => move.id) };
}

/** The panel's Finished list: its entries, the line that says which, and its page links. */
function finishedList(page: Page) {
  const panel = page.getByRole("region", { name: "Move Status" });
  const pages = panel.getByRole("navigation", { name: "Finished moves pages" });
  return {
    panel,
    card: panel.getByRole("button", { name: /Finished/ }),
    entries: panel.getByRole("list", { name: "Finished moves" }).locator("[data-move-id]"),
    shown: panel.getByTestId("move-page"),
    older: pages.getByRole("link", { name: "Older moves" }),
    newer: pages.getByRole("link", { name: "Newer moves" }),
  };
}

test("a Move Status list pages its moves, the cards keep their counts, and live updates reload the page shown", async ({
  page,
  newUser,
  apiAs,
  signInAs,
  db,
}) => {
  const { account, ids } = await accountWithFinishedMoves(db, 60);
  await signInAs(page, (await newUser("manager", { account: account.accountName })).email);
  await visit(page, "/");
  const list = finishedList(page);
  await list.card.click();
  await expect(list.entries).toHaveCount(50);
  await expect(list.entries.first()).toHaveAttribute("data-move-id", String(ids[0]));
  await expect(list.shown).toHaveText("Showing the newest 50 of 60");
  await expect(list.card).toContainText("Total 60");

  await list.older.click();
  await expect(page).toHaveURL(/move_list=finished.*finished_before=|finished_before=.*move_list=finished/);
  await expect(list.entries).toHaveCount(10);
  await expect(list.entries.first()).toHaveAttribute("data-move-id", String(ids[50]));
  await expect(list.shown).toHaveText("Showing 10 older moves of 60");
  await expect(list.older).toHaveCount(0);
  await expect(list.card).toContainText("Total 60");

  // A move is cancelled elsewhere: the panel reloads live, its counts follow, the page shown stays.
  await listening(page);
  const other = await apiAs((await newUser("manager", { account: account.accountName })).email);
  await db.update(moves).set({ inProgress: false, finishTime: null }).where(eq(moves.id, ids[0]));
  const cancelled = await other.put(`/api/moves/${ids[0]}/cancel`, { headers: { "X-CSRF-Token": await csrfTokenOf(other) } });
  expect(cancelled.status(), await cancelled.text()).toBe(200);
  await expect(list.panel.getByRole("button", { name: /Cancelled/ })).toContainText("1");
  await expect(list.card).toContainText("Total 59");
  await expect(list.entries.first()).toHaveAttribute("data-move-id", String(ids[50]));
  await expect(list.shown).toHaveText("Showing 10 older moves of 59");

  // Newer: back to the newest, without the cancelled one.
  await list.newer.click();
  await expect(list.entries.first()).toHaveAttribute("data-move-id", String(ids[1]));
  await expect(list.shown).toHaveText("Showing the newest 50 of 59");
  await expect(list.newer).toHaveCount(0);
});

test("without JavaScript on a phone, a Move Status list pages by links within reach, keeping its place per list", async ({
  browser,
  newUser,
  db,
}) => {
  const { account, ids } = await accountWithFinishedMoves(db, 55);
  const driver = await newUser("yard_driver", { account: account.accountName });
  const { context, page } = await signedInPage(browser, db, driver.email, { ...PHONE, javaScriptEnabled: false });
  await page.goto("/");
  const list = finishedList(page);
  await list.card.click();
  await expect(list.entries).toHaveCount(50);
  await withinPhoneWidth(page, list.older);
  await list.older.click();
  await expect(page).toHaveURL(/#moves-finished$/);
  await expect(list.entries).toHaveCount(5);
  await expect(list.entries.first()).toHaveAttribute("data-move-id", String(ids[50]));
  await expect(list.shown).toHaveText("Showing 5 older moves of 55");

  // Another card opens its own list; coming back, Finished is where it was.
  await list.panel.getByRole("button", { name: /Requested/ }).click();
  await expect(list.panel.getByRole("list", { name: "Requested moves" })).toHaveCount(0);
  await expect(list.panel.getByText("No requested moves.")).toBeVisible();
  await list.card.click();
  await expect(list.entries).toHaveCount(5);

  await withinPhoneWidth(page, list.newer);
  await list.newer.click();
  await expect(list.entries).toHaveCount(50);
  await expect(list.entries.first()).toHaveAttribute("data-move-id", String(ids[0]));
  await context.close();
});
