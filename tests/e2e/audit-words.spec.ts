import type { APIRequestContext, Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import { trailers } from "#db/schema";
import type { Database } from "#app/lib/db.server";
import { expectNoAxeViolations } from "./axe";
import { addTrailer, csrfTokenOf, expect, signedInPage, test, visit } from "./fixtures";

const ADMIN = "admin@yardline.test";

/** A trailer of Acme Boston of its own, added through the API by a super manager: its id and number. */
async function ownTrailer(api: APIRequestContext, db: Database, prefix: string) {
  const number = await addTrailer(api, "Yard A", prefix);
  const [trailer] = await db.select().from(trailers).where(eq(trailers.trailerNumber, number));
  return { id: trailer.id, number };
}

/** The log's rows (not its heading row). */
const logRows = (page: Page) => page.getByRole("table").first().locator("tbody tr");

/** Whether the focus is inside the Change Details dialog. */
const focusInDialog = (page: Page) => page.evaluate(() => Boolean(document.activeElement?.closest("[role=dialog]")));

/** How far the page scrolls sideways (0: not at all). */
const sidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test("Change Details takes the focus, keeps it from Tab, closes on Escape and gives the focus back", async ({
  page,
  apiAs,
  signInAs,
  db,
}) => {
  const trailer = await ownTrailer(await apiAs("super@acme.test"), db, "AW");
  await signInAs(page, ADMIN);
  await visit(page, `/audit-logs?table=trailers&record_id=${trailer.id}`);
  await expect(logRows(page)).toHaveCount(1);
  // No empty column header, no scroll box out of the keyboard's reach.
  await expect(page.getByRole("columnheader", { name: "Details" })).toBeAttached();
  await expectNoAxeViolations(page);

  const opener = logRows(page).first().getByRole("link", { name: "Show Details" });
  await opener.focus();
  await opener.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Change Details" });
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/details=\d+/);
  await expect.poll(() => focusInDialog(page)).toBe(true);
  await expect(dialog).toContainText(`SMB created trailer ${trailer.number}`);
  await expect(dialog.getByRole("row", { name: /^Trailer Number/ }).getByRole("cell")).toHaveText(["—", trailer.number]);
  await expect(dialog.getByRole("row", { name: /^Trays/ })).toBeVisible();
  await expect(dialog.getByRole("row", { name: /^Assigned User/ })).toBeVisible();
  await expect(dialog.getByText("is_tray", { exact: true })).toHaveCount(0);

  // The changed fields' box scrolls by keyboard: it is a named, focusable region.
  const fields = dialog.getByRole("region", { name: "Changed fields" });
  await expect(fields).toHaveAttribute("tabindex", "0");

  // Tab and Shift+Tab walk round the dialog, never out behind it.
  for (const key of ["Tab", "Tab", "Tab", "Tab", "Shift+Tab", "Shift+Tab", "Shift+Tab", "Shift+Tab", "Shift+Tab"]) {
    await page.keyboard.press(key);
    expect(await focusInDialog(page), `after ${key}`).toBe(true);
  }
  await expectNoAxeViolations(page);

  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(page).not.toHaveURL(/details=/);
  await expect(opener).toBeFocused();
  await expectNoAxeViolations(page);

  // Close gives the focus back too.
  await opener.click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole("link", { name: "Close" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(opener).toBeFocused();
});

test("a row's sentence links its record to the record's page; a deleted record stays plain text", async ({
  page,
  apiAs,
  signInAs,
  newUser,
  db,
}) => {
  const superManager = await apiAs("super@acme.test");
  const trailer = await ownTrailer(superManager, db, "AL");
  const gone = await ownTrailer(superManager, db, "AG");
  const admin = await apiAs(ADMIN);
  const deleted = await admin.delete(`/api/trailers/${gone.id}`, { headers: { "X-CSRF-Token": await csrfTokenOf(admin) } });
  expect(deleted.status(), await deleted.text()).toBeLessThan(300);
  const user = await newUser("manager");

  await signInAs(page, ADMIN);
  await visit(page, `/audit-logs?table=users&record_id=${user.id}`);
  const userRow = logRows(page).first();
  await expect(userRow.getByRole("cell").nth(5)).toHaveText(`Unknown created user ${user.alphaCode}`);
  await expect(userRow.getByRole("link", { name: user.alphaCode })).toHaveAttribute("href", `/users/${user.id}`);

  await visit(page, `/audit-logs?table=trailers&record_id=${gone.id}`);
  await expect(logRows(page)).toHaveCount(2);
  const deleteRow = logRows(page).filter({ hasText: "DELETE" });
  await expect(deleteRow.getByRole("cell").nth(5)).toHaveText(`ADMIN deleted trailer ${gone.number}`);
  await expect(deleteRow.getByRole("link", { name: gone.number })).toHaveCount(0);
  await expect(logRows(page).filter({ hasText: "CREATE" }).getByRole("link", { name: gone.number })).toHaveCount(0);

  await visit(page, `/audit-logs?table=trailers&record_id=${trailer.id}`);
  const link = logRows(page).first().getByRole("link", { name: trailer.number });
  await expect(link).toHaveAttribute("href", `/trailers/${trailer.id}`);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/trailers/${trailer.id}$`));
  await expect(page.getByRole("heading", { name: `Trailer ${trailer.number}` })).toBeVisible();
});

test("on a 390 px phone the log's rows are cards, headed by their sentence, and no page scrolls sideways", async ({
  browser,
  apiAs,
  db,
}) => {
  const trailer = await ownTrailer(await apiAs("super@acme.test"), db, "AP");
  const { context, page } = await signedInPage(browser, db, ADMIN, {
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  await page.goto("/audit-logs");
  await expect(logRows(page).first()).toBeVisible();
  expect(await sidewaysScroll(page)).toBe(0);
  await expect(page.getByRole("columnheader", { name: "Record ID" })).toBeHidden();

  await page.goto(`/audit-logs?table=trailers&record_id=${trailer.id}`);
  const card = logRows(page).first();
  expect(await card.evaluate((row) => getComputedStyle(row).display)).toBe("flex");
  const sentence = card.getByText(`SMB created trailer ${trailer.number}`);
  await expect(sentence).toBeVisible();
  const [lead, time, details] = await Promise.all([
    sentence.boundingBox(),
    card.locator("time").boundingBox(),
    card.getByRole("link", { name: "Show Details" }).boundingBox(),
  ]);
  expect(lead!.y).toBeLessThan(time!.y);
  expect(details!.x + details!.width).toBeLessThanOrEqual(390);
  expect(await sidewaysScroll(page)).toBe(0);

  await card.getByRole("link", { name: "Show Details" }).click();
  const dialog = page.getByRole("dialog", { name: "Change Details" });
  await expect(dialog).toBeVisible();
  expect(await sidewaysScroll(page)).toBe(0);
  const box = await dialog.boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  await context.close();
});
