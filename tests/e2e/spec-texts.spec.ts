import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { trailerLocationHistory, trailers } from "#db/schema";
import { addTrailer, expect, test, visit } from "./fixtures";

/**
 * The spec's texts at the moments it gives them, where Yardline has the same moment (its open
 * issue's item 13): each screen shows the exact words, written out here so a changed text fails.
 */

const LOADING_MOVES = "Loading move data...";
const NO_HISTORY = "No location history available.";

test.use({ viewport: { width: 390, height: 844 } });

test("the Move Status panel says 'Loading move data...' while an opened card's list is on its way", async ({ page, newUser, signInAs }) => {
  await signInAs(page, (await newUser("manager")).email);
  await visit(page, "/");
  const panel = page.getByRole("region", { name: "Move Status" });

  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const isMoves = (url: URL) => url.pathname === "/api/moves";
  await page.route(isMoves, async (route) => {
    await held;
    await route.continue();
  });
  await panel.getByRole("button", { name: /^Finished/ }).click();
  await expect(panel.getByRole("status").filter({ hasText: LOADING_MOVES })).toHaveText(LOADING_MOVES);
  release();
  await expect(panel.getByRole("region", { name: "Finished moves" })).toBeVisible();
  await expect(panel.getByText(LOADING_MOVES)).toHaveCount(0);
  await page.unroute(isMoves);
});

test("a trailer that has stood nowhere yet says 'No location history available.'", async ({ page, newUser, apiAs, signInAs, db }) => {
  const superManager = await apiAs((await newUser("super_manager")).email);
  const number = await addTrailer(superManager, "Yard A", `NH${randomBytes(2).toString("hex").toUpperCase()}`);
  const [trailer] = await db.select({ id: trailers.id }).from(trailers).where(eq(trailers.trailerNumber, number));
  await db.delete(trailerLocationHistory).where(eq(trailerLocationHistory.trailerId, trailer.id));

  await signInAs(page, (await newUser("manager")).email);
  await visit(page, `/trailers/${trailer.id}`);
  const history = page.getByRole("region", { name: "Location History" });
  await expect(history).toContainText(NO_HISTORY);
  await expect(history.getByText(NO_HISTORY, { exact: true })).toBeVisible();
});
