import { sql } from "drizzle-orm";
import type { Page } from "@playwright/test";
import { expectNoAxeViolations } from "./axe";
import { expect, filters, openFilters, signedInPage, test, visit } from "./fixtures";

/**
 * The dashboard's tables sort by their headings, in Postgres, through the address: a heading is a
 * link, the sorted one says so with `aria-sort`, and a filter keeps the sort. (Every column's
 * order is proved against Postgres in tests/integration/table-sorts.test.ts.)
 */

/** The texts of one column of the table, by its heading. */
async function column(page: Page, heading: string): Promise<string[]> {
  const headings = await page.getByRole("columnheader").allTextContents();
  const index = headings.findIndex((text) => text.replace(/[▲▼]/g, "").trim() === heading);
  expect(index, `a column headed ${heading}`).toBeGreaterThanOrEqual(0);
  return page.locator(`table tbody tr td:nth-child(${index + 1})`).allTextContents();
}

const header = (page: Page, name: string) => page.getByRole("columnheader", { name, exact: true });

test("Trailers sort by a heading both ways; the Time at Location filter takes the sort back; a filter keeps it", async ({
  page,
  newUser,
  signInAs,
  db,
}) => {
  const manager = await newUser("manager");
  await signInAs(page, manager.email);
  await visit(page, "/");
  await expect(header(page, "Time at Location")).toHaveAttribute("aria-sort", "ascending");
  await expect(filters(page).chip("Newest First").locator("input")).toBeChecked();

  const numbers = async (direction: "asc" | "desc") =>
    (
      await db.execute<{ number: string }>(
        sql`select trailer_number as number from trailers where account_id = ${manager.accountId}
             order by trailer_number ${sql.raw(direction)}, trailer_number, id limit 50`,
      )
    ).rows.map((row) => row.number);
  await page.getByRole("link", { name: "Trailer Number", exact: true }).click();
  await page.waitForURL(/column=number/);
  await expect(header(page, "Trailer Number")).toHaveAttribute("aria-sort", "ascending");
  await expect(header(page, "Time at Location")).not.toHaveAttribute("aria-sort", /.*/);
  await expect(filters(page).chip("Newest First").locator("input")).not.toBeChecked();
  expect(await column(page, "Trailer Number")).toEqual(await numbers("asc"));

  await page.getByRole("link", { name: "Trailer Number", exact: true }).click();
  await page.waitForURL(/column=number&order=desc|order=desc.*column=number/);
  await expect(header(page, "Trailer Number")).toHaveAttribute("aria-sort", "descending");
  expect(await column(page, "Trailer Number")).toEqual(await numbers("desc"));

  // A filter keeps the heading's sort.
  await openFilters(page);
  await filters(page).chip("Red Tagged").click();
  await page.waitForURL(/status=red/);
  expect(new URL(page.url()).searchParams.get("column")).toBe("number");
  await expect(header(page, "Trailer Number")).toHaveAttribute("aria-sort", "descending");
  const red = await column(page, "Trailer Number");
  expect(red).toEqual([...red].sort().reverse());

  // The Time at Location filter sorts by time again.
  await openFilters(page);
  await filters(page).chip("Oldest First").click();
  await page.waitForURL(/sort=desc/);
  await expect(header(page, "Time at Location")).toHaveAttribute("aria-sort", "descending");
  await expect(header(page, "Trailer Number")).not.toHaveAttribute("aria-sort", /.*/);
  await expect(filters(page).chip("Oldest First").locator("input")).toBeChecked();
  await expectNoAxeViolations(page);
});

test("without JavaScript the Users table sorts by Email through its heading, and a filter keeps it", async ({ browser, newUser, db }) => {
  const superManager = await newUser("super_manager");
  const { context, page } = await signedInPage(browser, db, superManager.email, { javaScriptEnabled: false });
  await page.goto("/?tab=users");
  await expect(header(page, "Alpha Code")).toHaveAttribute("aria-sort", "ascending");
  await page.getByRole("link", { name: "Email", exact: true }).click();
  await page.waitForURL(/column=email/);
  await expect(header(page, "Email")).toHaveAttribute("aria-sort", "ascending");
  await page.getByRole("link", { name: "Email", exact: true }).click();
  await page.waitForURL(/order=desc/);
  await expect(header(page, "Email")).toHaveAttribute("aria-sort", "descending");
  // What a super manager sees of its account: everyone but the admins, by email descending.
  const expected = await db.execute<{ email: string }>(
    sql`select email from users where account_id = ${superManager.accountId} and not is_admin
         order by email desc, alpha_code nulls last, id limit 50`,
  );
  expect(await column(page, "Email")).toEqual(expected.rows.map((row) => row.email));

  await openFilters(page);
  await filters(page).chip("Active").click();
  await page.getByRole("button", { name: "Apply Filters" }).click();
  await page.waitForURL(/status=active/);
  await expect(header(page, "Email")).toHaveAttribute("aria-sort", "descending");
  await context.close();
});

test("an admin's account dashboard says where it is, with the way back to the admin dashboard", async ({ page, newUser, signInAs, db }) => {
  const admin = await newUser("admin");
  await signInAs(page, admin.email);
  const [account] = (await db.execute<{ id: number }>(sql`select id from accounts where account_name = 'Acme Boston'`)).rows;
  await visit(page, `/?account=${account.id}&tab=trucks`);
  const breadcrumb = page.getByRole("navigation", { name: "Breadcrumb" });
  await expect(breadcrumb).toContainText("Admin Dashboard");
  await expect(breadcrumb.getByText("Acme Boston Dashboard")).toHaveAttribute("aria-current", "page");
  await page.getByRole("link", { name: "Status", exact: true }).click();
  await page.waitForURL(/column=status/);
  await expect(header(page, "Status")).toHaveAttribute("aria-sort", "ascending");
  await expectNoAxeViolations(page);
  await breadcrumb.getByRole("link", { name: "Admin Dashboard" }).click();
  await page.waitForURL(/\/admin\/dashboard/);

  // Without an account chosen there is no breadcrumb.
  await visit(page, "/");
  await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toHaveCount(0);
});
