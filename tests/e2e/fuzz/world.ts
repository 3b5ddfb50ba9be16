import { request as playwrightRequest, type APIRequestContext } from "@playwright/test";
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { flagsFor, needsDriverNumber, ROLES, type Role } from "#app/domain/roles";
import { openDatabase, type Database } from "#app/lib/db.server";
import { hashPassword } from "#app/lib/password.server";
import { hashToken, newToken, SESSION_COOKIE } from "#app/lib/session.server";
import { CSRF_COOKIE } from "#app/lib/csrf.server";
import { sessions } from "#db/schema";
import { E2E_DATABASE_URL } from "#tests/e2e/server-address";
import { BASE_URL } from "#tests/e2e/fixtures";

/**
 * The fuzz's own corner of the end-to-end database: a company and an account made through the API
 * by an admin of its own, a user of every role in it, a building, a yard, trailers and trucks. The
 * fuzz writes only to these (and to records it makes for one case), never to the demo data the other
 * specs rely on. Everything here is found again by name, so a restarted worker reuses it.
 */

export const FUZZ_COMPANY = "Fuzz Freight";
export const FUZZ_ACCOUNT = "Fuzz Yard";
export const FUZZ_BUILDING = "FZB";
export const FUZZ_DOORS = 6;
export const FUZZ_YARD = "Fuzz Lot";
const PASSWORD = "Fuzz#Pass1word";

/** A signed-in actor: the cookie and CSRF token its requests carry. */
export interface Actor {
  role: Role | null;
  userId: number | null;
  email: string | null;
  password: string | null;
  sessionId: number | null;
  token: string | null;
  csrf: string;
}

export interface Trailer {
  id: number;
  number: string;
  location: string;
}

/** Kinds of records a path or a field may name. */
export type RecordKind = "trailer" | "truck" | "building" | "yard" | "user" | "account" | "company" | "move";
const TABLE_OF: Record<RecordKind, string> = {
  trailer: "trailers",
  truck: "trucks",
  building: "buildings",
  yard: "yards",
  user: "users",
  account: "accounts",
  company: "companies",
  move: "moves",
};

export interface World {
  db: Database;
  close(): Promise<void>;
  companyId: number;
  accountId: number;
  /** Every location of the fuzz account: Road, Shop, the yard, each door. */
  locations: string[];
  actors: Record<Role, Actor>;
  standing: Record<RecordKind, number>;
  /** A record of each kind outside the fuzz (demo data), for reads and for the other roles' refusals. */
  foreign: Record<RecordKind, number>;
  /** Ids that existed before the fuzz and are not its own: never written by an admin (who could). */
  demoIds: Record<RecordKind, Set<number>>;
  passwordHash: string;
  password: string;
  tables: string[];
  /** A request context for one actor; disposed by the caller. */
  contextFor(actor: Actor): Promise<APIRequestContext>;
  /** The kept context of a standing actor or the signed-out visitor (made once per session, not disposed by the caller). */
  keptContextFor(actor: Actor): Promise<APIRequestContext>;
  /** The signed-out visitor of the fuzz. */
  visitor: Actor;
  /** A signed-in actor again if its session has ended (a case may end it on purpose). */
  live(role: Role): Promise<Actor>;
  /** A new user of `role` in the fuzz account, signed in. */
  freshActor(role: Role, options?: { active?: boolean; signedIn?: boolean }): Promise<Actor>;
  /** JSON call as the fuzz admin, for making records; refuses anything but `status`. */
  adminCall(method: string, path: string, body: unknown, status?: number): Promise<Record<string, unknown>>;
  snapshot(): Promise<Snapshot>;
  /** The session timeout as it was before the fuzz (a settings case may change it). */
  restoreSettings(): Promise<void>;
}

export type Snapshot = Record<string, string>;

async function upsertUser(db: Database, role: Role, email: string, accountId: number | null, passwordHash: string, active = true) {
  const alpha = `FZ${randomBytes(4).toString("hex").toUpperCase()}`;
  const rows = await db.execute<{ id: number }>(sql`
    insert into users (email, alpha_code, password_hash, account_id, driver_number, first_login, is_active,
      is_admin, is_super_manager, is_account_manager, is_manager, is_yard_driver, is_road_driver, is_mechanic, is_security)
    values (${email}, ${alpha}, ${passwordHash}, ${accountId}, ${needsDriverNumber(role) ? 9100 : null}, false, ${active},
      ${flagsFor(role).isAdmin}, ${flagsFor(role).isSuperManager}, ${flagsFor(role).isAccountManager}, ${flagsFor(role).isManager},
      ${flagsFor(role).isYardDriver}, ${flagsFor(role).isRoadDriver}, ${flagsFor(role).isMechanic}, ${flagsFor(role).isSecurity})
    on conflict (email) do update set is_active = true, password_hash = excluded.password_hash, first_login = false
    returning id`);
  return rows.rows[0].id;
}

async function signIn(db: Database, userId: number): Promise<{ sessionId: number; token: string; csrf: string }> {
  const token = newToken();
  const csrf = newToken();
  await db.execute(sql`update sessions set ended_at = now(), end_reason = 'logout' where user_id = ${userId} and ended_at is null`);
  const [session] = await db
    .insert(sessions)
    .values({ userId, tokenHash: await hashToken(token), csrfSecret: csrf, userAgent: "Playwright fuzz" })
    .returning();
  return { sessionId: session.id, token, csrf };
}

async function contextFor(actor: Actor): Promise<APIRequestContext> {
  const cookie = (name: string, value: string) => ({
    name,
    value,
    domain: "localhost",
    path: "/",
    expires: -1,
    httpOnly: false,
    secure: false,
    sameSite: "Lax" as const,
  });
  const cookies = [cookie(CSRF_COOKIE, actor.csrf)];
  if (actor.token) cookies.push(cookie(SESSION_COOKIE, actor.token));
  return playwrightRequest.newContext({ baseURL: BASE_URL, storageState: { cookies, origins: [] } });
}

/** Signed out: only the double-submit CSRF cookie, so refusals come from the sign-in check. */
export function anonymous(): Actor {
  return { role: null, userId: null, email: null, password: null, sessionId: null, token: null, csrf: newToken() };
}

/** Waits until /healthz answers 200 (a Worker that ran out of memory restarts by itself); false when it does not in time. */
export async function waitForHealth(timeoutMs = 90_000): Promise<boolean> {
  const api = await playwrightRequest.newContext({ baseURL: BASE_URL });
  const deadline = Date.now() + timeoutMs;
  try {
    while (Date.now() < deadline) {
      const status = await api
        .get("/healthz", { timeout: 5000 })
        .then((response) => response.status())
        .catch(() => 0);
      if (status === 200) return true;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    return false;
  } finally {
    await api.dispose();
  }
}

export async function openWorld(): Promise<World> {
  const database = openDatabase({ DATABASE_URL: E2E_DATABASE_URL });
  const db = database.db;
  const passwordHash = await hashPassword(PASSWORD);

  // Every table but the audit log's hourly and daily counts, which follow audit_logs (watched by
  // its row count and highest id) whenever an hour becomes due, whoever writes.
  const tables = (
    await db.execute<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'
            and table_name not in ('audit_log_hours', 'audit_log_days', 'audit_log_counted') order by 1`,
    )
  ).rows.map((row) => row.table_name);

  // Ids the fuzz must not write as an admin: everything that exists before it, except its own.
  const maxIds = {} as Record<RecordKind, number>;
  for (const kind of Object.keys(TABLE_OF) as RecordKind[]) {
    const row = (await db.execute<{ max: number | null }>(sql.raw(`select max(id)::int as max from ${TABLE_OF[kind]}`))).rows[0];
    maxIds[kind] = row.max ?? 0;
  }

  const adminId = await upsertUser(db, "admin", "fuzz-admin@fuzz.test", null, passwordHash);
  const adminSession = await signIn(db, adminId);
  const admin: Actor = { role: "admin", userId: adminId, email: "fuzz-admin@fuzz.test", password: PASSWORD, ...adminSession };
  const adminContext = await contextFor(admin);

  async function adminCall(method: string, path: string, body: unknown, status = 201) {
    const send = () =>
      adminContext.fetch(path, {
        method,
        headers: { "Content-Type": "application/json", "X-CSRF-Token": admin.csrf },
        data: body === undefined ? undefined : JSON.stringify(body),
        maxRedirects: 0,
        timeout: 20_000,
      });
    // The fuzz's own records are made only once the server answers again after a case that broke it.
    let response = await send().catch(() => null);
    for (let attempt = 0; attempt < 3 && (response === null || response.status() === 503); attempt++) {
      await waitForHealth();
      response = await send().catch(() => null);
    }
    if (!response) throw new Error(`fuzz setup: ${method} ${path} got no answer`);
    const text = await response.text();
    if (response.status() !== status) throw new Error(`fuzz setup: ${method} ${path} answered ${response.status()}: ${text.slice(0, 300)}`);
    return (text ? JSON.parse(text) : {}) as Record<string, unknown>;
  }
  const one = async (query: string) => (await db.execute<{ id: number }>(sql.raw(query))).rows[0]?.id;

  let companyId = await one(`select id from companies where company_name = '${FUZZ_COMPANY}'`);
  companyId ??= (await adminCall("POST", "/api/companies/", { company_name: FUZZ_COMPANY })).id as number;
  let accountId = await one(`select id from accounts where account_name = '${FUZZ_ACCOUNT}'`);
  accountId ??= (
    await adminCall("POST", "/api/accounts/", {
      account_name: FUZZ_ACCOUNT,
      location: "Fuzzville, ZZ",
      yard_count: 1,
      building_count: 1,
      company_id: companyId,
    })
  ).id as number;

  let buildingId = await one(`select id from buildings where account_id = ${accountId} and building_name = '${FUZZ_BUILDING}'`);
  buildingId ??= (
    await adminCall("POST", "/api/buildings/new", {
      account_id: accountId,
      building_name: FUZZ_BUILDING,
      building_door_number: FUZZ_DOORS,
    })
  ).id as number;
  let yardId = await one(`select id from yards where account_id = ${accountId} and name = '${FUZZ_YARD}'`);
  yardId ??= (await adminCall("POST", "/api/yards/new", { account_id: accountId, name: FUZZ_YARD, parking_location: "North" }))
    .id as number;

  const actors = { admin } as Record<Role, Actor>;
  for (const role of ROLES.filter((candidate) => candidate !== "admin")) {
    const email = `fuzz-${role.replace(/_/g, "-")}@fuzz.test`;
    const userId = await upsertUser(db, role, email, accountId, passwordHash);
    actors[role] = { role, userId, email, password: PASSWORD, ...(await signIn(db, userId)) };
  }

  let trailerId = await one(`select id from trailers where account_id = ${accountId} and trailer_number = 'FZ-STANDING'`);
  trailerId ??= (
    await adminCall("POST", "/api/trailers/", {
      account_id: accountId,
      trailer_number: "FZ-STANDING",
      trailer_location: FUZZ_YARD,
      license_plate: "FZ1",
      license_state: "MA",
      type: "dry_53",
      company_owner: "FUZZ",
    })
  ).id as number;
  let truckId = await one(`select id from trucks where account_id = ${accountId} and truck_number = 'FZK-STANDING'`);
  truckId ??= (await adminCall("POST", "/api/trucks/", { account_id: accountId, ...truckBody("FZK-STANDING") })).id as number;
  let moveId = await one(`select id from moves where account_id = ${accountId} order by id limit 1`);
  moveId ??= (
    await adminCall("POST", "/api/moves", {
      account_id: accountId,
      move_details: { type: "single", moves: [{ from: FUZZ_YARD, to: `${FUZZ_BUILDING}-1`, trailer: "FZ-STANDING" }] },
    })
  ).id as number;

  const foreignAccount = await one(`select id from accounts where account_name = 'Acme Boston'`);
  const foreignOf = async (table: string) => one(`select id from ${table} where account_id = ${foreignAccount} order by id limit 1`);
  const foreign: Record<RecordKind, number> = {
    trailer: await foreignOf("trailers"),
    truck: await foreignOf("trucks"),
    building: await foreignOf("buildings"),
    yard: await foreignOf("yards"),
    user: await foreignOf("users"),
    move: await foreignOf("moves"),
    account: foreignAccount,
    company: await one(`select company_id as id from accounts where id = ${foreignAccount}`),
  };

  const demoIds = {} as Record<RecordKind, Set<number>>;
  for (const kind of Object.keys(TABLE_OF) as RecordKind[]) {
    const owned =
      kind === "company"
        ? `id = ${companyId}`
        : kind === "account"
          ? `company_id = ${companyId}`
          : kind === "user"
            ? `account_id = ${accountId} or email like '%@fuzz.test'`
            : `account_id = ${accountId}`;
    const rows = await db.execute<{ id: number }>(
      sql.raw(`select id from ${TABLE_OF[kind]} where id <= ${maxIds[kind]} and not (${owned}) order by id`),
    );
    demoIds[kind] = new Set(rows.rows.map((row) => row.id));
  }

  const timeoutHours =
    (await db.execute<{ hours: string }>(sql`select timeout_hours::text as hours from settings where id = 1`)).rows[0]?.hours ?? "4";

  const locations = ["Road", "Shop", FUZZ_YARD, ...Array.from({ length: FUZZ_DOORS }, (_, index) => `${FUZZ_BUILDING}-${index + 1}`)];

  async function live(role: Role): Promise<Actor> {
    const actor = actors[role];
    const row = (await db.execute<{ live: boolean }>(sql`select ended_at is null as live from sessions where id = ${actor.sessionId}`))
      .rows[0];
    if (row?.live) return actor;
    await db.execute(sql`update users set is_active = true where id = ${actor.userId}`);
    actors[role] = { ...actor, ...(await signIn(db, actor.userId!)) };
    return actors[role];
  }

  async function freshActor(role: Role, options: { active?: boolean; signedIn?: boolean } = {}): Promise<Actor> {
    const email = `fz-${role.replace(/_/g, "-")}-${randomBytes(5).toString("hex")}@fuzz.test`;
    const userId = await upsertUser(db, role, email, role === "admin" ? null : accountId, passwordHash, options.active ?? true);
    const session = options.signedIn === false ? { sessionId: null, token: null, csrf: newToken() } : await signIn(db, userId);
    return { role, userId, email, password: PASSWORD, ...session };
  }

  const snapshotQuery = sql.raw(
    `select ${[
      ...tables.map((table) => `(select count(*) from "${table}")::text as "${table}"`),
      `(select coalesce(max(id), 0) from audit_logs)::text as "audit_logs.max_id"`,
      `(select count(*) from sessions where ended_at is null)::text as "sessions.live"`,
      `(select count(*) from users where is_active)::text as "users.active"`,
      `(select string_agg(timeout_hours::text, ',') from settings)::text as "settings.timeout_hours"`,
    ].join(", ")}`,
  );

  const kept = new Map<string, APIRequestContext>();
  async function keptContextFor(actor: Actor): Promise<APIRequestContext> {
    const key = `${actor.token}:${actor.csrf}`;
    let context = kept.get(key);
    if (!context) {
      context = await contextFor(actor);
      kept.set(key, context);
    }
    return context;
  }

  return {
    db,
    close: async () => {
      await adminContext.dispose();
      for (const context of kept.values()) await context.dispose();
      await database.close();
    },
    keptContextFor,
    visitor: anonymous(),
    companyId,
    accountId,
    locations,
    actors,
    standing: {
      trailer: trailerId,
      truck: truckId,
      building: buildingId,
      yard: yardId,
      user: actors.yard_driver.userId!,
      account: accountId,
      company: companyId,
      move: moveId,
    },
    foreign,
    demoIds,
    passwordHash,
    password: PASSWORD,
    tables,
    contextFor,
    live,
    freshActor,
    adminCall,
    snapshot: async () => (await db.execute<Snapshot>(snapshotQuery)).rows[0],
    restoreSettings: async () => {
      await db.execute(
        sql`update settings set timeout_hours = ${timeoutHours}::numeric where id = 1 and timeout_hours <> ${timeoutHours}::numeric`,
      );
    },
  };
}

/** A truck the API accepts, with service dates around today. */
export function truckBody(number: string) {
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  return {
    truck_number: number,
    truck_location: FUZZ_YARD,
    license_plate: "FZK1",
    license_state: "MA",
    type: "daycab_1_axle",
    year: 2020,
    make: "Mack",
    model: "Anthem",
    last_inspection: day(-10),
    next_inspection: day(80),
    last_maintenance: day(-10),
    next_maintenance: day(80),
  };
}

/** What changed between two snapshots, as "table: before → after". */
export function changes(before: Snapshot, after: Snapshot, exempt: readonly string[] = []): string[] {
  return Object.keys(before)
    .filter((key) => before[key] !== after[key] && !exempt.some((table) => key === table || key.startsWith(`${table}.`)))
    .map((key) => `${key}: ${before[key]} → ${after[key]}`);
}
