import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Locator, Page, Route } from "@playwright/test";
import { FORM_FAILURES, serverFailureMessage, type FormFailure } from "#app/domain/failures";
import { FAULT_HEADER, type Fault } from "#app/lib/faults.server";
import { DATABASE_UNAVAILABLE } from "#app/lib/unavailable.server";
import type { Role } from "#app/domain/roles";
import { companies, users, yards } from "#db/schema";
import { expect, expectConsoleErrors, failedLoad, signedInPage, submitAndWait, test as base, visit, type TestUser } from "./fixtures";

/**
 * A form whose write the server fails — an error (500), the database not serving (503) — keeps
 * what was typed and says the spec's message above it; sent again once the server answers, it
 * goes through. The failures are real: the form's POST carries the `X-Yardline-Fault` header,
 * which the end-to-end server (started with `--faults`) honours by failing the request's writes
 * in the database (app/lib/faults.server.ts).
 */

/** Makes the page's form posts fail on the server with `fault` until the returned function is called. */
async function failWrites(page: Page, fault: Fault) {
  const handler = (route: Route) => {
    const request = route.request();
    if (request.method() !== "POST") return route.fallback();
    return route.continue({ headers: { ...request.headers(), [FAULT_HEADER.toLowerCase()]: fault } });
  };
  await page.route("**/*", handler);
  return () => page.unroute("**/*", handler);
}

const FAULT_STATUS: Record<Fault, number> = { "write-500": 500, "write-503": 503 };

/** What the form says for a fault: the catalogue's message, with the database's reason for a 503. */
const messageFor = (failure: FormFailure, fault: Fault) =>
  serverFailureMessage(failure, fault === "write-503" ? DATABASE_UNAVAILABLE : null);

/** Fields of a form and what a test types in them (or whether it ticks them). */
type Typed = [Locator, string | boolean][];

async function fillIn(typed: Typed): Promise<Typed> {
  for (const [field, value] of typed) {
    if (typeof value === "boolean") await field.setChecked(value);
    else await field.fill(value);
  }
  return typed;
}

/**
 * Sends the form with each fault in turn: the answer's status, the message above the form, the
 * fields as typed. `retype`: fields the page drawn anew (without JavaScript) does not send back,
 * typed again before each send and found empty after it. Returns the form's submit button.
 */
async function failsKeepingInput(page: Page, submitLabel: string, typed: Typed, failure: FormFailure, retype: Typed = []) {
  const submit = page.getByRole("button", { name: submitLabel });
  const alert = page.getByRole("alert");
  // The browser logs each failed post of the form (to the page's own address) as a console error.
  const path = new URL(page.url()).pathname;
  expectConsoleErrors(failedLoad(500, path), failedLoad(503, path));
  for (const fault of ["write-500", "write-503"] as const) {
    await fillIn(retype);
    const restore = await failWrites(page, fault);
    const answer = await submitAndWait(submit, { shows: alert });
    await restore();
    expect(answer.status()).toBe(FAULT_STATUS[fault]);
    await expect(alert).toContainText(messageFor(failure, fault));
    for (const [field, value] of typed) {
      if (typeof value === "boolean") await expect(field).toBeChecked({ checked: value });
      else await expect(field).toHaveValue(value);
    }
    for (const [field] of retype) await expect(field).toHaveValue("");
  }
  return submit;
}

/** The suite's fixtures, and `openAs`: `path` opened by a new user of `role`, signed in. */
const test = base.extend<{ openAs(role: Role, path: string, options?: { firstLogin?: boolean }): Promise<TestUser> }>({
  openAs: async ({ page, newUser, signInAs }, use) => {
    await use(async (role, path, options = {}) => {
      const user = await newUser(role, options);
      await signInAs(page, user.email);
      await visit(page, path);
      return user;
    });
  },
});

const suffix = () => randomBytes(3).toString("hex").toUpperCase();

test.describe("with JavaScript", () => {
  test("Log In that the server fails says 'An error occurred. Please try again.' above the form, keeps the email and the terms, then logs in", async ({
    page,
    newUser,
  }) => {
    const manager = await newUser("manager");
    await visit(page, "/login");
    const typed = await fillIn([
      [page.getByLabel("Email", { exact: true }), manager.email],
      [page.getByLabel("Password", { exact: true }), manager.password],
      [page.getByRole("checkbox", { name: /agree/ }), true],
    ]);
    const submit = await failsKeepingInput(page, "Log In", typed, FORM_FAILURES.login);
    await expect(page).toHaveURL(/\/login$/);

    await submitAndWait(submit, { url: /\/$/ });
    await expect(page.getByRole("heading", { name: "Acme Boston Dashboard" })).toBeVisible();
  });

  test("the first-login password change that the server fails says 'An error occurred while changing your password', then changes it", async ({
    page,
    db,
    openAs,
  }) => {
    const driver = await openAs("yard_driver", "/change-password", { firstLogin: true });
    const typed = await fillIn([
      [page.getByLabel("New Password"), "Gate#Seven7"],
      [page.getByLabel("Confirm Password"), "Gate#Seven7"],
    ]);
    const submit = await failsKeepingInput(page, "Change Password", typed, FORM_FAILURES.changePassword);
    const firstLogin = async () => (await db.select().from(users).where(eq(users.id, driver.id)))[0].firstLogin;
    expect(await firstLogin()).toBe(true);

    await submitAndWait(submit, { url: /\/$/ });
    expect(await firstLogin()).toBe(false);
  });

  test("Add New User that the server fails says 'An error occurred. Please try again.' above the form, keeps role, alpha code and email, then adds", async ({
    page,
    db,
    openAs,
  }) => {
    await openAs("super_manager", "/signup");
    const email = `failed.${suffix().toLowerCase()}@example.test`;
    const typed = await fillIn([
      [page.getByRole("radio", { name: "Yard Driver" }), true],
      [page.getByLabel("Alpha Code"), `F${suffix()}`],
      [page.getByLabel("Email"), email],
      [page.getByLabel("Driver Number"), "4321"],
    ]);
    const submit = await failsKeepingInput(page, "Add User", typed, FORM_FAILURES.signup);
    expect(await db.select().from(users).where(eq(users.email, email))).toEqual([]);

    const status = page.getByRole("status");
    await submitAndWait(submit, { shows: status });
    await expect(status).toContainText(`${email} was added as Yard Driver`);
    await expect(page.getByRole("alert")).toHaveCount(0);
  });

  test("Create Company that the server fails says 'Failed to create company' above the form, keeps the name, then creates it", async ({
    page,
    db,
    openAs,
  }) => {
    await openAs("admin", "/companies/new");
    const name = `Failing Freight ${suffix()}`;
    const submit = await failsKeepingInput(
      page,
      "Create Company",
      await fillIn([[page.getByLabel("Company Name"), name]]),
      FORM_FAILURES.createCompany,
    );
    expect(await db.select().from(companies).where(eq(companies.companyName, name))).toEqual([]);

    await submitAndWait(submit, { url: /\/companies$/ });
    await expect(page.getByRole("heading", { name })).toBeVisible();
  });

  test("Add Yard that the server fails says 'An error occurred while creating the yard' above the form, keeps what was typed, then adds it", async ({
    page,
    db,
    openAs,
  }) => {
    await openAs("super_manager", "/yards/new");
    const name = `Lot ${suffix()}`;
    const typed = await fillIn([
      [page.getByLabel("Yard Name"), name],
      [page.getByLabel("Parking Location"), "Gate 4"],
      [page.getByLabel("Parking Spots Available"), true],
    ]);
    const submit = await failsKeepingInput(page, "Add Yard", typed, FORM_FAILURES.createYard);
    expect(await db.select().from(yards).where(eq(yards.name, name))).toEqual([]);

    await submitAndWait(submit, { url: /\/$/ });
    expect(await db.select().from(yards).where(eq(yards.name, name))).toHaveLength(1);
  });
});

test.describe("without JavaScript", () => {
  test("Create Company and Add Yard that the server fails come back as pages with the message and what was typed, status 500 or 503", async ({
    browser,
    db,
    newUser,
  }) => {
    const admin = await newUser("admin");
    const { context, page } = await signedInPage(browser, db, admin.email, { javaScriptEnabled: false });
    try {
      await visit(page, "/companies/new");
      const name = `Plain Form Lines ${suffix()}`;
      const submit = await failsKeepingInput(
        page,
        "Create Company",
        await fillIn([[page.getByLabel("Company Name"), name]]),
        FORM_FAILURES.createCompany,
      );
      await expect(page.getByRole("heading", { name: "Create New Company" })).toBeVisible();
      await submitAndWait(submit, { url: /\/companies$/ });
      await expect(page.getByRole("heading", { name })).toBeVisible();

      await visit(page, "/yards/new");
      const account = page.getByLabel("Account", { exact: true });
      await account.selectOption({ label: "Acme Logistics · Acme Boston" });
      const chosen = await account.inputValue();
      const typed = await fillIn([
        [page.getByLabel("Yard Name"), `Plain Lot ${suffix()}`],
        [page.getByLabel("Parking Spots Available"), true],
      ]);
      await failsKeepingInput(page, "Add Yard", [...typed, [account, chosen]], FORM_FAILURES.createYard);
    } finally {
      await context.close();
    }
  });

  test("Log In that the server fails comes back with the message, the email and the terms ticked; the password is typed again", async ({
    browser,
    newUser,
  }) => {
    const manager = await newUser("manager");
    const context = await browser.newContext({ javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto("/login");
      const typed = await fillIn([
        [page.getByLabel("Email", { exact: true }), manager.email],
        [page.getByRole("checkbox", { name: /agree/ }), true],
      ]);
      const password: Typed = [[page.getByLabel("Password", { exact: true }), manager.password]];
      const submit = await failsKeepingInput(page, "Log In", typed, FORM_FAILURES.login, password);

      await fillIn(password);
      await submitAndWait(submit, { url: /\/$/ });
    } finally {
      await context.close();
    }
  });
});
