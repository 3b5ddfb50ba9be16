/**
 * The whole data model of Yardline. Every table the product uses is declared here;
 * migrations under db/migrations are generated from this file (`npm run db:generate`),
 * plus hand-written SQL for triggers (audit trail, active move legs).
 */
import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  interval,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
const createdAt = () => timestamptz("created_at").notNull().defaultNow();
const updatedAt = () => timestamptz("updated_at").notNull().defaultNow();

export const companies = pgTable("companies", {
  id: serial("id").primaryKey(),
  companyName: text("company_name").notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const accounts = pgTable(
  "accounts",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "restrict" }),
    accountName: text("account_name").notNull(),
    location: text("location").notNull(),
    yardCount: integer("yard_count").notNull().default(0),
    buildingCount: integer("building_count").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("accounts_company_idx").on(t.companyId),
    check("accounts_yard_count_check", sql`${t.yardCount} >= 0`),
    check("accounts_building_count_check", sql`${t.buildingCount} >= 0`),
  ],
);

export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    accountId: integer("account_id").references(() => accounts.id, { onDelete: "restrict" }),
    alphaCode: text("alpha_code"),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    driverNumber: integer("driver_number"),
    firstName: text("first_name"),
    lastName: text("last_name"),
    isAdmin: boolean("is_admin").notNull().default(false),
    isSuperManager: boolean("is_super_manager").notNull().default(false),
    isAccountManager: boolean("is_account_manager").notNull().default(false),
    isManager: boolean("is_manager").notNull().default(false),
    isYardDriver: boolean("is_yard_driver").notNull().default(false),
    isRoadDriver: boolean("is_road_driver").notNull().default(false),
    isMechanic: boolean("is_mechanic").notNull().default(false),
    isSecurity: boolean("is_security").notNull().default(false),
    isActive: boolean("is_active").notNull().default(true),
    firstLogin: boolean("first_login").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("users_email_key").on(t.email),
    uniqueIndex("users_alpha_code_key").on(t.alphaCode),
    index("users_account_idx").on(t.accountId),
    check("users_email_lowercase", sql`${t.email} = lower(${t.email})`),
    check("users_alpha_code_uppercase", sql`${t.alphaCode} = upper(${t.alphaCode})`),
    check(
      "users_exactly_one_role",
      sql`(${t.isAdmin}::int + ${t.isSuperManager}::int + ${t.isAccountManager}::int + ${t.isManager}::int
        + ${t.isYardDriver}::int + ${t.isRoadDriver}::int + ${t.isMechanic}::int + ${t.isSecurity}::int) = 1`,
    ),
    check("users_account_unless_admin", sql`${t.isAdmin} OR ${t.accountId} IS NOT NULL`),
  ],
);

/** Server-side sessions. The cookie carries a random token; only its SHA-256 hash is stored. */
export const sessions = pgTable(
  "sessions",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    csrfSecret: text("csrf_secret").notNull(),
    userAgent: text("user_agent"),
    ipAddress: text("ip_address"),
    loginTime: timestamptz("login_time").notNull().defaultNow(),
    lastActivity: timestamptz("last_activity").notNull().defaultNow(),
    endedAt: timestamptz("ended_at"),
    /** logout | timeout | replaced | deactivated */
    endReason: text("end_reason"),
  },
  (t) => [
    uniqueIndex("sessions_token_hash_key").on(t.tokenHash),
    // One live session per user, decided by the database.
    uniqueIndex("sessions_one_live_per_user")
      .on(t.userId)
      .where(sql`${t.endedAt} IS NULL`),
    check("sessions_end_reason_check", sql`${t.endReason} IS NULL OR ${t.endReason} IN ('logout', 'timeout', 'replaced', 'deactivated')`),
  ],
);

export const loginAttempts = pgTable(
  "login_attempts",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    email: text("email").notNull(),
    ipAddress: text("ip_address"),
    succeeded: boolean("succeeded").notNull(),
    attemptedAt: timestamptz("attempted_at").notNull().defaultNow(),
  },
  (t) => [index("login_attempts_email_idx").on(t.email, t.attemptedAt), index("login_attempts_ip_idx").on(t.ipAddress, t.attemptedAt)],
);

/** A single row (id = 1) of product-wide settings. */
export const settings = pgTable(
  "settings",
  {
    id: smallint("id").primaryKey().default(1),
    timeoutHours: numeric("timeout_hours", { precision: 5, scale: 2, mode: "number" }).notNull().default(4),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("settings_single_row", sql`${t.id} = 1`),
    check("settings_timeout_hours_range", sql`${t.timeoutHours} BETWEEN 0.01 AND 24`),
  ],
);

export const yards = pgTable(
  "yards",
  {
    id: serial("id").primaryKey(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "restrict" }),
    name: text("name").notNull(),
    parkingLocation: text("parking_location"),
    parkingSpots: boolean("parking_spots").notNull().default(false),
    entryTime: timestamptz("entry_time"),
    address: text("address"),
    city: text("city"),
    state: text("state"),
    zipCode: text("zip_code"),
    description: text("description"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("yards_account_name_key").on(t.accountId, t.name)],
);

export const buildings = pgTable(
  "buildings",
  {
    id: serial("id").primaryKey(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "restrict" }),
    buildingName: text("building_name").notNull(),
    buildingDoorNumber: integer("building_door_number").notNull(),
    location: text("location"),
    address: text("address"),
    city: text("city"),
    state: text("state"),
    zipCode: text("zip_code"),
    description: text("description"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("buildings_account_name_key").on(t.accountId, t.buildingName),
    check("buildings_door_number_range", sql`${t.buildingDoorNumber} BETWEEN 1 AND 999`),
  ],
);

/**
 * The text the dashboard's search looks in, one trigram index over it: the searched columns of a
 * trailer joined by spaces. A search reads it as a first sieve, then keeps the rows whose own
 * columns contain the text (a match across two columns is no match).
 */
export function trailerSearchText(t: {
  trailerNumber: AnyPgColumn;
  trailerLocation: AnyPgColumn;
  licensePlate: AnyPgColumn;
  companyOwner: AnyPgColumn;
  loadNumber: AnyPgColumn;
  lastUser: AnyPgColumn;
  taggedDescription: AnyPgColumn;
  type: AnyPgColumn;
}) {
  const columns = [
    t.trailerNumber,
    t.trailerLocation,
    t.licensePlate,
    t.companyOwner,
    t.loadNumber,
    t.lastUser,
    t.taggedDescription,
    t.type,
  ];
  return sql.join(
    columns.map((column) => sql`coalesce(${column}, '')`),
    sql` || ' ' || `,
  );
}

export const trailers = pgTable(
  "trailers",
  {
    id: serial("id").primaryKey(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "restrict" }),
    companyOwner: text("company_owner").notNull(),
    trailerNumber: text("trailer_number").notNull(),
    trailerLocation: text("trailer_location").notNull(),
    type: text("type"),
    licenseState: text("license_state"),
    licensePlate: text("license_plate"),
    isLoaded: boolean("is_loaded").notNull().default(false),
    loadNumber: text("load_number"),
    isTray: boolean("is_tray").notNull().default(false),
    trayCount: integer("tray_count").notNull().default(0),
    redTagged: boolean("red_tagged").notNull().default(false),
    yellowTagged: boolean("yellow_tagged").notNull().default(false),
    inShop: boolean("in_shop").notNull().default(false),
    taggedDescription: text("tagged_description"),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    lastUser: text("last_user"),
    lastInspection: date("last_inspection", { mode: "string" }),
    nextInspection: date("next_inspection", { mode: "string" }),
    lastMaintenance: date("last_maintenance", { mode: "string" }),
    nextMaintenance: date("next_maintenance", { mode: "string" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("trailers_account_number_key").on(t.accountId, t.trailerNumber),
    index("trailers_account_location_idx").on(t.accountId, t.trailerLocation),
    index("trailers_account_status_idx").on(t.accountId, t.redTagged, t.yellowTagged, t.inShop),
    // Create Move's trailers at a From location (matched in any case).
    index("trailers_account_location_lower_idx").on(t.accountId, sql`lower(${t.trailerLocation})`),
    // The dashboard's search: a trigram index over the searched columns (TRAILER_SEARCH_TEXT).
    index("trailers_search_idx").using("gin", sql`(${trailerSearchText(t)}) gin_trgm_ops`),
    check("trailers_load_type_exclusive", sql`NOT (${t.isLoaded} AND ${t.isTray})`),
    check("trailers_tray_count_check", sql`${t.trayCount} >= 0`),
  ],
);

/**
 * How many trailers each account has at each location, by the flags the dashboard's filters read
 * (status and load): kept by statement triggers on `trailers` (db/migrations/0012_trailer_lists.sql)
 * in the same transaction as the change, so they are always exact. The Location filter's counts and
 * the total of a list without a search add these up instead of counting the account's trailers.
 */
export const trailerCounts = pgTable(
  "trailer_counts",
  {
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    location: text("location").notNull(),
    redTagged: boolean("red_tagged").notNull(),
    yellowTagged: boolean("yellow_tagged").notNull(),
    inShop: boolean("in_shop").notNull(),
    isLoaded: boolean("is_loaded").notNull(),
    isTray: boolean("is_tray").notNull(),
    trailers: integer("trailers").notNull(),
  },
  (t) => [
    primaryKey({
      name: "trailer_counts_pk",
      columns: [t.accountId, t.location, t.redTagged, t.yellowTagged, t.inShop, t.isLoaded, t.isTray],
    }),
  ],
);

/** Who a trailer was assigned to, and by whom (the spec's user_history). */
export const trailerAssignments = pgTable(
  "trailer_assignments",
  {
    id: serial("id").primaryKey(),
    trailerId: integer("trailer_id")
      .notNull()
      .references(() => trailers.id, { onDelete: "cascade" }),
    assignedUserId: integer("assigned_user_id").references(() => users.id, { onDelete: "set null" }),
    assignedAlphaCode: text("assigned_alpha_code"),
    assignedByAlphaCode: text("assigned_by_alpha_code"),
    assignedAt: timestamptz("assigned_at").notNull().defaultNow(),
  },
  (t) => [index("trailer_assignments_trailer_idx").on(t.trailerId, t.assignedAt)],
);

export const trucks = pgTable(
  "trucks",
  {
    id: serial("id").primaryKey(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "restrict" }),
    assignedUserId: integer("assigned_user_id").references(() => users.id, { onDelete: "set null" }),
    truckNumber: text("truck_number").notNull(),
    truckLocation: text("truck_location").notNull(),
    type: text("type").notNull(),
    licensePlate: text("license_plate").notNull(),
    licenseState: text("license_state").notNull(),
    year: integer("year").notNull(),
    make: text("make").notNull(),
    model: text("model").notNull(),
    vin: text("vin"),
    redTagged: boolean("red_tagged").notNull().default(false),
    yellowTagged: boolean("yellow_tagged").notNull().default(false),
    inShop: boolean("in_shop").notNull().default(false),
    taggedDescription: text("tagged_description"),
    lastUser: text("last_user"),
    lastInspection: date("last_inspection", { mode: "string" }),
    nextInspection: date("next_inspection", { mode: "string" }),
    lastMaintenance: date("last_maintenance", { mode: "string" }),
    nextMaintenance: date("next_maintenance", { mode: "string" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("trucks_account_number_key").on(t.accountId, t.truckNumber),
    index("trucks_account_location_idx").on(t.accountId, t.truckLocation),
    index("trucks_assigned_user_idx").on(t.assignedUserId),
  ],
);

/** Where each trailer stood and when. At most one open entry (no exit time) per trailer. */
export const trailerLocationHistory = pgTable(
  "trailer_location_history",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    trailerId: integer("trailer_id")
      .notNull()
      .references(() => trailers.id, { onDelete: "cascade" }),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "restrict" }),
    location: text("location").notNull(),
    entryTime: timestamptz("entry_time").notNull().defaultNow(),
    exitTime: timestamptz("exit_time"),
    userAlphaCode: text("user_alpha_code"),
  },
  (t) => [
    uniqueIndex("trailer_location_history_one_open")
      .on(t.trailerId)
      .where(sql`${t.exitTime} IS NULL`),
    index("trailer_location_history_trailer_idx").on(t.trailerId, t.entryTime),
    index("trailer_location_history_account_idx").on(t.accountId, t.entryTime),
    // The admin dashboard: stays going on now (idle trailers, the longest stays), stays that ended
    // in a period (dwell), and each door's stays (doors in use).
    index("trailer_location_history_open_idx")
      .on(t.entryTime)
      .where(sql`${t.exitTime} IS NULL`),
    index("trailer_location_history_open_account_idx")
      .on(t.accountId, t.entryTime)
      .where(sql`${t.exitTime} IS NULL`),
    index("trailer_location_history_exit_idx").on(t.exitTime),
    index("trailer_location_history_place_idx").on(t.accountId, t.location, t.exitTime, t.entryTime),
    check("trailer_location_history_exit_after_entry", sql`${t.exitTime} IS NULL OR ${t.exitTime} >= ${t.entryTime}`),
  ],
);

export const truckLocationHistory = pgTable(
  "truck_location_history",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    truckId: integer("truck_id")
      .notNull()
      .references(() => trucks.id, { onDelete: "cascade" }),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "restrict" }),
    location: text("location").notNull(),
    entryTime: timestamptz("entry_time").notNull().defaultNow(),
    exitTime: timestamptz("exit_time"),
    userAlphaCode: text("user_alpha_code"),
  },
  (t) => [
    uniqueIndex("truck_location_history_one_open")
      .on(t.truckId)
      .where(sql`${t.exitTime} IS NULL`),
    index("truck_location_history_truck_idx").on(t.truckId, t.entryTime),
    index("truck_location_history_account_idx").on(t.accountId, t.entryTime),
    check("truck_location_history_exit_after_entry", sql`${t.exitTime} IS NULL OR ${t.exitTime} >= ${t.entryTime}`),
  ],
);

/**
 * A trailer move request. Its state is derived (see app/domain/moves.ts):
 * requested, in progress, finished or cancelled.
 */
export const moves = pgTable(
  "moves",
  {
    id: serial("id").primaryKey(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "restrict" }),
    requestUserId: integer("request_user_id").references(() => users.id, { onDelete: "set null" }),
    /** single | shuttle | triangle */
    moveType: text("move_type").notNull(),
    inProgress: boolean("in_progress").notNull().default(false),
    acceptUserId: integer("accept_user_id").references(() => users.id, { onDelete: "set null" }),
    acceptAlphaCode: text("accept_alpha_code"),
    acceptTime: timestamptz("accept_time"),
    finishTime: timestamptz("finish_time"),
    isCancel: boolean("is_cancel").notNull().default(false),
    cancelTime: timestamptz("cancel_time"),
    cancelUserId: integer("cancel_user_id").references(() => users.id, { onDelete: "set null" }),
    requestTime: timestamptz("request_time").notNull().defaultNow(),
    elapseTime: interval("elapse_time"),
  },
  (t) => [
    index("moves_account_request_time_idx").on(t.accountId, t.requestTime),
    // Every account's moves of a period (the admin dashboard's analytics).
    index("moves_request_time_idx").on(t.requestTime),
    // The newest moves of each state (the Move Status panel's lists, for every account too).
    index("moves_finished_recent_idx")
      .on(t.requestTime, t.id)
      .where(sql`${t.finishTime} IS NOT NULL AND NOT ${t.isCancel}`),
    index("moves_cancelled_recent_idx")
      .on(t.requestTime, t.id)
      .where(sql`${t.isCancel}`),
    index("moves_active_recent_idx")
      .on(t.requestTime, t.id)
      .where(sql`${t.finishTime} IS NULL AND NOT ${t.isCancel}`),
    index("moves_active_idx")
      .on(t.accountId)
      .where(sql`${t.finishTime} IS NULL AND NOT ${t.isCancel}`),
    // Moves finished and cancelled today (the Move Status panel).
    index("moves_finish_time_idx")
      .on(t.finishTime)
      .where(sql`${t.finishTime} IS NOT NULL AND NOT ${t.isCancel}`),
    index("moves_cancel_time_idx")
      .on(t.cancelTime)
      .where(sql`${t.isCancel}`),
    // The moves a search finds by who requested or accepted them.
    index("moves_request_user_idx").on(t.requestUserId),
    index("moves_accept_user_idx").on(t.acceptUserId),
    check("moves_type_check", sql`${t.moveType} IN ('single', 'shuttle', 'triangle')`),
    check("moves_finished_or_cancelled", sql`NOT (${t.isCancel} AND ${t.finishTime} IS NOT NULL)`),
  ],
);

/**
 * The legs of a move (1 for single, 2 for shuttle, 3 for triangle). `active` mirrors the move's
 * state (kept by a trigger on moves), so the database itself refuses a trailer in two active moves.
 */
export const moveLegs = pgTable(
  "move_legs",
  {
    id: serial("id").primaryKey(),
    moveId: integer("move_id")
      .notNull()
      .references(() => moves.id, { onDelete: "cascade" }),
    legNumber: smallint("leg_number").notNull(),
    fromLocation: text("from_location").notNull(),
    toLocation: text("to_location").notNull(),
    /** The trailer moved; null once the trailer is deleted (the leg keeps its number). */
    trailerId: integer("trailer_id").references(() => trailers.id, { onDelete: "set null" }),
    trailerNumber: text("trailer_number").notNull(),
    active: boolean("active").notNull().default(true),
  },
  (t) => [
    uniqueIndex("move_legs_move_leg_key").on(t.moveId, t.legNumber),
    uniqueIndex("move_legs_one_active_move_per_trailer")
      .on(t.trailerId)
      .where(sql`${t.active}`),
    // The global search: the moves whose legs name a trailer, From or To containing the text (any case).
    index("move_legs_search_idx").using(
      "gin",
      t.trailerNumber.op("gin_trgm_ops"),
      t.fromLocation.op("gin_trgm_ops"),
      t.toLocation.op("gin_trgm_ops"),
    ),
    check("move_legs_leg_number_check", sql`${t.legNumber} BETWEEN 1 AND 3`),
    check("move_legs_from_differs_from_to", sql`${t.fromLocation} <> ${t.toLocation}`),
  ],
);

/**
 * The moves counted as they change, for the admin dashboard's analytics over weeks of moves: kept
 * by triggers on `moves` and `move_legs` (db/migrations/0009_move_rollups.sql) in the same
 * transaction as the change, so they are always exact. Moves are counted in the quarter hour
 * (UTC) they were requested in, which every time zone's midnight falls on; the rest by the UTC
 * day they were requested on, the part of a period outside whole days read from the moves
 * themselves.
 */
export const moveQuarters = pgTable(
  "move_quarters",
  {
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    quarter: timestamptz("quarter").notNull(),
    moves: integer("moves").notNull(),
    requested: integer("requested").notNull(),
    inProgress: integer("in_progress").notNull(),
    finished: integer("finished").notNull(),
    cancelled: integer("cancelled").notNull(),
    /** Request to finish of the finished moves, added up. */
    finishedMinutes: doublePrecision("finished_minutes").notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.quarter] }), index("move_quarters_quarter_idx").on(t.quarter)],
);

/** Each account's moves in each state, all time (the Move Status panel's counts). */
export const moveTotals = pgTable("move_totals", {
  accountId: integer("account_id")
    .primaryKey()
    .references(() => accounts.id, { onDelete: "cascade" }),
  requested: integer("requested").notNull(),
  inProgress: integer("in_progress").notNull(),
  finished: integer("finished").notNull(),
  cancelled: integer("cancelled").notNull(),
});

/** Legs from or to each location, by the UTC day their moves were requested (every move, whatever its state). */
export const moveLocationDays = pgTable(
  "move_location_days",
  {
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    day: date("day").notNull(),
    location: text("location").notNull(),
    legs: integer("legs").notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.day, t.location] }), index("move_location_days_day_idx").on(t.day)],
);

/** Legs of finished moves per route (from → to), by the UTC day their moves were requested. */
export const moveRouteDays = pgTable(
  "move_route_days",
  {
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    day: date("day").notNull(),
    fromLocation: text("from_location").notNull(),
    toLocation: text("to_location").notNull(),
    legs: integer("legs").notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.day, t.fromLocation, t.toLocation] }), index("move_route_days_day_idx").on(t.day)],
);

/**
 * Finished moves per driver (the accepting user; 0 once that user is deleted, with the alpha
 * code the move kept) and their accept-to-finish minutes, by the UTC day they were requested.
 */
export const moveDriverDays = pgTable(
  "move_driver_days",
  {
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    day: date("day").notNull(),
    driverId: integer("driver_id").notNull(),
    alphaCode: text("alpha_code").notNull(),
    finished: integer("finished").notNull(),
    activeMinutes: doublePrecision("active_minutes").notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.day, t.driverId, t.alphaCode] }), index("move_driver_days_day_idx").on(t.day)],
);

/**
 * How many moves took each whole number of minutes from request to accept (`accept`) and from
 * accept to finish (`drive`), by the UTC day they were requested: the medians and 90th
 * percentiles of the period are read from these.
 */
export const moveMinuteDays = pgTable(
  "move_minute_days",
  {
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    day: date("day").notNull(),
    measure: text("measure").notNull(),
    minutes: integer("minutes").notNull(),
    moves: integer("moves").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.day, t.measure, t.minutes] }),
    index("move_minute_days_day_idx").on(t.day),
    check("move_minute_days_measure_check", sql`${t.measure} IN ('accept', 'drive')`),
  ],
);

/**
 * Trailers' stays that ended, by the UTC day they ended, the kind of location (Door, Yard, Shop,
 * Road) and their length in minutes as `yardline_stay_minutes` counts it (to the minute under an
 * hour, to five minutes under a day, to the hour beyond): the dwell times of a period are read
 * from these. Kept by triggers on `trailer_location_history` (db/migrations/0009_move_rollups.sql).
 */
export const stayDays = pgTable(
  "stay_days",
  {
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    day: date("day").notNull(),
    kind: text("kind").notNull(),
    minutes: integer("minutes").notNull(),
    stays: integer("stays").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.day, t.kind, t.minutes] }),
    index("stay_days_day_idx").on(t.day),
    check("stay_days_kind_check", sql`${t.kind} IN ('Door', 'Yard', 'Shop', 'Road')`),
  ],
);

/**
 * Written only by the audit triggers (db/migrations/0001_triggers.sql, 0003_audit_inserts_per_statement.sql,
 * 0004_audit_trail.sql) and the sign-in events of the auth service; append-only: a trigger refuses
 * every UPDATE, DELETE and TRUNCATE.
 */
export const auditLogs = pgTable(
  "audit_logs",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    timestamp: timestamptz("timestamp").notNull().defaultNow(),
    /** The acting user's id when the row was written: an alpha code may change, the id does not. */
    userId: integer("user_id"),
    userAlphaCode: text("user_alpha_code"),
    tableName: text("table_name").notNull(),
    recordId: text("record_id"),
    action: text("action").notNull(),
    changedFields: jsonb("changed_fields").$type<Record<string, { old: unknown; new: unknown }>>(),
    /**
     * What the log's text search reads (a trigram index serves it): the user, table, record and the
     * changed values (old and new, not the field names nor the JSON around them: fewer trigrams to
     * index for every row written).
     */
    searchText: text("search_text").generatedAlwaysAs(
      sql`coalesce(user_alpha_code, '') || ' ' || table_name || ' ' || coalesce(record_id, '') || ' ' || coalesce(jsonb_path_query_array(changed_fields, '$.*.* ? (@ != null)')::text, '')`,
    ),
  },
  (t) => [
    index("audit_logs_time_idx").on(t.timestamp, t.id),
    index("audit_logs_table_time_idx").on(t.tableName, t.timestamp, t.id),
    index("audit_logs_action_time_idx").on(t.action, t.timestamp, t.id),
    index("audit_logs_table_record_idx").on(t.tableName, t.recordId),
    index("audit_logs_user_idx").on(t.userId, t.timestamp, t.id),
    index("audit_logs_search_idx").using("gin", t.searchText.op("gin_trgm_ops")),
    check("audit_logs_action_check", sql`${t.action} IN ('CREATE', 'UPDATE', 'DELETE', 'SIGN_IN', 'SIGN_IN_FAILED', 'SIGN_OUT')`),
  ],
);

/**
 * The audit log counted by the hour and by the day, per table and action: the audit page's cards
 * add these up instead of counting a million rows. Filled by a trigger on `audit_logs` (see
 * db/migrations/0005_audit_log_counts.sql): an hour is counted once it closed an hour ago, a day
 * once its last hour is counted; rows written later for an hour already counted (backdated) are
 * added as they arrive. `audit_log_counts()` adds the counted hours and days to the rows not yet
 * counted.
 */
export const auditLogHours = pgTable(
  "audit_log_hours",
  {
    hour: timestamptz("hour").notNull(),
    tableName: text("table_name").notNull(),
    action: text("action").notNull(),
    rows: bigint("rows", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.hour, t.tableName, t.action] })],
);

export const auditLogDays = pgTable(
  "audit_log_days",
  {
    day: timestamptz("day").notNull(),
    tableName: text("table_name").notNull(),
    action: text("action").notNull(),
    rows: bigint("rows", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.tableName, t.action] })],
);

/** One row: the hours before `through` (a whole UTC hour) are counted in `audit_log_hours`. */
export const auditLogCounted = pgTable(
  "audit_log_counted",
  {
    one: boolean("one").primaryKey().default(true),
    through: timestamptz("through").notNull(),
  },
  (t) => [check("audit_log_counted_one", sql`${t.one}`)],
);
