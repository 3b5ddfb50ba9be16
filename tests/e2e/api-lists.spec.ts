import type { APIRequestContext, APIResponse } from "@playwright/test";
import { count, eq } from "drizzle-orm";
import { moves, trailers, trucks } from "#db/schema";
import { MOVE_MESSAGES } from "#app/domain/moves";
import { expect, test } from "./fixtures";

/**
 * The list endpoints answer the spec's plain lists, with the paging in headers
 * (docs/decisions/0033-api-lists-are-plain-with-paging-headers.md): `X-Total-Count`, and `Link`
 * (RFC 8288) to the other pages. A script that reads the spec's list works; one that pages
 * follows `rel="next"` to the end and has every row once.
 */

/** The `rel="…"` targets of a Link header. */
function links(header: string | undefined): Record<string, string> {
  const found: Record<string, string> = {};
  for (const match of (header ?? "").matchAll(/<([^>]+)>;\s*rel="([^"]+)"/g)) found[match[2]] = match[1];
  return found;
}

/** Every row of a list, following `rel="next"` from `path`; the ids, and the total the first page announced. */
async function everyPage(api: APIRequestContext, path: string) {
  const ids: number[] = [];
  const accounts: number[] = [];
  let next: string | undefined = path;
  let total: number | null = null;
  let pages = 0;
  while (next && pages++ < 100) {
    const response: APIResponse = await api.get(next);
    expect(response.status(), next).toBe(200);
    const body = (await response.json()) as { id: number; account_id: number }[];
    expect(Array.isArray(body), next).toBe(true);
    accounts.push(...body.map((row) => row.account_id));
    total ??= Number(response.headers()["x-total-count"]);
    ids.push(...body.map((row) => row.id));
    next = links(response.headers()["link"]).next;
  }
  return { ids, total, pages, accounts: new Set(accounts) };
}

test("trailers, trucks, users and moves page to the end by Link, every row once, as many as X-Total-Count, within the account", async ({
  newUser,
  apiAs,
  db,
}) => {
  const manager = await newUser("manager");
  const api = await apiAs(manager.email);
  const accountId = manager.accountId!;
  const inAccount = async (table: typeof trailers | typeof trucks | typeof moves) =>
    (await db.select({ value: count() }).from(table).where(eq(table.accountId, accountId)))[0].value;
  // Users: the ones a manager may see (its account's, below admin), as the service counts them.
  const visibleUsers = async () => Number((await api.get("/api/users/?page_size=1")).headers()["x-total-count"]);

  for (const [path, table, pageSize] of [
    ["/api/trailers/", trailers, 40],
    ["/api/trucks/", trucks, 7],
    ["/api/users/", null, 5],
    ["/api/moves", moves, 9],
  ] as const) {
    // Another account named is ignored: a manager's lists are its own account's.
    const { ids, total, pages, accounts } = await everyPage(api, `${path}?page_size=${pageSize}&account_id=${accountId + 1}`);
    const stored = table ? await inAccount(table) : await visibleUsers();
    expect(stored, path).toBeGreaterThan(pageSize);
    expect(total, path).toBe(stored);
    expect(ids.length, path).toBe(stored);
    expect(new Set(ids).size, path).toBe(stored);
    expect(pages, path).toBe(Math.ceil(stored / pageSize));
    expect([...accounts], path).toEqual([accountId]);
  }
});

test("the first page names the first, next and last pages; envelope=1 answers the object form", async ({ apiAs }) => {
  const api = await apiAs("manager@acme.test");
  const first = await api.get("/api/trailers/?page_size=50&q=ACB");
  const total = Number(first.headers()["x-total-count"]);
  expect(total).toBeGreaterThan(50);
  const rels = links(first.headers()["link"]);
  expect(Object.keys(rels).sort()).toEqual(["first", "last", "next"]);
  expect(new URL(rels.last).searchParams.get("page")).toBe(String(Math.ceil(total / 50)));
  expect(new URL(rels.next).searchParams.get("q")).toBe("ACB");

  const envelope = await (await api.get("/api/trailers/?page_size=50&q=ACB&envelope=1")).json();
  expect(envelope).toMatchObject({ total, page: 1, page_size: 50 });
  expect(envelope.trailers).toHaveLength(50);
});

test("GET /api/moves honours sort and order, and names an unknown one", async ({ apiAs }) => {
  const api = await apiAs("manager@acme.test");
  const byId = (await (await api.get("/api/moves?sort=id&order=asc&page_size=500")).json()) as { id: number }[];
  expect(byId.length).toBeGreaterThan(2);
  expect(byId.map((move) => move.id)).toEqual([...byId.map((move) => move.id)].sort((a, b) => a - b));
  const newest = (await (await api.get("/api/moves?sort=all_times&order=desc&page_size=500")).json()) as { request_time: string }[];
  const times = newest.map((move) => Date.parse(move.request_time));
  expect(times).toEqual([...times].sort((a, b) => b - a));

  for (const [query, field, message] of [
    ["sort=newest", "sort", MOVE_MESSAGES.sortUnknown],
    ["order=up", "order", MOVE_MESSAGES.orderUnknown],
  ]) {
    const refused = await api.get(`/api/moves?${query}`);
    expect(refused.status()).toBe(400);
    expect(await refused.json()).toEqual({ error: message, errors: [message], field });
  }
});

test("the audit log pages by a next Link carrying its cursor, and counts on its first page", async ({ apiAs }) => {
  const admin = await apiAs("admin@yardline.test");
  const first = await admin.get("/api/admin/audit-logs?limit=20&table=trailers");
  expect(first.status()).toBe(200);
  const rows = (await first.json()) as { id: number }[];
  expect(rows).toHaveLength(20);
  expect(Number(first.headers()["x-total-count"])).toBeGreaterThan(20);
  const next = links(first.headers()["link"]).next;
  expect(new URL(next).searchParams.get("cursor")).toBeTruthy();
  const second = await admin.get(next);
  const more = (await second.json()) as { id: number }[];
  expect(more.length).toBeGreaterThan(0);
  expect(more.some((row) => rows.some((seen) => seen.id === row.id))).toBe(false);
  expect(second.headers()["x-total-count"]).toBeUndefined();
});
