import { request as playwrightRequest, type APIRequestContext, type APIResponse } from "@playwright/test";
import { randomBytes } from "node:crypto";
import { and, asc, eq, isNull } from "drizzle-orm";
import type { Role } from "#app/domain/roles";
import { SESSION_ID_HEADER } from "#app/domain/auth";
import { reportedStatements } from "#app/lib/server-timing.server";
import type { RouteMethod, StatementBudget } from "#app/http/route-methods";
import { accounts, buildings, sessions, trailers, trucks, users, yards } from "#db/schema";
import { BASE_URL, csrfTokenOf, expect, test } from "./fixtures";
import { exports, routeModules, type RouteModule } from "./route-modules";

/**
 * Every route's statement budget (`statementBudget`, app/http/route-methods.ts) against the demo
 * data: each page and GET endpoint, and the main writes, requested as a role that may use it; the
 * count each response reports in `Server-Timing` must not exceed its route's budget for the
 * method, and every route module must declare one. What a report streams after its answer has
 * left (its later batches) is not counted: the count is sent with the headers.
 */

/** A route module's declared budget, or null when it declares none. */
function budgetOf(module: RouteModule): StatementBudget | null {
  const declared = /export const statementBudget = \{([^}]*)\} satisfies StatementBudget;/.exec(module.source);
  if (!declared) return null;
  return Object.fromEntries(
    [...declared[1].matchAll(/\b(GET|POST|PUT|PATCH|DELETE): (\d+)\b/g)].map(([, method, n]) => [method, Number(n)]),
  );
}

/** Whether a route module answers GET (a loader or a page: app/http/methods.server.ts). */
const servesGet = (module: RouteModule) => exports(module, "loader") || /export default\b/.test(module.source);

interface Measured {
  route: string;
  method: RouteMethod;
  path: string;
  as: string;
  status: number;
  statements: number | null;
}

test("every route module declares a statement budget, with GET for a route that serves it", () => {
  const missing = routeModules()
    .filter((module) => {
      const budget = budgetOf(module);
      return !budget || !Object.keys(budget).length || (servesGet(module) && budget.GET === undefined);
    })
    .map((module) => module.name);
  expect(missing, "route modules without `export const statementBudget = { GET: n } satisfies StatementBudget`").toEqual([]);
});

test("no request sends more statements than its route's budget", async ({ db, request, newUser, apiAs }) => {
  test.setTimeout(180_000);
  const measured: Measured[] = [];
  const unexpected: string[] = [];
  /** Sends one request and records the statements its answer reports (redirects are not followed). */
  async function measure(
    route: string,
    as: { name: string; api: APIRequestContext },
    method: RouteMethod,
    path: string,
    options: {
      status?: number;
      data?: unknown;
      form?: Record<string, string>;
      multipart?: Record<string, string | { name: string; mimeType: string; buffer: Buffer }>;
      headers?: Record<string, string>;
    } = {},
  ): Promise<APIResponse> {
    const { status = method === "GET" ? 200 : undefined, data, form, multipart, headers = {} } = options;
    const response = await as.api.fetch(path, { method, data, form, multipart, headers, maxRedirects: 0 });
    const expected = status === undefined ? response.status() < 400 : response.status() === status;
    if (!expected)
      unexpected.push(
        `${method} ${path} as ${as.name}: ${response.status()} ${response.headers()["location"] ?? ""} ${(await response.text()).slice(0, 200)}`,
      );
    measured.push({
      route,
      method,
      path,
      as: as.name,
      status: response.status(),
      statements: reportedStatements(response.headers()["server-timing"]),
    });
    return response;
  }
  const signedIn = async (role: Role, options?: { firstLogin?: boolean }) => {
    const user = await newUser(role, options);
    return { name: role, user, api: await apiAs(user.email) };
  };
  const writer = async (role: Role) => {
    const as = await signedIn(role);
    const csrf = await csrfTokenOf(as.api);
    return { ...as, csrf, headers: { "X-CSRF-Token": csrf } };
  };

  const [boston] = await db.select().from(accounts).where(eq(accounts.accountName, "Acme Boston"));
  const firstOf = async (rows: Promise<{ id: number }[]>) => (await rows)[0].id;
  const ids = {
    account: boston.id,
    company: boston.companyId,
    trailer: await firstOf(
      db.select({ id: trailers.id }).from(trailers).where(eq(trailers.accountId, boston.id)).orderBy(asc(trailers.id)).limit(1),
    ),
    truck: await firstOf(db.select({ id: trucks.id }).from(trucks).where(eq(trucks.accountId, boston.id)).orderBy(asc(trucks.id)).limit(1)),
    yard: await firstOf(db.select({ id: yards.id }).from(yards).where(eq(yards.accountId, boston.id)).orderBy(asc(yards.id)).limit(1)),
    building: await firstOf(
      db.select({ id: buildings.id }).from(buildings).where(eq(buildings.accountId, boston.id)).orderBy(asc(buildings.id)).limit(1),
    ),
  };
  const [demoUser] = await db.select({ id: users.id }).from(users).where(eq(users.email, "manager@acme.test"));

  const anonymous = { name: "signed out", api: request };
  const admin = await writer("admin");
  const editor = await writer("super_manager");
  const manager = await writer("manager");
  const driver = await writer("yard_driver");
  // Further down the lists: the demo trailer's older stays (it has more than a page), an older page of Finished moves.
  const historyLinks = (await manager.api.get(`/api/trailers/${ids.trailer}/location-history`)).headers()["link"] ?? "";
  const olderStays = /[?&]before=([^&>]+)[^>]*>; rel="next"/.exec(historyLinks)![1];
  const finishedPage = await manager.api.get("/api/moves?state=finished&page_size=5&envelope=1");
  const olderMoves = ((await finishedPage.json()) as { older_cursor: string }).older_cursor;

  // Pages (a document request each) and the API's reads: route, as whom, path, and the status when it is not 200.
  const reads: [string, { name: string; api: APIRequestContext }, string, number?][] = [
    ["_index", manager, "/"],
    ["_index", admin, "/"],
    ["_index", driver, "/"],
    ["_index", manager, `/?move_list=finished&finished_before=${olderMoves}`],
    // Create Move open, and opened for a trailer (Request move on its page): the trailer is read and its From's trailers listed.
    ["_index", manager, "/?create_move=1"],
    ["_index", manager, `/?create_move=1&trailer=${ids.trailer}`],
    ["$", manager, "/no-such-page", 302],
    ["admin.dashboard", admin, "/admin/dashboard"],
    ["audit-logs", admin, "/audit-logs"],
    ["buildings.$id._index", manager, `/buildings/${ids.building}`],
    ["buildings.$id.edit", editor, `/buildings/${ids.building}/edit`],
    ["buildings.new", editor, "/buildings/new"],
    ["change-password", await signedIn("manager", { firstLogin: true }), "/change-password"],
    ["companies._index", admin, "/companies"],
    ["companies.new", admin, "/companies/new"],
    ["companies.$id.edit", admin, `/companies/${ids.company}/edit`],
    ["guide", manager, "/guide", 302],
    ["how-to", manager, "/how-to"],
    ["healthz", anonymous, "/healthz"],
    ["login", anonymous, "/login"],
    ["logout", manager, "/logout", 302],
    ["moves.new", manager, `/moves/new?move_account=${ids.account}`],
    ["moves.$id.$action", driver, "/moves/1/accept", 404],
    ["reports.$type", manager, "/reports/trailers"],
    ["reports.$type", manager, "/reports/trailers.csv"],
    ["settings", admin, "/settings"],
    ["signup", manager, "/signup"],
    ["trailers.$id._index", manager, `/trailers/${ids.trailer}`],
    ["trailers.$id._index", manager, `/trailers/${ids.trailer}?history_before=${olderStays}`],
    ["trailers.$id.edit", editor, `/trailers/${ids.trailer}/edit`],
    ["trailers.new", editor, "/trailers/new"],
    ["trailers.bulk-upload", editor, "/trailers/bulk-upload"],
    ["trailers.bulk-upload.template", editor, "/trailers/bulk-upload/template"],
    ["trucks.$id._index", manager, `/trucks/${ids.truck}`],
    ["trucks.$id.edit", editor, `/trucks/${ids.truck}/edit`],
    ["trucks.new", editor, "/trucks/new"],
    ["users.$id._index", manager, `/users/${demoUser.id}`],
    ["users.$id.edit", editor, `/users/${demoUser.id}/edit`],
    ["yards.$id._index", manager, `/yards/${ids.yard}`],
    ["yards.$id.edit", editor, `/yards/${ids.yard}/edit`],
    ["yards.new", editor, "/yards/new"],
    ["api.$", manager, "/api/no-such-endpoint", 404],
    ["api.accounts._index", admin, "/api/accounts/"],
    ["api.accounts.$id", manager, `/api/accounts/${ids.account}`],
    ["api.accounts.$id.trailers-location-history", manager, `/api/accounts/${ids.account}/trailers-location-history`],
    ["api.accounts.$id.trucks-location-history", manager, `/api/accounts/${ids.account}/trucks-location-history`],
    ["api.admin._index", admin, "/api/admin/"],
    ["api.admin.analytics", admin, "/api/admin/analytics"],
    ["api.admin.audit-logs", admin, "/api/admin/audit-logs"],
    ["api.auth._index", manager, "/api/auth/"],
    ["api.auth.check-session", manager, "/api/auth/check-session"],
    ["api.buildings._index", manager, "/api/buildings/"],
    ["api.buildings.$id", manager, `/api/buildings/${ids.building}`],
    ["api.companies._index", manager, "/api/companies/"],
    ["api.companies.$id", manager, `/api/companies/${ids.company}`],
    ["api.companies.test", manager, "/api/companies/test"],
    ["api.csrf.restore", manager, "/api/csrf/restore"],
    ["api.moves._index", manager, "/api/moves"],
    ["api.moves._index", manager, `/api/moves?state=finished&before=${olderMoves}`],
    ["api.moves.available-trailers", manager, "/api/moves/available-trailers"],
    ["api.moves.locations", manager, "/api/moves/locations"],
    ["api.moves.summary", manager, "/api/moves/summary"],
    ["api.settings.timeout", admin, "/api/settings/timeout"],
    ["api.trailers._index", manager, "/api/trailers/"],
    ["api.trailers.$id", manager, `/api/trailers/${ids.trailer}`],
    ["api.trailers.$id.location-history", manager, `/api/trailers/${ids.trailer}/location-history`],
    ["api.trailers.$id.location-history", manager, `/api/trailers/${ids.trailer}/location-history?after=${olderStays}`],
    ["api.trucks._index", manager, "/api/trucks/"],
    ["api.trucks.$id", manager, `/api/trucks/${ids.truck}`],
    ["api.trucks.$id.location-history", manager, `/api/trucks/${ids.truck}/location-history`],
    ["api.users._index", manager, "/api/users/"],
    ["api.users.$id", manager, `/api/users/${demoUser.id}`],
    ["api.yards._index", manager, "/api/yards/"],
    ["api.yards.$id", manager, `/api/yards/${ids.yard}`],
  ];
  for (const [route, as, path, status] of reads) await measure(route, as, "GET", path, { status });

  // The main writes: adding a trailer (API and form), requesting, accepting and finishing a move.
  const number = () => `SB${randomBytes(3).toString("hex").toUpperCase()}`;
  const trailer = { trailer_location: "Yard A", license_plate: "SB1", license_state: "MA", type: "dry_53", company_owner: "ACME" };
  const added = await measure("api.trailers._index", editor, "POST", "/api/trailers/", {
    status: 201,
    headers: editor.headers,
    data: { ...trailer, trailer_number: number() },
  });
  await measure("trailers.new", editor, "POST", "/trailers/new", {
    status: 302,
    form: { ...trailer, trailer_number: number(), csrf: editor.csrf },
  });
  const { trailer_number } = (await added.json()) as { trailer_number: string };
  const requested = await measure("api.moves._index", manager, "POST", "/api/moves", {
    status: 201,
    headers: manager.headers,
    data: { move_details: { type: "single", moves: [{ from: "Yard A", to: "Shop", trailer: trailer_number }] } },
  });
  const move = (await requested.json()) as { id: number };
  await measure("api.moves.$id.$action", driver, "PUT", `/api/moves/${move.id}/accept`, { status: 200, headers: driver.headers });
  await measure("api.moves.$id.$action", driver, "PUT", `/api/moves/${move.id}/finish`, { status: 200, headers: driver.headers });

  // Signing in: an unknown email, a wrong password and a right one.
  const signingIn = await newUser("manager");
  const visitor = { name: "signed out", api: await playwrightRequest.newContext({ baseURL: BASE_URL }) };
  const visitorCsrf = { "X-CSRF-Token": await csrfTokenOf(visitor.api) };
  const login = (email: string, password: string, status: number) =>
    measure("api.auth.login", visitor, "POST", "/api/auth/login", {
      status,
      headers: visitorCsrf,
      data: { email, password, agreed_to_terms: true },
    });
  await login("nobody@example.test", "Wrong#Password1", 401);
  await login(signingIn.email, "Wrong#Password1", 401);
  await login(signingIn.email, signingIn.password, 200);

  // The other writes of the endpoints that only write.
  await measure("api.auth.refresh-session", manager, "POST", "/api/auth/refresh-session", { status: 200, headers: manager.headers });
  const changing = await writer("manager");
  await measure("api.auth.change-password", changing, "POST", "/api/auth/change-password", {
    status: 200,
    headers: changing.headers,
    data: { password: "Budget#New1pass", confirm_password: "Budget#New1pass", current_password: changing.user.password },
  });
  const code = randomBytes(2).toString("hex").toUpperCase();
  await measure("api.auth.signup", manager, "POST", "/api/auth/signup", {
    status: 201,
    headers: manager.headers,
    data: {
      role: "yard_driver",
      alpha_code: `SB${code.replace(/[^0-9]/g, "1").slice(0, 3)}`,
      email: `sb-${code}@example.test`,
      driver_number: 4242,
      first_name: "Ana",
      last_name: "Ng",
    },
  });
  await measure("api.yards.new", editor, "POST", "/api/yards/new", {
    status: 201,
    headers: editor.headers,
    data: { name: `Budget Yard ${code}`, parking_location: "North", parking_spots: false },
  });
  await measure("api.buildings.new", editor, "POST", "/api/buildings/new", {
    status: 201,
    headers: editor.headers,
    data: { building_name: `SB${code}`, building_door_number: 3 },
  });
  await measure("api.companies.seed-test", admin, "POST", "/api/companies/seed-test", { status: 409, headers: admin.headers });
  const inactive = await newUser("yard_driver");
  await db.update(users).set({ isActive: false }).where(eq(users.id, inactive.id));
  await measure("api.users.$id.reactivate", admin, "PUT", `/api/users/${inactive.id}/reactivate`, { status: 200, headers: admin.headers });
  const csv = `trailer_number,trailer_location,company_owner\r\n${number()},Yard A,ACME\r\n${number()},Yard A,ACME\r\n`;
  await measure("api.trailers.bulk-upload", editor, "POST", "/api/trailers/bulk-upload", {
    headers: editor.headers,
    multipart: { file: { name: "budget.csv", mimeType: "text/csv", buffer: Buffer.from(csv) }, dry_run: "false" },
  });
  const leaving = await signedIn("manager");
  const [session] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.userId, leaving.user.id), isNull(sessions.endedAt)));
  await measure("api.auth.logout", leaving, "GET", "/api/auth/logout", {
    status: 200,
    headers: { [SESSION_ID_HEADER]: String(session.id) },
  });

  await visitor.api.dispose();

  // The table, then the verdict.
  const budgets = new Map(routeModules().map((module) => [module.name, budgetOf(module)]));
  const rows = measured.map((row) => ({ ...row, budget: budgets.get(row.route)?.[row.method] }));
  console.log(
    [
      "route | method | path | as | status | statements | budget",
      ...rows.map(
        (row) => `${row.route} | ${row.method} | ${row.path} | ${row.as} | ${row.status} | ${row.statements} | ${row.budget ?? "none"}`,
      ),
    ].join("\n"),
  );
  expect(unexpected, "answers other than the one measured").toEqual([]);
  for (const row of rows) expect(row.statements, `${row.method} ${row.path}: no statement count in Server-Timing`).not.toBeNull();
  const over = rows.filter((row) => row.budget === undefined || row.statements! > row.budget);
  expect(
    over.map(
      (row) => `${row.method} ${row.path} (${row.route}) as ${row.as}: ${row.statements} statements, budget ${row.budget ?? "none"}`,
    ),
  ).toEqual([]);
  // Every budget declared is one measured here.
  const measuredPairs = new Set(rows.map((row) => `${row.method} ${row.route}`));
  const unmeasured = [...budgets].flatMap(([route, budget]) =>
    Object.keys(budget ?? {})
      .map((method) => `${method} ${route}`)
      .filter((pair) => !measuredPairs.has(pair)),
  );
  expect(unmeasured, "budgets no request here measures").toEqual([]);
  // A wrong email and a wrong password send the same statements: the count tells no one which it was.
  const logins = rows.filter((row) => row.route === "api.auth.login");
  expect(logins[0].statements).toBe(logins[1].statements);
});
