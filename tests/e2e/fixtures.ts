import {
  test as base,
  expect,
  request as playwrightRequest,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type ConsoleMessage,
  type Locator,
  type Page,
  type Response,
  type TestInfo,
} from "@playwright/test";
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { flagsFor, type Role } from "#app/domain/roles";
import { openDatabase, type Database } from "#app/lib/db.server";
import { hashPassword } from "#app/lib/password.server";
import { hashToken, newToken, SESSION_COOKIE } from "#app/lib/session.server";
import { accounts, sessions, users } from "#db/schema";
import { E2E_DATABASE_URL, E2E_PORT } from "#tests/e2e/server-address";
import { escapeRegExp } from "./regexp";

export const DEMO_PASSWORD = "Yardline#2025";
export const BASE_URL = `http://localhost:${E2E_PORT}`;

export interface TestUser {
  id: number;
  email: string;
  password: string;
  accountId: number | null;
  alphaCode: string;
}

interface Fixtures {
  /** Watches every page of every browser the test opens for errors (`watchForErrors`, `expectConsoleErrors`). */
  browserErrors: BrowserErrors;
  /** The end-to-end server's database. */
  db: Database;
  /** Signs a user in by creating a session row and setting its cookie (no login page). */
  signInAs(page: Page, email: string): Promise<{ userId: number; accountId: number | null; sessionId: number; token: string }>;
  /** A new user of its own for one test, so tests never end each other's sessions. */
  newUser(role: Role, options?: { account?: string; firstLogin?: boolean }): Promise<TestUser>;
  /** An API client signed in as a user (session cookie set directly). */
  apiAs(email: string): Promise<APIRequestContext>;
}

/** Ends every open session of a user, as a logout would (so a login finds no other session). */
export async function endSessionsOf(db: Database, email: string) {
  const [user] = await db.select().from(users).where(eq(users.email, email));
  if (!user) throw new Error(`no user ${email}`);
  await db.update(sessions).set({ endedAt: new Date(), endReason: "logout" }).where(eq(sessions.userId, user.id));
  return user;
}

export async function createSession(db: Database, email: string) {
  const user = await endSessionsOf(db, email);
  const token = newToken();
  const [session] = await db
    .insert(sessions)
    .values({ userId: user.id, tokenHash: await hashToken(token), csrfSecret: newToken(), userAgent: "Playwright" })
    .returning();
  return { user, session, token };
}

/** The errors the pages of one test logged, and the console errors the test declared. */
interface BrowserErrors {
  watch(context: BrowserContext): void;
  expected: RegExp[];
}

/** The watch of the test running now, for `expectConsoleErrors`. */
const errorsOfTest = new WeakMap<TestInfo, BrowserErrors>();

/**
 * Every page of a test must run without an uncaught exception (`pageerror`: a failed hydration
 * too) and without a console error (React's warnings are console errors). The browsers watched
 * are all the test opens: the `context` fixture's and every context it creates through `browser`
 * (`newBrowser`, `browser.newContext`, `browser.newPage`), each page of each (popups too). The
 * test fails at its end, once its browsers are closed, listing what was logged that it did not
 * declare with `expectConsoleErrors`.
 */
async function watchForErrors(browser: Browser, use: (errors: BrowserErrors) => Promise<void>, testInfo: TestInfo) {
  const uncaught: string[] = [];
  const logged: string[] = [];
  const watched = new WeakSet<BrowserContext>();
  const errors: BrowserErrors = {
    expected: [],
    watch(context) {
      if (watched.has(context)) return;
      watched.add(context);
      const watchPage = (page: Page) => {
        page.on("pageerror", (error) => uncaught.push(`uncaught ${error.stack ?? error.message} (page ${page.url()})`));
        page.on("console", (message) => {
          if (message.type() === "error") logged.push(consoleError(message));
        });
      };
      context.pages().forEach(watchPage);
      context.on("page", watchPage);
    },
  };
  const onContext = (context: BrowserContext) => errors.watch(context);
  browser.contexts().forEach(onContext);
  browser.on("context", onContext);
  errorsOfTest.set(testInfo, errors);
  try {
    await use(errors);
  } finally {
    browser.off("context", onContext);
  }
  const unexpected = [...uncaught, ...logged.filter((line) => !errors.expected.some((pattern) => pattern.test(line)))];
  if (unexpected.length) {
    throw new Error(
      `the pages logged ${unexpected.length} error(s) this test does not expect (expectConsoleErrors declares the deliberate ones):\n` +
        unexpected.map((entry) => `  - ${entry}`).join("\n"),
    );
  }
}

/** A console error as one line: `console.error: <text> (at <address it names>) (page <address>)`. */
function consoleError(message: ConsoleMessage): string {
  const { url } = message.location();
  const page = message.page()?.url();
  return `console.error: ${message.text()}${url ? ` (at ${url})` : ""}${page ? ` (page ${page})` : ""}`;
}

/**
 * Declares console errors the running test provokes on purpose, each matched against the line the
 * watch makes of it (`console.error: <text> (at <address>) (page <address>)`); anything else still
 * fails the test, and an uncaught exception cannot be declared. Callable from the test and from
 * the helpers that provoke the errors (after the test's fixtures are set up).
 *
 * What is declared is a failed load the test asks for: Chromium logs every load answered 4xx or
 * 5xx, or not at all, as a console error ("Failed to load resource: …", `failedLoad`), whether a
 * page's fetch or the page itself. There is no blanket exemption for them: a page that asks the
 * server for something it should not, and is refused, is a bug no test may hide; so a test names
 * the status and the address it provokes (a refused form, a 404 page, an answer it breaks).
 */
export function expectConsoleErrors(...patterns: RegExp[]) {
  const errors = errorsOfTest.get(test.info());
  if (!errors) throw new Error("expectConsoleErrors: the test's error watch is not set up");
  errors.expected.push(...patterns);
}

/**
 * The console error Chromium logs when a load of this server's `path` fails: answered with
 * `status`, or not at all (`net::ERR_…`, a request the test aborted). `path` is the whole path
 * before the query, or a RegExp for several (`/\/trucks\/\d+/`); a data request's `.data` after it
 * is optional.
 */
export function failedLoad(status: number | `net::${string}`, path: string | RegExp): RegExp {
  const where = typeof path === "string" ? escapeRegExp(path) : path.source;
  const answer = typeof status === "number" ? `the server responded with a status of ${status} \\(` : `${status} `;
  return new RegExp(
    `^console\\.error: Failed to load resource: ${answer}.*\\(at ${escapeRegExp(BASE_URL)}${where}(\\.data)?(\\?[^)]*)?\\)`,
  );
}

/** The console error Chromium logs when the server refuses a WebSocket to `path` (a room). */
export function refusedSocket(path: string): RegExp {
  return new RegExp(`^console\\.error: WebSocket connection to '${escapeRegExp(BASE_URL.replace(/^http/, "ws") + path)}' failed`);
}

/**
 * What Remix logs when a data request's answer is not its own (a bare error page, as a proxy
 * sends), before the page shows its failure: the error of reading it.
 */
export const UNREADABLE_DATA_ANSWER = /^console\.error: SyntaxError\b/;

export const test = base.extend<Fixtures>({
  browserErrors: [async ({ browser }, use, testInfo) => watchForErrors(browser, use, testInfo), { auto: true }],
  context: async ({ context, browserErrors }, use) => {
    browserErrors.watch(context);
    await context.addInitScript(watchThePage);
    await use(context);
  },
  // eslint-disable-next-line no-empty-pattern
  db: async ({}, use) => {
    const database = openDatabase({ DATABASE_URL: E2E_DATABASE_URL });
    await use(database.db);
    await database.close();
  },
  signInAs: async ({ db }, use) => {
    await use(async (page, email) => {
      const { user, session, token } = await createSession(db, email);
      await page.context().addCookies([{ name: SESSION_COOKIE, value: token, url: BASE_URL }]);
      return { userId: user.id, accountId: user.accountId, sessionId: session.id, token };
    });
  },
  newUser: async ({ db }, use) => {
    await use(async (role, options = {}) => {
      const [account] = await db
        .select()
        .from(accounts)
        .where(eq(accounts.accountName, options.account ?? "Acme Boston"));
      const suffix = randomBytes(4).toString("hex");
      const password = `Pw#${suffix}Aa1`;
      const [user] = await db
        .insert(users)
        .values({
          ...flagsFor(role),
          accountId: role === "admin" ? null : account.id,
          email: `e2e-${role.replace(/_/g, "-")}-${suffix}@example.test`,
          alphaCode: `E${suffix.toUpperCase()}`,
          passwordHash: await hashPassword(password),
          driverNumber: ["yard_driver", "road_driver", "mechanic"].includes(role) ? 9000 : null,
          firstLogin: options.firstLogin ?? false,
        })
        .returning();
      return { id: user.id, email: user.email, password, accountId: user.accountId, alphaCode: user.alphaCode! };
    });
  },
  apiAs: async ({ db }, use) => {
    const contexts: APIRequestContext[] = [];
    await use(async (email) => {
      const { token } = await createSession(db, email);
      const context = await playwrightRequest.newContext({
        baseURL: BASE_URL,
        storageState: {
          cookies: [
            {
              name: SESSION_COOKIE,
              value: token,
              domain: "localhost",
              path: "/",
              expires: -1,
              httpOnly: true,
              secure: false,
              sameSite: "Lax",
            },
          ],
          origins: [],
        },
      });
      contexts.push(context);
      return context;
    });
    for (const context of contexts) await context.dispose();
  },
});

/** The CSRF token of an API client's browser (also sets the `csrf_token` cookie). */
export async function csrfTokenOf(api: APIRequestContext): Promise<string> {
  const response = await api.get("/api/csrf/restore");
  return ((await response.json()) as { csrf_token: string }).csrf_token;
}

export { expect };

/** What `watchThePage` records in a page. */
interface PageWatch {
  /** How many times React has run a commit's effects (the first time: the page is hydrated). */
  effectsRun: number;
  /** React's root, for its pending work. */
  root: { pendingLanes: number } | null;
  /** Account-room sockets open now. */
  openSockets: number;
  /** The events the page's room sockets received, in order. */
  events: { type: string; move_id?: number; trailer_id?: number; origin?: string }[];
  /** Reloads of the page's data the router asked for (GET of `.data`; the polls, sent uncached, are not counted). */
  dataLoads: number;
  /** Those of them not answered yet. */
  dataLoadsOpen: number;
}

/**
 * Runs in every page of the suite's browsers before the page's own scripts. It records when React
 * has taken over the server's page (through the hook React offers its developer tools) and how
 * many account-room sockets are open, so tests wait for those conditions instead of a fixed time.
 */
function watchThePage() {
  const watch: PageWatch = { effectsRun: 0, root: null, openSockets: 0, events: [], dataLoads: 0, dataLoadsOpen: 0 };
  Object.assign(window, {
    __yardlineWatch: watch,
    __REACT_DEVTOOLS_GLOBAL_HOOK__: {
      supportsFiber: true,
      renderers: new Map(),
      inject: () => 1,
      onCommitFiberRoot: (_renderer: number, root: PageWatch["root"]) => {
        watch.root = root;
      },
      onPostCommitFiberRoot: () => {
        watch.effectsRun += 1;
      },
      onCommitFiberUnmount: () => undefined,
      checkDCE: () => undefined,
    },
  });
  const NativeWebSocket = window.WebSocket;
  window.WebSocket = class extends NativeWebSocket {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols);
      if (!String(url).includes("/parties/")) return;
      let open = false;
      this.addEventListener("open", () => {
        open = true;
        watch.openSockets += 1;
      });
      this.addEventListener("close", () => {
        if (open) watch.openSockets -= 1;
        open = false;
      });
      this.addEventListener("message", (message: MessageEvent) => {
        try {
          const event = JSON.parse(String(message.data)) as PageWatch["events"][number];
          watch.events.push({ type: event.type, move_id: event.move_id, trailer_id: event.trailer_id, origin: event.origin });
        } catch {
          // not an event
        }
      });
    }
  };
  const nativeFetch = window.fetch.bind(window);
  window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input), window.location.href);
    const method = (init?.method ?? (input instanceof Request ? input.method : "GET")).toUpperCase();
    if (method !== "GET" || !url.pathname.endsWith(".data") || init?.cache === "no-store") return nativeFetch(input, init);
    watch.dataLoads += 1;
    watch.dataLoadsOpen += 1;
    return nativeFetch(input, init).finally(() => {
      watch.dataLoadsOpen -= 1;
    });
  };
}

/** What the page's watch has recorded so far. */
export function pageWatch(page: Page): Promise<PageWatch> {
  return page.evaluate(() => {
    const { events, dataLoads, dataLoadsOpen, effectsRun, openSockets } = (window as unknown as { __yardlineWatch: PageWatch })
      .__yardlineWatch;
    return { events, dataLoads, dataLoadsOpen, effectsRun, openSockets, root: null };
  });
}

/**
 * Waits until React has hydrated the page and run its effects, with no render pending. Until then
 * a typed value or a ticked box can be overwritten by the first render, and a click on a filter
 * does nothing. Without JavaScript there is nothing to wait for.
 */
export async function hydrated(page: Page) {
  if (!(await page.evaluate(() => "__remixContext" in window))) return;
  await page.waitForFunction(() => {
    const watch = (window as unknown as { __yardlineWatch?: PageWatch }).__yardlineWatch;
    if (!watch) throw new Error("this page's browser was not opened through the fixtures (no page watch)");
    return watch.effectsRun > 0 && watch.root?.pendingLanes === 0;
  });
}

/** Opens a page, then waits until it is hydrated (with JavaScript) so the test can use it at once. */
export async function visit(page: Page, path: string) {
  const response = await page.goto(path);
  await hydrated(page);
  return response;
}

/** Waits until the page's account-room socket is open, so the next event published reaches it. */
export async function listening(page: Page) {
  await page.waitForFunction(() => (window as unknown as { __yardlineWatch: PageWatch }).__yardlineWatch.openSockets > 0);
}

/** A browser of its own (a phone, no JavaScript, another device…), watched like the suite's own. */
export async function newBrowser(browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  await context.addInitScript(watchThePage);
  return context;
}

/** A page of a browser of its own, signed in as `email` (session cookie set directly). */
/**
 * A dashboard tab's folded filters: the line that names them (`summary`) and one of its chips by
 * its words, whatever its count ("Red Tagged" finds "Red Tagged (5)").
 */
export function filters(page: Page) {
  const summary = page.locator("summary").filter({ hasText: /^▸?\s*Filters:/ });
  const chip = (words: string) =>
    summary
      .locator("xpath=..")
      .locator("label.filter-choice")
      .getByText(new RegExp(`^${escapeRegExp(words)}( \\(\\d+\\))?$`));
  return { summary, chip };
}

/** Opens a dashboard tab's folded filters unless they are open. */
export async function openFilters(page: Page) {
  const { summary } = filters(page);
  await expect(summary).toBeVisible();
  if (!(await summary.evaluate((element) => (element.parentElement as HTMLDetailsElement).open))) await summary.click();
}

export async function signedInPage(browser: Browser, db: Database, email: string, options: BrowserContextOptions = {}) {
  const context = await newBrowser(browser, options);
  const { token } = await createSession(db, email);
  await context.addCookies([{ name: SESSION_COOKIE, value: token, url: BASE_URL }]);
  return { context, page: await context.newPage() };
}

/** The answer a form's post gets: the page's own POST (with JavaScript a `.data` fetch), never an `/api` call. */
function isFormAnswer(response: Response) {
  return response.request().method() === "POST" && !new URL(response.url()).pathname.startsWith("/api/");
}

export interface SubmitOutcome {
  /** The page the answer leads to: waited for until it has loaded. */
  url?: RegExp;
  /** What the answer shows. */
  shows?: Locator;
  /** How the form is sent: a click on `trigger` (the default), a tap, or Enter in it. */
  by?: "click" | "tap" | "Enter";
}

/**
 * Sends a form that posts and waits for its outcome: the server's answer to the POST, then the
 * page it leads to or what it shows. A test never navigates, reloads or reads other state while
 * a submission is still on its way.
 */
export async function submitAndWait(trigger: Locator, outcome: SubmitOutcome = {}): Promise<Response> {
  const page = trigger.page();
  const send = () => (outcome.by === "tap" ? trigger.tap() : outcome.by === "Enter" ? trigger.press("Enter") : trigger.click());
  const [answer] = await Promise.all([page.waitForResponse(isFormAnswer), send()]);
  if (outcome.url) await page.waitForURL(outcome.url);
  if (outcome.shows) await expect(outcome.shows).toBeVisible();
  return answer;
}

/**
 * Logs in through the login page (terms ticked) and waits for the server's answer; `outcome` as
 * for `submitAndWait`. With JavaScript the form is used once hydrated: the first render would
 * untick a box ticked before it.
 */
export async function logIn(page: Page, email: string, password: string, outcome: SubmitOutcome = {}) {
  await visit(page, "/login");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("checkbox", { name: /agree/ }).check();
  return submitAndWait(page.getByRole("button", { name: "Log In" }), outcome);
}

/** A trailer of the caller's account standing at `location`, added through the API (so it has its first history entry). */
export async function addTrailer(api: APIRequestContext, location: string, prefix = "E2") {
  const number = `${prefix}${randomBytes(3).toString("hex").toUpperCase()}`;
  const created = await api.post("/api/trailers/", {
    headers: { "X-CSRF-Token": await csrfTokenOf(api) },
    data: {
      trailer_number: number,
      trailer_location: location,
      license_plate: `${prefix}1`,
      license_state: "MA",
      type: "dry_53",
      company_owner: "ACME",
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return number;
}

/** Requests a single move of `trailer` through the API as `api`'s user; answers the move's id. */
export async function addMove(api: APIRequestContext, from: string, to: string, trailer: string): Promise<number> {
  const created = await api.post("/api/moves", {
    headers: { "X-CSRF-Token": await csrfTokenOf(api) },
    data: { move_details: { type: "single", moves: [{ from, to, trailer }] } },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { id: number }).id;
}
