/**
 * The counts of moves behind the admin dashboard's analytics and the Move Status panel
 * (db/migrations/0009_move_rollups.sql): per account and state, per quarter hour of request, and
 * per UTC day of request by location, route, driver and minutes taken. They are kept as moves and
 * legs change, and this file proves that they always say what counting the moves afresh says
 * (`yardline_recount_moves()`): after every step of moving trailers through the app, after changes
 * made straight in the database (a driver deleted, a leg changed, a move deleted, old moves loaded
 * in bulk), and while many people move trailers at once. It then proves that the dashboard's
 * figures read from them equal the same figures counted straight from the moves and legs, for
 * periods that start at any instant (on, just before and just after a quarter hour or a UTC
 * midnight), in time zones whose midnights fall on the hour, the half hour and the quarter hour.
 */
import { isDeepStrictEqual } from "node:util";
import { eq } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildings, users, yards } from "#db/schema";
import { ANALYTICS_PERIODS, periodDays, periodStart, type AnalyticsPeriod } from "#app/domain/analytics";
import type { MoveAction, MoveState } from "#app/domain/moves";
import { openDatabase, type Database } from "#app/lib/db.server";
import { adminAnalytics } from "#app/services/analytics.server";
import type { ServiceContext } from "#app/services/context.server";
import { moveSummary } from "#app/services/move-panel.server";
import { createMove, transitionMove } from "#app/services/moves.server";
import { randomGenerator } from "#db/seed";
import { backendOf, race, waitsOn } from "./concurrency";
import { createTestDatabase, type TestDatabase } from "./database";
import { contextFor, createAccount, createTrailer, createUser } from "./fixtures";

type UserRow = Awaited<ReturnType<typeof createUser>>;
type TrailerRow = Awaited<ReturnType<typeof createTrailer>>;

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

let test: TestDatabase;
let sql: pg.Client;
const clients: pg.Client[] = [];
const pools: { close(): Promise<void> }[] = [];

async function client(): Promise<pg.Client> {
  const connection = new pg.Client({ connectionString: test.url });
  await connection.connect();
  clients.push(connection);
  return connection;
}

/** A database handle of its own (its own connection), as each request has. */
function ownDatabase(): Database {
  const opened = openDatabase({ DATABASE_URL: test.url });
  pools.push(opened);
  return opened.db;
}

const ctxOf = (user: UserRow, db: Database = test.db): ServiceContext => contextFor(db, user).ctx;

beforeAll(async () => {
  test = await createTestDatabase();
  sql = await client();
});

afterAll(async () => {
  await Promise.all(clients.map((connection) => connection.end()));
  await Promise.all(pools.map((pool) => pool.close()));
  await test?.close();
});

/** Yards A and B and building North (doors 1 to 4): where the account's trailers go. */
async function addPlaces(accountId: number) {
  await test.db.insert(yards).values([
    { accountId, name: "Yard A" },
    { accountId, name: "Yard B" },
  ]);
  await test.db.insert(buildings).values({ accountId, buildingName: "North", buildingDoorNumber: 4 });
}

// ---------------------------------------------------------------------------------------------
// The counts kept, and the counts made afresh

/** Each table of counts: the columns that name a row, and its counts (the last of some is minutes, a float). */
const COUNTS = [
  { table: "move_totals", keys: ["account_id"], counts: ["requested", "in_progress", "finished", "cancelled"] },
  {
    table: "move_quarters",
    keys: ["account_id", "quarter"],
    counts: ["moves", "requested", "in_progress", "finished", "cancelled", "finished_minutes"],
  },
  { table: "move_location_days", keys: ["account_id", "day", "location"], counts: ["legs"] },
  { table: "move_route_days", keys: ["account_id", "day", "from_location", "to_location"], counts: ["legs"] },
  { table: "move_driver_days", keys: ["account_id", "day", "driver_id", "alpha_code"], counts: ["finished", "active_minutes"] },
  { table: "move_minute_days", keys: ["account_id", "day", "measure", "minutes"], counts: ["moves"] },
] as const;

const TOLERANCE = 1e-6;
type Counted = Record<string, Map<string, number[]>>;

/**
 * Every row of every table of counts (of the accounts named, else of all), but those whose
 * counts are all zero (a row emptied by later changes).
 */
async function readCounts(connection: pg.Client, accountIds: number[] | null): Promise<Counted> {
  const counted: Counted = {};
  for (const { table, keys, counts } of COUNTS) {
    const { rows } = await connection.query<{ key: string; counts: number[] }>(
      `select concat_ws(' | ', ${keys.map((key) => `${key}::text`).join(", ")}) as key,
              array[${counts.join(", ")}]::float8[] as counts
         from ${table} where $1::int[] is null or account_id = any($1)`,
      [accountIds],
    );
    counted[table] = new Map(
      rows.filter((row) => row.counts.some((value) => Math.abs(value) > TOLERANCE)).map((row) => [row.key, row.counts]),
    );
  }
  return counted;
}

/**
 * Where the counts kept differ from the counts made afresh from the moves and legs (of the
 * accounts named, else of all): the recount runs in a transaction rolled back, so the counts kept
 * go on being kept from where they were.
 */
async function keptAgainstRecount(accountIds: number[] | null): Promise<string[]> {
  const kept = await readCounts(sql, accountIds);
  await sql.query("begin");
  let recounted: Counted;
  try {
    await sql.query("select yardline_recount_moves()");
    recounted = await readCounts(sql, accountIds);
  } finally {
    await sql.query("rollback");
  }
  const differences: string[] = [];
  for (const { table, counts } of COUNTS) {
    const keys = new Set([...kept[table].keys(), ...recounted[table].keys()]);
    for (const key of [...keys].sort()) {
      const mine = kept[table].get(key) ?? counts.map(() => 0);
      const fresh = recounted[table].get(key) ?? counts.map(() => 0);
      if (mine.some((value, index) => Math.abs(value - fresh[index]) > TOLERANCE))
        differences.push(`${table} [${key}]: kept ${JSON.stringify(mine)}, recounted ${JSON.stringify(fresh)}`);
    }
  }
  return differences;
}

/** An account's totals as kept, and as counting its moves says. */
async function totalsOf(accountId: number) {
  const {
    rows: [row],
  } = await sql.query(
    `select (select json_build_object('requested', requested, 'in_progress', in_progress, 'finished', finished, 'cancelled', cancelled)
               from move_totals where account_id = $1) as kept,
            (select json_build_object(
               'requested', count(*) filter (where not is_cancel and finish_time is null and not in_progress),
               'in_progress', count(*) filter (where not is_cancel and finish_time is null and in_progress),
               'finished', count(*) filter (where not is_cancel and finish_time is not null),
               'cancelled', count(*) filter (where is_cancel))
               from moves where account_id = $1) as counted`,
    [accountId],
  );
  return row as { kept: Record<MoveState, number> | null; counted: Record<MoveState, number> };
}

/** Sums of an account's kept counts, across days and quarters. */
async function sumsOf(accountId: number) {
  const {
    rows: [row],
  } = await sql.query(
    `select (select coalesce(sum(moves), 0)::int from move_quarters where account_id = $1) as quarter_moves,
            (select coalesce(sum(legs), 0)::int from move_location_days where account_id = $1) as location_ends,
            (select coalesce(sum(legs), 0)::int from move_route_days where account_id = $1) as finished_legs,
            (select coalesce(sum(moves), 0)::int from move_minute_days where account_id = $1 and measure = 'accept') as accepted,
            (select coalesce(sum(moves), 0)::int from move_minute_days where account_id = $1 and measure = 'drive') as driven,
            (select coalesce(json_object_agg(driver_id || ' ' || alpha_code, finished), '{}') from
               (select driver_id, alpha_code, sum(finished)::int as finished from move_driver_days where account_id = $1
                 group by 1, 2 having sum(finished) <> 0) as d) as drivers`,
    [accountId],
  );
  return row as {
    quarter_moves: number;
    location_ends: number;
    finished_legs: number;
    accepted: number;
    driven: number;
    drivers: Record<string, number>;
  };
}

// ---------------------------------------------------------------------------------------------
// Moves written straight to the tables (old moves loaded in bulk, as the demo data does)

interface MoveSpec {
  accountId: number;
  requested: Date;
  accepted?: Date;
  finished?: Date;
  cancelled?: Date;
  driver?: { id: number | null; alphaCode: string | null };
  legs: [from: string, to: string][];
}

const TYPE_OF = ["single", "shuttle", "triangle"] as const;

/**
 * Writes moves straight to the tables, a statement for all the moves and then one for all their
 * legs (as the demo data is loaded). With `stepwise`, the moves are written requested and then
 * accepted, finished and cancelled by one statement each, as a bulk correction would.
 */
async function insertMoves(connection: pg.Client, specs: MoveSpec[], stepwise = false): Promise<void> {
  const { rows: idRows } = await connection.query<{ id: number }>(
    `select nextval(pg_get_serial_sequence('moves', 'id'))::int as id from generate_series(1, $1::int)`,
    [specs.length],
  );
  const ids = idRows.map((row) => row.id);
  const rows = specs.map((spec, index) => ({
    id: ids[index],
    account_id: spec.accountId,
    move_type: TYPE_OF[spec.legs.length - 1],
    request_time: spec.requested.toISOString(),
    in_progress: spec.accepted !== undefined,
    accept_user_id: spec.accepted ? (spec.driver?.id ?? null) : null,
    accept_alpha_code: spec.accepted ? (spec.driver?.alphaCode ?? null) : null,
    accept_time: spec.accepted?.toISOString() ?? null,
    finish_time: spec.finished?.toISOString() ?? null,
    is_cancel: spec.cancelled !== undefined,
    cancel_time: spec.cancelled?.toISOString() ?? null,
  }));
  const columns = `x(id int, account_id int, move_type text, request_time timestamptz, in_progress boolean, accept_user_id int,
                     accept_alpha_code text, accept_time timestamptz, finish_time timestamptz, is_cancel boolean, cancel_time timestamptz)`;
  await connection.query("begin");
  try {
    if (stepwise) {
      await connection.query(
        `insert into moves (id, account_id, move_type, request_time)
         select x.id, x.account_id, x.move_type, x.request_time from json_to_recordset($1::json) as ${columns}`,
        [JSON.stringify(rows)],
      );
    } else {
      await connection.query(
        `insert into moves (id, account_id, move_type, request_time, in_progress, accept_user_id, accept_alpha_code, accept_time,
                            finish_time, elapse_time, is_cancel, cancel_time)
         select x.id, x.account_id, x.move_type, x.request_time, x.in_progress, x.accept_user_id, x.accept_alpha_code, x.accept_time,
                x.finish_time, x.finish_time - x.request_time, x.is_cancel, x.cancel_time
           from json_to_recordset($1::json) as ${columns}`,
        [JSON.stringify(rows)],
      );
    }
    const legs = specs.flatMap((spec, index) =>
      spec.legs.map(([from, to], leg) => ({ move_id: ids[index], leg_number: leg + 1, from, to, trailer: `L${ids[index]}-${leg + 1}` })),
    );
    await connection.query(
      `insert into move_legs (move_id, leg_number, from_location, to_location, trailer_number)
       select x.move_id, x.leg_number, x."from", x."to", x.trailer
         from json_to_recordset($1::json) as x(move_id int, leg_number int, "from" text, "to" text, trailer text)`,
      [JSON.stringify(legs)],
    );
    if (stepwise) {
      const list = JSON.stringify(rows);
      await connection.query(
        `update moves set in_progress = true, accept_user_id = x.accept_user_id, accept_alpha_code = x.accept_alpha_code, accept_time = x.accept_time
           from json_to_recordset($1::json) as ${columns} where moves.id = x.id and x.accept_time is not null`,
        [list],
      );
      await connection.query(
        `update moves set finish_time = x.finish_time, elapse_time = x.finish_time - moves.request_time
           from json_to_recordset($1::json) as ${columns} where moves.id = x.id and x.finish_time is not null`,
        [list],
      );
      await connection.query(
        `update moves set is_cancel = true, cancel_time = x.cancel_time
           from json_to_recordset($1::json) as ${columns} where moves.id = x.id and x.is_cancel`,
        [list],
      );
    }
    await connection.query("commit");
  } catch (error) {
    await connection.query("rollback");
    throw error;
  }
}

/** The demo data's repeatable generator (mulberry32), with numbers between two bounds: the same moves on every run. */
function randomFrom(seed: number) {
  const random = randomGenerator(seed);
  return { ...random, between: (low: number, high: number) => low + (high - low) * random.next() };
}
type Random = ReturnType<typeof randomFrom>;

// ---------------------------------------------------------------------------------------------

describe("the counts kept as moves change", () => {
  let accountA: number;
  let accountB: number;
  let managerA: UserRow;
  let driverA1: UserRow;
  let driverA2: UserRow;
  let managerB: UserRow;
  let driverB: UserRow;
  const trailersA: TrailerRow[] = [];
  const trailersB: TrailerRow[] = [];
  const movesA: Record<string, number> = {};
  const movesB: Record<string, number> = {};

  beforeAll(async () => {
    accountA = (await createAccount(test.db, "Rollup Yard A")).id;
    accountB = (await createAccount(test.db, "Rollup Yard B")).id;
    await addPlaces(accountA);
    await addPlaces(accountB);
    managerA = await createUser(test.db, { role: "manager", accountId: accountA });
    driverA1 = await createUser(test.db, { role: "yard_driver", accountId: accountA });
    driverA2 = await createUser(test.db, { role: "yard_driver", accountId: accountA });
    managerB = await createUser(test.db, { role: "manager", accountId: accountB });
    driverB = await createUser(test.db, { role: "yard_driver", accountId: accountB });
    for (let i = 0; i < 10; i++) trailersA.push(await createTrailer(test.db, accountA, "Yard A"));
    for (let i = 0; i < 4; i++) trailersB.push(await createTrailer(test.db, accountB, "Yard A"));
  });

  /** A move requested by `manager` over `legs` (trailer, from, to), then taken through `steps`, each by who is named. */
  async function moveThrough(manager: UserRow, legs: [TrailerRow, string, string][], steps: [MoveAction, UserRow][] = []) {
    const move = await createMove(ctxOf(manager), {
      move_details: {
        type: TYPE_OF[legs.length - 1],
        moves: legs.map(([trailer, from, to]) => ({ from, to, trailer: trailer.trailerNumber })),
      },
    });
    for (const [action, actor] of steps) await transitionMove(ctxOf(actor), move.id, action);
    return move.id;
  }

  it("agree with a recount after requests, accepts, finishes and cancels of single, shuttle and triangle moves", async () => {
    const [t1, t2, t3, t4, t5, t6, t7, t8, t9, t10] = trailersA;
    const drive = (driver: UserRow): [MoveAction, UserRow][] => [
      ["accept", driver],
      ["finish", driver],
    ];
    movesA.single = await moveThrough(managerA, [[t1, "Yard A", "Yard B"]], drive(driverA1));
    expect(await keptAgainstRecount([accountA, accountB])).toEqual([]);
    movesA.shuttle = await moveThrough(
      managerA,
      [
        [t2, "Yard A", "North-1"],
        [t3, "Yard A", "North-2"],
      ],
      drive(driverA2),
    );
    movesA.triangle = await moveThrough(
      managerA,
      [
        [t4, "Yard A", "Yard B"],
        [t5, "Yard A", "North-3"],
        [t6, "Yard A", "Shop"],
      ],
      drive(driverA1),
    );
    expect(await keptAgainstRecount([accountA, accountB])).toEqual([]);
    // Cancelled while requested (by the manager), and while in progress (by the driver who accepted it).
    movesA.cancelledRequested = await moveThrough(managerA, [[t7, "Yard A", "North-4"]], [["cancel", managerA]]);
    movesA.cancelledInProgress = await moveThrough(
      managerA,
      [[t8, "Yard A", "Yard B"]],
      [
        ["accept", driverA2],
        ["cancel", driverA2],
      ],
    );
    movesA.inProgress = await moveThrough(managerA, [[t9, "Yard A", "North-1"]], [["accept", driverA2]]);
    movesA.requested = await moveThrough(managerA, [[t10, "Yard A", "Shop"]]);
    expect(await keptAgainstRecount([accountA, accountB])).toEqual([]);

    const [b1, b2, b3, b4] = trailersB;
    movesB.shuttle = await moveThrough(
      managerB,
      [
        [b1, "Yard A", "Yard B"],
        [b2, "Yard A", "North-2"],
      ],
      drive(driverB),
    );
    movesB.cancelled = await moveThrough(managerB, [[b3, "Yard A", "Shop"]], [["cancel", managerB]]);
    movesB.requested = await moveThrough(managerB, [[b4, "Yard A", "North-1"]]);
    expect(await keptAgainstRecount([accountA, accountB])).toEqual([]);

    // Worked out by hand: A has 7 moves and 10 legs, 3 moves finished with 6 legs, 5 accepted.
    expect((await totalsOf(accountA)).kept).toEqual({ requested: 1, in_progress: 1, finished: 3, cancelled: 2 });
    expect((await totalsOf(accountB)).kept).toEqual({ requested: 1, in_progress: 0, finished: 1, cancelled: 1 });
    expect(await sumsOf(accountA)).toEqual({
      quarter_moves: 7,
      location_ends: 20,
      finished_legs: 6,
      accepted: 5,
      driven: 3,
      drivers: { [`${driverA1.id} ${driverA1.alphaCode}`]: 2, [`${driverA2.id} ${driverA2.alphaCode}`]: 1 },
    });
    // The Move Status panel reads these totals.
    const panel = await moveSummary(ctxOf(managerA), {});
    expect(panel.counts).toMatchObject({ requested: 1, in_progress: 1, finished: 3, cancelled: 2 });
  });

  it("agree with a recount after a driver who finished moves is deleted: the moves count for no driver, under their alpha code", async () => {
    await sql.query("delete from users where id = $1", [driverA1.id]);
    expect(await keptAgainstRecount([accountA, accountB])).toEqual([]);
    expect((await sumsOf(accountA)).drivers).toEqual({
      [`0 ${driverA1.alphaCode}`]: 2,
      [`${driverA2.id} ${driverA2.alphaCode}`]: 1,
    });
  });

  it("agree with a recount after legs change where they go from or to", async () => {
    // A finished move's leg (its route changes) and a requested move's leg (only its locations).
    await sql.query(`update move_legs set to_location = 'North-4' where move_id = $1 and leg_number = 1`, [movesA.shuttle]);
    await sql.query(`update move_legs set from_location = 'Yard B' where move_id = $1`, [movesA.requested]);
    expect(await keptAgainstRecount([accountA, accountB])).toEqual([]);
    // A yard renamed: every leg from it, then every leg to it, in both accounts, by one statement each.
    const bothAccounts = `move_id in (select id from moves where account_id in (${accountA}, ${accountB}))`;
    await sql.query(`update move_legs set from_location = 'Yard Z' where from_location = 'Yard A' and ${bothAccounts}`);
    await sql.query(`update move_legs set to_location = 'Yard Z' where to_location = 'Yard A' and ${bothAccounts}`);
    expect(await keptAgainstRecount([accountA, accountB])).toEqual([]);
    const { rows } = await sql.query(
      `select coalesce(sum(legs), 0)::int as legs from move_location_days where location = 'Yard A' and account_id = any($1)`,
      [[accountA, accountB]],
    );
    expect(rows[0].legs).toBe(0);
    // A leg removed from a finished move, and one added to it.
    await sql.query(`delete from move_legs where move_id = $1 and leg_number = 3`, [movesA.triangle]);
    await sql.query(
      `insert into move_legs (move_id, leg_number, from_location, to_location, trailer_number) values ($1, 3, 'Shop', 'North-2', 'ADDED')`,
      [movesA.triangle],
    );
    expect(await keptAgainstRecount([accountA, accountB])).toEqual([]);
  });

  it("agree with a recount after moves are deleted, their legs with them", async () => {
    const before = await sumsOf(accountA);
    await sql.query("delete from moves where id = $1", [movesA.triangle]);
    expect(await keptAgainstRecount([accountA, accountB])).toEqual([]);
    // Several moves of both accounts (requested, in progress, cancelled) by one statement.
    await sql.query("delete from moves where id = any($1)", [
      [movesA.requested, movesA.inProgress, movesA.cancelledRequested, movesB.cancelled],
    ]);
    expect(await keptAgainstRecount([accountA, accountB])).toEqual([]);
    expect((await totalsOf(accountA)).kept).toEqual({ requested: 0, in_progress: 0, finished: 2, cancelled: 1 });
    expect((await totalsOf(accountB)).kept).toEqual({ requested: 1, in_progress: 0, finished: 1, cancelled: 0 });
    // Gone from A: the triangle's 3 legs (finished), and three single moves' legs.
    expect(await sumsOf(accountA)).toMatchObject({
      quarter_moves: before.quarter_moves - 4,
      location_ends: before.location_ends - 2 * 6,
      finished_legs: before.finished_legs - 3,
      accepted: before.accepted - 2,
      driven: before.driven - 1,
    });
  });

  it("agree with a recount after old moves are loaded straight into the tables and then corrected in bulk", async () => {
    const random = randomFrom(7);
    const places = ["Yard A", "Yard B", "North-1", "North-2", "Shop"];
    const oldMoves = (accountId: number, drivers: { id: number | null; alphaCode: string | null }[], count: number): MoveSpec[] =>
      Array.from({ length: count }, () => {
        const requested = new Date(Date.UTC(2025, 0, 1) + Math.floor(random.between(0, 20 * DAY) / SECOND) * SECOND);
        const accepted = new Date(requested.getTime() + Math.round(random.between(0.3, 25.7) * MINUTE));
        const ended = new Date(accepted.getTime() + Math.round(random.between(1, 90) * MINUTE));
        const roll = random.next();
        const legs = Array.from({ length: random.int(1, 3) }, (): [string, string] => {
          const from = random.pick(places);
          return [from, random.pick(places.filter((place) => place !== from))];
        });
        const driver = random.pick(drivers);
        if (roll < 0.1) return { accountId, requested, cancelled: ended, legs };
        if (roll < 0.2) return { accountId, requested, accepted, cancelled: ended, driver, legs };
        if (roll < 0.3) return { accountId, requested, accepted, driver, legs };
        return { accountId, requested, accepted, finished: ended, driver, legs };
      });
    const driversA = [
      { id: driverA2.id, alphaCode: driverA2.alphaCode },
      { id: null, alphaCode: "OLDA" },
    ];
    const driversB = [{ id: driverB.id, alphaCode: driverB.alphaCode }];
    await insertMoves(sql, [...oldMoves(accountA, driversA, 40), ...oldMoves(accountB, driversB, 20)]);
    expect(await keptAgainstRecount([accountA, accountB])).toEqual([]);
    await insertMoves(sql, [...oldMoves(accountA, driversA, 30), ...oldMoves(accountB, driversB, 15)], true);
    expect(await keptAgainstRecount([accountA, accountB])).toEqual([]);

    // Corrections over both accounts, one statement each: the moves left in progress finished, and
    // the moves of a driver known only by alpha code given to a user.
    await sql.query(
      `update moves set finish_time = accept_time + interval '17 minutes 30.25 seconds', elapse_time = accept_time + interval '17 minutes' - request_time
        where in_progress and finish_time is null and not is_cancel and request_time < '2025-02-01' and account_id = any($1)`,
      [[accountA, accountB]],
    );
    expect(await keptAgainstRecount([accountA, accountB])).toEqual([]);
    await sql.query(
      `update moves set accept_user_id = $1, accept_alpha_code = $2 where accept_user_id is null and accept_alpha_code = 'OLDA'`,
      [driverA2.id, driverA2.alphaCode],
    );
    expect(await keptAgainstRecount([accountA, accountB])).toEqual([]);

    for (const accountId of [accountA, accountB]) {
      const totals = await totalsOf(accountId);
      expect(totals.kept).toEqual(totals.counted);
    }
    expect((await moveSummary(ctxOf(managerA), {})).counts).toMatchObject((await totalsOf(accountA)).counted);
  });
});

describe("the counts kept as moves change, whatever writes them", () => {
  it("count a finished move's routes once when the move and its legs are written by one statement", async () => {
    const accountId = (await createAccount(test.db)).id;
    await sql.query(
      `with m as (insert into moves (account_id, move_type, request_time, in_progress, accept_time, finish_time)
           values ($1, 'single', '2025-03-05T10:00Z', true, '2025-03-05T10:05Z', '2025-03-05T10:20Z') returning id)
       insert into move_legs (move_id, leg_number, from_location, to_location, trailer_number)
       select id, 1, 'Yard A', 'Yard B', 'T1' from m`,
      [accountId],
    );
    expect(await keptAgainstRecount([accountId])).toEqual([]);
    expect((await sumsOf(accountId)).finished_legs).toBe(1);
  });

  it("move a move's legs to its new day and account when its request time or account is corrected", async () => {
    const accountId = (await createAccount(test.db)).id;
    const otherId = (await createAccount(test.db)).id;
    await insertMoves(sql, [
      {
        accountId,
        requested: new Date("2025-03-01T23:50:00Z"),
        accepted: new Date("2025-03-01T23:55:00Z"),
        finished: new Date("2025-03-02T00:20:00Z"),
        legs: [["Yard A", "Yard B"]],
      },
    ]);
    await sql.query("update moves set request_time = request_time + interval '1 hour' where account_id = $1", [accountId]);
    expect(await keptAgainstRecount([accountId])).toEqual([]);
    await sql.query("update moves set account_id = $2 where account_id = $1", [accountId, otherId]);
    expect(await keptAgainstRecount([accountId, otherId])).toEqual([]);
    expect(await sumsOf(otherId)).toMatchObject({ location_ends: 2, finished_legs: 1 });
  });

  it("forget every leg's location and route when the legs are emptied", async () => {
    const accountId = (await createAccount(test.db)).id;
    await insertMoves(sql, [
      { accountId, requested: new Date("2025-03-03T08:00:00Z"), legs: [["Yard A", "Yard B"]] },
      {
        accountId,
        requested: new Date("2025-03-03T09:00:00Z"),
        accepted: new Date("2025-03-03T09:05:00Z"),
        finished: new Date("2025-03-03T09:30:00Z"),
        legs: [["Yard B", "Yard A"]],
      },
    ]);
    const emptying = await client();
    await emptying.query("begin");
    await emptying.query("truncate move_legs");
    const { rows } = await emptying.query<{ rows: number }>(
      "select ((select count(*) from move_location_days) + (select count(*) from move_route_days))::int as rows",
    );
    await emptying.query("rollback");
    expect(rows[0].rows).toBe(0);
  });

  it("never deadlock a move being removed against a move being requested in the same account", async () => {
    // Both moves requested at one instant, so they count towards the same rows (account, quarter, day, locations).
    const accountId = (await createAccount(test.db)).id;
    const requestedAt = new Date();
    await insertMoves(sql, [{ accountId, requested: requestedAt, legs: [["Yard A", "Yard B"]] }]);
    const {
      rows: [old],
    } = await sql.query<{ id: number }>("select id from moves where account_id = $1", [accountId]);
    const requester = await client();
    const deleter = await client();
    const [requesterPid, deleterPid] = [await backendOf(requester), await backendOf(deleter)];
    // The new move's request holds its account's totals until it commits ...
    await requester.query("begin");
    const {
      rows: [requested],
    } = await requester.query<{ id: number }>(
      "insert into moves (account_id, move_type, request_time) values ($1, 'single', $2) returning id",
      [accountId, requestedAt.toISOString()],
    );
    // ... so removing the old move (and counting out its Yard A → Yard B leg) has to wait for it:
    // seen from a third connection, not assumed after a pause.
    await deleter.query("begin");
    let settled = false;
    const deleting = deleter
      .query("delete from moves where id = $1", [old.id])
      .then(
        () => "deleted",
        (error: Error) => error.message,
      )
      .finally(() => (settled = true));
    await waitsOn(sql, deleterPid, requesterPid, () => settled);
    // The new move's leg counts at the same day and locations. Were they the first counts a
    // remover writes (it locks its account's totals first: yardline_move_legs_leaving and
    // yardline_roll_up_legs, db/migrations/0009_move_rollups.sql), the remover would hold them
    // while it waits, this insert would wait on it, and Postgres would end one as a deadlock.
    await requester.query(
      `insert into move_legs (move_id, leg_number, from_location, to_location, trailer_number) values ($1, 1, 'Yard A', 'Yard B', 'T2')`,
      [requested.id],
    );
    await requester.query("commit");
    expect(await deleting).toBe("deleted");
    await deleter.query("commit");
    expect(await keptAgainstRecount([accountId])).toEqual([]);
  });
});

describe("the stays counted as trailers come and go", () => {
  /** Each account's stays as kept, and as counted afresh from the location history, rows by day, kind and minutes. */
  async function staysKeptAndRecounted(accountIds: number[]) {
    const read = async () =>
      (
        await sql.query<{ key: string }>(
          `select concat_ws(' | ', account_id, day, kind, minutes, stays) as key from stay_days
            where account_id = any($1) and stays <> 0 order by 1`,
          [accountIds],
        )
      ).rows.map((row) => row.key);
    const kept = await read();
    await sql.query("begin");
    try {
      await sql.query("select yardline_recount_stays()");
      return { kept, recounted: await read() };
    } finally {
      await sql.query("rollback");
    }
  }

  it("agree with a recount as stays open, end, are corrected and go with their trailer; lengths are counted to the minute, five minutes or hour", async () => {
    const accountId = (await createAccount(test.db)).id;
    await test.db.insert(yards).values({ accountId, name: "Yard A" });
    const trailer = await createTrailer(test.db, accountId, "Yard A");
    const other = await createTrailer(test.db, accountId, "Yard A");
    const at = (iso: string) => `'${iso}'::timestamptz`;
    // Ended stays of 12.4 minutes (at a door), 3 h 22 min (in a yard), 2 days 5 h 40 min (Shop) and an open one.
    await sql.query(
      `insert into trailer_location_history (trailer_id, account_id, location, entry_time, exit_time) values
         ($1, $3, 'North-1', ${at("2025-03-01T08:00:00Z")}, ${at("2025-03-01T08:12:24Z")}),
         ($1, $3, 'Yard A', ${at("2025-03-01T08:12:24Z")}, ${at("2025-03-01T11:34:24Z")}),
         ($2, $3, 'Shop', ${at("2025-03-01T00:00:00Z")}, ${at("2025-03-03T05:40:00Z")}),
         ($1, $3, 'Road', ${at("2025-03-01T11:34:24Z")}, null)`,
      [trailer.id, other.id, accountId],
    );
    let counts = await staysKeptAndRecounted([accountId]);
    expect(counts.kept).toEqual(counts.recounted);
    expect(counts.kept).toEqual([
      `${accountId} | 2025-03-01 | Door | 12 | 1`,
      `${accountId} | 2025-03-01 | Yard | 200 | 1`,
      `${accountId} | 2025-03-03 | Shop | 3240 | 1`,
    ]);
    // The open stay ends; one is corrected to end a day later; the other trailer goes with its history.
    await sql.query(
      `update trailer_location_history set exit_time = ${at("2025-03-01T12:00:00Z")} where exit_time is null and trailer_id = $1`,
      [trailer.id],
    );
    await sql.query(
      `update trailer_location_history set exit_time = exit_time + interval '1 day' where location = 'Yard A' and trailer_id = $1`,
      [trailer.id],
    );
    await sql.query("delete from trailers where id = $1", [other.id]);
    counts = await staysKeptAndRecounted([accountId]);
    expect(counts.kept).toEqual(counts.recounted);
    expect(counts.kept).toEqual([
      `${accountId} | 2025-03-01 | Door | 12 | 1`,
      `${accountId} | 2025-03-01 | Road | 26 | 1`,
      `${accountId} | 2025-03-02 | Yard | 1620 | 1`,
    ]);
  });
});

// ---------------------------------------------------------------------------------------------

describe("the counts kept while many people move trailers at once", () => {
  const WORKERS = 10;
  const ROUNDS = 5;

  it("miss nothing and count nothing twice, and no request fails, when every step of many moves runs concurrently", async () => {
    const accountId = (await createAccount(test.db, "Busy Yard")).id;
    await addPlaces(accountId);
    const manager = await createUser(test.db, { role: "manager", accountId });
    const places = ["Yard A", "Yard B", "North-1", "North-2", "North-3", "Shop"];

    // Each worker: its own driver and two trailers of its own (and, in each round, a connection of its own).
    const workers = await Promise.all(
      Array.from({ length: WORKERS }, async (_, index) => {
        const driver = await createUser(test.db, { role: "yard_driver", accountId });
        const trailers = [await createTrailer(test.db, accountId, "Yard A"), await createTrailer(test.db, accountId, "Yard A")];
        return { index, driver, trailers, at: ["Yard A", "Yard A"] };
      }),
    );
    const expected: Record<MoveState, number> = { requested: 0, in_progress: 0, finished: 0, cancelled: 0 };
    const failures: string[] = [];

    type Worker = (typeof workers)[number];
    type Plan =
      "single" | "shuttle" | "cancel_requested" | "cancel_in_progress" | "finished_by_manager" | "leave_requested" | "leave_in_progress";
    const planOf = (worker: Worker, round: number): Plan => {
      if (round === ROUNDS - 1 && worker.index % 4 === 0) return "leave_requested";
      if (round === ROUNDS - 1 && worker.index % 4 === 1) return "leave_in_progress";
      return (["single", "shuttle", "cancel_requested", "cancel_in_progress", "finished_by_manager"] as const)[(worker.index + round) % 5];
    };

    async function run(worker: Worker, round: number, db: Database) {
      const requester = ctxOf(manager, db);
      const driver = ctxOf(worker.driver, db);
      const plan = planOf(worker, round);
      const count = plan === "shuttle" ? 2 : 1;
      const legs = worker.trailers.slice(0, count).map((trailer, leg) => {
        const from = worker.at[leg];
        const choices = places.filter((place) => place !== from && place !== "Shop");
        return { trailer, from, to: choices[(worker.index + round + leg) % choices.length] };
      });
      const move = await createMove(requester, {
        move_details: {
          type: TYPE_OF[count - 1],
          moves: legs.map((leg) => ({ from: leg.from, to: leg.to, trailer: leg.trailer.trailerNumber })),
        },
      });
      const steps: [MoveAction, ServiceContext][] = {
        single: [
          ["accept", driver],
          ["finish", driver],
        ],
        shuttle: [
          ["accept", driver],
          ["finish", driver],
        ],
        cancel_requested: [["cancel", requester]],
        cancel_in_progress: [
          ["accept", driver],
          ["cancel", driver],
        ],
        finished_by_manager: [
          ["accept", driver],
          ["finish", requester],
        ],
        leave_requested: [],
        leave_in_progress: [["accept", driver]],
      }[plan] as [MoveAction, ServiceContext][];
      let state: MoveState = "requested";
      for (const [action, ctx] of steps) state = (await transitionMove(ctx, move.id, action)).state;
      if (state === "finished") legs.forEach((leg, index) => (worker.at[index] = leg.to));
      expected[state]++;
    }

    for (let round = 0; round < ROUNDS; round++) {
      // Every worker's move is under way (waiting to count itself in its account's totals) when the totals are let go.
      const results = await race(
        test.url,
        "LOCK TABLE move_totals IN EXCLUSIVE MODE",
        workers.map((worker) => (db: Database) => run(worker, round, db)),
      );
      results.forEach((result, index) => {
        if (result.status === "rejected") {
          const error: unknown = result.reason;
          failures.push(`round ${round}, worker ${index}: ${error instanceof Error ? error.message : String(error)}`);
        }
      });
    }

    expect(failures).toEqual([]);
    expect(expected.finished).toBeGreaterThan(0);
    const totals = await totalsOf(accountId);
    expect(totals.counted).toEqual(expected);
    expect(totals.kept).toEqual(totals.counted);
    expect(await keptAgainstRecount([accountId])).toEqual([]);
    expect((await moveSummary(ctxOf(manager), {})).counts).toMatchObject(expected);
  });
});

// ---------------------------------------------------------------------------------------------

describe("the dashboard's figures for a period starting at any instant", () => {
  /** The last request of the moves below: every `now` is at or after it, so no move lies in a period's future. */
  const LAST_REQUEST = new Date("2025-03-25T21:37:13Z");
  const FIRST_REQUEST = new Date(LAST_REQUEST.getTime() - 40 * DAY);
  /** The UTC midnight after the last request. */
  const MIDNIGHT = new Date("2025-03-26T00:00:00Z");
  const TIME_ZONES = ["UTC", "America/Chicago", "Asia/Kolkata", "Asia/Kathmandu"];
  const LOCATIONS = ["Dock-1", "Dock-2", "Dock-3", "North-1", "North-2", "Shop", "Yard A", "Yard B"];

  const at = (base: Date, ms: number) => new Date(base.getTime() + ms);
  /**
   * The instants the dashboard is read at. 7 and 30 days before them are the periods' starts:
   * on a UTC midnight and just either side of it, on a quarter hour and just either side, at and
   * around half a quarter hour and half a day past one (where the nearest boundary changes); and
   * instants around the next midnight of each time zone (when Today starts again); plus random ones.
   */
  const nows = (random: Random): Date[] => {
    const fixed = [
      LAST_REQUEST,
      at(LAST_REQUEST, 1),
      at(MIDNIGHT, -SECOND),
      at(MIDNIGHT, -1),
      MIDNIGHT,
      at(MIDNIGHT, 1),
      at(MIDNIGHT, SECOND),
      at(MIDNIGHT, 7 * MINUTE + 29 * SECOND),
      at(MIDNIGHT, 7.5 * MINUTE),
      at(MIDNIGHT, 7 * MINUTE + 31 * SECOND),
      at(MIDNIGHT, 15 * MINUTE - SECOND),
      at(MIDNIGHT, 15 * MINUTE),
      at(MIDNIGHT, 15 * MINUTE + SECOND),
      at(MIDNIGHT, 3 * HOUR + 15 * MINUTE - 1),
      at(MIDNIGHT, 3 * HOUR + 15 * MINUTE),
      at(MIDNIGHT, 3 * HOUR + 15 * MINUTE + 1),
      at(MIDNIGHT, 5 * HOUR - SECOND),
      at(MIDNIGHT, 5 * HOUR + SECOND),
      at(MIDNIGHT, 12 * HOUR - SECOND),
      at(MIDNIGHT, 12 * HOUR),
      at(MIDNIGHT, 12 * HOUR + SECOND),
      at(MIDNIGHT, 18 * HOUR + 15 * MINUTE - SECOND),
      at(MIDNIGHT, 18 * HOUR + 15 * MINUTE),
      at(MIDNIGHT, 18 * HOUR + 30 * MINUTE + SECOND),
      at(MIDNIGHT, 23 * HOUR + 52 * MINUTE + 31 * SECOND),
    ];
    const span = MIDNIGHT.getTime() + DAY - LAST_REQUEST.getTime();
    const randomOnes = Array.from({ length: 9 }, () => at(LAST_REQUEST, Math.floor(random.between(0, span))));
    return [...fixed, ...randomOnes];
  };

  let accountId: number;
  let otherAccountId: number;
  /** An administrator reading the dashboard, on a connection of their own per time zone (requests run side by side). */
  let admins: ServiceContext[];
  const instants: Date[] = [];

  beforeAll(async () => {
    const random = randomFrom(20250325);
    accountId = (await createAccount(test.db, "Analytics Yard")).id;
    otherAccountId = (await createAccount(test.db, "Other Yard")).id;
    const driver = async (account: number, alphaCode: string, name?: [string, string]) => {
      const user = await createUser(test.db, { role: "yard_driver", accountId: account, alphaCode });
      if (name) await test.db.update(users).set({ firstName: name[0], lastName: name[1] }).where(eq(users.id, user.id));
      return { id: user.id as number | null, alphaCode: user.alphaCode };
    };
    type Driver = { id: number | null; alphaCode: string | null };
    const [ada, bob, cal, dee] = [
      await driver(accountId, "DRVA", ["Ada", "Lovelace"]),
      await driver(accountId, "DRVB"),
      await driver(accountId, "DRVC"),
      await driver(accountId, "DRVD"),
    ];
    // Drivers who tie, so the ranking's last rules decide: every move of Ada's is made again by
    // Bob at the same times (Ada ranks first, her user id being lower), and every move of Dee's
    // by drivers since deleted, known only by alpha code (they rank after Dee).
    const crew: Driver[] = [ada, ada, cal, cal, cal, dee];
    const twinOf = (driver: Driver, index: number): Driver | null =>
      driver === ada ? bob : driver === dee ? { id: null, alphaCode: index % 2 ? "GONE1" : "GONE2" } : null;
    const otherCrew: Driver[] = [await driver(otherAccountId, "OTHR"), { id: null, alphaCode: "GONE3" }];
    const admin = await createUser(test.db, { role: "admin", accountId: null });
    admins = TIME_ZONES.map(() => ctxOf(admin, ownDatabase()));
    instants.push(...nows(random));

    // Where requests are placed on purpose: at the periods' starts, a second either side, and
    // within a quarter hour and within half a day of them (the moves read one by one).
    const starts = [
      ...instants.flatMap((now) => [now.getTime() - 7 * DAY, now.getTime() - 30 * DAY]),
      ...TIME_ZONES.map((zone) => periodStart("today", zone, LAST_REQUEST).getTime()),
    ];
    const requestTimes: number[] = [];
    for (let i = 0; i < 280; i++) requestTimes.push(FIRST_REQUEST.getTime() + random.between(0, 40 * DAY));
    for (const start of starts) {
      requestTimes.push(start - SECOND, start, start + SECOND);
      for (let i = 0; i < 2; i++) requestTimes.push(start + random.between(-15 * MINUTE, 15 * MINUTE));
      requestTimes.push(start + random.between(-12 * HOUR, 12 * HOUR));
    }
    const wholeSeconds = (ms: number) => Math.floor(ms / SECOND) * SECOND;
    const moveAt = (account: number, time: number, drivers: Driver[]): MoveSpec => {
      const requested = new Date(wholeSeconds(Math.min(time, LAST_REQUEST.getTime())));
      const accepted = at(requested, Math.round(random.between(0.3, 25.7) * MINUTE));
      const finished = at(accepted, Math.round(random.between(0.5, 75) * MINUTE));
      const cancelled = at(requested, Math.round(random.between(1, 40) * MINUTE));
      const driver = random.pick(drivers);
      const legs = Array.from({ length: random.int(1, 3) }, (): [string, string] => {
        const from = random.pick(LOCATIONS);
        return [from, random.pick(LOCATIONS.filter((location) => location !== from))];
      });
      const roll = random.next();
      if (roll < 0.05) return { accountId: account, requested, cancelled, legs };
      if (roll < 0.1) return { accountId: account, requested, accepted, cancelled: at(accepted, MINUTE + SECOND), driver, legs };
      if (roll < 0.16) return { accountId: account, requested, legs };
      if (roll < 0.22) return { accountId: account, requested, accepted, driver, legs };
      return { accountId: account, requested, accepted, finished, driver, legs };
    };
    const mine = requestTimes.flatMap((time, index) => {
      const move = moveAt(accountId, time, crew);
      const twin = move.driver && twinOf(move.driver, index);
      return twin ? [move, { ...move, driver: twin }] : [move];
    });
    // The other account's moves lie in the same periods (and at the same starts): counting any would show.
    const theirs = requestTimes.filter((_, index) => index % 3 === 0).map((time) => moveAt(otherAccountId, time, otherCrew));
    const half = Math.floor(mine.length / 2);
    await insertMoves(sql, [...mine.slice(0, half), ...theirs]);
    await insertMoves(sql, mine.slice(half), true);
  });

  it("starts from counts that agree with a recount", async () => {
    expect(await keptAgainstRecount([accountId, otherAccountId])).toEqual([]);
    const {
      rows: [row],
    } = await sql.query(`select count(*)::int as moves, max(request_time) as last from moves where account_id = $1`, [accountId]);
    expect(row.moves).toBeGreaterThan(300);
    expect(new Date(row.last).getTime()).toBeLessThanOrEqual(LAST_REQUEST.getTime());
  });

  /**
   * The figures counted straight from the moves and legs requested since `since` (no rounding of
   * a total before it is shown, no counts kept): what the dashboard must show.
   */
  async function countedFromMoves(connection: pg.Client, since: Date, timeZone: string) {
    const { rows } = await connection.query(
      `with m as (
         select moves.*,
                case when is_cancel then 'cancelled' when finish_time is not null then 'finished'
                     when in_progress then 'in_progress' else 'requested' end as state,
                date_part('epoch', accept_time - request_time) / 60 as accept_minutes,
                date_part('epoch', finish_time - accept_time) / 60 as drive_minutes,
                date_part('epoch', finish_time - request_time) / 60 as move_minutes,
                ((request_time at time zone $3)::date)::text as local_day
           from moves where account_id = $1 and request_time >= $2::timestamptz),
       legs as (select l.from_location, l.to_location, m.state from move_legs l join m on m.id = l.move_id),
       spread as (
         select measure, json_build_object(
                  'median', round((percentile_cont(0.5) within group (order by round(minutes)))::numeric)::int,
                  'p90', round((percentile_cont(0.9) within group (order by round(minutes)))::numeric)::int,
                  'count', count(*)::int) as figures
           from (select 'accept' as measure, accept_minutes as minutes from m where accept_time is not null
                 union all select 'drive', drive_minutes from m where state = 'finished' and accept_time is not null) as times
          group by measure),
       drivers as (
         select m.accept_user_id as user_id,
                coalesce(nullif(concat_ws(' ', u.first_name, u.last_name), ''), u.alpha_code, max(m.accept_alpha_code), 'Unknown') as driver,
                count(*)::int as finished,
                round((date_part('epoch', sum(m.finish_time - m.accept_time)) / 3600)::numeric, 1)::float8 as active_hours,
                round((count(*) / nullif(date_part('epoch', sum(m.finish_time - m.accept_time)) / 3600, 0))::numeric, 1)::float8 as moves_per_hour
           from m left join users u on u.id = m.accept_user_id
          where m.state = 'finished'
          group by m.accept_user_id, u.id
          order by finished desc, moves_per_hour desc nulls last, m.accept_user_id nulls last
          limit 10)
       select
         (select json_build_object(
            'total', count(*)::int,
            'requested', (count(*) filter (where state = 'requested'))::int,
            'in_progress', (count(*) filter (where state = 'in_progress'))::int,
            'finished', (count(*) filter (where state = 'finished'))::int,
            'cancelled', (count(*) filter (where state = 'cancelled'))::int,
            'success_rate', round(100.0 * count(*) filter (where state = 'finished') / nullif(count(*), 0))::int,
            'average_move_minutes', round((avg(move_minutes) filter (where state = 'finished'))::numeric)::int) from m) as summary,
         (select coalesce(json_agg(json_build_object('location', location, 'moves', moves) order by moves desc, location), '[]')
            from (select location, count(*)::int as moves
                    from (select from_location as location from legs union all select to_location from legs) as ends
                   group by location order by moves desc, location limit 5) as top) as locations,
         (select coalesce(json_agg(json_build_object('from', from_location, 'to', to_location, 'moves', moves)
                   order by moves desc, from_location, to_location), '[]')
            from (select from_location, to_location, count(*)::int as moves from legs where state = 'finished'
                   group by 1, 2 order by moves desc, 1, 2 limit 5) as top) as routes,
         (select figures from spread where measure = 'accept') as accept,
         (select figures from spread where measure = 'drive') as drive,
         (select coalesce(json_agg(json_build_object('user_id', user_id, 'driver', driver, 'finished', finished,
                   'active_hours', active_hours, 'moves_per_hour', moves_per_hour)
                   order by finished desc, moves_per_hour desc nulls last, user_id nulls last), '[]') from drivers) as drivers,
         (select coalesce(json_object_agg(local_day, json_build_object(
                   'finished', finished, 'cancelled', cancelled, 'other', other)), '{}')
            from (select local_day, (count(*) filter (where state = 'finished'))::int as finished,
                         (count(*) filter (where state = 'cancelled'))::int as cancelled,
                         (count(*) filter (where state in ('requested', 'in_progress')))::int as other
                    from m group by local_day) as days) as per_day`,
      [accountId, since.toISOString(), timeZone],
    );
    const row = rows[0];
    const none = { median: null, p90: null, count: 0 };
    return {
      summary: row.summary,
      locations: row.locations,
      routes: row.routes,
      accept: row.accept ?? none,
      drive: row.drive ?? none,
      drivers: row.drivers,
      perDay: row.per_day as Record<string, { finished: number; cancelled: number; other: number }>,
    };
  }

  it.each(ANALYTICS_PERIODS.map((period) => [period]))(
    "%s: every figure equals the one counted straight from the moves, at every instant and in every time zone",
    async (period: AnalyticsPeriod) => {
      // One connection per time zone for the figures counted straight from the moves.
      const reference = await Promise.all(TIME_ZONES.map(() => client()));
      const mismatches: string[] = [];
      let checked = 0;
      let withMoves = 0;
      for (const now of instants) {
        await Promise.all(
          TIME_ZONES.map(async (timeZone, zone) => {
            const since = periodStart(period, timeZone, now);
            const days = periodDays(since, timeZone, now);
            const [shown, counted] = await Promise.all([
              adminAnalytics(admins[zone], { period, accountId, companyId: null, timeZone }, now),
              countedFromMoves(reference[zone], since, timeZone),
            ]);
            const expected = {
              summary: counted.summary,
              locations: counted.locations,
              routes: counted.routes,
              accept: counted.accept,
              drive: counted.drive,
              drivers: counted.drivers,
              perDay: days.map(({ day }) => ({ day, ...(counted.perDay[day] ?? { finished: 0, cancelled: 0, other: 0 }) })),
            };
            const actual = {
              summary: shown.moves_summary,
              locations: shown.top_locations,
              routes: shown.top_routes,
              accept: shown.kpis.response.request_to_accept,
              drive: shown.kpis.response.accept_to_finish,
              drivers: shown.kpis.drivers,
              perDay: shown.kpis.moves_per_day,
            };
            checked++;
            if (counted.summary.total > 0) withMoves++;
            expect(shown.since).toBe(since.toISOString());
            for (const figure of Object.keys(expected) as (keyof typeof expected)[]) {
              if (!isDeepStrictEqual(actual[figure], expected[figure]))
                mismatches.push(
                  `${period} at ${now.toISOString()} in ${timeZone} (since ${since.toISOString()}) ${figure}: ` +
                    `shown ${JSON.stringify(actual[figure])}, counted ${JSON.stringify(expected[figure])}`,
                );
            }
          }),
        );
      }
      expect(mismatches.slice(0, 20)).toEqual([]);
      expect(checked).toBe(instants.length * TIME_ZONES.length);
      // Every period of 7 or 30 days has moves to count; Today has none when read the day after the last request.
      if (period === "today") expect(withMoves).toBeGreaterThan(instants.length);
      else expect(withMoves).toBe(checked);
    },
    30_000,
  );
});
