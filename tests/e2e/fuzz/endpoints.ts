import fc from "fast-check";
import { TRAILER_TYPES, TRUCK_TYPES } from "#app/domain/assets";
import { AUDIT_ACTIONS, AUDITED_TABLES } from "#app/domain/audit";
import { MOVE_STATES, MOVE_TYPES } from "#app/domain/moves";
import { REPORT_TYPES } from "#app/domain/reports";
import { ROLES, type Role } from "#app/domain/roles";
import { LOAD_TYPES } from "#app/domain/trailers";
import { UPLOAD_COLUMNS } from "#app/domain/trailer-upload";
import { TRUCK_STATUSES } from "#app/domain/trucks";
import { dayFromToday, HOSTILE_IDS, hostileText } from "./arbitraries";
import { FUZZ_BUILDING, FUZZ_DOORS, FUZZ_YARD, type RecordKind } from "./world";

/**
 * Every /api endpoint and every form action, with what a request to it may carry: its path ids,
 * its fields (each with values the endpoint accepts; the runner replaces some with hostile ones),
 * its query keys, and which roles get as far as its validation. A value "⟨name⟩" is a token the
 * runner resolves for each case (a record made for the case, the fuzz account, the actor itself).
 */

export type Method = "GET" | "POST" | "PUT" | "DELETE";

export interface Endpoint {
  /** The route module (file name under app/routes without its extension, or its folder). */
  route: string;
  method: Method;
  /** Path with `{id}`, `{action}` or `{rest}` filled from `params`. */
  path: string;
  form?: boolean;
  /** The body is multipart/form-data (a file upload): a field whose value is an UploadFile goes as a file. */
  multipart?: boolean;
  /** A page (its loader): refusals are redirects, as for forms. */
  page?: boolean;
  params?: Record<string, fc.Arbitrary<string>>;
  body?: Record<string, fc.Arbitrary<unknown>>;
  query?: Record<string, fc.Arbitrary<string>>;
  /** Request headers the endpoint reads, each sent or not. */
  headers?: Record<string, fc.Arbitrary<string>>;
  /** Roles that reach the endpoint's validation. Empty: only the signed-out visitor does. */
  roles: readonly Role[];
  /** A signed-in role the endpoint refuses before its validation. */
  refused?: Role;
  /** Whether a signed-out visitor reaches the validation (login, logout, the CSRF token). */
  anonymous?: boolean;
  /** Each case acts as a new user of the role (the endpoint may change or sign out its actor). */
  freshActor?: boolean;
  /** What a refused request may still write by design (the login throttle's attempts, the trail's failed sign-ins). */
  exempt?: readonly string[];
  /** A GET that changes data by design (logging out). */
  writes?: boolean;
  /** Product-wide state a successful case changes, put back after each case. */
  restoreSettings?: boolean;
}

/** A file of a multipart body: its name and its content. */
export interface UploadFile {
  upload: string;
  content: string;
}

export function isUploadFile(value: unknown): value is UploadFile {
  return !!value && typeof value === "object" && typeof (value as UploadFile).upload === "string" && "content" in value;
}

const ALL = ROLES;
const ADMIN = ["admin"] as const;
const EDITORS = ["admin", "super_manager"] as const;
const DELETERS = ["admin", "super_manager", "account_manager"] as const;
const MANAGERS = ["admin", "super_manager", "account_manager", "manager"] as const;
const MOVERS = [...MANAGERS, "yard_driver", "road_driver"] as const;

const token = (name: string) => fc.constant(`⟨${name}⟩`);
const LOCATIONS = ["Road", "Shop", FUZZ_YARD, ...Array.from({ length: FUZZ_DOORS }, (_, index) => `${FUZZ_BUILDING}-${index + 1}`)];
const HOSTILE_LOCATIONS = [
  `${FUZZ_BUILDING}-0`,
  `${FUZZ_BUILDING}-${FUZZ_DOORS + 1}`,
  `${FUZZ_BUILDING}-99999999999`,
  `${FUZZ_BUILDING}-2147483648`,
  `${FUZZ_BUILDING}--1`,
  `${FUZZ_BUILDING}-1e3`,
  `${FUZZ_BUILDING}-01`,
  `${FUZZ_BUILDING.toLowerCase()}-1`,
  ` ${FUZZ_BUILDING}-1 `,
  `${FUZZ_BUILDING}-`,
  "-1",
  "road",
  "SHOP",
  "Door 1",
];

/** A path id: mostly a record of the fuzz (standing for reads, made for the case for writes), else another account's or nonsense. */
function pathId(mine: string[], foreign?: RecordKind) {
  return fc.oneof(
    { weight: 5, arbitrary: fc.constantFrom(...mine.map((name) => `⟨${name}⟩`)) },
    { weight: foreign ? 1 : 0, arbitrary: token(`foreign:${foreign ?? "trailer"}`) },
    { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_IDS) },
  );
}
const readId = (kind: RecordKind) => ({ id: pathId([`standing:${kind}`], kind) });
const writeId = (kind: RecordKind) => ({ id: pathId([`fresh:${kind}`], kind) });

const number = (prefix: string) => fc.integer({ min: 1, max: 99_999 }).map((n) => `${prefix}${n}`);
const plate = fc.stringMatching(/^[A-Z0-9]{1,8}$/);
const state = fc.constantFrom("MA", "CA", "NY", "ma", "tx");
const flag = fc.boolean();
const formFlag = fc.constantFrom("on", "", "true", "false");
const location = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...LOCATIONS) },
  { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_LOCATIONS) },
);
const past = dayFromToday(-3000, 0);
const future = dayFromToday(1, 3000);
const text = fc.string({ maxLength: 30 });
const account = token("account");

const uploadFlag = fc.constantFrom("TRUE", "false", "Yes", "n", "1", "0", "", "maybe");
/** One spreadsheet row of the bulk upload, in UPLOAD_COLUMNS order: cells it accepts, now and then a hostile one. */
const uploadRow = fc
  .tuple(
    number("FZU-"),
    location,
    fc.constantFrom("FUZZ", ""),
    plate,
    state,
    fc.constantFrom(...TRAILER_TYPES, "boxcar"),
    uploadFlag,
    plate,
    uploadFlag,
    fc.integer({ min: -1, max: 40 }).map(String),
    uploadFlag,
    uploadFlag,
    text,
    uploadFlag,
  )
  .chain((cells) =>
    fc
      .array(fc.tuple(fc.nat({ max: cells.length - 1 }), hostileText), { maxLength: 2 })
      .map((hostile) => cells.map((cell, index) => hostile.find(([at]) => at === index)?.[1] ?? cell)),
  );
const quoted = (cell: string) => `"${cell.replaceAll('"', '""')}"`;
/** A file for the bulk upload: a CSV of the template's columns (some left out), or text that is no spreadsheet, under any name. */
const spreadsheet: fc.Arbitrary<UploadFile> = fc.record({
  upload: fc.oneof(
    { weight: 3, arbitrary: fc.constant("trailers.csv") },
    { weight: 1, arbitrary: fc.constantFrom("TRAILERS.CSV", "trailers.xlsx", "trailers.xls", "trailers.txt", "trailers", ".csv") },
  ),
  content: fc.oneof(
    {
      weight: 4,
      arbitrary: fc
        .record({
          columns: fc.oneof(
            { weight: 3, arbitrary: fc.constant<number[]>([...UPLOAD_COLUMNS.keys()]) },
            { weight: 1, arbitrary: fc.subarray([...UPLOAD_COLUMNS.keys()], { minLength: 1 }) },
          ),
          delimiter: fc.constantFrom(",", ";", "\t"),
          rows: fc.array(uploadRow, { minLength: 1, maxLength: 6 }),
        })
        .map(({ columns, delimiter, rows }) =>
          [[...UPLOAD_COLUMNS], ...rows].map((row) => columns.map((column) => quoted(row[column])).join(delimiter)).join("\r\n"),
        ),
    },
    { weight: 1, arbitrary: hostileText },
    { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 200 }) },
  ),
});

function trailerFields(form: boolean) {
  return {
    account_id: account,
    trailer_number: number("FZ-"),
    trailer_location: location,
    license_plate: plate,
    license_state: state,
    type: fc.constantFrom(...TRAILER_TYPES),
    company_owner: fc.constantFrom("FUZZ", "Acme"),
    load_type: fc.constantFrom(...LOAD_TYPES),
    load_number: plate,
    tray_count: form ? fc.integer({ min: 0, max: 40 }).map(String) : fc.integer({ min: 0, max: 40 }),
    red_tagged: form ? formFlag : flag,
    yellow_tagged: form ? formFlag : flag,
    in_shop: form ? formFlag : flag,
    tagged_description: text,
    user_id: token("standing:user"),
    assigned_user: token("standing:user.alpha"),
    last_inspection: past,
    next_inspection: future,
    last_maintenance: past,
    next_maintenance: future,
  };
}

function truckFields(form: boolean) {
  return {
    account_id: account,
    truck_number: number("FZK-"),
    truck_location: location,
    license_plate: plate,
    license_state: state,
    type: fc.constantFrom(...TRUCK_TYPES),
    year: form ? fc.integer({ min: 1990, max: 2026 }).map(String) : fc.integer({ min: 1990, max: 2026 }),
    make: fc.constantFrom("Mack", "Volvo", "Peterbilt"),
    model: fc.constantFrom("Anthem", "VNL", "579"),
    vin: fc.stringMatching(/^[A-HJ-NPR-Z0-9]{17}$/),
    status: fc.constantFrom(...TRUCK_STATUSES),
    red_tagged: form ? formFlag : flag,
    yellow_tagged: form ? formFlag : flag,
    in_shop: form ? formFlag : flag,
    tagged_description: text,
    assigned_user_id: token("standing:user"),
    assigned_user: token("standing:user.alpha"),
    last_inspection: past,
    next_inspection: future,
    last_maintenance: past,
    next_maintenance: future,
  };
}

const buildingFields = (form: boolean) => ({
  account_id: account,
  building_name: fc.constantFrom("FZ-B", "FZ-C", "Dock"),
  building_door_number: form ? fc.integer({ min: 1, max: 30 }).map(String) : fc.integer({ min: 1, max: 30 }),
});
const yardFields = (form: boolean) => ({
  account_id: account,
  name: number("Fuzz Yard "),
  parking_location: text,
  parking_spots: form ? formFlag : flag,
});

const companyFields = { company_name: number("Fuzz Co ") };
const accountFields = (form: boolean) => ({
  account_name: number("Fuzz Account "),
  location: fc.constantFrom("Boston, MA", "St. Louis, MO", "Fuzzville, ZZ"),
  yard_count: form ? fc.integer({ min: 0, max: 20 }).map(String) : fc.integer({ min: 0, max: 20 }),
  building_count: form ? fc.integer({ min: 0, max: 20 }).map(String) : fc.integer({ min: 0, max: 20 }),
  company_id: token("company"),
});

const role = fc.constantFrom(...ROLES);
const userFields = (form: boolean) => ({
  role,
  account_id: account,
  alpha_code: fc.stringMatching(/^[A-Z]{2}[0-9]{1,4}$/),
  email: fc.integer({ min: 1, max: 99_999 }).map((n) => `fz${n}@fuzz.test`),
  driver_number: form ? fc.integer({ min: 1, max: 9999 }).map(String) : fc.integer({ min: 1, max: 9999 }),
  first_name: fc.constantFrom("Ana", "Bo", "Chidi"),
  last_name: fc.constantFrom("Lopez", "Ng", "Okafor"),
});
const strongPassword = fc.constantFrom("Fuzz#New1pass", "Aa#12345678", "Zz!98765432x");
const weakPassword = fc.constantFrom("aaaaaa", "password", "short", "12345678");
const password = fc.oneof(strongPassword, weakPassword);
const editUserFields = (form: boolean) => ({
  ...userFields(form),
  password,
  confirm_password: password,
  current_password: token("self.password"),
});
const passwordFields = { password, confirm_password: password, current_password: token("self.password") };

/** Create Move's JSON body: one to three legs of trailers made for the case, from where they stand. */
const moveFields = {
  account_id: account,
  "move_details.type": fc.constantFrom(...MOVE_TYPES),
  "move_details.moves.0.from": token("fresh:trailer.location"),
  "move_details.moves.0.to": location,
  "move_details.moves.0.trailer": token("fresh:trailer.number"),
  "move_details.moves.1.from": token("fresh:trailer2.location"),
  "move_details.moves.1.to": location,
  "move_details.moves.1.trailer": token("fresh:trailer2.number"),
};
const moveFormFields = {
  move_account: account,
  move_type: fc.constantFrom(...MOVE_TYPES),
  choose_type: fc.constantFrom("", ...MOVE_TYPES),
  hide_red: fc.constantFrom("1", ""),
  intent: fc.constantFrom("create", "create", "show", "type"),
  back: fc.constantFrom("/", "/?tab=trucks", "https://evil.example/", "//evil.example", "/admin/dashboard"),
  reply: fc.constantFrom("data", ""),
  leg1_from: token("fresh:trailer.location"),
  leg1_to: location,
  leg1_trailer: token("fresh:trailer.number"),
  leg1_search: text,
  leg2_from: token("fresh:trailer2.location"),
  leg2_to: location,
  leg2_trailer: token("fresh:trailer2.number"),
};

const q = {
  account_id: fc.oneof(fc.constant("⟨account⟩"), fc.constant("⟨foreign:account⟩")),
  page: fc.integer({ min: 1, max: 5 }).map(String),
  page_size: fc.integer({ min: 1, max: 200 }).map(String),
  q: fc.constantFrom("FZ", "fz-1", "a", "%", "_"),
  location,
};
const tz = fc.constantFrom("UTC", "America/New_York", "Europe/Berlin", "Asia/Kolkata", "Pacific/Chatham", "Etc/GMT+12", "EST5EDT");
const pick = (...values: string[]) => fc.constantFrom(...values);

const moveActions = fc.oneof(
  { weight: 6, arbitrary: pick("accept", "finish", "cancel") },
  { weight: 1, arbitrary: pick("ACCEPT", "delete", "accept.json", "") },
);
const moveId = pathId(["fresh:move-requested", "fresh:move-in_progress"], "move");
/** Text as one path segment; a lone surrogate, which no URL can carry, becomes U+FFFD. */
const pathSegment = (text: string) =>
  encodeURIComponent(text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD"));
const anyPath = fc.oneof(
  fc.constantFrom("x", "trailers/1/x", "..%2F..%2Fetc", "%", "%zz", "a".repeat(3000), "users/1/reactivate/more", "moves/1/accept/x"),
  fc.array(hostileText.map(pathSegment), { minLength: 1, maxLength: 4 }).map((parts) => parts.join("/")),
);

const dashboardQuery = {
  tab: pick("trailers", "trucks", "buildings", "yards", "users", "moves"),
  account: q.account_id,
  page: q.page,
  q: q.q,
  location,
  status: pick("red", "yellow", "shop", "available", "all"),
  load: pick("loaded", "tray", "empty", "all"),
  sort: pick("asc", "desc"),
  role: fc.constantFrom(...ROLES),
  assigned: pick("assigned", "unassigned"),
  column: pick("number", "status", "location", "year", "time"),
  order: pick("asc", "desc"),
  create_move: pick("1"),
  move_type: fc.constantFrom(...MOVE_TYPES),
  move_account: q.account_id,
  leg1_from: location,
  leg1_to: location,
  leg1_trailer: pick("FZ-STANDING", "fz-standing"),
  hide_red: pick("1"),
};

/** A report's address: each list's print page, `.csv` and `.xlsx`; now and then no report at all. */
const reportAddress = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.tuple(fc.constantFrom(...REPORT_TYPES), pick("", ".csv", ".xlsx")).map(([type, extension]) => `${type}${extension}`),
  },
  {
    weight: 1,
    arbitrary: pick(
      "companies",
      "companies.csv",
      "trailers.pdf",
      "trailers.csv.xlsx",
      "TRAILERS",
      "trailers.",
      ".csv",
      "moves.CSV",
      "trailers%2Ecsv",
    ),
  },
  { weight: 1, arbitrary: hostileText.map(pathSegment) },
);

/** A report's query: the dashboard's view for the lists, a period and a state for moves, a trailer or truck for a history. */
const reportQuery = {
  ...dashboardQuery,
  from: fc.oneof(dayFromToday(-3000, 0), dayFromToday(-3, 0)),
  to: fc.oneof(dayFromToday(-3, 3), dayFromToday(0, 3000)),
  state: fc.constantFrom(...MOVE_STATES),
  id: fc.oneof(
    { weight: 4, arbitrary: pick("⟨standing:trailer⟩", "⟨standing:truck⟩") },
    { weight: 1, arbitrary: pick("⟨foreign:trailer⟩", "⟨foreign:truck⟩") },
    { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_IDS) },
  ),
  tz,
};

/** The audit log's filters: known values and others, hostile text, and cursors shaped right or not. */
const analyticsQuery = {
  period: fc.oneof(pick("today", "7d", "30d"), pick("", "year", "7D", "-1")),
  company_id: fc.oneof(pick("⟨company⟩", "⟨foreign:company⟩"), fc.constantFrom(...HOSTILE_IDS)),
  account_id: fc.oneof(q.account_id, fc.constantFrom(...HOSTILE_IDS)),
  tz: fc.oneof(tz, pick("Mars/Olympus", "")),
};

const auditQuery = {
  action: fc.oneof(fc.constantFrom(...AUDIT_ACTIONS), pick("create", "DROP", "")),
  table: fc.oneof(fc.constantFrom(...AUDITED_TABLES), pick("audit_logs", "pg_user", "")),
  hours: fc.oneof(pick("24", "168", "720"), fc.constantFrom(...HOSTILE_IDS)),
  q: hostileText,
  user: fc.constantFrom(...HOSTILE_IDS),
  record_id: hostileText,
  limit: pick("1", "50", "200", "201", "0", "-1", "1e9"),
  cursor: fc.oneof(
    hostileText,
    fc
      .tuple(
        pick("2026-01-01 00:00:00+00", "2025-02-30 00:00:00+00", "9999-12-31 23:59:59.999999+14", "now"),
        fc.constantFrom(1, 0, -1, 2 ** 53),
      )
      .map((cursor) => btoa(JSON.stringify(cursor))),
  ),
  details: fc.constantFrom(...HOSTILE_IDS),
};

/** What an HTTP client can send as a header's value: Latin-1 without control characters (no "１"). */
const sendable = (value: string) => /^[\t\x20-\x7e\x80-\xff]*$/.test(value);

/** The session a logout names: the caller's own, or not. */
const sessionHeader = fc.oneof(
  { weight: 3, arbitrary: token("self.session") },
  { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_IDS.filter(sendable)) },
);

export const ENDPOINTS: readonly Endpoint[] = [
  // Accounts and companies (admins write; everyone reads their own).
  {
    route: "api.accounts.$id.trailers-location-history",
    method: "GET",
    path: "/api/accounts/{id}/trailers-location-history",
    params: readId("account"),
    roles: ALL,
  },
  {
    route: "api.accounts.$id.trucks-location-history",
    method: "GET",
    path: "/api/accounts/{id}/trucks-location-history",
    params: readId("account"),
    roles: ALL,
  },
  { route: "api.accounts.$id", method: "GET", path: "/api/accounts/{id}", params: readId("account"), roles: ALL },
  {
    route: "api.accounts.$id",
    method: "PUT",
    path: "/api/accounts/{id}",
    params: readId("account"),
    body: accountFields(false),
    roles: ADMIN,
    refused: "super_manager",
  },
  {
    route: "api.accounts.$id",
    method: "DELETE",
    path: "/api/accounts/{id}",
    params: writeId("account"),
    roles: ADMIN,
    refused: "super_manager",
  },
  {
    route: "api.accounts._index",
    method: "GET",
    path: "/api/accounts/",
    query: { company_id: pick("⟨company⟩", "⟨foreign:company⟩") },
    roles: ALL,
  },
  {
    route: "api.accounts._index",
    method: "POST",
    path: "/api/accounts/",
    body: accountFields(false),
    roles: ADMIN,
    refused: "super_manager",
  },
  { route: "api.admin._index", method: "GET", path: "/api/admin/", roles: ADMIN, refused: "super_manager" },
  {
    route: "api.admin.analytics",
    method: "GET",
    path: "/api/admin/analytics",
    query: analyticsQuery,
    roles: ADMIN,
    refused: "super_manager",
  },
  {
    route: "api.admin.audit-logs",
    method: "GET",
    path: "/api/admin/audit-logs",
    query: auditQuery,
    roles: ADMIN,
    refused: "super_manager",
  },
  { route: "api.companies.$id", method: "GET", path: "/api/companies/{id}", params: readId("company"), roles: ALL },
  {
    route: "api.companies.$id",
    method: "PUT",
    path: "/api/companies/{id}",
    params: readId("company"),
    body: companyFields,
    roles: ADMIN,
    refused: "super_manager",
  },
  { route: "api.companies._index", method: "GET", path: "/api/companies/", query: { q: q.q }, roles: ALL },
  { route: "api.companies._index", method: "POST", path: "/api/companies/", body: companyFields, roles: ADMIN, refused: "super_manager" },
  { route: "api.companies.seed-test", method: "POST", path: "/api/companies/seed-test", roles: ADMIN, refused: "super_manager" },
  { route: "api.companies.test", method: "GET", path: "/api/companies/test", roles: ALL },

  // Sign-in, sessions, passwords, settings.
  { route: "api.auth._index", method: "GET", path: "/api/auth/", roles: ALL },
  {
    route: "api.auth.change-password",
    method: "POST",
    path: "/api/auth/change-password",
    body: passwordFields,
    roles: ALL,
    freshActor: true,
  },
  { route: "api.auth.check-session", method: "GET", path: "/api/auth/check-session", roles: ALL, anonymous: true },
  {
    route: "api.auth.login",
    method: "POST",
    path: "/api/auth/login",
    body: {
      email: fc.integer({ min: 1, max: 999 }).map((n) => `nobody${n}@fuzz.test`),
      password: password,
      agreed_to_terms: fc.boolean(),
      force_login: fc.boolean(),
    },
    roles: [],
    anonymous: true,
    exempt: ["login_attempts", "audit_logs"],
  },
  {
    route: "api.auth.logout",
    method: "GET",
    path: "/api/auth/logout",
    headers: { "X-Session-Id": sessionHeader, "X-Auto-Logout": pick("true", "false") },
    roles: ALL,
    anonymous: true,
    freshActor: true,
    writes: true,
  },
  {
    route: "api.auth.logout",
    method: "POST",
    path: "/api/auth/logout",
    headers: { "X-Auto-Logout": pick("true", "false") },
    roles: ALL,
    anonymous: true,
    freshActor: true,
  },
  { route: "api.auth.refresh-session", method: "POST", path: "/api/auth/refresh-session", roles: ALL },
  { route: "api.auth.signup", method: "POST", path: "/api/auth/signup", body: userFields(false), roles: MANAGERS, refused: "yard_driver" },
  { route: "api.csrf.restore", method: "GET", path: "/api/csrf/restore", roles: ["manager"], anonymous: true },
  { route: "api.settings.timeout", method: "GET", path: "/api/settings/timeout", roles: ADMIN, refused: "super_manager" },
  {
    route: "api.settings.timeout",
    method: "PUT",
    path: "/api/settings/timeout",
    body: { timeout_hours: fc.oneof(fc.double({ min: 0.01, max: 24, noNaN: true }), fc.constantFrom(0.01, 24, "4", "0.5")) },
    roles: ADMIN,
    refused: "super_manager",
    restoreSettings: true,
  },

  // Buildings and yards.
  { route: "api.buildings.$id", method: "GET", path: "/api/buildings/{id}", params: readId("building"), roles: ALL },
  {
    route: "api.buildings.$id",
    method: "PUT",
    path: "/api/buildings/{id}",
    params: writeId("building"),
    body: buildingFields(false),
    roles: EDITORS,
    refused: "manager",
  },
  {
    route: "api.buildings.$id",
    method: "DELETE",
    path: "/api/buildings/{id}",
    params: writeId("building"),
    roles: DELETERS,
    refused: "manager",
  },
  { route: "api.buildings._index", method: "GET", path: "/api/buildings/", query: { account_id: q.account_id }, roles: ALL },
  {
    route: "api.buildings.new",
    method: "POST",
    path: "/api/buildings/new",
    body: buildingFields(false),
    roles: EDITORS,
    refused: "manager",
  },
  { route: "api.yards.$id", method: "GET", path: "/api/yards/{id}", params: readId("yard"), roles: ALL },
  {
    route: "api.yards.$id",
    method: "PUT",
    path: "/api/yards/{id}",
    params: writeId("yard"),
    body: yardFields(false),
    roles: EDITORS,
    refused: "manager",
  },
  { route: "api.yards.$id", method: "DELETE", path: "/api/yards/{id}", params: writeId("yard"), roles: DELETERS, refused: "manager" },
  { route: "api.yards._index", method: "GET", path: "/api/yards/", query: { account_id: q.account_id }, roles: ALL },
  { route: "api.yards.new", method: "POST", path: "/api/yards/new", body: yardFields(false), roles: EDITORS, refused: "manager" },

  // Trailers and trucks.
  {
    route: "api.trailers.$id.location-history",
    method: "GET",
    path: "/api/trailers/{id}/location-history",
    params: readId("trailer"),
    roles: ALL,
  },
  { route: "api.trailers.$id", method: "GET", path: "/api/trailers/{id}", params: readId("trailer"), roles: ALL },
  {
    route: "api.trailers.$id",
    method: "PUT",
    path: "/api/trailers/{id}",
    params: writeId("trailer"),
    body: trailerFields(false),
    roles: EDITORS,
    refused: "manager",
  },
  {
    route: "api.trailers.$id",
    method: "DELETE",
    path: "/api/trailers/{id}",
    params: { id: pathId(["fresh:trailer", "fresh:moved-trailer"], "trailer") },
    roles: DELETERS,
    refused: "manager",
  },
  {
    route: "api.trailers._index",
    method: "GET",
    path: "/api/trailers/",
    query: { ...q, status: pick("red", "yellow", "shop", "available"), load: pick("loaded", "tray", "empty"), sort: pick("asc", "desc") },
    roles: ALL,
  },
  { route: "api.trailers._index", method: "POST", path: "/api/trailers/", body: trailerFields(false), roles: EDITORS, refused: "manager" },
  {
    route: "api.trailers.bulk-upload",
    method: "POST",
    path: "/api/trailers/bulk-upload",
    multipart: true,
    body: { file: spreadsheet, account_id: account, dry_run: fc.constantFrom("true", "false", "") },
    roles: EDITORS,
    refused: "manager",
  },
  {
    route: "api.trucks.$id.location-history",
    method: "GET",
    path: "/api/trucks/{id}/location-history",
    params: readId("truck"),
    roles: ALL,
  },
  { route: "api.trucks.$id", method: "GET", path: "/api/trucks/{id}", params: readId("truck"), roles: ALL },
  {
    route: "api.trucks.$id",
    method: "PUT",
    path: "/api/trucks/{id}",
    params: writeId("truck"),
    body: truckFields(false),
    roles: EDITORS,
    refused: "manager",
  },
  { route: "api.trucks.$id", method: "DELETE", path: "/api/trucks/{id}", params: writeId("truck"), roles: DELETERS, refused: "manager" },
  {
    route: "api.trucks._index",
    method: "GET",
    path: "/api/trucks/",
    query: {
      ...q,
      status: pick("red", "yellow", "shop", "available"),
      assigned: pick("assigned", "unassigned", "⟨standing:user⟩"),
      sort: pick("number", "status", "location", "year"),
      order: pick("asc", "desc"),
    },
    roles: ALL,
  },
  { route: "api.trucks._index", method: "POST", path: "/api/trucks/", body: truckFields(false), roles: EDITORS, refused: "manager" },

  // Moves.
  {
    route: "api.moves._index",
    method: "GET",
    path: "/api/moves",
    query: { ...q, state: fc.constantFrom(...MOVE_STATES), order: pick("asc", "desc"), sort: pick("all_times") },
    roles: ALL,
  },
  { route: "api.moves._index", method: "POST", path: "/api/moves", body: moveFields, roles: MANAGERS, refused: "mechanic" },
  {
    route: "api.moves.$id.$action",
    method: "PUT",
    path: "/api/moves/{id}/{action}",
    params: { id: moveId, action: moveActions },
    roles: MOVERS,
    refused: "mechanic",
  },
  {
    route: "api.moves.available-trailers",
    method: "GET",
    path: "/api/moves/available-trailers",
    query: { account_id: q.account_id, location, exclude_red_tagged: pick("true", "false"), q: q.q },
    roles: ALL,
  },
  { route: "api.moves.locations", method: "GET", path: "/api/moves/locations", query: { account_id: q.account_id }, roles: ALL },
  { route: "api.moves.summary", method: "GET", path: "/api/moves/summary", query: { account_id: q.account_id, tz, q: q.q }, roles: ALL },

  // Users.
  { route: "api.users.$id", method: "GET", path: "/api/users/{id}", params: { id: pathId(["self", "standing:user"], "user") }, roles: ALL },
  {
    route: "api.users.$id",
    method: "PUT",
    path: "/api/users/{id}",
    params: { id: pathId(["self", "fresh:user", "fresh:manager"], "user") },
    body: editUserFields(false),
    roles: EDITORS,
    refused: "account_manager",
    freshActor: true,
  },
  {
    route: "api.users.$id",
    method: "DELETE",
    path: "/api/users/{id}",
    params: { id: pathId(["fresh:user", "fresh:manager", "self"], "user") },
    roles: MANAGERS,
    refused: "security",
    freshActor: true,
  },
  {
    route: "api.users.$id.reactivate",
    method: "PUT",
    path: "/api/users/{id}/reactivate",
    params: { id: pathId(["fresh:inactive", "fresh:user"], "user") },
    roles: ADMIN,
    refused: "super_manager",
  },
  {
    route: "api.users._index",
    method: "GET",
    path: "/api/users/",
    query: { ...q, role: fc.constantFrom(...ROLES), status: pick("active", "inactive") },
    roles: ALL,
  },

  // Unknown /api paths.
  { route: "api.$", method: "GET", path: "/api/{rest}", params: { rest: anyPath }, roles: ["manager"] },
  { route: "api.$", method: "POST", path: "/api/{rest}", params: { rest: anyPath }, body: { a: fc.string() }, roles: ["manager"] },

  // Form actions (urlencoded, with the csrf field).
  {
    route: "buildings.new",
    method: "POST",
    path: "/buildings/new",
    form: true,
    body: buildingFields(true),
    roles: EDITORS,
    refused: "manager",
  },
  {
    route: "buildings.$id.edit",
    method: "POST",
    path: "/buildings/{id}/edit",
    form: true,
    params: writeId("building"),
    body: buildingFields(true),
    roles: EDITORS,
    refused: "manager",
  },
  {
    route: "buildings.$id._index",
    method: "POST",
    path: "/buildings/{id}",
    form: true,
    params: writeId("building"),
    body: { intent: pick("delete") },
    roles: DELETERS,
    refused: "manager",
  },
  {
    route: "trailers.bulk-upload",
    method: "POST",
    path: "/trailers/bulk-upload",
    form: true,
    multipart: true,
    body: { account_id: account, file: spreadsheet, intent: pick("check", "upload") },
    roles: EDITORS,
    refused: "manager",
  },
  { route: "yards.new", method: "POST", path: "/yards/new", form: true, body: yardFields(true), roles: EDITORS, refused: "manager" },
  {
    route: "yards.$id.edit",
    method: "POST",
    path: "/yards/{id}/edit",
    form: true,
    params: writeId("yard"),
    body: yardFields(true),
    roles: EDITORS,
    refused: "manager",
  },
  {
    route: "yards.$id._index",
    method: "POST",
    path: "/yards/{id}",
    form: true,
    params: writeId("yard"),
    body: { intent: pick("delete") },
    roles: DELETERS,
    refused: "manager",
  },
  {
    route: "trailers.new",
    method: "POST",
    path: "/trailers/new",
    form: true,
    body: trailerFields(true),
    roles: EDITORS,
    refused: "manager",
  },
  {
    route: "trailers.$id.edit",
    method: "POST",
    path: "/trailers/{id}/edit",
    form: true,
    params: writeId("trailer"),
    body: trailerFields(true),
    roles: EDITORS,
    refused: "manager",
  },
  {
    route: "trailers.$id._index",
    method: "POST",
    path: "/trailers/{id}",
    form: true,
    params: { id: pathId(["fresh:trailer", "fresh:moved-trailer"], "trailer") },
    body: { intent: pick("delete") },
    roles: DELETERS,
    refused: "manager",
  },
  { route: "trucks.new", method: "POST", path: "/trucks/new", form: true, body: truckFields(true), roles: EDITORS, refused: "manager" },
  {
    route: "trucks.$id.edit",
    method: "POST",
    path: "/trucks/{id}/edit",
    form: true,
    params: writeId("truck"),
    body: truckFields(true),
    roles: EDITORS,
    refused: "manager",
  },
  {
    route: "trucks.$id._index",
    method: "POST",
    path: "/trucks/{id}",
    form: true,
    params: writeId("truck"),
    body: { intent: pick("delete") },
    roles: DELETERS,
    refused: "manager",
  },
  {
    route: "companies.new",
    method: "POST",
    path: "/companies/new",
    form: true,
    body: companyFields,
    roles: ADMIN,
    refused: "super_manager",
  },
  {
    route: "companies._index",
    method: "POST",
    path: "/companies",
    form: true,
    body: { intent: pick("seed") },
    roles: ADMIN,
    refused: "super_manager",
  },
  {
    route: "companies.$id.edit",
    method: "POST",
    path: "/companies/{id}/edit",
    form: true,
    params: readId("company"),
    body: {
      intent: pick("rename", "save-account", "save-account", "delete-account"),
      ...companyFields,
      ...accountFields(true),
      account_id: fc.constantFrom("⟨fresh:account⟩", "", "⟨account⟩"),
    },
    roles: ADMIN,
    refused: "super_manager",
  },
  {
    route: "settings",
    method: "POST",
    path: "/settings",
    form: true,
    body: { timeout_hours: fc.oneof(fc.double({ min: 0.01, max: 24, noNaN: true }).map(String), pick("0.01", "24", "4")) },
    roles: ADMIN,
    refused: "super_manager",
    restoreSettings: true,
  },
  { route: "signup", method: "POST", path: "/signup", form: true, body: userFields(true), roles: MANAGERS, refused: "yard_driver" },
  {
    route: "users.$id.edit",
    method: "POST",
    path: "/users/{id}/edit",
    form: true,
    params: { id: pathId(["self", "fresh:user", "fresh:manager"], "user") },
    body: editUserFields(true),
    roles: EDITORS,
    refused: "account_manager",
    freshActor: true,
  },
  {
    route: "users.$id._index",
    method: "POST",
    path: "/users/{id}",
    form: true,
    params: { id: pathId(["fresh:user", "fresh:inactive", "self"], "user") },
    body: { intent: pick("deactivate", "reactivate") },
    roles: MANAGERS,
    refused: "yard_driver",
    freshActor: true,
  },
  { route: "change-password", method: "POST", path: "/change-password", form: true, body: passwordFields, roles: ALL, freshActor: true },
  {
    route: "login",
    method: "POST",
    path: "/login",
    form: true,
    body: {
      intent: pick("", "replace_other_session"),
      email: fc.integer({ min: 1, max: 999 }).map((n) => `nobody${n}@fuzz.test`),
      password,
      agreed_to_terms: formFlag,
      force_login: formFlag,
    },
    roles: [],
    anonymous: true,
    exempt: ["login_attempts", "audit_logs"],
  },
  { route: "logout", method: "POST", path: "/logout", form: true, roles: ALL, anonymous: true, freshActor: true },
  { route: "moves.new", method: "POST", path: "/moves/new", form: true, body: moveFormFields, roles: MANAGERS, refused: "mechanic" },
  {
    route: "moves.$id.$action",
    method: "POST",
    path: "/moves/{id}/{action}",
    form: true,
    params: { id: moveId, action: moveActions },
    body: { back: moveFormFields.back, reply: moveFormFields.reply },
    roles: MOVERS,
    refused: "mechanic",
  },
  {
    route: "trailers.bulk-upload.template",
    method: "GET",
    path: "/trailers/bulk-upload/template",
    page: true,
    roles: EDITORS,
    refused: "manager",
  },
  // The dashboards' loaders: the view and the Create Move draft stand in the query.
  { route: "_index", method: "GET", path: "/", page: true, query: dashboardQuery, roles: ALL },
  {
    route: "admin.dashboard",
    method: "GET",
    path: "/admin/dashboard",
    page: true,
    query: {
      ...analyticsQuery,
      company: analyticsQuery.company_id,
      account: analyticsQuery.account_id,
      q: q.q,
      move_list: pick("requested", "finished"),
    },
    roles: ADMIN,
    refused: "super_manager",
  },
  { route: "audit-logs", method: "GET", path: "/audit-logs", page: true, query: auditQuery, roles: ADMIN, refused: "super_manager" },
  // Reports: the print page, CSV and Excel file of a list, read from the list's own query; a window (Accept: text/html) gets a page.
  {
    route: "reports.$type",
    method: "GET",
    path: "/reports/{type}",
    page: true,
    params: { type: reportAddress },
    query: reportQuery,
    headers: { Accept: pick("text/html,application/xhtml+xml,*/*;q=0.8", "application/json", "*/*") },
    roles: MANAGERS,
    refused: "yard_driver",
  },
  {
    route: "$",
    method: "POST",
    path: "/{rest}",
    form: true,
    params: { rest: anyPath },
    body: { a: text },
    roles: ["manager"],
    anonymous: true,
  },
];
