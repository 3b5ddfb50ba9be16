import type { Page } from "@playwright/test";
import { expectNoAxeViolations } from "./axe";
import { expect, filters, openFilters, signedInPage, test, visit } from "./fixtures";

/**
 * The dashboard's lists use the screen for the rows asked for: the filters fold into one line, so
 * after a filter or a search the first rows are on screen without scrolling, at a desk and on a
 * phone; long lists page by number, with a choice of rows per page.
 */

/** Whether the list's first row (a table row, or a card on a phone) is wholly on screen, unscrolled. */
async function firstRowOnScreen(page: Page) {
  const row = page.locator("table tbody tr").first();
  await expect(row).toBeVisible();
  const box = (await row.boundingBox())!;
  const scrolled = await page.evaluate(() => window.scrollY);
  return { bottom: box.y + box.height, scrolled };
}

for (const size of [
  { width: 1366, height: 768, name: "a 1366 × 768 desk" },
  { width: 390, height: 844, name: "a 390 px phone" },
]) {
  test(`on ${size.name} the first rows are on screen after a filter and after a search, and nothing scrolls sideways`, async ({
    page,
    newUser,
    signInAs,
  }) => {
    await page.setViewportSize(size);
    const manager = await newUser("manager");
    await signInAs(page, manager.email);
    await visit(page, "/");
    await expect(filters(page).summary).toHaveText(/Filters:\s*None/);

    await openFilters(page);
    await filters(page).chip("Red Tagged").click();
    await page.waitForURL(/status=red/);
    await expect(filters(page).summary).toHaveText(/Filters:\s*Red Tagged\s*\(1\)/);
    const afterFilter = await firstRowOnScreen(page);
    expect(afterFilter.scrolled).toBe(0);
    expect(afterFilter.bottom).toBeLessThanOrEqual(size.height);

    await visit(page, "/");
    await page.getByRole("searchbox", { name: "Search" }).fill("ACB10042");
    await page.getByRole("searchbox", { name: "Search" }).press("Enter");
    await page.waitForURL(/q=ACB10042/);
    const afterSearch = await firstRowOnScreen(page);
    expect(afterSearch.bottom).toBeLessThanOrEqual(size.height);

    // The chips scroll within their own row on a phone; the page never scrolls sideways.
    await visit(page, "/");
    await openFilters(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
    await expectNoAxeViolations(page);
  });
}

test("a long list pages by number and by a choice of rows per page, in the address", async ({ page, newUser, signInAs }) => {
  const manager = await newUser("manager");
  await signInAs(page, manager.email);
  await visit(page, "/?size=25");
  const pages = page.getByRole("navigation", { name: "Pages" });
  await expect(pages.locator("[aria-current=page]")).toHaveText("Page 1");
  const last = Number((await pages.getByText(/^Page 1 of \d+$/).textContent())!.match(/of (\d+)/)![1]);
  expect(last).toBeGreaterThanOrEqual(5);
  await expect(pages.getByRole("link", { name: `Page ${last}`, exact: true })).toBeVisible();
  await pages.getByRole("link", { name: "Page 3", exact: true }).click();
  await page.waitForURL(/page=3/);
  await expect(pages.locator("[aria-current=page]")).toHaveText("Page 3");
  await expect(page.locator("table tbody tr")).toHaveCount(25);

  await page.getByRole("navigation", { name: "Rows per page" }).getByRole("link", { name: "100" }).click();
  await page.waitForURL((url) => url.searchParams.get("size") === "100" && !url.searchParams.has("page"));
  await expect(page.locator("table tbody tr")).toHaveCount(100);
  await expect(page.getByRole("navigation", { name: "Rows per page" }).getByText("100", { exact: true })).toHaveAttribute(
    "aria-current",
    "true",
  );
});

test("without JavaScript the page numbers, the rows per page and the folded filters work", async ({ browser, newUser, db }) => {
  const manager = await newUser("manager");
  const { context, page } = await signedInPage(browser, db, manager.email, { javaScriptEnabled: false });
  await page.goto("/?size=25");
  await page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Page 2", exact: true }).click();
  await page.waitForURL(/page=2/);
  await expect(page.locator("table tbody tr")).toHaveCount(25);
  await openFilters(page);
  await filters(page).chip("Empty").click();
  await page.getByRole("button", { name: "Apply Filters" }).click();
  await page.waitForURL((url) => url.searchParams.get("load") === "empty" && url.searchParams.get("size") === "25");
  await expect(filters(page).summary).toHaveText(/Filters:\s*Empty\s*\(1\)/);
  await context.close();
});
