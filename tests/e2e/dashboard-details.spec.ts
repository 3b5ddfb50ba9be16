import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Page, Route } from "@playwright/test";
import { accounts } from "#db/schema";
import { expect, filters, openFilters, test, visit } from "./fixtures";

const REASON = "Only admins and super managers can add trucks.";

/** The dashboard's list region (the open tab's content). */
const listRegion = (page: Page) => page.getByRole("region", { name: "Dashboard list" });
/** The dashboard's loading status, just before the list region (empty while nothing loads). */
const loadingStatus = (page: Page) => page.locator('[role="status"]:has(+ [role="region"][aria-label="Dashboard list"])');

test("a search that matches no yard or building says so; only an account with none is invited to add its first", async ({
  page,
  newUser,
  signInAs,
  db,
}) => {
  const superManager = await newUser("super_manager");
  await signInAs(page, superManager.email);

  await visit(page, "/?tab=yards&q=zz-no-such-place");
  await expect(page.getByText("No yards found matching your filters", { exact: true })).toBeVisible();
  await expect(page.getByText(/Add your first/)).toHaveCount(0);
  await expect(page.getByText("No yards found for this account.")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Add New Yard" })).toBeVisible();

  await visit(page, "/?tab=buildings&q=zz-no-such-place");
  await expect(page.getByText("No buildings found matching your filters", { exact: true })).toBeVisible();
  await expect(page.getByText(/Add your first/)).toHaveCount(0);
  await expect(page.getByText("No buildings found for this account.")).toHaveCount(0);

  // A search that matches shows the cards, not a message.
  await visit(page, "/?tab=yards&q=Overflow");
  await expect(page.getByRole("listitem").filter({ hasText: "Overflow Lot" })).toBeVisible();
  await expect(page.getByText("No yards found matching your filters")).toHaveCount(0);

  // An account with no yard and no building, and no search: the invitation, not the no-match message.
  const [boston] = await db.select().from(accounts).where(eq(accounts.accountName, "Acme Boston"));
  const name = `E2E Empty ${randomBytes(3).toString("hex")}`;
  await db.insert(accounts).values({ companyId: boston.companyId, accountName: name, location: "Nowhere, MA" });
  const emptyManager = await newUser("super_manager", { account: name });
  await signInAs(page, emptyManager.email);
  await visit(page, "/?tab=yards");
  await expect(page.getByText("No yards found for this account.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Add your first yard" })).toHaveAttribute("href", "/yards/new");
  await expect(page.getByText("No yards found matching your filters")).toHaveCount(0);
  await visit(page, "/?tab=buildings");
  await expect(page.getByText("No buildings found for this account.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Add your first building" })).toHaveAttribute("href", "/buildings/new");
  await expect(page.getByText("No buildings found matching your filters")).toHaveCount(0);
});

test("every tab shows that it is loading while its data is on its way", async ({ page, newUser, signInAs }) => {
  const manager = await newUser("manager");
  await signInAs(page, manager.email);
  await visit(page, "/");
  await expect(listRegion(page)).toHaveAttribute("aria-busy", "false");

  // Hold the page's data requests from a click until the test lets them through; what comes after
  // that (the click's own request, when a poll of the page was the one held) goes on at once.
  const held: Route[] = [];
  let holding = false;
  await page.route(
    (url) => url.pathname.endsWith(".data"),
    (route) => {
      if (holding) held.push(route);
      else void route.continue();
    },
  );
  const release = async () => {
    await expect.poll(() => held.length).toBeGreaterThan(0);
    holding = false;
    for (const route of held.splice(0)) await route.continue();
  };

  for (const tab of ["Trucks", "Yards", "Buildings", "Users", "Trailers"]) {
    holding = true;
    await page.getByRole("link", { name: tab, exact: true }).click();
    await expect(loadingStatus(page)).toHaveText(`Loading ${tab.toLowerCase()}...`);
    await expect(page.getByText(`Loading ${tab.toLowerCase()}...`, { exact: true })).toBeVisible();
    await expect(listRegion(page)).toHaveAttribute("aria-busy", "true");
    await release();
    await expect(page.getByRole("link", { name: tab, exact: true })).toHaveAttribute("aria-current", "page");
    await expect(listRegion(page)).toHaveAttribute("aria-busy", "false");
    await expect(loadingStatus(page)).toHaveText("");
  }

  // A filter too.
  holding = true;
  await openFilters(page);
  await filters(page).chip("Red Tagged").click();
  await expect(loadingStatus(page)).toHaveText("Loading trailers...");
  await expect(page.getByText("Loading trailers...", { exact: true })).toBeVisible();
  await expect(listRegion(page)).toHaveAttribute("aria-busy", "true");
  await release();
  await expect(page).toHaveURL(/status=red/);
  await expect(listRegion(page)).toHaveAttribute("aria-busy", "false");
  await expect(loadingStatus(page)).toHaveText("");
});

test("a click anywhere on a row opens the trailer, truck or user; the number stays a link", async ({ page, newUser, signInAs }) => {
  const manager = await newUser("manager");
  await signInAs(page, manager.email);

  const cases = [
    { path: "/", detail: /^\/trailers\/\d+$/, cell: 1 },
    { path: "/?tab=trucks", detail: /^\/trucks\/\d+$/, cell: 5 },
    { path: "/?tab=users", detail: /^\/users\/\d+$/, cell: 2 },
  ];
  for (const { path, detail, cell } of cases) {
    await visit(page, path);
    const row = page.locator("table tbody tr").first();
    await expect(row).toHaveCSS("cursor", "pointer");
    const href = (await row.getByRole("link").getAttribute("href"))!;
    expect(href).toMatch(detail);
    await row.locator(`td:nth-child(${cell})`).click();
    await expect(page).toHaveURL((url) => url.pathname === href);
  }
});

test("the Trucks tab has a Truck image column", async ({ page, newUser, signInAs }) => {
  const driver = await newUser("yard_driver");
  await signInAs(page, driver.email);
  await visit(page, "/?tab=trucks");
  const headings = page.getByRole("columnheader");
  await expect(headings.nth(0)).toHaveText(/^Location/);
  await expect(headings.nth(1)).toHaveText("Truck");
  await expect(headings.nth(2)).toHaveText(/^Number/);
  const rows = page.locator("table tbody tr");
  await expect(rows.first()).toBeVisible();
  const rowCount = await rows.count();
  await expect(rows.locator("td:nth-child(2)").getByRole("img", { name: "Truck" })).toHaveCount(rowCount);
});

test("Add New Truck is always shown: disabled with the reason for a manager, a working link for a super manager", async ({
  page,
  newUser,
  signInAs,
}) => {
  for (const role of ["manager", "yard_driver"] as const) {
    const user = await newUser(role);
    await signInAs(page, user.email);
    await visit(page, "/?tab=trucks");
    const button = page.getByRole("button", { name: "Add New Truck" });
    await expect(button).toBeDisabled();
    await expect(button).toHaveAccessibleDescription(REASON);
    await expect(page.getByText(REASON, { exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "Add New Truck" })).toHaveCount(0);
  }

  const superManager = await newUser("super_manager");
  await signInAs(page, superManager.email);
  await visit(page, "/?tab=trucks");
  await expect(page.getByRole("button", { name: "Add New Truck" })).toHaveCount(0);
  await expect(page.getByText(REASON)).toHaveCount(0);
  await page.getByRole("link", { name: "Add New Truck" }).click();
  await expect(page).toHaveURL(/\/trucks\/new$/);
  await expect(page.getByRole("heading", { name: "Add Truck" })).toBeVisible();
});
