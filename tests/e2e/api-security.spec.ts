import { request as playwrightRequest } from "@playwright/test";
import { BASE_URL, csrfTokenOf, DEMO_PASSWORD, expect, test } from "./fixtures";
import { MESSAGES } from "#app/domain/auth";
import { COMPANY_MESSAGES } from "#app/domain/companies";
import { MOVE_MESSAGES } from "#app/domain/moves";
import { ROUTE_RULES } from "#app/domain/route-access";
import { canPrintReports, flagsFor, ROLES, type Role } from "#app/domain/roles";
import { pageAccess } from "#app/domain/route-access";

/** Pages built so far; the other paths of the route table still redirect to /login as unknown pages. */
const BUILT_PAGES = new Set([
  "/",
  "/admin/dashboard",
  "/settings",
  "/signup",
  "/users/1",
  "/users/1/edit",
  "/companies",
  "/companies/new",
  "/companies/1/edit",
  "/trailers/new",
  "/trailers/bulk-upload",
  "/trailers/bulk-upload/template",
  "/trailers/1",
  "/trailers/1/edit",
  "/buildings/new",
  "/buildings/1",
  "/buildings/1/edit",
  "/yards/new",
  "/yards/1",
  "/yards/1/edit",
  "/trucks/new",
  "/trucks/1",
  "/trucks/1/edit",
  // Create Move's choices (its form posts here too); /moves/1/accept only takes posts: a GET finds nothing.
  "/moves/new",
  "/audit-logs",
  "/how-to",
]);

test("route table × every role (and signed out): each page answers or redirects as the spec says", async ({ newUser, apiAs }) => {
  const anonymous = await playwrightRequest.newContext({ baseURL: BASE_URL });
  for (const rule of ROUTE_RULES.filter((candidate) => candidate.example !== "/change-password")) {
    const response = await anonymous.get(rule.example, { maxRedirects: 0 });
    expect(response.status(), `signed out on ${rule.example}`).toBe(302);
    expect(response.headers().location, `signed out on ${rule.example}`).toBe("/login");
  }
  await anonymous.dispose();

  for (const role of ROLES) {
    const user = await newUser(role as Role);
    const api = await apiAs(user.email);
    for (const rule of ROUTE_RULES.filter((candidate) => candidate.example !== "/change-password")) {
      // A user page is opened on the viewer's own record, which every role may see.
      const path = rule.example.replace(/^\/users\/1/, `/users/${user.id}`);
      const response = await api.get(path, { maxRedirects: 0 });
      const access = pageAccess(path, flagsFor(role));
      const actual = response.status() === 302 ? response.headers().location : response.status();
      if (rule.example === "/reports/trailers") {
        // Every signed-in user reaches the report's loader; the reports service answers: managers and above
        // read their account's (an admin must name one: 400), everyone else 403.
        expect(actual, `${role} on ${path}`).toBe(role === "admin" ? 400 : canPrintReports(flagsFor(role)) ? 200 : 403);
      } else if (BUILT_PAGES.has(rule.example)) {
        expect(actual, `${role} on ${path}`).toBe(access.allowed ? 200 : access.redirectTo);
      } else {
        // Not built yet: the guard still sends the others away; the allowed reach an unknown page.
        expect([access.allowed ? "/login" : access.redirectTo, ...(access.allowed ? [404] : [])], `${role} on ${path}`).toContain(actual);
      }
    }
  }
});

/** Answers several endpoints below share. */
const answers = {
  companyName: { status: 400, error: COMPANY_MESSAGES.companyNameRequired },
  accountName: { status: 400, error: COMPANY_MESSAGES.accountNameRequired },
  noAccount: { status: 400, error: MOVE_MESSAGES.accountRequired },
};
/**
 * Every non-GET endpoint, and what it answers once its CSRF check passes: the handler's own
 * answer to this body from an admin of no account (a refusal of the body itself where it is
 * incomplete, never the CSRF check's 403).
 */
const NON_GET_ENDPOINTS: {
  method: "POST" | "PUT";
  path: string;
  data?: unknown;
  answer: { status: number; error?: string; body?: Record<string, unknown> };
}[] = [
  {
    method: "POST",
    path: "/api/auth/login",
    data: { email: "x@x.test", password: "x", agreed_to_terms: true },
    answer: { status: 401, error: MESSAGES.invalidCredentials },
  },
  { method: "POST", path: "/api/auth/logout", answer: { status: 200, body: { success: true } } },
  {
    method: "POST",
    path: "/api/auth/change-password",
    data: { password: "Aa#12345678", confirm_password: "Aa#12345678" },
    answer: { status: 400, error: MESSAGES.currentPasswordRequired },
  },
  { method: "POST", path: "/api/auth/refresh-session", answer: { status: 200, body: { success: true, timeout_hours: 4 } } },
  {
    method: "PUT",
    path: "/api/settings/timeout",
    data: { timeout_hours: 4 },
    answer: { status: 200, body: { timeout_hours: 4, message: MESSAGES.timeoutUpdated } },
  },
  { method: "POST", path: "/api/companies/", data: { company_name: "" }, answer: answers.companyName },
  { method: "PUT", path: "/api/companies/1", data: { company_name: "" }, answer: answers.companyName },
  // The demo data has companies: seeding is refused.
  { method: "POST", path: "/api/companies/seed-test", answer: { status: 409, error: COMPANY_MESSAGES.alreadySeeded } },
  { method: "POST", path: "/api/accounts/", data: { account_name: "" }, answer: answers.accountName },
  { method: "PUT", path: "/api/accounts/1", data: { account_name: "" }, answer: answers.accountName },
  // An admin of no account creates a move only in an account it names.
  { method: "POST", path: "/api/moves", data: { move_details: { type: "single", moves: [] } }, answer: answers.noAccount },
  // Move 1 of the demo data is finished: with the right token these answer 409 and change nothing.
  { method: "PUT", path: "/api/moves/1/accept", answer: { status: 409, error: MOVE_MESSAGES.conflict.accept } },
  { method: "PUT", path: "/api/moves/1/finish", answer: { status: 409, error: MOVE_MESSAGES.conflict.finish } },
  { method: "PUT", path: "/api/moves/1/cancel", answer: { status: 409, error: MOVE_MESSAGES.conflict.cancel } },
];

test("every non-GET /api endpoint refuses a missing or wrong CSRF token, and a foreign Origin; the right token reaches its handler", async ({
  newUser,
  apiAs,
}) => {
  const admin = await newUser("admin");
  for (const endpoint of NON_GET_ENDPOINTS) {
    const api = await apiAs(admin.email);
    const token = await csrfTokenOf(api);
    const send = (headers: Record<string, string>) =>
      api.fetch(endpoint.path, { method: endpoint.method, data: endpoint.data ?? {}, headers, maxRedirects: 0 });

    const missing = await send({});
    expect(missing.status(), `${endpoint.path} without token`).toBe(403);
    expect(await missing.json()).toMatchObject({ error: "CSRF token missing or invalid" });

    const wrong = await send({ "X-CSRF-Token": `${token}x` });
    expect(wrong.status(), `${endpoint.path} with a wrong token`).toBe(403);

    const foreign = await send({ "X-CSRF-Token": token, Origin: "https://evil.example" });
    expect(foreign.status(), `${endpoint.path} from another origin`).toBe(403);

    const right = await send({ "X-CSRF-Token": token });
    expect(right.status(), `${endpoint.path} with the right token`).toBe(endpoint.answer.status);
    const body = (await right.json()) as { error?: string };
    if (endpoint.answer.error) {
      expect(body.error, endpoint.path).toBe(endpoint.answer.error);
    } else {
      expect(body, endpoint.path).not.toHaveProperty("error");
      expect(body, endpoint.path).toMatchObject(endpoint.answer.body ?? {});
    }
  }
});

test("Remix form posts need the hidden csrf field", async ({ newUser, apiAs }) => {
  const admin = await newUser("admin");
  const api = await apiAs(admin.email);
  const token = await csrfTokenOf(api);
  const without = await api.post("/settings", { form: { timeout_hours: "4" }, maxRedirects: 0 });
  expect(without.status()).toBe(403);
  const withToken = await api.post("/settings", { form: { timeout_hours: "4", csrf: token }, maxRedirects: 0 });
  expect(withToken.status()).toBe(200);
});

test("POST /api/auth/login answers the spec's login response, and 400 without the terms", async () => {
  const api = await playwrightRequest.newContext({ baseURL: BASE_URL });
  const token = await csrfTokenOf(api);
  const headers = { "X-CSRF-Token": token };
  const refused = await api.post("/api/auth/login", {
    headers,
    data: { email: "security@acme.test", password: DEMO_PASSWORD, agreed_to_terms: false, force_login: false },
  });
  expect(refused.status()).toBe(400);
  expect((await refused.json()).errors).toEqual(["You must agree to the terms and conditions to log in"]);

  const response = await api.post("/api/auth/login", {
    headers,
    data: { email: "SECURITY@acme.test", password: DEMO_PASSWORD, agreed_to_terms: true, force_login: true },
  });
  expect(response.status()).toBe(200);
  const body = await response.json();
  expect(body).toMatchObject({
    hasActiveSession: false,
    previous_session_timed_out: false,
    errors: [],
    user: { email: "security@acme.test", is_security: true, is_admin: false, first_login: false },
  });
  expect(typeof body.session_id).toBe("number");
  expect(Object.keys(body.sessionInfo).sort()).toEqual(["ip_address", "last_activity", "login_time", "user_agent"]);
  const cookie = response.headers()["set-cookie"];
  expect(cookie).toMatch(/yardline_session=[^;]+; Path=\/; HttpOnly; SameSite=Lax/);

  const me = await api.get("/api/auth/");
  expect((await me.json()).user.email).toBe("security@acme.test");
  const check = await api.get("/api/auth/check-session");
  expect(await check.json()).toMatchObject({ valid: true, timed_out: false, message: null });

  const logout = await api.get("/api/auth/logout", { headers: { "X-Session-Id": String(body.session_id) } });
  expect(logout.status()).toBe(200);
  expect((await api.get("/api/auth/")).status()).toBe(401);
  await api.dispose();
});

test("login is rate limited: the sixth failure for one email answers 429 with a retry time", async ({ newUser }) => {
  const user = await newUser("mechanic");
  const api = await playwrightRequest.newContext({ baseURL: BASE_URL });
  const headers = { "X-CSRF-Token": await csrfTokenOf(api) };
  for (let i = 0; i < 5; i++) {
    const response = await api.post("/api/auth/login", {
      headers,
      data: { email: user.email, password: "wrong", agreed_to_terms: true },
    });
    expect(response.status()).toBe(401);
  }
  const blocked = await api.post("/api/auth/login", {
    headers,
    data: { email: user.email, password: user.password, agreed_to_terms: true },
  });
  expect(blocked.status()).toBe(429);
  expect(Number(blocked.headers()["retry-after"])).toBeGreaterThan(0);
  expect((await blocked.json()).error).toMatch(/Too many failed login attempts/);
  await api.dispose();
});

test("a session ended by a login elsewhere gets 401 with the invalidated message", async ({ newUser, apiAs }) => {
  const user = await newUser("yard_driver");
  const first = await apiAs(user.email);
  const elsewhere = await playwrightRequest.newContext({ baseURL: BASE_URL });
  const login = await elsewhere.post("/api/auth/login", {
    headers: { "X-CSRF-Token": await csrfTokenOf(elsewhere) },
    data: { email: user.email, password: user.password, agreed_to_terms: true, force_login: true },
  });
  expect((await login.json()).hasActiveSession).toBe(false);
  await elsewhere.dispose();
  const response = await first.get("/api/auth/");
  expect(response.status()).toBe(401);
  expect((await response.json()).error).toBe("Your session has been invalidated because your account was logged in from another device.");
});

test("a user who must change the password is refused everywhere else: 403 on /api, the dialog for pages", async ({ newUser, apiAs }) => {
  const user = await newUser("manager", { firstLogin: true });
  const api = await apiAs(user.email);
  const settings = await api.get("/api/settings/timeout");
  expect(settings.status()).toBe(403);
  expect((await settings.json()).error).toBe("You must change your password before continuing.");
  const page = await api.get("/", { maxRedirects: 0 });
  expect(page.headers().location).toBe("/change-password");
  expect((await api.get("/api/auth/")).status()).toBe(200);
});

test("settings API: admins read and change the timeout; others get 403; out of range gets 400", async ({ newUser, apiAs }) => {
  const admin = await apiAs((await newUser("admin")).email);
  const token = await csrfTokenOf(admin);
  expect(await (await admin.get("/api/settings/timeout")).json()).toEqual({ timeout_hours: 4 });
  const bad = await admin.put("/api/settings/timeout", { headers: { "X-CSRF-Token": token }, data: { timeout_hours: 30 } });
  expect(bad.status()).toBe(400);
  const good = await admin.put("/api/settings/timeout", { headers: { "X-CSRF-Token": token }, data: { timeout_hours: 4 } });
  expect(await good.json()).toMatchObject({ timeout_hours: 4 });

  const manager = await apiAs((await newUser("super_manager")).email);
  expect((await manager.get("/api/settings/timeout")).status()).toBe(403);
});

test("HTML responses carry the security headers with a per-request nonce", async ({ request }) => {
  const first = await request.get("/login");
  const second = await request.get("/login");
  const csp = first.headers()["content-security-policy"];
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toMatch(/script-src 'self' 'nonce-[^']+'/);
  expect(csp).not.toBe(second.headers()["content-security-policy"]);
  expect(first.headers()["x-content-type-options"]).toBe("nosniff");
  expect(first.headers()["referrer-policy"]).toBe("same-origin");
  const nonce = csp.match(/'nonce-([^']+)'/)![1];
  expect(await first.text()).toContain(`nonce="${nonce}"`);
});

test("a JSON body that is not an object (null, a list, a number, text) answers 400 with a message, never 500", async ({
  newUser,
  apiAs,
}) => {
  const admin = await newUser("admin");
  const target = await newUser("security");
  const endpoints = [
    { method: "PUT", path: `/api/users/${target.id}` },
    { method: "POST", path: "/api/auth/change-password" },
    { method: "POST", path: "/api/auth/signup" },
    { method: "POST", path: "/api/trailers/" },
    { method: "POST", path: "/api/trucks/" },
    { method: "POST", path: "/api/buildings/new" },
    { method: "POST", path: "/api/yards/new" },
    { method: "PUT", path: "/api/settings/timeout" },
    { method: "POST", path: "/api/companies/" },
  ];
  const api = await apiAs(admin.email);
  const headers = { "X-CSRF-Token": await csrfTokenOf(api), "Content-Type": "application/json" };
  for (const { method, path } of endpoints) {
    for (const body of ["null", "[]", "42", '"text"']) {
      // A Buffer is sent byte for byte (a string would be serialized as a JSON string).
      const response = await api.fetch(path, { method, headers, data: Buffer.from(body) });
      expect(response.status(), `${method} ${path} ${body}`).toBe(400);
      expect(await response.json(), `${method} ${path} ${body}`).toMatchObject({ error: "The request body must be a JSON object" });
    }
  }
});
