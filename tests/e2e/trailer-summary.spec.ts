import type { APIRequestContext, Page } from "@playwright/test";
import { and, desc, eq, isNull } from "drizzle-orm";
import { moveLegs, moves, trailerLocationHistory, trailers, trucks, truckLocationHistory } from "#db/schema";
import { timeAtLocation } from "#app/domain/assets";
import { MOVE_MESSAGES, moveRequestBlock } from "#app/domain/moves";
import type { Database } from "#app/lib/db.server";
import { expectNoAxeViolations } from "./axe";
import { addMove, addTrailer, csrfTokenOf, expect, listening, signedInPage, submitAndWait, test, visit } from "./fixtures";

/** An asset's latest location history entry (newest entry time, then id), as the database has it. */
async function latestStay(db: Database, kind: "trailer" | "truck", id: number) {
  const history = kind === "trailer" ? trailerLocationHistory : truckLocationHistory;
  const [latest] = await db
    .select({ entryTime: history.entryTime, exitTime: history.exitTime, userAlphaCode: history.userAlphaCode })
    .from(history)
    .where(eq(kind === "trailer" ? trailerLocationHistory.trailerId : truckLocationHistory.truckId, id))
    .orderBy(desc(history.entryTime), desc(history.id))
    .limit(1);
  return latest;
}

/** The trailer's row and its latest location history entry, as the database has them. */
async function trailerFacts(db: Database, number: string) {
  const [trailer] = await db.select().from(trailers).where(eq(trailers.trailerNumber, number));
  return { trailer, latest: await latestStay(db, "trailer", trailer.id) };
}

/** A fact of the page's summary (Location, Status, Time at Location, Last Moved By). */
const fact = (page: Page, name: string) => page.getByTestId("asset-summary").locator(`dd[data-fact="${name}"]`);

/** A trailer of Acme Boston at `location`, red tagged, that has stood there 3 hours (its open entry backdated). */
async function taggedTrailer(api: APIRequestContext, db: Database, location: string) {
  const number = await addTrailer(api, location, "SU");
  const { trailer } = await trailerFacts(db, number);
  const tagged = await api.put(`/api/trailers/${trailer.id}`, {
    headers: { "X-CSRF-Token": await csrfTokenOf(api) },
    data: { red_tagged: true, tagged_description: "Flat tire" },
  });
  expect(tagged.status(), await tagged.text()).toBe(200);
  await db
    .update(trailerLocationHistory)
    .set({ entryTime: new Date(Date.now() - (3 * 3600 + 20) * 1000) })
    .where(and(eq(trailerLocationHistory.trailerId, trailer.id), isNull(trailerLocationHistory.exitTime)));
  return number;
}

test("the trailer page opens with Back and its summary: number, location, status, time at location and who moved it, as stored", async ({
  page,
  newUser,
  apiAs,
  signInAs,
  db,
}) => {
  const superManager = await newUser("super_manager");
  const number = await taggedTrailer(await apiAs(superManager.email), db, "Yard A");
  const { trailer, latest } = await trailerFacts(db, number);

  await signInAs(page, (await newUser("manager")).email);
  await visit(page, `/trailers/${trailer.id}`);
  const heading = page.getByRole("heading", { level: 1 });
  await expect(heading).toHaveText(`Trailer ${number}`);
  await expect(fact(page, "location")).toHaveText(trailer.trailerLocation);
  await expect(fact(page, "status")).toHaveText(`Red Tagged: ${trailer.taggedDescription}`);
  await expect(fact(page, "time-at-location")).toContainText(timeAtLocation(latest));
  await expect(fact(page, "time-at-location")).toContainText("3h 0m");
  await expect(fact(page, "time-at-location").locator("time")).toHaveAttribute("datetime", latest.entryTime.toISOString());
  await expect(fact(page, "moved-by")).toHaveText(latest.userAlphaCode!);
  expect(latest.userAlphaCode).toBe(superManager.alphaCode);

  // One Back, leading home, above the heading; the summary above the detail table, which keeps every field.
  const back = page.getByRole("link", { name: "Back" });
  await expect(back).toHaveCount(1);
  await expect(back).toHaveAttribute("href", "/");
  const table = page.locator("dl").filter({ hasText: "Owner" });
  const [backBox, headingBox, tableBox] = await Promise.all([back.boundingBox(), heading.boundingBox(), table.boundingBox()]);
  expect(backBox!.y).toBeLessThan(headingBox!.y);
  expect(headingBox!.y).toBeLessThan(tableBox!.y);
  await expect(table.locator("dt")).toHaveText([
    "Owner",
    "Load Number",
    "Inspections (Last / Next)",
    "Maintenance (Last / Next)",
    "Current User",
    "Status",
    "Location",
    "Trailer Number",
    "Type",
    "Tagged Description",
  ]);
  await expectNoAxeViolations(page);
});

test("on a 390 px phone the summary is the first screen, nothing scrolls sideways, and axe finds nothing", async ({
  browser,
  newUser,
  apiAs,
  db,
}) => {
  const number = await taggedTrailer(await apiAs((await newUser("super_manager")).email), db, "Overflow Lot");
  const { trailer } = await trailerFacts(db, number);
  const manager = await newUser("manager");
  const { context, page } = await signedInPage(browser, db, manager.email, {
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  await visit(page, `/trailers/${trailer.id}`);
  await expect(fact(page, "status")).toHaveText("Red Tagged: Flat tire");
  for (const name of ["location", "status", "time-at-location", "moved-by"]) await expect(fact(page, name)).toBeInViewport();
  await expect(page.getByRole("link", { name: "Request move" })).toBeInViewport();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  await expectNoAxeViolations(page);
  await context.close();
});

/** A new trailer of Acme Boston at Yard A, free to move. */
async function freeTrailer(api: APIRequestContext, db: Database) {
  return (await trailerFacts(db, await addTrailer(api, "Yard A", "SU"))).trailer;
}

/**
 * Request move on the trailer's page, open: Create Move opens with the trailer, from Yard A, as its
 * first leg; sent to North-3 it creates the move, the page back on the dashboard without the form's
 * parameters, and the move's one leg is that. Answers the move's id.
 */
async function requestMove(
  page: Page,
  db: Database,
  trailer: { id: number; trailerNumber: string },
  /** An admin's dashboard names the trailer's account (`account=`). */
  dashboard = "",
): Promise<number> {
  await page.getByRole("link", { name: "Request move" }).click();
  await page.waitForURL(`/?${dashboard ? `${dashboard}&` : ""}create_move=1&trailer=${trailer.id}`);
  const dialog = page.getByRole("dialog", { name: "Create Move" });
  await expect(dialog.getByLabel("Move 1 from")).toHaveValue("Yard A");
  const choices = dialog.getByRole("radiogroup", { name: "Move 1 trailer" });
  await expect(choices.getByRole("radio", { name: new RegExp(trailer.trailerNumber) })).toBeChecked();
  await dialog.getByLabel("Move 1 to").selectOption("North-3");
  const notice = page.getByRole("region", { name: "Move Status" }).getByText(/^Move #\d+ requested$/);
  await submitAndWait(dialog.getByRole("button", { name: "Create Move" }), { shows: notice });
  await expect(dialog).toHaveCount(0);
  expect(new URL(page.url()).search).toBe(dashboard ? `?${dashboard}` : "");
  const moveId = Number((await notice.textContent())!.match(/#(\d+)/)![1]);
  const legs = await db.select().from(moveLegs).where(eq(moveLegs.moveId, moveId));
  expect(legs.map((leg) => [leg.legNumber, leg.fromLocation, leg.toLocation, leg.trailerId])).toEqual([
    [1, "Yard A", "North-3", trailer.id],
  ]);
  return moveId;
}

test("Request move opens Create Move with the trailer as the first leg and creates the move; then the page says why not again", async ({
  page,
  newUser,
  apiAs,
  signInAs,
  db,
}) => {
  const trailer = await freeTrailer(await apiAs((await newUser("super_manager")).email), db);
  const manager = await newUser("manager");
  await signInAs(page, manager.email);
  await visit(page, `/trailers/${trailer.id}`);
  const moveId = await requestMove(page, db, trailer);
  const [move] = await db.select().from(moves).where(eq(moves.id, moveId));
  expect(move).toMatchObject({ requestUserId: manager.id, moveType: "single", inProgress: false });

  // Now in an active move: the page says why no other move can be requested, instead of the link.
  await visit(page, `/trailers/${trailer.id}`);
  await expect(page.getByRole("link", { name: "Request move" })).toHaveCount(0);
  await expect(page.getByTestId("move-request-blocked")).toHaveText(
    moveRequestBlock({ number: trailer.trailerNumber, location: "Yard A", activeMove: { id: moveId, inProgress: false } })!,
  );
});

test("an admin's Request move opens the trailer's account's dashboard with Create Move for it; the page follows the move live", async ({
  browser,
  newUser,
  apiAs,
  db,
}) => {
  const superApi = await apiAs((await newUser("super_manager")).email);
  const trailer = await freeTrailer(superApi, db);
  const { context, page: adminPage } = await signedInPage(browser, db, (await newUser("admin")).email);
  await visit(adminPage, `/trailers/${trailer.id}`);
  await requestMove(adminPage, db, trailer, `account=${trailer.accountId}`);
  await context.close();

  // A manager watching another trailer's page sees Request move give way to why not, when a move takes it.
  const watched = await freeTrailer(superApi, db);
  const { context: managerContext, page: managerPage } = await signedInPage(browser, db, (await newUser("manager")).email);
  await visit(managerPage, `/trailers/${watched.id}`);
  await expect(managerPage.getByRole("link", { name: "Request move" })).toBeVisible();
  await listening(managerPage);
  const moveId = await addMove(superApi, "Yard A", "North-3", watched.trailerNumber);
  await expect(managerPage.getByTestId("move-request-blocked")).toContainText(`move #${moveId} (Requested)`);
  await expect(managerPage.getByRole("link", { name: "Request move" })).toHaveCount(0);
  await managerContext.close();
});

test("without JavaScript Request move opens the Create Move form with the trailer chosen and creates the move", async ({
  browser,
  newUser,
  apiAs,
  db,
}) => {
  const trailer = await freeTrailer(await apiAs((await newUser("super_manager")).email), db);
  const manager = await newUser("manager");
  const { context, page } = await signedInPage(browser, db, manager.email, { javaScriptEnabled: false });
  await page.goto(`/trailers/${trailer.id}`);
  const moveId = await requestMove(page, db, trailer);
  const [move] = await db.select().from(moves).where(eq(moves.id, moveId));
  expect(move.requestUserId).toBe(manager.id);
  await context.close();
});

test("Create Move opened for a trailer it cannot take says why and chooses none: another account's, one in an active move", async ({
  page,
  newUser,
  apiAs,
  signInAs,
  db,
}) => {
  const superApi = await apiAs((await newUser("super_manager")).email);
  const busy = await freeTrailer(superApi, db);
  const moving = busy.trailerNumber;
  const moveId = await addMove(superApi, "Yard A", "North-3", moving);
  const [elsewhere] = await db.select().from(trailers).where(eq(trailers.trailerNumber, "BRC10001"));

  await signInAs(page, (await newUser("manager")).email);
  const dialog = page.getByRole("dialog", { name: "Create Move" });
  await visit(page, `/?create_move=1&trailer=${elsewhere.id}`);
  await expect(dialog.getByRole("status")).toHaveText(MOVE_MESSAGES.firstTrailerUnknown);
  await expect(dialog.getByLabel("Move 1 from")).toHaveValue("");

  await visit(page, `/?create_move=1&trailer=${busy.id}`);
  await expect(dialog.getByRole("status")).toHaveText(
    MOVE_MESSAGES.firstTrailerIgnored(
      moveRequestBlock({ number: moving, location: "Yard A", activeMove: { id: moveId, inProgress: false } })!,
    ),
  );
  await expect(dialog.getByLabel("Move 1 from")).toHaveValue("");
});

test("a driver sees the summary but no Request move", async ({ page, newUser, apiAs, signInAs, db }) => {
  const trailer = await freeTrailer(await apiAs((await newUser("super_manager")).email), db);
  await signInAs(page, (await newUser("yard_driver")).email);
  await visit(page, `/trailers/${trailer.id}`);
  await expect(fact(page, "location")).toHaveText("Yard A");
  await expect(fact(page, "status")).toHaveText("Available");
  await expect(page.getByRole("link", { name: "Request move" })).toHaveCount(0);
  await expect(page.getByTestId("move-request-blocked")).toHaveCount(0);
});

test("the truck page opens with Back and the same summary, without Request move", async ({ page, newUser, signInAs, db }) => {
  const manager = await newUser("manager");
  const [truck] = await db.select().from(trucks).where(eq(trucks.accountId, manager.accountId!)).orderBy(trucks.id).limit(1);
  const latest = await latestStay(db, "truck", truck.id);
  await signInAs(page, manager.email);
  await visit(page, `/trucks/${truck.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Truck ${truck.truckNumber}`);
  await expect(fact(page, "location")).toHaveText(truck.truckLocation);
  await expect(fact(page, "moved-by")).toHaveText(latest?.userAlphaCode ?? (latest ? "Unknown" : "—"));
  await expect(page.getByRole("link", { name: "Back" })).toHaveAttribute("href", "/?tab=trucks");
  await expect(page.getByRole("link", { name: "Request move" })).toHaveCount(0);
  await expectNoAxeViolations(page);
});
