import type { Page } from "@playwright/test";
import { expect, hydrated, newBrowser, test, visit } from "./fixtures";

const EVERYONE = ["General Guide", "Features", "Yard", "Troubleshooting", "Contact Us"];
const ALL = ["General Guide", "Features", "Admin Guide", "Admin Features", "Yard", "Audit Logs", "Troubleshooting", "Contact Us"];

/** The titles of the manual's sections, as the page shows them. */
async function sectionTitles(page: Page): Promise<string[]> {
  return page.locator("article section > h2").allTextContents();
}

/** Every entry of the contents leads to a heading of the page, and following one scrolls to it. */
async function contentsLeadToHeadings(page: Page) {
  const contents = page.getByRole("navigation", { name: "Contents" });
  const hrefs = await contents.getByRole("link").evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
  expect(hrefs.length).toBeGreaterThan(5);
  for (const href of hrefs) {
    expect(href, "a contents entry is an anchor of this page").toMatch(/^#[a-z0-9-]+$/);
    const target = page.locator(`[id="${href.slice(1)}"]`);
    await expect(target, href).toHaveCount(1);
    expect(await target.evaluate((element) => element.tagName), href).toMatch(/^H[23]$/);
  }
  const last = contents.getByRole("link").last();
  const lastHref = (await last.getAttribute("href"))!;
  await last.click();
  await expect(page).toHaveURL(new RegExp(`${lastHref}$`));
  await expect(page.locator(lastHref)).toBeInViewport();
}

/** Every picture has alt text and loads (scrolled to, since they load as they come into view). */
async function imagesLoad(page: Page) {
  const images = page.locator("article img");
  const count = await images.count();
  expect(count).toBeGreaterThan(0);
  for (let index = 0; index < count; index += 1) {
    const image = images.nth(index);
    const src = await image.getAttribute("src");
    expect((await image.getAttribute("alt"))?.trim().length ?? 0, `alt text of ${src}`).toBeGreaterThan(10);
    await image.scrollIntoViewIfNeeded();
    await expect
      .poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth), { message: `${src} loads` })
      .toBeGreaterThan(0);
  }
}

/** Every link of the page (header included) answers below 400, followed as the reader's browser would. */
async function linksResolve(page: Page) {
  const hrefs = await page.locator("a[href]").evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).href));
  const pages = [...new Set(hrefs.filter((href) => href.startsWith("http")).map((href) => href.split("#")[0]))];
  expect(pages.length).toBeGreaterThan(0);
  for (const href of pages) {
    const response = await page.request.get(href);
    expect(response.status(), href).toBeLessThan(400);
  }
}

/** At a phone's 390 pixels nothing is wider than the screen. */
async function fitsAPhone(page: Page) {
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

test("a yard driver reads the manual without the admin sections, with working contents, pictures and links", async ({
  page,
  newUser,
  signInAs,
}) => {
  const driver = await newUser("yard_driver");
  await signInAs(page, driver.email);
  await visit(page, "/how-to");
  await expect(page.getByRole("heading", { level: 1, name: "User Manual" })).toBeVisible();
  expect(await sectionTitles(page)).toEqual(EVERYONE);
  await expect(page.getByRole("heading", { name: "For yard drivers: taking and finishing moves" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "The admin dashboard" })).toHaveCount(0);
  await contentsLeadToHeadings(page);
  await imagesLoad(page);
  await linksResolve(page);
  await fitsAPhone(page);
});

test("Contact Us without SUPPORT_EMAIL and SUPPORT_PHONE tells the reader whom to ask", async ({ page, newUser, signInAs }) => {
  const manager = await newUser("manager");
  await signInAs(page, manager.email);
  await visit(page, "/how-to");
  const contact = page.locator("section", { has: page.getByRole("heading", { level: 2, name: "Contact Us" }) });
  await expect(contact).toContainText("Ask your manager first");
  await expect(contact).toContainText("your company's Yardline administrator");
  await expect(contact.locator("a[href^='mailto:'], a[href^='tel:']")).toHaveCount(0);
});

test("an admin reads every section of the manual, with working contents, pictures and links", async ({ page, newUser, signInAs }) => {
  const admin = await newUser("admin");
  await signInAs(page, admin.email);
  await visit(page, "/how-to");
  expect(await sectionTitles(page)).toEqual(ALL);
  await contentsLeadToHeadings(page);
  await imagesLoad(page);
  await linksResolve(page);
  await fitsAPhone(page);
});

test("the manual prints without the header and its Print button, pictures kept whole", async ({ page, newUser, signInAs }) => {
  const driver = await newUser("yard_driver");
  await signInAs(page, driver.email);
  await visit(page, "/how-to");
  await expect(page.getByRole("button", { name: "Print" })).toBeVisible();
  await page.emulateMedia({ media: "print" });
  await expect(page.locator("body > header")).toBeHidden();
  await expect(page.getByRole("button", { name: "Print" })).toBeHidden();
  const figure = page.locator("figure").first();
  expect(await figure.evaluate((element) => getComputedStyle(element).breakInside)).toBe("avoid");
});

test("signed out, the login page's User Manual leads to the public guide, which leads back to Log In", async ({ browser }) => {
  const context = await newBrowser(browser);
  const page = await context.newPage();
  await visit(page, "/login");
  await page.getByRole("link", { name: "User Manual" }).click();
  await expect(page).toHaveURL(/\/guide$/);
  await hydrated(page);
  expect(await sectionTitles(page)).toEqual(["General Guide"]);
  await expect(page.getByRole("heading", { name: "Signing in" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Your session and the timeout" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Getting an account or a new password" })).toBeVisible();
  await contentsLeadToHeadings(page);
  await imagesLoad(page);
  await linksResolve(page);
  await fitsAPhone(page);
  await page.getByRole("link", { name: "Go to Log In" }).click();
  await expect(page).toHaveURL(/\/login$/);

  const manual = await page.request.get("/how-to", { maxRedirects: 0 });
  expect(manual.status(), "the whole manual stays for signed-in users").toBe(302);
  expect(manual.headers().location).toBe("/login");
  await context.close();
});

test("a signed-in visitor of the public guide is sent on to the manual", async ({ page, newUser, signInAs }) => {
  const mechanic = await newUser("mechanic");
  await signInAs(page, mechanic.email);
  await visit(page, "/guide");
  await expect(page).toHaveURL(/\/how-to$/);
  expect(await sectionTitles(page)).toEqual(EVERYONE);
});
