import { randomBytes } from "node:crypto";
import { request as httpRequest } from "node:http";
import type { APIResponse } from "@playwright/test";
import { eq } from "drizzle-orm";
import pg from "pg";
import { LIMITS } from "#app/domain/limits";
import { TRAILER_MESSAGES } from "#app/domain/trailers";
import { BODY_LIMIT_BYTES, bodyTooLargeMessage } from "#app/lib/request-limits.server";
import { SESSION_COOKIE } from "#app/lib/session.server";
import { DATABASE_UNAVAILABLE } from "#app/lib/unavailable.server";
import { accounts, trailers } from "#db/schema";
import { E2E_DATABASE_URL } from "#tests/e2e/server-address";
import { addTrailer, BASE_URL, createSession, csrfTokenOf, expect, test } from "./fixtures";

const tooLarge = { error: bodyTooLargeMessage(BODY_LIMIT_BYTES), errors: [bodyTooLargeMessage(BODY_LIMIT_BYTES)] };

/**
 * Sends a body in chunks with no Content-Length (Transfer-Encoding: chunked), as Playwright's
 * client cannot, on a connection of its own: after a refusal that left the body unread, wrangler
 * dev's local proxy cannot reuse the connection it forwarded it on.
 */
function postChunked(path: string, headers: Record<string, string>, chunks: string[]): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const url = new URL(path, BASE_URL);
    const request = httpRequest(
      { hostname: url.hostname, port: url.port, path: url.pathname, method: "POST", headers, agent: false },
      (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (body += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
      },
    );
    // The server may answer (and close) before the whole body is sent.
    request.on("error", (error: NodeJS.ErrnoException) =>
      error.code === "EPIPE" || error.code === "ECONNRESET" ? undefined : reject(error),
    );
    for (const chunk of chunks) request.write(chunk);
    request.end();
  });
}

test("API, data and page answers are kept by no shared cache nor sniffed; what a page polls is kept by the browser only to ask about again", async ({
  apiAs,
  db,
}) => {
  const api = await apiAs("admin@yardline.test");
  const [account] = await db.select().from(accounts).where(eq(accounts.accountName, "Acme Boston"));
  const token = await csrfTokenOf(api);
  // What a page polls: a GET of the API or of page data that succeeded.
  const polled = [
    await api.get(`/api/trailers?account_id=${account.id}`),
    await api.get("/api/moves/summary"),
    await api.get("/admin/dashboard.data"),
  ];
  const others = [
    await api.get("/admin/dashboard"),
    await api.get("/api/no-such-endpoint"),
    // A signup answer holds a temporary password; a refused one carries the same headers.
    await api.post("/api/auth/signup", { headers: { "X-CSRF-Token": token }, data: {} }),
    await api.post("/api/auth/signup", { data: {} }),
  ];
  for (const answer of polled) {
    expect(answer.status(), answer.url()).toBe(200);
    expect(answer.headers()["cache-control"], answer.url()).toBe("private, no-cache");
    expect(answer.headers()["etag"], answer.url()).toMatch(/^"[0-9a-f]{32}"$/);
  }
  for (const answer of others) {
    expect(answer.headers()["cache-control"], answer.url()).toBe("no-store");
    expect(answer.headers()["etag"], answer.url()).toBeUndefined();
  }
  for (const answer of [...polled, ...others]) expect(answer.headers()["x-content-type-options"], answer.url()).toBe("nosniff");
  expect(others[0].status()).toBe(200);
});

test("a body over 1 MB is refused with 413 and a message, whether it declares its length or not", async ({ apiAs, db }) => {
  const api = await apiAs("super@acme.test");
  const headers = { "X-CSRF-Token": await csrfTokenOf(api) };
  const oversized = `{"trailer_number":"${"A".repeat(BODY_LIMIT_BYTES)}"}`;

  const json = await api.post("/api/trailers/", { headers: { ...headers, "Content-Type": "application/json" }, data: oversized });
  expect(json.status()).toBe(413);
  expect(await json.json()).toEqual(tooLarge);
  const form = await api.post("/trailers/new", { form: { csrf: headers["X-CSRF-Token"], trailer_number: "A".repeat(BODY_LIMIT_BYTES) } });
  expect(form.status()).toBe(413);

  // Chunked bodies have no Content-Length: they are read up to the cap and no further.
  const { token } = await createSession(db, "admin@yardline.test");
  const restored = await fetch(`${BASE_URL}/api/csrf/restore`, { headers: { Cookie: `${SESSION_COOKIE}=${token}` } });
  const { csrf_token: csrf } = (await restored.json()) as { csrf_token: string };
  const cookie = `${SESSION_COOKIE}=${token}; csrf_token=${csrf}`;
  const chunk = "x".repeat(64 * 1024);
  const chunked = await postChunked(
    "/api/trailers/",
    { Cookie: cookie, "X-CSRF-Token": csrf, "Content-Type": "application/json", "Transfer-Encoding": "chunked" },
    Array.from({ length: 40 }, () => chunk),
  );
  expect(chunked.status).toBe(413);
  expect(JSON.parse(chunked.body)).toEqual(tooLarge);
  // A small chunked body goes through as usual.
  const small = await postChunked(
    "/api/trailers/",
    { Cookie: cookie, "X-CSRF-Token": csrf, "Content-Type": "application/json", "Transfer-Encoding": "chunked" },
    ['{"trailer_number":', '""}'],
  );
  expect(small.status, small.body).toBe(400);
});

test("the CSRF check prefers the header, and reads a form's csrf field only from a body within the cap", async ({ apiAs }) => {
  const api = await apiAs("admin@yardline.test");
  const token = await csrfTokenOf(api);
  const byField = await api.post("/settings", { form: { timeout_hours: "4", csrf: token }, maxRedirects: 0 });
  expect(byField.status()).toBe(200);
  const headerWins = await api.post("/settings", { headers: { "X-CSRF-Token": `${token}x` }, form: { timeout_hours: "4", csrf: token } });
  expect(headerWins.status()).toBe(403);
  const byHeader = await api.post("/settings", { headers: { "X-CSRF-Token": token }, form: { timeout_hours: "4", csrf: "wrong" } });
  expect(byHeader.status()).toBe(200);
});

test("the largest value each numeric field accepts is answered quickly, and nothing past it reaches the database", async ({
  newUser,
  apiAs,
}) => {
  const api = await apiAs((await newUser("super_manager")).email);
  const headers = { "X-CSRF-Token": await csrfTokenOf(api) };
  const suffix = randomBytes(3).toString("hex").toUpperCase();
  const building = `Max ${suffix}`;
  const int4 = LIMITS.int4;
  const timed = async (label: string, send: () => Promise<APIResponse>, status: number) => {
    const started = Date.now();
    const response = await send();
    const elapsed = Date.now() - started;
    expect(response.status(), `${label}: ${await response.text()}`).toBe(status);
    // Work that grew with the value (a row per door of 999, a loop to 2^31) would take far longer.
    expect(elapsed, label).toBeLessThan(5_000);
    return response;
  };

  const created = await timed(
    "a building with the most doors",
    () => api.post("/api/buildings/new", { headers, data: { building_name: building, building_door_number: LIMITS.doors } }),
    201,
  );
  const { id } = (await created.json()) as { id: number };
  await timed(
    "the same count again",
    () => api.put(`/api/buildings/${id}`, { headers, data: { building_door_number: String(LIMITS.doors) } }),
    200,
  );
  await timed(
    "one door past it",
    () => api.put(`/api/buildings/${id}`, { headers, data: { building_door_number: LIMITS.doors + 1 } }),
    400,
  );
  const trailer = {
    trailer_number: `MAX${suffix}`,
    trailer_location: `${building}-${LIMITS.doors}`,
    license_plate: "MAX1",
    license_state: "MA",
    type: "dry_53",
    company_owner: "ACME",
    is_tray: true,
    tray_count: LIMITS.trays,
  };
  await timed("a trailer at the last door with the most trays", () => api.post("/api/trailers/", { headers, data: trailer }), 201);
  // Read as a user id like any other: no such user in the account.
  const unknownUser = await timed(
    "the largest user id",
    () => api.post("/api/trailers/", { headers, data: { ...trailer, trailer_number: `MAX${suffix}B`, user_id: int4 } }),
    400,
  );
  expect((await unknownUser.json()).error).toBe(TRAILER_MESSAGES.assignedUserUnknown);
  await timed(
    "past the largest tray count",
    () => api.post("/api/trailers/", { headers, data: { ...trailer, tray_count: LIMITS.trays + 1 } }),
    400,
  );
  await timed(
    "the largest driver number",
    () =>
      api.post("/api/auth/signup", {
        headers,
        data: { role: "yard_driver", email: `max-${suffix.toLowerCase()}@acme.test`, alpha_code: `M${suffix}`, driver_number: int4 },
      }),
    201,
  );
  await timed(
    "a driver number past int4",
    () => api.post("/api/auth/signup", { headers, data: { role: "yard_driver", driver_number: int4 + 1 } }),
    400,
  );
  // The last pages and the largest ids answer like any others: empty pages, and ids nobody has.
  for (const [path, status] of [
    [`/api/trailers/?account_id=${int4}&page=${LIMITS.page}&page_size=${LIMITS.pageSize}`, 200],
    [`/api/trucks/?page=${LIMITS.page}&page_size=${LIMITS.pageSize}`, 200],
    [`/api/moves?page=${LIMITS.page}&page_size=${LIMITS.pageSize}`, 200],
    [`/api/trailers/${int4}`, 404],
    [`/api/buildings/${int4}`, 404],
    [`/api/moves/available-trailers?location=${encodeURIComponent(`${building}-${LIMITS.doors}`)}`, 200],
    ["/api/moves/locations", 200],
    [`/?tab=trailers&page=${LIMITS.page}`, 200],
    [`/?tab=buildings&q=${"9".repeat(LIMITS.search)}`, 200],
  ] as const) {
    await timed(path, () => api.get(path), status);
  }
});

test("a request whose connection the database ends in the middle of its transaction answers 503 at once, and its change is not kept", async ({
  apiAs,
  newUser,
  db,
}) => {
  const api = await apiAs((await newUser("super_manager")).email);
  const number = await addTrailer(api, "Road", "END");
  const [trailer] = await db.select().from(trailers).where(eq(trailers.trailerNumber, number));
  const holder = new pg.Client({ connectionString: E2E_DATABASE_URL });
  await holder.connect();
  try {
    // Another transaction holds the trailer's row, so the edit's UPDATE waits for it.
    await holder.query("begin");
    await holder.query("select id from trailers where id = $1 for update", [trailer.id]);
    const started = Date.now();
    const edit = api.put(`/api/trailers/${trailer.id}`, {
      headers: { "X-CSRF-Token": await csrfTokenOf(api) },
      data: { license_plate: "ENDED1" },
    });
    // The database ends the waiting connection, as a restart or an administrator does: Postgres
    // sends a FATAL error and closes it; the transaction's ROLLBACK can only fail.
    const ended = async () => {
      // The activity a transaction reads is a snapshot taken at its first read, unless cleared.
      await holder.query("select pg_stat_clear_snapshot()");
      const blocked = await holder.query(
        "select pid, pg_terminate_backend(pid) from pg_stat_activity where pg_backend_pid() = any(pg_blocking_pids(pid))",
      );
      return blocked.rows.length;
    };
    await expect.poll(ended, { timeout: 10_000 }).toBe(1);
    const response = await edit;
    expect(response.status()).toBe(503);
    expect(await response.json()).toEqual({ error: DATABASE_UNAVAILABLE, errors: [DATABASE_UNAVAILABLE] });
    expect(Date.now() - started).toBeLessThan(5_000);
  } finally {
    await holder.query("rollback");
    await holder.end();
  }
  const [after] = await db.select().from(trailers).where(eq(trailers.id, trailer.id));
  expect(after.licensePlate).toBe("END1");
});
