/**
 * `npm run manual:screenshots`: the user manual's pictures (public/manual/*.webp), taken from the
 * demo app in Chromium (Debian's, as the end-to-end tests use it) at a desktop's 1280 and a
 * phone's 390 pixels wide, the way each kind of user sees Yardline. Which pictures there are, their
 * sizes and alt texts are in app/content/manual-images.ts; each is written as WebP (encoded by the
 * same Chromium) at the highest quality that stays under 60 KB.
 *
 * It starts the app with scripts/start.ts on a throw-away database of its own (fresh demo data)
 * and stops it afterwards. Options: --port=8790  --pg-port=54390  --skip-build (use the last
 * build)  --base-url=http://localhost:8787 (use an app already running with fresh demo data
 * instead: the script accepts a move and uploads trailers there).
 */
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from "@playwright/test";
import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { IMAGE_SIZE, MANUAL_IMAGES, type ManualImageName } from "#app/content/manual-images";

function option(name: string, fallback: string): string {
  const prefix = `--${name}=`;
  return process.argv.find((arg) => arg.startsWith(prefix))?.slice(prefix.length) ?? fallback;
}

const port = Number(option("port", "8790"));
const pgPort = Number(option("pg-port", "54390"));
const givenBaseUrl = option("base-url", "");
const baseUrl = givenBaseUrl || `http://localhost:${port}`;
const password = process.env.SEED_PASSWORD ?? "Yardline#2025";
const OUT_DIR = "public/manual";
const MAX_BYTES = 60 * 1024;
const say = (line: string) => console.log(`[manual] ${line}`);

let app: ChildProcess | undefined;

async function startApp(): Promise<void> {
  const args = [
    "scripts/start.ts",
    `--port=${port}`,
    `--pg-port=${pgPort}`,
    "--data-dir=.data/postgres-manual",
    "--fresh",
    "--throwaway-db",
    ...(process.argv.includes("--skip-build") ? ["--skip-build"] : []),
  ];
  // tsx itself (not npx): it hands SIGTERM on to start.ts, which stops the Worker and Postgres.
  app = spawn("node_modules/.bin/tsx", args, { stdio: ["ignore", "inherit", "inherit"], env: { ...process.env, SEED_PASSWORD: password } });
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    if (app.exitCode !== null) throw new Error(`the app exited (${app.exitCode}) before it answered`);
    try {
      if ((await fetch(`${baseUrl}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error("the app did not answer /healthz within 5 minutes");
}

async function stopApp(): Promise<void> {
  if (!app || app.exitCode !== null) return;
  const exited = new Promise((resolve) => app!.once("exit", resolve));
  app.kill("SIGTERM");
  await exited;
}

/** A browser window of a desktop or a phone, in one time zone so the times shown read alike. */
async function windowOf(browser: Browser, device: "desktop" | "phone"): Promise<BrowserContext> {
  return browser.newContext({
    baseURL: baseUrl,
    viewport: IMAGE_SIZE[device].window,
    deviceScaleFactor: 1,
    isMobile: device === "phone",
    hasTouch: device === "phone",
    locale: "en-US",
    timezoneId: "America/New_York",
    colorScheme: "light",
  });
}

/** Waits until the page has loaded its data and its script has taken over. */
async function settle(page: Page) {
  await page.waitForLoadState("networkidle");
  await page.waitForFunction(() => "__remixContext" in window && document.readyState === "complete");
  await page.waitForTimeout(400);
}

async function open(page: Page, path: string) {
  await page.goto(path);
  await settle(page);
}

async function signIn(page: Page, email: string) {
  await open(page, "/login");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("checkbox", { name: /agree/ }).check();
  await Promise.all([page.waitForURL((url) => url.pathname !== "/login"), page.getByRole("button", { name: "Log In" }).click()]);
  await settle(page);
  // The first page tells the server the browser's time zone (a cookie); from the next one on, times read in it.
  await open(page, new URL(page.url()).pathname);
}

/** Scrolls so that `target` sits just under the page's sticky header. */
async function scrollTo(target: Locator) {
  await target.evaluate((element) => window.scrollTo(0, element.getBoundingClientRect().top + window.scrollY - 64));
  await target.page().waitForTimeout(300);
}

let encoder: Page;

/** The window as a WebP of the manual's size: the best quality from 0.9 down that stays under 60 KB. */
async function shoot(page: Page, name: ManualImageName) {
  const size = IMAGE_SIZE[MANUAL_IMAGES[name].device];
  const png = (await page.screenshot({ type: "png" })).toString("base64");
  let written = 0;
  for (const quality of [0.9, 0.85, 0.8, 0.75, 0.7, 0.65, 0.6, 0.55, 0.5, 0.45, 0.4]) {
    const dataUrl = await encoder.evaluate(
      async ({ png, width, height, quality }) => {
        const image = new Image();
        image.src = `data:image/png;base64,${png}`;
        await image.decode();
        const canvas = document.createElement("canvas");
        canvas.width = width;
        canvas.height = height;
        const drawing = canvas.getContext("2d")!;
        drawing.imageSmoothingQuality = "high";
        drawing.drawImage(image, 0, 0, width, height);
        return canvas.toDataURL("image/webp", quality);
      },
      { png, width: size.width, height: size.height, quality },
    );
    if (!dataUrl.startsWith("data:image/webp;base64,")) throw new Error("this Chromium cannot encode WebP");
    const bytes = Buffer.from(dataUrl.slice("data:image/webp;base64,".length), "base64");
    written = bytes.length;
    if (bytes.length <= MAX_BYTES || quality === 0.4) {
      writeFileSync(join(OUT_DIR, `${name}.webp`), bytes);
      say(`${name}.webp ${size.width}×${size.height} ${(bytes.length / 1024).toFixed(1)} KB (quality ${quality})`);
      break;
    }
  }
  if (written > MAX_BYTES) say(`${name}.webp is over 60 KB even at quality 0.4`);
  taken.add(name);
}

const taken = new Set<ManualImageName>();

/** Signed out, on a phone: the Log In page, and the same after a session timed out. */
async function signedOut(browser: Browser) {
  const context = await windowOf(browser, "phone");
  const page = await context.newPage();
  await open(page, "/login");
  await page.getByLabel("Email", { exact: true }).fill("yard@acme.test");
  await shoot(page, "sign-in");
  await open(page, "/login?reason=timeout");
  await shoot(page, "session-ended");
  await context.close();
}

/** A yard driver on a phone: the Requested moves, one accepted, and Create Move refused. */
async function yardDriver(browser: Browser) {
  const context = await windowOf(browser, "phone");
  const page = await context.newPage();
  await signIn(page, "yard@acme.test");
  const panel = page.getByRole("heading", { name: "Move Status" });
  await page
    .getByRole("button", { name: /^Accept move #/ })
    .first()
    .waitFor();
  await scrollTo(panel);
  await shoot(page, "driver-requested");
  await page
    .getByRole("button", { name: /^Accept move #/ })
    .first()
    .click();
  await page
    .getByRole("button", { name: /^Finish move #/ })
    .first()
    .waitFor();
  await settle(page);
  await scrollTo(panel);
  await shoot(page, "driver-accepted");
  await open(page, "/?create_move=1");
  await page.getByRole("alert").filter({ hasText: "permission to create moves" }).waitFor();
  await shoot(page, "create-move-denied");
  await context.close();
}

/** A manager at a desk: the dashboard, the trailer list, Create Move, the Yards tab. */
async function manager(browser: Browser) {
  const context = await windowOf(browser, "desktop");
  const page = await context.newPage();
  await signIn(page, "manager@acme.test");
  await shoot(page, "dashboard");

  await scrollTo(page.getByRole("navigation", { name: "Dashboard tabs" }));
  await shoot(page, "trailer-list");

  await open(page, "/?create_move=1");
  const from = page.getByLabel("Move 1 from");
  const choices = await from.locator("option").evaluateAll((options) =>
    options.map((option) => ({
      value: (option as HTMLOptionElement).value,
      count: Number(/\((\d+)\)$/.exec(option.textContent ?? "")?.[1] ?? 0),
    })),
  );
  const busiest = choices.filter((choice) => choice.value && choice.value !== "Shop").sort((a, b) => b.count - a.count)[0];
  await from.selectOption(busiest.value);
  const to = page.getByLabel("Move 1 to");
  const doors = await to.locator("option").evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
  await to.selectOption(doors.find((door) => /-\d+$/.test(door) && door !== busiest.value) ?? doors[1]);
  const trailers = page.getByRole("radiogroup", { name: "Move 1 trailer" });
  await trailers.waitFor();
  await trailers.getByRole("radio").first().check();
  await page.waitForTimeout(300);
  await shoot(page, "create-move");

  await open(page, "/?tab=yards");
  await scrollTo(page.getByRole("navigation", { name: "Dashboard tabs" }));
  await shoot(page, "yards-tab");
  await context.close();
}

/** A super manager: a red-tagged trailer's page (with Update and Delete), and an upload of a file with good and bad rows. */
async function superManager(browser: Browser) {
  const context = await windowOf(browser, "desktop");
  const page = await context.newPage();
  await signIn(page, "super@acme.test");
  await open(page, "/?status=red");
  await Promise.all([page.waitForURL(/\/trailers\/\d+$/), page.getByRole("table").locator(`a[href^="/trailers/"]`).first().click()]);
  await settle(page);
  await shoot(page, "trailer-page");

  await open(page, "/trailers/bulk-upload");
  const rows = [
    "trailer_number,trailer_location,company_owner,license_plate,license_state,type,is_loaded,load_number",
    "MAN-1001,Shop,ACME,MA1001,MA,dry_53,no,",
    "MAN-1002,Road,ACME,MA1002,MA,reefer_53,yes,LD-2231",
    "MAN-1003,Dock 99,ACME,MA1003,MA,dry_53,no,",
    "MAN-1004,Road,ACME,MA1004,MA,dry_48,yes,",
    "MAN-1001,Road,ACME,MA1005,MA,dry_53,no,",
    "MAN-1006,Shop,,MA1006,MA,dry_53,no,",
  ];
  await page
    .locator("input[type=file]")
    .setInputFiles({ name: "trailers.csv", mimeType: "text/csv", buffer: Buffer.from(rows.join("\n")) });
  await page.getByRole("button", { name: "Upload", exact: true }).click();
  await page.getByRole("heading", { name: "Upload Results" }).waitFor();
  await settle(page);
  await scrollTo(page.getByRole("heading", { name: "Upload a file" }));
  await shoot(page, "upload-results");
  await context.close();
}

/** An administrator: the admin dashboard, Edit Company, Settings and the audit log. */
async function admin(browser: Browser) {
  const context = await windowOf(browser, "desktop");
  const page = await context.newPage();
  await signIn(page, "admin@yardline.test");
  await open(page, "/admin/dashboard");
  await shoot(page, "admin-dashboard");
  await open(page, "/companies");
  await Promise.all([page.waitForURL(/\/companies\/\d+\/edit$/), page.getByRole("link", { name: /^Edit/ }).first().click()]);
  await settle(page);
  await shoot(page, "company-edit");
  await open(page, "/settings");
  await shoot(page, "settings");
  await open(page, "/audit-logs");
  await shoot(page, "audit-logs");
  await context.close();
}

async function main() {
  mkdirSync(OUT_DIR, { recursive: true });
  if (!givenBaseUrl) {
    say(`starting the demo app on ${baseUrl}`);
    await startApp();
  }
  const browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-sync"],
  });
  try {
    encoder = await browser.newPage();
    await signedOut(browser);
    await yardDriver(browser);
    await manager(browser);
    await superManager(browser);
    await admin(browser);
  } finally {
    await browser.close();
  }
  const missing = Object.keys(MANUAL_IMAGES).filter((name) => !taken.has(name as ManualImageName));
  if (missing.length) throw new Error(`no screenshot taken for ${missing.join(", ")}`);
  for (const file of readdirSync(OUT_DIR)) {
    if (!taken.has(file.replace(/\.webp$/, "") as ManualImageName)) {
      rmSync(join(OUT_DIR, file));
      say(`removed ${file}: the manual no longer shows it`);
    }
  }
}

main()
  .then(async () => {
    await stopApp();
    say("done");
  })
  .catch(async (error: unknown) => {
    console.error(error);
    await stopApp();
    process.exit(1);
  });
