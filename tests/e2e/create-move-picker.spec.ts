import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Locator, Page } from "@playwright/test";
import { accounts, companies, moveLegs, trailers, yards } from "#db/schema";
import type { Database } from "#app/lib/db.server";
import { AVAILABLE_TRAILERS_LIMIT } from "#app/domain/moves";
import { SEARCH_TOO_LONG } from "#app/domain/move-schemas";
import { LIMITS } from "#app/domain/limits";
import { expect, signedInPage, submitAndWait, test as base, visit } from "./fixtures";

const LOT = "Big Lot";
const OVER = AVAILABLE_TRAILERS_LIMIT + 20;

/**
 * An account of its own with a yard holding more free trailers than the picker lists at once,
 * numbered so that the last ones sort beyond the first AVAILABLE_TRAILERS_LIMIT.
 */
async function makeBigLot(db: Database) {
  const tag = randomBytes(3).toString("hex").toUpperCase();
  const name = `Big Lot ${tag}`;
  const [company] = await db
    .insert(companies)
    .values({ companyName: `${name} Co` })
    .returning();
  const [account] = await db.insert(accounts).values({ companyId: company.id, accountName: name, location: "Boston, MA" }).returning();
  await db.insert(yards).values({ accountId: account.id, name: LOT });
  const numbers = Array.from({ length: OVER }, (_, index) => `BL${tag}${String(index + 1).padStart(4, "0")}`);
  await db
    .insert(trailers)
    .values(numbers.map((trailerNumber) => ({ accountId: account.id, companyOwner: "ACME", trailerNumber, trailerLocation: LOT })));
  return { account, numbers };
}

/**
 * The suite's fixtures, and `bigLot`: a big lot of the test's own, whose trailers not in a move go
 * when the test ends, so later tests (the admin export's statement budget) see the demo data's size.
 */
const test = base.extend<{ bigLot: () => ReturnType<typeof makeBigLot> }>({
  bigLot: async ({ db }, use) => {
    const made: number[] = [];
    await use(async () => {
      const lot = await makeBigLot(db);
      made.push(lot.account.id);
      return lot;
    });
    for (const accountId of made) {
      await db.execute(
        sql`delete from ${trailers} where ${trailers.accountId} = ${accountId}
              and not exists (select 1 from ${moveLegs} where ${moveLegs.trailerId} = ${trailers.id})`,
      );
    }
  },
});

/** Opens Create Move from the dashboard's Move Status panel and chooses the big lot as Move 1's From. */
async function openPicker(page: Page) {
  await page.getByRole("region", { name: "Move Status" }).getByRole("link", { name: "Create Move" }).click();
  const dialog = page.getByRole("dialog", { name: "Create Move" });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Move 1 from").selectOption(LOT);
  return dialog;
}

/** Picks `trailer` for Move 1, sends it to the Shop, and answers the requested move's leg. */
async function requestMoveOf(db: Database, page: Page, dialog: Locator, trailer: string) {
  await dialog.getByRole("radiogroup", { name: "Move 1 trailer" }).getByRole("radio", { name: trailer }).check();
  await dialog.getByLabel("Move 1 to").selectOption("Shop");
  const notice = page.getByText(/^Move #\d+ requested$/);
  await submitAndWait(dialog.getByRole("button", { name: "Create Move" }), { shows: notice });
  const moveId = Number((await notice.textContent())!.match(/#(\d+)/)![1]);
  const [leg] = await db.select().from(moveLegs).where(eq(moveLegs.moveId, moveId));
  return leg;
}

test("Create Move picks a trailer beyond the first 500 of a big lot, searched on the server as it is typed", async ({
  bigLot,
  page,
  db,
  newUser,
  signInAs,
}) => {
  const { account, numbers } = await bigLot();
  const target = numbers[OVER - 3];
  const manager = await newUser("manager", { account: account.accountName });
  await signInAs(page, manager.email);
  await visit(page, "/");
  const dialog = await openPicker(page);
  const summary = dialog.locator("#move-1-trailer-summary");
  const choices = dialog.getByRole("radiogroup", { name: "Move 1 trailer" });

  // The whole lot is more than one list: it says so, and never that the lot has none.
  await expect(summary).toHaveText(`Showing ${AVAILABLE_TRAILERS_LIMIT} of ${OVER} — type to narrow`);
  await expect(choices.getByRole("radio")).toHaveCount(AVAILABLE_TRAILERS_LIMIT);
  await expect(choices.getByRole("radio", { name: target })).toHaveCount(0);

  // A search nothing matches says so.
  await dialog.getByLabel("Move 1 trailer search").fill("NO-SUCH-TRAILER");
  await expect(summary).toHaveText('No available trailers match "NO-SUCH-TRAILER".');
  await expect(dialog.getByText(`No available trailers at ${LOT}.`)).toHaveCount(0);

  // Typed a key at a time, the last search is the one answered.
  const search = dialog.getByLabel("Move 1 trailer search");
  await search.fill("");
  await search.pressSequentially(target.toLowerCase());
  await expect(summary).toHaveText("1 trailer matches");
  await expect(choices.getByRole("radio")).toHaveCount(1);
  expect(await requestMoveOf(db, page, dialog, target)).toMatchObject({
    trailerNumber: target,
    fromLocation: LOT,
    toLocation: "Shop",
    active: true,
  });
});

test("without JavaScript, Create Move's search finds a trailer beyond the first 500 of a big lot", async ({
  bigLot,
  browser,
  db,
  newUser,
}) => {
  const { account, numbers } = await bigLot();
  const target = numbers[OVER - 1];
  const manager = await newUser("manager", { account: account.accountName });
  const { context, page } = await signedInPage(browser, db, manager.email, { javaScriptEnabled: false });
  await page.goto("/");
  const dialog = await openPicker(page);
  const summary = dialog.locator("#move-1-trailer-summary");
  await dialog.getByRole("button", { name: "Show trailers" }).click();
  await expect(summary).toHaveText(`Showing ${AVAILABLE_TRAILERS_LIMIT} of ${OVER} — type to narrow`);
  const choices = dialog.getByRole("radiogroup", { name: "Move 1 trailer" });
  await expect(choices.getByRole("radio", { name: target })).toHaveCount(0);

  await dialog.getByLabel("Move 1 trailer search").fill(target);
  await dialog.getByRole("button", { name: "Show trailers" }).click();
  await expect(summary).toHaveText("1 trailer matches");
  expect(await requestMoveOf(db, page, dialog, target)).toMatchObject({ trailerNumber: target, fromLocation: LOT, active: true });
  await context.close();
});

test("GET /api/moves/available-trailers searches the whole location with q, counts the matches, and stays in the caller's account", async ({
  bigLot,
  newUser,
  apiAs,
}) => {
  const { account, numbers } = await bigLot();
  const target = numbers[OVER - 1];
  const manager = await apiAs((await newUser("manager", { account: account.accountName })).email);
  const at = (query: string) => manager.get(`/api/moves/available-trailers?location=${encodeURIComponent(LOT)}${query}`);

  const whole = await at("");
  expect(whole.status()).toBe(200);
  expect(whole.headers()["x-total-count"]).toBe(String(OVER));
  const listed = (await whole.json()) as { trailer_number: string }[];
  expect(listed).toHaveLength(AVAILABLE_TRAILERS_LIMIT);
  expect(listed.map((trailer) => trailer.trailer_number)).not.toContain(target);

  const found = await at(`&q=${target.toLowerCase()}`);
  expect(found.headers()["x-total-count"]).toBe("1");
  expect(((await found.json()) as { trailer_number: string }[]).map((trailer) => trailer.trailer_number)).toEqual([target]);

  const tooLong = await at(`&q=${"x".repeat(LIMITS.search + 1)}`);
  expect(tooLong.status()).toBe(400);
  expect(await tooLong.json()).toMatchObject({ error: SEARCH_TOO_LONG, field: "q" });
  expect((await at(`&q=${"x".repeat(LIMITS.search)}`)).status()).toBe(200);

  // A manager of another account naming this one gets its own account's trailers only.
  const outsider = await apiAs((await newUser("manager")).email);
  const foreign = await outsider.get(
    `/api/moves/available-trailers?location=${encodeURIComponent(LOT)}&account_id=${account.id}&q=${target}`,
  );
  expect(foreign.status()).toBe(200);
  expect(foreign.headers()["x-total-count"]).toBe("0");
  expect(await foreign.json()).toEqual([]);
  // An admin reads the account it names.
  const admin = await apiAs((await newUser("admin")).email);
  const named = await admin.get(`/api/moves/available-trailers?location=${encodeURIComponent(LOT)}&account_id=${account.id}&q=${target}`);
  expect(named.headers()["x-total-count"]).toBe("1");
});
