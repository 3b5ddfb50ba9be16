import { count, eq } from "drizzle-orm";
import { trailers } from "#db/schema";
import { expect, filters, openFilters, signedInPage, test, visit } from "./fixtures";

test("the trailer list filters and searches through the URL, and the view survives a reload", async ({ page, newUser, signInAs, db }) => {
  const manager = await newUser("manager");
  // Other tests add trailers to this account: the count is the database's, not the seed's.
  const [{ total }] = await db.select({ total: count() }).from(trailers).where(eq(trailers.accountId, manager.accountId!));
  await signInAs(page, manager.email);
  await visit(page, "/");
  await expect(page.getByRole("heading", { name: "Acme Boston Dashboard" })).toBeVisible();
  await expect(page.getByText(new RegExp(`^${total} trailers$`))).toBeVisible();

  await openFilters(page);
  await page.getByText(/^North \(\d+\)$/).click();
  await expect(page).toHaveURL(/location=North/);
  const rows = page.locator("table tbody tr");
  await expect(rows.first()).toBeVisible();
  await expect(rows.locator("td:first-child").filter({ hasNotText: /^North-\d+$/ })).toHaveCount(0);

  await openFilters(page);
  await filters(page).chip("Red Tagged").click();
  await expect(page).toHaveURL(/status=red/);
  await expect(filters(page).summary).toHaveText(/Filters:\s*North · Red Tagged\s*\(2\)/);
  await page.reload();
  await expect(filters(page).chip("Red Tagged").locator("input")).toBeChecked();

  await openFilters(page);
  await page.getByRole("link", { name: "Reset Filters" }).click();
  await expect(page).toHaveURL(/\/$/);
  // The address changes before the page renders the reset view; search from that view, as a person would.
  await expect(filters(page).chip("Red Tagged").locator("input")).not.toBeChecked();
  await page.getByRole("searchbox", { name: "Search" }).fill("ACB10042");
  await page.getByRole("searchbox", { name: "Search" }).press("Enter");
  await expect(page).toHaveURL(/q=ACB10042/);
  await expect(page.getByText(/^1 trailer$/)).toBeVisible();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("ACB10042");
});

test("the filter form works without JavaScript", async ({ browser, newUser, db }) => {
  const manager = await newUser("manager");
  const { context, page } = await signedInPage(browser, db, manager.email, { javaScriptEnabled: false });
  await page.goto("/?tab=trailers");
  await openFilters(page);
  await filters(page).chip("With Trays").click();
  await page.getByRole("button", { name: "Apply Filters" }).click();
  await page.waitForURL(/load=trays/);
  const loads = page.locator("table tbody tr td:nth-child(7)");
  await expect(loads.first()).toBeVisible();
  await expect(loads.filter({ hasNotText: /^\d+ Trays?$/ })).toHaveCount(0);
  await context.close();
});

test("a non-admin sees only its own account whatever account the URL names", async ({ page, newUser, signInAs }) => {
  const manager = await newUser("manager", { account: "Blue Ridge Charlotte" });
  await signInAs(page, manager.email);
  await page.goto("/?account=1&tab=trailers");
  await expect(page.getByRole("heading", { name: "Blue Ridge Charlotte Dashboard" })).toBeVisible();
  const numbers = page.locator("table tbody tr td:nth-child(5)");
  await expect(numbers.first()).toBeVisible();
  await expect(numbers.filter({ hasNotText: /^BRC/ })).toHaveCount(0);
});

test("an admin picks any account; workers get no Users tab", async ({ page, newUser, signInAs }) => {
  const admin = await newUser("admin");
  await signInAs(page, admin.email);
  await visit(page, "/");
  await expect(page.getByText("Please select an account to view trailers")).toBeVisible();
  await page.getByLabel("Accounts across ALL Companies:").selectOption({ label: "Acme Newark" });
  await expect(page.getByRole("heading", { name: "Acme Newark Dashboard" })).toBeVisible();
  await page.getByRole("link", { name: "Users", exact: true }).click();
  await expect(page.getByRole("columnheader", { name: "Alpha Code" })).toBeVisible();

  const driver = await newUser("yard_driver");
  await signInAs(page, driver.email);
  await page.goto("/?tab=users");
  await expect(page.getByRole("link", { name: "Users", exact: true })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Trailers", exact: true })).toHaveAttribute("aria-current", "page");
});

test("at 390 px wide the dashboard has no horizontal page scroll and shows trailers as cards", async ({ browser, newUser, db }) => {
  const driver = await newUser("yard_driver");
  const { context, page } = await signedInPage(browser, db, driver.email, {
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  for (const tab of ["trailers", "trucks", "yards", "buildings"]) {
    await page.goto(`/?tab=${tab}`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, tab).toBe(0);
  }
  await page.goto("/");
  // One list for every screen: on a phone the table's headings give way and each row is a card,
  // headed by its trailer number.
  const card = page
    .getByRole("row")
    .filter({ has: page.getByRole("link", { name: /^ACB/ }) })
    .first();
  await expect(card).toBeVisible();
  await expect(page.getByRole("columnheader", { name: "Trailer Number" })).toBeHidden();
  expect(await card.evaluate((row) => getComputedStyle(row).display)).toBe("flex");
  const [title, icon] = await Promise.all([card.getByRole("link").boundingBox(), card.getByRole("img").boundingBox()]);
  expect(title!.y).toBeLessThan(icon!.y + icon!.height);
  expect(title!.x).toBeLessThan(icon!.x);
  await expect(card.getByRole("cell", { name: /^[A-Z]{2} - / })).toBeHidden();
  await context.close();
});

test("without JavaScript the lists page through plain links, the trucks sort by their headings, and yards and buildings show as cards", async ({
  browser,
  newUser,
  db,
}) => {
  const superManager = await newUser("super_manager");
  const { context, page } = await signedInPage(browser, db, superManager.email, { javaScriptEnabled: false });

  await page.goto("/");
  await expect(page.getByText(/^Page 1 of \d+$/)).toBeVisible();
  await page.getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByText(/^Page 2 of \d+$/)).toBeVisible();
  await page.getByRole("link", { name: "Previous" }).click();
  await expect(page.getByText(/^Page 1 of \d+$/)).toBeVisible();

  await page.getByRole("link", { name: "Trucks", exact: true }).click();
  await page.getByRole("link", { name: "Make", exact: true }).click();
  await page.waitForURL(/column=make/);
  await expect(page.getByRole("columnheader", { name: "Make" })).toHaveAttribute("aria-sort", "ascending");
  const makes = page.locator("table tbody tr td:nth-child(5)");
  await expect(makes.first()).toBeVisible();
  const ascending = await makes.allTextContents();
  expect(ascending).toEqual([...ascending].sort());
  await page.getByRole("link", { name: "Make", exact: true }).click();
  await page.waitForURL(/order=desc/);
  await expect(page.getByRole("columnheader", { name: "Make" })).toHaveAttribute("aria-sort", "descending");
  await expect(makes.first()).toBeVisible();
  const descending = await makes.allTextContents();
  expect(descending).toEqual([...descending].sort().reverse());

  await page.getByRole("link", { name: "Yards", exact: true }).click();
  await expect(page.getByRole("link", { name: "Add New Yard" })).toHaveAttribute("href", "/yards/new");
  await expect(page.getByRole("listitem").filter({ hasText: "Yard A" })).toContainText("Parking Spots Available");
  await expect(page.getByRole("listitem").filter({ hasText: "Overflow Lot" })).toContainText("No Parking Spots");
  await page.getByRole("link", { name: "Buildings", exact: true }).click();
  await expect(page.getByRole("listitem").filter({ hasText: "Cross Dock" })).toContainText("36 dock doors");
  await page.getByRole("link", { name: "North", exact: true }).click();
  await expect(page).toHaveURL(/\/buildings\/\d+$/);
  await context.close();
});
