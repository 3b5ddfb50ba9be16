import { appendFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import type { APIRequestContext } from "@playwright/test";
import type { Role } from "#app/domain/roles";
import { fuzzSeed, replayHint } from "#tests/e2e/seed";
import { anyJson, mutatedBody, notJson, queryString } from "./arbitraries";
import { isUploadFile, type Endpoint } from "./endpoints";
import { changes, waitForHealth, FUZZ_BUILDING, FUZZ_YARD, truckBody, type Actor, type RecordKind, type World } from "./world";

/** Cases per endpoint for the roles that reach its validation (spread over them, at least 3 each). */
export const FUZZ_RUNS = Number(process.env.FUZZ_RUNS ?? 12);
/** An answer slower than this fails the case. */
export const FUZZ_TIMEOUT_MS = Number(process.env.FUZZ_TIMEOUT_MS ?? 10_000);
/** Survey mode: every failing case is appended here as a JSON line and the run goes on. */
const FINDINGS_FILE = process.env.FUZZ_FINDINGS;

export type Who = { kind: "allowed"; role: Role | null } | { kind: "refused"; role: Role } | { kind: "anonymous" };

export interface Case {
  params: Record<string, string>;
  headers: Record<string, string>;
  query: string;
  /** A JSON value, raw text that is not JSON, or form fields. */
  body: { json: unknown } | { raw: string } | { fields: Record<string, unknown> } | null;
}

/**
 * How many cases each group of an endpoint runs: FUZZ_RUNS for the roles that reach its validation
 * (spread over them, at least 2 each), a quarter of that for a refused role, an eighth signed out.
 */
export function plan(endpoint: Endpoint): { who: Who; runs: number }[] {
  const groups: { who: Who; runs: number }[] = [];
  const reaching: (Role | null)[] = [...endpoint.roles, ...(endpoint.anonymous ? [null] : [])];
  const perActor = Math.max(2, Math.ceil(FUZZ_RUNS / reaching.length));
  for (const role of reaching) groups.push({ who: { kind: "allowed", role }, runs: perActor });
  if (endpoint.refused) groups.push({ who: { kind: "refused", role: endpoint.refused }, runs: Math.max(2, Math.ceil(FUZZ_RUNS / 4)) });
  if (!endpoint.anonymous) groups.push({ who: { kind: "anonymous" }, runs: Math.max(2, Math.ceil(FUZZ_RUNS / 8)) });
  return groups;
}

export function caseArbitrary(endpoint: Endpoint): fc.Arbitrary<Case> {
  const params = fc.record(endpoint.params ?? {}) as fc.Arbitrary<Record<string, string>>;
  const query = endpoint.method === "GET" ? queryString(endpoint.query ?? {}) : fc.constant("");
  let body: fc.Arbitrary<Case["body"]> = fc.constant(null);
  if (endpoint.form) {
    body = (endpoint.body ? mutatedBody(endpoint.body) : fc.constant({})).map((fields) => ({ fields }));
  } else if (endpoint.method !== "GET") {
    const valid = endpoint.body ? mutatedBody(endpoint.body) : fc.constant({});
    body = fc.oneof(
      {
        weight: endpoint.body ? 6 : 1,
        arbitrary: endpoint.multipart ? valid.map((fields) => ({ fields })) : valid.map((json) => ({ json })),
      },
      { weight: 2, arbitrary: anyJson.map((json) => ({ json })) },
      { weight: 1, arbitrary: notJson.map((raw) => ({ raw })) },
      { weight: 1, arbitrary: fc.constant(null) },
    );
  }
  const headers = fc.record(endpoint.headers ?? {}, { requiredKeys: [] }) as fc.Arbitrary<Record<string, string>>;
  return fc.record({ params, headers, query, body });
}

/**
 * The seed of one property: djb2 of its name mixed into the run's seed (`fuzzSeed`), so each
 * property can be replayed alone.
 */
export function seedOf(name: string): number {
  let hash = 5381;
  for (const char of `${fuzzSeed()}:${name}`) hash = ((hash * 33) ^ char.charCodeAt(0)) | 0;
  return hash;
}

const KIND_OF_FIELD: Record<string, RecordKind> = {
  account_id: "account",
  move_account: "account",
  company_id: "company",
  user_id: "user",
  assigned_user_id: "user",
};

/** The records and actor of one case: tokens resolve to them, made on first use. */
class CaseScope {
  private made = new Map<string, Record<string, unknown>>();
  notes: string[] = [];
  constructor(
    private world: World,
    readonly actor: Actor,
  ) {}

  async resolve(value: unknown): Promise<unknown> {
    if (typeof value === "string") {
      const match = /^⟨(.+)⟩$/.exec(value);
      return match ? this.token(match[1]) : value;
    }
    if (Array.isArray(value)) return Promise.all(value.map((item) => this.resolve(item)));
    if (value && typeof value === "object") {
      const entries = await Promise.all(Object.entries(value).map(async ([key, item]) => [key, await this.resolve(item)] as const));
      return Object.fromEntries(entries);
    }
    return value;
  }

  /** A query string with each token (percent-encoded, as the query carries it) replaced by what it stands for. */
  async resolveQuery(query: string): Promise<string> {
    let resolved = "";
    let from = 0;
    for (const match of query.matchAll(/%E2%9F%A8([\w%.-]+?)%E2%9F%A9/g)) {
      const value = await this.token(decodeURIComponent(match[1]));
      resolved += query.slice(from, match.index) + encodeURIComponent(String(value));
      from = match.index + match[0].length;
    }
    return resolved + query.slice(from);
  }

  private async token(name: string): Promise<unknown> {
    const [base, property] = name.split(".");
    const record = await this.record(base);
    return property ? record[property] : record.id;
  }

  private async record(name: string): Promise<Record<string, unknown>> {
    const existing = this.made.get(name);
    if (existing) return existing;
    const made = await this.make(name);
    this.made.set(name, made);
    return made;
  }

  private async make(name: string): Promise<Record<string, unknown>> {
    const { world } = this;
    const [scope, kind] = name.split(":");
    if (name === "account") return { id: world.accountId };
    if (name === "company") return { id: world.companyId };
    if (name === "self") {
      const { userId, password, email, sessionId } = this.actor;
      return { id: userId ?? 0, password: password ?? "", email: email ?? "", session: sessionId ?? 0 };
    }
    if (scope === "foreign") return { id: world.foreign[kind as RecordKind] };
    if (scope === "standing") {
      const id = world.standing[kind as RecordKind];
      if (kind !== "user") return { id };
      const row = (await world.db.execute<{ alpha: string }>(sql`select alpha_code as alpha from users where id = ${id}`)).rows[0];
      return { id, alpha: row?.alpha ?? "" };
    }
    const suffix = randomBytes(4).toString("hex").toUpperCase();
    switch (kind) {
      case "trailer":
      case "trailer2":
      case "moved-trailer": {
        const trailer = await world.adminCall("POST", "/api/trailers/", {
          account_id: world.accountId,
          trailer_number: `FZF-${suffix}`,
          trailer_location: FUZZ_YARD,
          license_plate: "FZF",
          license_state: "MA",
          type: "dry_53",
          company_owner: "FUZZ",
        });
        if (kind === "moved-trailer") {
          const move = await this.move(String(trailer.trailer_number), `${FUZZ_BUILDING}-2`);
          await world.adminCall("PUT", `/api/moves/${move.id}/accept`, undefined, 200);
          await world.adminCall("PUT", `/api/moves/${move.id}/finish`, undefined, 200);
          return { id: trailer.id, number: trailer.trailer_number, location: `${FUZZ_BUILDING}-2` };
        }
        return { id: trailer.id, number: trailer.trailer_number, location: trailer.trailer_location };
      }
      case "truck":
        return world.adminCall("POST", "/api/trucks/", { account_id: world.accountId, ...truckBody(`FZK-${suffix}`) });
      case "building":
        return world.adminCall("POST", "/api/buildings/new", {
          account_id: world.accountId,
          building_name: `FZB${suffix}`,
          building_door_number: 3,
        });
      case "yard":
        return world.adminCall("POST", "/api/yards/new", { account_id: world.accountId, name: `Fuzz Yard ${suffix}` });
      case "account":
        return world.adminCall("POST", "/api/accounts/", {
          account_name: `Fuzz Spare ${suffix}`,
          location: "Fuzzville, ZZ",
          company_id: world.companyId,
        });
      case "user":
        return { id: (await world.freshActor("yard_driver", { signedIn: false })).userId };
      case "manager":
        return { id: (await world.freshActor("manager", { signedIn: false })).userId };
      case "inactive":
        return { id: (await world.freshActor("road_driver", { signedIn: false, active: false })).userId };
      case "move-requested":
      case "move-in_progress": {
        const trailer = await this.record("fresh:move-trailer");
        const move = await this.move(String(trailer.number), `${FUZZ_BUILDING}-3`);
        if (kind === "move-in_progress") {
          // A driver of its own: the shared one's session may have been ended or changed by earlier cases.
          const driver = await world.freshActor("yard_driver");
          const context = await world.contextFor(driver);
          const response = await context.put(`/api/moves/${move.id}/accept`, { headers: { "X-CSRF-Token": driver.csrf }, timeout: 20_000 });
          const answer = response.status() === 200 ? "" : await response.text();
          await context.dispose();
          if (response.status() !== 200) throw new Error(`fuzz setup: accepting move ${move.id} answered ${response.status()} ${answer}`);
        }
        return move;
      }
      case "move-trailer":
        return this.record("fresh:trailer3");
      case "trailer3":
        return this.make("fresh:trailer");
    }
    throw new Error(`unknown token ⟨${name}⟩`);
  }

  private move(trailer: string, to: string) {
    return this.world.adminCall("POST", "/api/moves", {
      account_id: this.world.accountId,
      move_details: { type: "single", moves: [{ from: FUZZ_YARD, to, trailer }] },
    });
  }

  /**
   * An admin may write to any account: a value that names a record of the demo data (the other
   * specs' ground) is pointed at the fuzz's own instead, and the case says so.
   */
  keepOffDemoData(kind: RecordKind, value: unknown, label: string): unknown {
    const number = typeof value === "number" ? value : typeof value === "string" && value.trim() !== "" ? Number(value) : NaN;
    if (!Number.isInteger(number) || !this.world.demoIds[kind].has(number)) return value;
    const replacement = kind === "account" ? this.world.accountId : kind === "company" ? this.world.companyId : 0;
    this.notes.push(`${label} ${JSON.stringify(value)} names demo data: sent ${replacement}`);
    return typeof value === "string" ? String(replacement) : replacement;
  }
}

const RECORD_OF_PATH: Record<string, RecordKind> = {
  accounts: "account",
  companies: "company",
  buildings: "building",
  yards: "yard",
  trailers: "trailer",
  trucks: "truck",
  users: "user",
  moves: "move",
};

export interface Outcome {
  failure: string | null;
  status: number;
  ms: number;
}

function text(value: unknown, max = 400): string {
  const shown = typeof value === "string" ? value : JSON.stringify(value);
  return shown === undefined ? "undefined" : shown.length > max ? `${shown.slice(0, max)}…(${shown.length} chars)` : shown;
}

/** One request: the answer must come in time, below 500, and a refusal must leave the database as it was. */
/** Where the time of the cases went (ms), and the slowest answer. */
export const PROFILE: Record<string, number> = {};
export const SLOWEST = { case: "" };
const lap = (name: string, since: number) => {
  PROFILE[name] = (PROFILE[name] ?? 0) + (Date.now() - since);
  return Date.now();
};

export async function runCase(world: World, endpoint: Endpoint, who: Who, input: Case): Promise<Outcome> {
  let t = Date.now();
  const role = who.kind === "anonymous" ? null : who.role;
  const actor = role === null ? world.visitor : endpoint.freshActor ? await world.freshActor(role) : await world.live(role);
  // Standing actors and the visitor keep one context; a fresh actor (whose case may sign it out) gets its own.
  const kept = role === null || !endpoint.freshActor;
  t = lap("actor", t);
  const scope = new CaseScope(world, actor);
  const writes = endpoint.method !== "GET";
  const guard = role === "admin" && writes;

  let path = endpoint.path;
  for (const [name, raw] of Object.entries(input.params)) {
    let value = String(await scope.resolve(raw));
    const kind = RECORD_OF_PATH[endpoint.path.split("/").find((part, index, parts) => parts[index + 1] === "{id}") ?? ""];
    if (guard && name === "id" && kind) value = String(scope.keepOffDemoData(kind, value, "path id"));
    path = path.replace(`{${name}}`, name === "rest" ? value : value.replace(/[?#/]/g, encodeURIComponent));
  }
  path += await scope.resolveQuery(input.query);

  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(input.headers)) headers[name] = String(await scope.resolve(value));
  let data: string | undefined;
  let shownBody: unknown = null;
  let multipart: FormData | undefined;
  if (input.body && "fields" in input.body) {
    const fields = (await scope.resolve(input.body.fields)) as Record<string, unknown>;
    const form = new URLSearchParams();
    multipart = endpoint.multipart ? new FormData() : undefined;
    // Form posts carry the token as a field (the first one), as the pages send it.
    if (endpoint.form) multipart?.append("csrf", actor.csrf);
    for (const [key, value] of Object.entries(fields)) {
      const safe = guard && KIND_OF_FIELD[key] ? scope.keepOffDemoData(KIND_OF_FIELD[key], value, key) : value;
      for (const item of Array.isArray(safe) ? safe : [safe]) {
        if (isUploadFile(item)) {
          multipart?.append(key, new Blob([item.content]), item.upload);
          form.append(key, `file ${item.upload}: ${item.content}`);
          continue;
        }
        const text = item === null || item === undefined ? "" : typeof item === "object" ? JSON.stringify(item) : String(item);
        multipart?.append(key, text);
        form.append(key, text);
      }
    }
    form.append("csrf", actor.csrf);
    if (!multipart) {
      headers["Content-Type"] = "application/x-www-form-urlencoded";
      data = form.toString();
    }
    shownBody = Object.fromEntries([...form.entries()].filter(([key]) => key !== "csrf"));
  } else if (input.body && "json" in input.body) {
    let json = await scope.resolve(input.body.json);
    if (guard && json && typeof json === "object" && !Array.isArray(json)) {
      json = Object.fromEntries(
        Object.entries(json).map(([key, value]) => [
          key,
          KIND_OF_FIELD[key] ? scope.keepOffDemoData(KIND_OF_FIELD[key], value, key) : value,
        ]),
      );
    }
    headers["Content-Type"] = "application/json";
    data = JSON.stringify(json);
    shownBody = json;
  } else if (input.body && "raw" in input.body) {
    headers["Content-Type"] = "application/json";
    data = input.body.raw;
    shownBody = `raw: ${input.body.raw}`;
  }
  if (writes) headers["X-CSRF-Token"] = actor.csrf;
  // Form posts carry the token as a field, as the pages send it.
  if (endpoint.form) delete headers["X-CSRF-Token"];

  t = lap("prepare", t);
  const context = kept ? await world.keptContextFor(actor) : await world.contextFor(actor);
  t = lap("context", t);
  const before = await world.snapshot();
  t = lap("snapshot", t);
  const started = Date.now();
  let status = 0;
  let answer = "";
  let failure: string | null = null;
  const send = async (through: APIRequestContext) => {
    const response = await through.fetch(path, {
      method: endpoint.method,
      headers,
      data,
      multipart,
      maxRedirects: 0,
      timeout: FUZZ_TIMEOUT_MS,
    });
    status = response.status();
    answer = (await response.text()).slice(0, 300);
    if (status >= 300 && status < 400) answer = `→ ${response.headers().location}`;
  };
  try {
    try {
      await send(context);
    } catch (error) {
      // A kept connection the local proxy closed while it was idle resets before the request
      // leaves: the request is sent again, once, on a connection of its own (as HTTP clients do),
      // a GET always, any other only when the database shows it was not carried out.
      const reset = /ECONNRESET|socket hang up/.test((error as Error).message);
      if (!(kept && reset)) throw error;
      if (endpoint.method !== "GET" && changes(before, await world.snapshot(), endpoint.exempt).length > 0) throw error;
      const fresh = await world.contextFor(actor);
      try {
        await send(fresh);
      } finally {
        await fresh.dispose();
      }
    }
  } catch (error) {
    failure = `no answer within ${FUZZ_TIMEOUT_MS} ms (${(error as Error).message.split("\n")[0]})`;
  } finally {
    if (!kept) await context.dispose();
  }
  const ms = Date.now() - started;
  t = lap("request+dispose", t);
  const after = await world.snapshot();
  lap("snapshot", t);
  if (endpoint.restoreSettings) await world.restoreSettings();

  // A case that broke the Worker is reported; the next one starts once it answers again.
  if (status === 0 || status === 503) await waitForHealth();

  const refused = who.kind !== "allowed" || status >= 400;
  const mustNotChange = refused || (endpoint.method === "GET" && !endpoint.writes);
  const changed = mustNotChange ? changes(before, after, endpoint.exempt) : [];
  if (!failure && status >= 500) failure = `answered ${status}`;
  else if (!failure && ms > FUZZ_TIMEOUT_MS) failure = `answered after ${ms} ms`;
  else if (!failure && !endpoint.form && !endpoint.page && who.kind !== "allowed" && status < 400)
    failure = `a ${who.kind} actor got ${status}`;
  else if (!failure && changed.length) failure = `${refused ? `refused (${status})` : `GET (${status})`} yet changed ${changed.join(", ")}`;
  if (ms > (PROFILE.slowestMs ?? 0)) {
    PROFILE.slowestMs = ms;
    SLOWEST.case = `${endpoint.method} ${path} as ${role ?? "signed out"} → ${status}`;
  }
  if (process.env.FUZZ_TRACE) appendFileSync(process.env.FUZZ_TRACE, `${status} ${role} ${answer.slice(0, 160)}\n`);
  if (!failure) return { failure: null, status, ms };

  const description = [
    `${endpoint.method} ${path}`,
    `as ${role ?? "signed out"}${who.kind === "allowed" ? "" : ` (${who.kind})`}`,
    Object.keys(input.headers).length ? `headers ${text(input.headers)}` : "",
    shownBody === null ? "" : `body ${text(shownBody)}`,
    `→ ${status || "-"} in ${ms} ms: ${failure}`,
    answer ? `answer ${text(answer, 200)}` : "",
    scope.notes.join("; "),
  ]
    .filter(Boolean)
    .join(" | ");
  if (FINDINGS_FILE) {
    appendFileSync(
      FINDINGS_FILE,
      `${JSON.stringify({ at: new Date().toISOString(), route: endpoint.route, method: endpoint.method, path, role, who: who.kind, body: text(shownBody, 600), status, ms, failure, answer })}\n`,
    );
  }
  return { failure: description, status, ms };
}

/** Every case of one endpoint: a property per group of actors, with its own seed. */
export async function fuzzEndpoint(world: World, endpoint: Endpoint, title: string): Promise<number> {
  let cases = 0;
  for (const { who, runs } of plan(endpoint)) {
    const name = `${title} as ${who.kind === "anonymous" ? "signed out" : `${who.role ?? "signed out"} (${who.kind})`}`;
    const seed = seedOf(name);
    const property = fc.asyncProperty(caseArbitrary(endpoint), async (input) => {
      cases += 1;
      const outcome = await runCase(world, endpoint, who, input);
      if (outcome.failure && !FINDINGS_FILE) throw new Error(outcome.failure);
    });
    const details = await fc.check(property, { seed, numRuns: runs, endOnFailure: !!process.env.FUZZ_NO_SHRINK });
    if (details.failed) {
      const cause = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
      throw new Error(
        `${name}: ${cause}\n${fc.defaultReportMessage(details)}\n${replayHint("tests/e2e/fuzz.spec.ts", title, { FUZZ_RUNS })}`,
      );
    }
  }
  return cases;
}
