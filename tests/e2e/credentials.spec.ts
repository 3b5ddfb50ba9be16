import { request as playwrightRequest, type APIRequestContext, type Page } from "@playwright/test";
import { eq, sql } from "drizzle-orm";
import { loginAttempts, sessions, settings, users } from "#db/schema";
import { BASE_URL, csrfTokenOf, expect, expectConsoleErrors, failedLoad, listening, logIn, newBrowser, test, visit } from "./fixtures";

test.afterEach(async ({ db }) => {
  await db.update(settings).set({ timeoutHours: 4 });
});

type RoomWatch = { opened: boolean; messages: string[]; closeCode?: number };

/** Opens a socket of the page's own account room (as the page's session) and records what it hears until it closes. */
async function watchRoom(page: Page, room: string) {
  await page.evaluate((roomPath) => {
    const watch: RoomWatch = { opened: false, messages: [] };
    (window as unknown as { roomWatch: RoomWatch }).roomWatch = watch;
    const socket = new WebSocket(`${location.origin.replace(/^http/, "ws")}/parties/account-room/${roomPath}`);
    socket.onopen = () => (watch.opened = true);
    socket.onmessage = (event) => watch.messages.push(String(event.data));
    socket.onclose = (event) => (watch.closeCode = event.code);
  }, room);
  await page.waitForFunction(() => (window as unknown as { roomWatch: RoomWatch }).roomWatch.opened);
  return () => page.evaluate(() => (window as unknown as { roomWatch: RoomWatch }).roomWatch);
}

async function logInThroughApi(api: APIRequestContext, email: string, password: string, headers: Record<string, string> = {}) {
  return api.post("/api/auth/login", {
    headers: { "X-CSRF-Token": await csrfTokenOf(api), ...headers },
    data: { email, password, agreed_to_terms: true, force_login: true },
  });
}

test("a session that times out by inactivity loses its sockets within seconds, and its page is told", async ({
  page,
  db,
  newUser,
  signInAs,
}) => {
  const user = await newUser("manager");
  const { sessionId, accountId } = await signInAs(page, user.email);
  await visit(page, "/");
  await listening(page);
  await expect(page.getByRole("heading", { name: "Acme Boston Dashboard" })).toBeVisible();
  const heard = await watchRoom(page, String(accountId));

  // Inactive for longer than the timeout, as far as the server knows (the page's own timer does not know).
  await db
    .update(sessions)
    .set({ lastActivity: sql`now() - interval '5 hours'` })
    .where(eq(sessions.id, sessionId));
  const endedAt = Date.now();
  // The room checks its sessions every 10 s: allow for a loaded machine.
  await expect.poll(async () => (await heard()).closeCode, { timeout: 20_000, intervals: [250] }).toBe(4001);
  expect(Date.now() - endedAt).toBeLessThan(20_000);
  expect((await heard()).messages.map((message) => JSON.parse(message))).toContainEqual({
    type: "session_ended",
    session_id: sessionId,
    reason: "timeout",
  });
  const dialog = page.getByRole("dialog", { name: "Session Ended" });
  await expect(dialog).toContainText("Your session has timed out due to inactivity.");
  const [stored] = await db.select().from(sessions).where(eq(sessions.id, sessionId));
  expect(stored.endReason).toBe("timeout");
});

test("GET /api/auth/logout needs the X-Session-Id header of the session, so a link elsewhere cannot sign anyone out", async ({
  newUser,
  apiAs,
}) => {
  const api = await apiAs((await newUser("yard_driver")).email);
  const { session_id: sessionId } = await (await api.get("/api/auth/")).json();
  const wrong: Record<string, string>[] = [{}, { "X-Session-Id": String(sessionId + 1) }, { "X-Session-Id": "x" }];
  for (const headers of wrong) {
    const refused = await api.get("/api/auth/logout", { headers });
    expect(refused.status(), JSON.stringify(headers)).toBe(403);
    expect((await refused.json()).error).toBe("Logging out needs the X-Session-Id header of the current session");
    expect(refused.headers()["set-cookie"]).toBeUndefined();
  }
  expect((await api.get("/api/auth/")).status()).toBe(200);
  const logout = await api.get("/api/auth/logout", { headers: { "X-Session-Id": String(sessionId) } });
  expect(logout.status()).toBe(200);
  expect((await api.get("/api/auth/")).status()).toBe(401);
});

test("the page's Logout Now names its session: the server ends it as logged out", async ({ page, db, newUser, signInAs }) => {
  await db.update(settings).set({ timeoutHours: 0.01 });
  const { sessionId } = await signInAs(page, (await newUser("manager")).email);
  await visit(page, "/");
  const warning = page.getByRole("dialog", { name: "Session Timeout Warning" });
  await expect(warning).toBeVisible({ timeout: 15_000 });
  await warning.getByRole("button", { name: "Logout Now" }).click();
  await expect(page).toHaveURL(/\/login$/);
  const [stored] = await db.select().from(sessions).where(eq(sessions.id, sessionId));
  expect(stored.endReason).toBe("logout");
});

test("an admin sets a driver's password: the driver's open page is signed out at once, and the next sign-in asks for a new password", async ({
  page,
  browser,
  db,
  newUser,
  signInAs,
}) => {
  const admin = await newUser("admin");
  const driver = await newUser("yard_driver");
  const driverPage = await (await newBrowser(browser)).newPage();
  const { sessionId } = await signInAs(driverPage, driver.email);
  // The page's own socket must be open to be told its session ended.
  await visit(driverPage, "/");
  await listening(driverPage);
  const heard = await watchRoom(driverPage, String(driver.accountId));

  await signInAs(page, admin.email);
  await visit(page, `/users/${driver.id}/edit`);
  await expect(page.getByLabel("Current Password")).toHaveCount(0);
  await page.getByLabel("New Password (optional)").fill("aaaaaa");
  await page.getByLabel("Confirm Password").fill("aaaaaa");
  await page.getByRole("button", { name: "Update" }).click();
  await expect(page.getByRole("alert")).toContainText("Password must contain at least one uppercase letter");
  await page.getByLabel("New Password (optional)").fill("Reset#Gate42");
  await page.getByLabel("Confirm Password").fill("Reset#Gate42");
  await page.getByRole("button", { name: "Update" }).click();
  await expect(page).toHaveURL(new RegExp(`/users/${driver.id}$`));

  await expect(driverPage.getByRole("dialog", { name: "Session Ended" })).toContainText("Your session has ended. Please log in again.");
  await expect.poll(async () => (await heard()).closeCode).toBe(4001);
  const [session] = await db.select().from(sessions).where(eq(sessions.id, sessionId));
  expect(session.endedAt).not.toBeNull();

  await driverPage.getByRole("dialog", { name: "Session Ended" }).getByRole("button", { name: "Log Out" }).click();
  await expect(driverPage).toHaveURL(/\/login$/);
  await logIn(driverPage, driver.email, "Reset#Gate42", { url: /\/change-password$/ });
  await driverPage.context().close();
});

test("changing one's own password needs the current one, on the Edit User page and through the API", async ({
  page,
  db,
  newUser,
  signInAs,
  apiAs,
}) => {
  const superManager = await newUser("super_manager");
  await signInAs(page, superManager.email);
  await visit(page, `/users/${superManager.id}/edit`);
  // Without the current password, and with a wrong one, the server refuses the form.
  expectConsoleErrors(failedLoad(400, `/users/${superManager.id}/edit`));
  const current = page.getByLabel("Current Password");
  await page.getByLabel("New Password (optional)").fill("Mine#Dock77");
  await page.getByLabel("Confirm Password").fill("Mine#Dock77");
  await page.getByRole("button", { name: "Update" }).click();
  await expect(page.getByRole("alert")).toContainText("Current password is required");
  await current.fill("Not#Mine123");
  await page.getByLabel("New Password (optional)").fill("Mine#Dock77");
  await page.getByLabel("Confirm Password").fill("Mine#Dock77");
  await page.getByRole("button", { name: "Update" }).click();
  await expect(page.getByRole("alert")).toContainText("Current password is incorrect");
  await current.fill(superManager.password);
  await page.getByLabel("New Password (optional)").fill("Mine#Dock77");
  await page.getByLabel("Confirm Password").fill("Mine#Dock77");
  await page.getByRole("button", { name: "Update" }).click();
  await expect(page).toHaveURL(new RegExp(`/users/${superManager.id}$`));
  const [me] = await db.select().from(users).where(eq(users.id, superManager.id));
  expect(me.firstLogin).toBe(false);

  const driver = await newUser("yard_driver");
  const api = await apiAs(driver.email);
  const headers = { "X-CSRF-Token": await csrfTokenOf(api) };
  const without = await api.post("/api/auth/change-password", { headers, data: { password: "Road#Trip99" } });
  expect(without.status()).toBe(400);
  expect(await without.json()).toMatchObject({ error: "Current password is required", field: "current_password" });
  const weak = await api.post("/api/auth/change-password", { headers, data: { password: "aaaaaa", current_password: driver.password } });
  expect((await weak.json()).errors).toContain("Password must be at least 8 characters long");
  const changed = await api.post("/api/auth/change-password", {
    headers,
    data: { password: "Road#Trip99", current_password: driver.password },
  });
  expect(changed.status()).toBe(200);
});

test("a new password equal to the current one is refused under its field, on the first-login page and Edit User, keeping what was typed", async ({
  page,
  newUser,
  signInAs,
  apiAs,
}) => {
  const SAME = "The new password must be different from the current one";
  const driver = await newUser("yard_driver", { firstLogin: true });
  await signInAs(page, driver.email);
  await visit(page, "/change-password");
  expectConsoleErrors(failedLoad(400, "/change-password"));
  const newPassword = page.getByLabel("New Password");
  await newPassword.fill(driver.password);
  await page.getByLabel("Confirm Password").fill(driver.password);
  await page.getByRole("button", { name: "Change Password" }).click();
  await expect(newPassword).toHaveAccessibleDescription(SAME);
  await expect(newPassword).toHaveValue(driver.password);
  await expect(page.getByLabel("Confirm Password")).toHaveValue(driver.password);
  await expect(page).toHaveURL(/\/change-password$/);

  const superManager = await newUser("super_manager");
  await signInAs(page, superManager.email);
  await visit(page, `/users/${superManager.id}/edit`);
  expectConsoleErrors(failedLoad(400, `/users/${superManager.id}/edit`));
  await page.getByLabel("Current Password").fill(superManager.password);
  const ownPassword = page.getByLabel("New Password (optional)");
  await ownPassword.fill(superManager.password);
  await page.getByLabel("Confirm Password").fill(superManager.password);
  await page.getByRole("button", { name: "Update" }).click();
  await expect(ownPassword).toHaveAccessibleDescription(SAME);
  await expect(ownPassword).toHaveValue(superManager.password);
  // The API client's session replaces the page's (one a user): the page, done with, goes first, so
  // its account-room socket is not refused on the way.
  await page.close();

  const api = await apiAs(superManager.email);
  const headers = { "X-CSRF-Token": await csrfTokenOf(api) };
  const again = { password: superManager.password, current_password: superManager.password };
  for (const response of [
    await api.post("/api/auth/change-password", { headers, data: again }),
    await api.put(`/api/users/${superManager.id}`, { headers, data: again }),
  ]) {
    expect(response.status(), response.url()).toBe(400);
    expect(await response.json(), response.url()).toMatchObject({ error: SAME, field: "password" });
  }
});

test("40 wrong passwords at once count no more than the limit; a spoofed address does not help; the owner's browser and, after the back-off, anyone with the password get in", async ({
  db,
  newUser,
}) => {
  const user = await newUser("mechanic");
  const owner = await playwrightRequest.newContext({ baseURL: BASE_URL });
  expect((await logInThroughApi(owner, user.email, user.password)).status()).toBe(200);

  const stranger = await playwrightRequest.newContext({ baseURL: BASE_URL });
  const token = await csrfTokenOf(stranger);
  const statuses = await Promise.all(
    Array.from({ length: 40 }, (_, i) =>
      stranger
        .post("/api/auth/login", {
          headers: { "X-CSRF-Token": token },
          data: { email: user.email, password: `wrong${i}`, agreed_to_terms: true },
        })
        .then((response) => response.status()),
    ),
  );
  expect(statuses.filter((status) => status === 401)).toHaveLength(5);
  expect(statuses.filter((status) => status === 429)).toHaveLength(35);
  const failures = await db.select().from(loginAttempts).where(eq(loginAttempts.email, user.email));
  expect(failures.filter((attempt) => !attempt.succeeded)).toHaveLength(5);

  // This server is not configured to trust CF-Connecting-IP: claiming another address changes nothing.
  const spoofed = await logInThroughApi(stranger, user.email, user.password, { "CF-Connecting-IP": "203.0.113.77" });
  expect(spoofed.status()).toBe(429);
  expect(Number(spoofed.headers()["retry-after"])).toBeGreaterThan(0);
  expect(Number(spoofed.headers()["retry-after"])).toBeLessThanOrEqual(60);

  // The browser the owner signed in from keeps its own count.
  expect((await logInThroughApi(owner, user.email, user.password)).status()).toBe(200);

  // Once the back-off has passed, the right password gets in from anywhere.
  await db
    .update(loginAttempts)
    .set({ attemptedAt: sql`${loginAttempts.attemptedAt} - interval '61 seconds'` })
    .where(eq(loginAttempts.email, user.email));
  const newcomer = await playwrightRequest.newContext({ baseURL: BASE_URL });
  expect((await logInThroughApi(newcomer, user.email, user.password)).status()).toBe(200);
  for (const context of [owner, stranger, newcomer]) await context.dispose();
});

test("PUT /api/users/{id} takes back what GET gives, keeps what it is not sent, and bounds every field", async ({ newUser, apiAs }) => {
  const api = await apiAs((await newUser("admin")).email);
  const driver = await newUser("road_driver");
  const headers = { "X-CSRF-Token": await csrfTokenOf(api) };
  const shown = (await (await api.get(`/api/users/${driver.id}`)).json()).user;

  const roundTrip = await api.put(`/api/users/${driver.id}`, { headers, data: shown });
  expect(roundTrip.status()).toBe(200);
  expect((await roundTrip.json()).user).toEqual({ ...shown, updated_at: expect.any(String) });

  const named = await api.put(`/api/users/${driver.id}`, { headers, data: { first_name: "Rita" } });
  expect((await named.json()).user).toEqual({ ...shown, first_name: "Rita", updated_at: expect.any(String) });

  const blank = await api.put(`/api/users/${driver.id}`, { headers, data: { alpha_code: null } });
  expect(blank.status()).toBe(400);
  expect(await blank.json()).toMatchObject({ error: "Alpha code is required for non-security roles", field: "alpha_code" });

  for (const driverNumber of ["99999999999", 2 ** 31, 1e300]) {
    const huge = await api.put(`/api/users/${driver.id}`, { headers, data: { driver_number: driverNumber } });
    expect(huge.status(), String(driverNumber)).toBe(400);
    expect(await huge.json()).toMatchObject({ error: "Driver number must be a valid number", field: "driver_number" });
  }
  expect((await (await api.get(`/api/users/${driver.id}`)).json()).user).toMatchObject({
    alpha_code: shown.alpha_code,
    driver_number: 9000,
  });
});
