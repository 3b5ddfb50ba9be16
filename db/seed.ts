/**
 * The demo data: two companies, three accounts, a user of every role, buildings with dock doors,
 * yards, about 150 trailers and 25 trucks per account (times `scale`), 30 days of location history
 * (each account's first trailer also a longer past, more than a page of it) and moves in every
 * state. Deterministic (a seeded random generator, times relative to `now`) and idempotent
 * (nothing happens when a company exists). One transaction: all or nothing.
 */
import { count, sql, type SQL } from "drizzle-orm";
import { TRAILER_TYPES, TRUCK_TYPES } from "#app/domain/assets";
import { flagsFor, type Role } from "#app/domain/roles";
import { withActor, type Database, type Transaction } from "#app/lib/db.server";
import { hashPassword, type ScryptCost } from "#app/lib/password.server";
import {
  accounts,
  buildings,
  companies,
  moveLegs,
  moves,
  trailerLocationHistory,
  trailers,
  truckLocationHistory,
  trucks,
  users,
  yards,
} from "./schema";

export interface SeedOptions {
  password: string;
  /** Multiplies trailers and trucks (benchmarks). */
  scale?: number;
  /** Adds this many synthetic audit rows over the last 90 days (the audit log benchmark). */
  auditRows?: number;
  /**
   * Adds this many moves of the past over the last 30 days across the accounts, finished or
   * cancelled, with their legs (the admin analytics benchmark).
   */
  historyMoves?: number;
  now?: Date;
  passwordCost?: ScryptCost;
}

interface DemoUser {
  email: string;
  role: Role;
  alphaCode: string;
  firstName: string;
  lastName: string;
  driverNumber?: number;
}

interface DemoAccount {
  company: string;
  name: string;
  location: string;
  /** The zip code of the account's buildings and yards. */
  zip: string;
  prefix: string;
  buildings: [name: string, doors: number][];
  yards: [name: string, parkingLocation: string, parkingSpots: boolean][];
  owners: string[];
  users: DemoUser[];
}

const ADMIN: DemoUser = { email: "admin@yardline.test", role: "admin", alphaCode: "ADMIN", firstName: "Avery", lastName: "Admin" };

const DEMO_ACCOUNTS: DemoAccount[] = [
  {
    company: "Acme Logistics",
    name: "Acme Boston",
    location: "Boston, MA",
    zip: "02128",
    prefix: "ACB",
    buildings: [
      ["North", 24],
      ["South", 18],
      ["Cross Dock", 36],
    ],
    yards: [
      ["Yard A", "Gate 1, north fence", true],
      ["Overflow Lot", "Summer St lot", false],
    ],
    owners: ["ACME", "SCHNEIDER", "J.B. HUNT", "WERNER"],
    users: [
      { email: "super@acme.test", role: "super_manager", alphaCode: "SMB", firstName: "Sam", lastName: "Sullivan" },
      { email: "accountmgr@acme.test", role: "account_manager", alphaCode: "AMB", firstName: "Alex", lastName: "Moreau" },
      { email: "manager@acme.test", role: "manager", alphaCode: "MGB", firstName: "Morgan", lastName: "Reyes" },
      { email: "yard@acme.test", role: "yard_driver", alphaCode: "YDB", firstName: "Yusuf", lastName: "Doyle", driverNumber: 101 },
      { email: "road@acme.test", role: "road_driver", alphaCode: "RDB", firstName: "Rita", lastName: "Diaz", driverNumber: 102 },
      { email: "mechanic@acme.test", role: "mechanic", alphaCode: "MEB", firstName: "Mick", lastName: "Evans", driverNumber: 103 },
      { email: "security@acme.test", role: "security", alphaCode: "SEB", firstName: "Sofia", lastName: "Eng" },
    ],
  },
  {
    company: "Acme Logistics",
    name: "Acme Newark",
    location: "Newark, NJ",
    zip: "07114",
    prefix: "ACN",
    buildings: [
      ["Main", 30],
      ["Annex", 12],
    ],
    yards: [
      ["Yard A", "Port St gate", true],
      ["Rail Lot", "Along the rail spur", true],
    ],
    owners: ["ACME", "SWIFT", "KNIGHT"],
    users: [
      { email: "manager@newark.test", role: "manager", alphaCode: "MGN", firstName: "Nadia", lastName: "Grant" },
      { email: "yard@newark.test", role: "yard_driver", alphaCode: "YDN", firstName: "Nico", lastName: "Young", driverNumber: 201 },
    ],
  },
  {
    company: "Blue Ridge Transport",
    name: "Blue Ridge Charlotte",
    location: "Charlotte, NC",
    zip: "28208",
    prefix: "BRC",
    buildings: [
      ["DC1", 40],
      ["DC2", 20],
    ],
    yards: [
      ["East Yard", "Wilkinson Blvd entrance", true],
      ["West Yard", "Back lot by the scale", false],
    ],
    owners: ["BLUE RIDGE", "OLD DOMINION", "ESTES"],
    users: [
      { email: "manager@blueridge.test", role: "manager", alphaCode: "MGC", firstName: "Casey", lastName: "Moore" },
      { email: "yard@blueridge.test", role: "yard_driver", alphaCode: "YDC", firstName: "Cole", lastName: "Yates", driverNumber: 301 },
    ],
  },
];

/** The demo logins, for the start script and the README. */
export const DEMO_LOGINS = [
  { email: ADMIN.email, role: "Admin", account: null as string | null },
  ...DEMO_ACCOUNTS.flatMap((account) =>
    account.users.map((user) => ({
      email: user.email,
      role: `${user.role.replace(/_/g, " ").replace(/\b\w/g, (c) => c.toUpperCase())}${user.driverNumber ? ` (${user.driverNumber})` : ""}`,
      account: account.name as string | null,
    })),
  ),
];

const TRUCK_MODELS: [string, string][] = [
  ["FREIGHTLINER", "CASCADIA"],
  ["KENWORTH", "T680"],
  ["PETERBILT", "579"],
  ["VOLVO", "VNL 860"],
  ["INTERNATIONAL", "LT625"],
  ["MACK", "ANTHEM"],
];
const STATES = ["MA", "NJ", "NY", "PA", "NC", "SC", "VA", "CT", "OH", "IL", "TX", "GA"];
const RED_TAGS = ["Brake lights out", "Landing gear damaged", "Flat tire, axle 2", "Air leak at glad hands"];
const YELLOW_TAGS = ["Mud flap missing", "Door seal worn", "Reefer unit service due", "Dent on nose, cosmetic"];

const DAY = 86_400_000;
const MINUTE = 60_000;

/** mulberry32: a small seeded generator, so every seed run makes the same yard. */
export function randomGenerator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)],
    chance: (p: number) => next() < p,
  };
}
type Random = ReturnType<typeof randomGenerator>;

const isoDate = (time: number) => new Date(time).toISOString().slice(0, 10);

async function insertInChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>, size = 500) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

/** Every location of an account: Road, Shop, its yards, and each door of each building. */
function locationsOf(account: DemoAccount) {
  const doors = account.buildings.flatMap(([name, doorCount]) => Array.from({ length: doorCount }, (_, i) => `${name}-${i + 1}`));
  return { doors, yards: account.yards.map(([name]) => name) };
}

function plate(random: Random) {
  const letters = "ABCDEFGHJKLMNPRSTUVWXYZ";
  return `${Array.from({ length: 3 }, () => random.pick([...letters])).join("")}${random.int(1000, 9999)}`;
}

export async function seedDemoData(db: Database, options: SeedOptions) {
  const [{ existing }] = await db.select({ existing: count() }).from(companies);
  if (existing > 0) return { seeded: false, counts: await tableCounts(db) };
  const now = (options.now ?? new Date()).getTime();
  const scale = Math.max(1, Math.floor(options.scale ?? 1));

  // Each user gets a hash of its own (its own salt); hashing runs in parallel on the thread pool.
  const everyone = [ADMIN, ...DEMO_ACCOUNTS.flatMap((account) => account.users)];
  const hashes = await Promise.all(everyone.map(() => hashPassword(options.password, options.passwordCost)));
  const passwordHashes = new Map(everyone.map((user, i) => [user.email, hashes[i]]));

  await withActor(db, null, async (tx) => {
    await tx.insert(users).values({ ...userValues(ADMIN, null, passwordHashes), createdAt: new Date(now - 90 * DAY) });
    const companyIds = new Map<string, number>();
    for (const [index, account] of DEMO_ACCOUNTS.entries()) {
      if (!companyIds.has(account.company)) {
        const [company] = await tx
          .insert(companies)
          .values({ companyName: account.company, createdAt: new Date(now - 120 * DAY), updatedAt: new Date(now - 120 * DAY) })
          .returning({ id: companies.id });
        companyIds.set(account.company, company.id);
      }
      await seedAccount(tx, account, companyIds.get(account.company)!, randomGenerator(2025 + index), now, scale, passwordHashes);
    }
  });
  if (options.historyMoves) await seedHistoryMoves(db, options.historyMoves, now);
  if (options.auditRows) await seedAuditRows(db, options.auditRows, now);
  // The planner's statistics of the tables just filled, and their visibility map: without them the
  // first plans guess at row counts and an index-only scan still reads the table (autovacuum comes
  // a minute or more later), and a guess can read a whole table where an index finds a few rows.
  await db.execute(sql`vacuum analyze`);
  return { seeded: true, counts: await tableCounts(db) };
}

/**
 * `count` audit rows spread evenly over the 90 days before `now`, newest last, written by the demo
 * users in turn across the audited tables and actions, each with two changed fields: one
 * statement, so a million rows take seconds (plus their indexes).
 */
async function seedAuditRows(db: Database, count: number, now: number) {
  // A million rows and their indexes take longer than a request's statement limit: this one statement may.
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local statement_timeout = 0`);
    await tx.execute(sql`
    with people as (select array_agg(id order by id) as ids, array_agg(coalesce(alpha_code, '') order by id) as codes from users)
    insert into audit_logs (timestamp, user_id, user_alpha_code, table_name, record_id, action, changed_fields)
    select ${new Date(now).toISOString()}::timestamptz - (${count} - g) * (interval '90 days' / ${count}),
           people.ids[1 + g % cardinality(people.ids)],
           nullif(people.codes[1 + g % cardinality(people.codes)], ''),
           (array['trailers', 'trucks', 'moves', 'move_legs', 'users', 'yards', 'buildings', 'accounts'])[1 + g % 8],
           (1 + g % 20000)::text,
           (array['CREATE', 'UPDATE', 'UPDATE', 'UPDATE', 'DELETE'])[1 + g % 5],
           jsonb_build_object(
             'trailer_location', jsonb_build_object('old', 'North-' || (g % 40), 'new', 'Yard ' || chr(65 + g % 26)),
             'last_user', jsonb_build_object('old', null, 'new', 'DRV' || (g % 997)))
      from generate_series(1, ${count}) as g, people`);
  });
}

/**
 * `count` moves of the past, spread evenly over the 30 days before `now` (the newest requested an
 * hour before it, so that each has ended), dealt to the accounts in turn: about 92% finished
 * (accepted 2–15 minutes after the request by one of the account's drivers, finished 8–45 minutes
 * after that) and 8% cancelled (5–30 minutes after the request by one of its managers, never
 * accepted); single, shuttle or triangle as in the demo moves, each leg a different trailer of the
 * account between two of its locations: a door about 45% of the time, a yard 30%, Shop 10%, Road
 * 15%. Only accounts with a trailer, a driver and a manager get moves. Two statements over
 * generate_series (the moves, then their legs), the same for the same accounts and `now` (hashes
 * of the row numbers, not random()). The legs are inactive: trigger move_legs_active reads their
 * moves' ended state, so the trailers stay free for new moves.
 */
async function seedHistoryMoves(db: Database, count: number, now: number) {
  // 100,000 moves, their legs and the audit rows of both take longer than a request's statement limit.
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local statement_timeout = 0`);
    const {
      rows: [{ after }],
    } = await tx.execute<{ after: number }>(sql`select coalesce(max(id), 0)::int as after from moves`);
    // A number in [0, 2^31) from a row number and a seed: what random() would be, repeatable.
    const hash = (value: SQL, seed: number) => sql`(hashint8extended((${value})::bigint, ${seed}) & 2147483647)`;
    await tx.execute(sql`
    with crews as (
      select a.id as account_id,
             (row_number() over (order by a.id) - 1)::int as slot,
             array_agg(u.id order by u.id) filter (where u.is_yard_driver or u.is_road_driver) as drivers,
             array_agg(u.alpha_code order by u.id) filter (where u.is_yard_driver or u.is_road_driver) as driver_codes,
             array_agg(u.id order by u.id) filter (where u.is_manager or u.is_account_manager or u.is_super_manager) as requesters
        from accounts a join users u on u.account_id = a.id and u.is_active
       where exists (select 1 from trailers t where t.account_id = a.id)
       group by a.id
      having bool_or(u.is_yard_driver or u.is_road_driver) and bool_or(u.is_manager or u.is_account_manager or u.is_super_manager)
    ),
    series as (
      select g,
             ${new Date(now).toISOString()}::timestamptz - interval '61 minutes'
               - ((${count}::int - g) + ${hash(sql`g`, 1)} % 1000 / 1000.0) * ((interval '30 days' - interval '62 minutes') / ${count}::int)
               as request_time,
             ${hash(sql`g`, 2)} % 100 < 8 as cancelled,
             (array['single', 'single', 'shuttle', 'triangle'])[1 + ${hash(sql`g`, 3)} % 4] as move_type,
             make_interval(secs => 120 + ${hash(sql`g`, 4)} % 781) as response,
             make_interval(secs => 480 + ${hash(sql`g`, 5)} % 2221) as drive,
             make_interval(secs => 300 + ${hash(sql`g`, 6)} % 1501) as to_cancel,
             ${hash(sql`g`, 7)} as requester_pick,
             ${hash(sql`g`, 8)} as driver_pick
        from generate_series(1, ${count}::int) as g
    )
    insert into moves (account_id, request_user_id, move_type, request_time, in_progress, accept_user_id, accept_alpha_code,
                       accept_time, finish_time, elapse_time, is_cancel, cancel_time, cancel_user_id)
    select c.account_id,
           c.requesters[1 + s.requester_pick % cardinality(c.requesters)],
           s.move_type,
           s.request_time,
           not s.cancelled,
           case when not s.cancelled then c.drivers[1 + s.driver_pick % cardinality(c.drivers)] end,
           case when not s.cancelled then c.driver_codes[1 + s.driver_pick % cardinality(c.drivers)] end,
           case when not s.cancelled then s.request_time + s.response end,
           case when not s.cancelled then s.request_time + s.response + s.drive end,
           case when not s.cancelled then s.response + s.drive end,
           s.cancelled,
           case when s.cancelled then s.request_time + s.to_cancel end,
           case when s.cancelled then c.requesters[1 + s.driver_pick % cardinality(c.requesters)] end
      from series s join crews c on c.slot = s.g % (select count(*) from crews)
     order by s.request_time`);
    await tx.execute(sql`
    with places as (
      -- Every location of every account, numbered within its kind (n) and within the account (i).
      select account_id, kind, name,
             (row_number() over (partition by account_id, kind order by sort) - 1)::int as n,
             (row_number() over (partition by account_id order by kind, sort) - 1)::int as i
        from (select b.account_id, 'door' as kind, b.building_name || '-' || d as name, b.id::bigint * 1000 + d as sort
                from buildings b cross join generate_series(1, b.building_door_number) as d
              union all select y.account_id, 'yard', y.name, y.id::bigint from yards y
              union all select a.id, 'shop', 'Shop', 0 from accounts a
              union all select a.id, 'road', 'Road', 0 from accounts a) as every_place
    ),
    kinds as (
      -- The kinds of location each account has, each with its share [lo, hi) of 100 of the legs' ends.
      select account_id, kind, size, total,
             100.0 * (sum(weight) over (partition by account_id order by kind) - weight) / sum(weight) over (partition by account_id) as lo,
             100.0 * sum(weight) over (partition by account_id order by kind) / sum(weight) over (partition by account_id) as hi
        from (select account_id, kind, count(*)::int as size, (sum(count(*)) over (partition by account_id))::int as total,
                     case kind when 'door' then 45 when 'yard' then 30 when 'shop' then 10 else 15 end as weight
                from places group by account_id, kind) as counted
    ),
    fleet as (
      select account_id, id, trailer_number, (row_number() over (partition by account_id order by id) - 1)::int as n from trailers
    ),
    fleets as (select account_id, count(*)::int as size from trailers group by account_id),
    legs as (
      select m.id as move_id, m.account_id, leg,
             ${hash(sql`m.id::bigint * 4 + leg`, 11)} % 10000 / 100.0 as from_roll,
             ${hash(sql`m.id::bigint * 4 + leg`, 12)} as from_pick,
             ${hash(sql`m.id::bigint * 4 + leg`, 13)} % 10000 / 100.0 as to_roll,
             ${hash(sql`m.id::bigint * 4 + leg`, 14)} as to_pick,
             ((${hash(sql`m.id`, 15)} + leg - 1) % f.size)::int as trailer_n
        from moves m
        join fleets f on f.account_id = m.account_id
       cross join generate_series(1, case m.move_type when 'single' then 1 when 'shuttle' then 2 else 3 end) as leg
       where m.id > ${after}
    ),
    ends as (
      select l.move_id, l.leg, l.account_id, l.trailer_n, l.to_pick,
             f.kind as from_kind, f.n as from_n, f.i as from_i, f.name as from_name, fk.total,
             tk.kind as to_kind, (l.to_pick % tk.size)::int as to_n
        from legs l
        join kinds fk on fk.account_id = l.account_id and l.from_roll >= fk.lo and l.from_roll < fk.hi
        join places f on f.account_id = l.account_id and f.kind = fk.kind and f.n = (l.from_pick % fk.size)::int
        join kinds tk on tk.account_id = l.account_id and l.to_roll >= tk.lo and l.to_roll < tk.hi
    )
    -- A To that drew the From is another place of the account instead.
    insert into move_legs (move_id, leg_number, from_location, to_location, trailer_id, trailer_number)
    select e.move_id, e.leg, e.from_name, coalesce(t.name, other.name), tr.id, tr.trailer_number
      from ends e
      join fleet tr on tr.account_id = e.account_id and tr.n = e.trailer_n
      left join places t on t.account_id = e.account_id and t.kind = e.to_kind and t.n = e.to_n
                        and (e.to_kind, e.to_n) <> (e.from_kind, e.from_n)
      left join places other on other.account_id = e.account_id and other.i = ((e.from_i + 1 + e.to_pick % (e.total - 1)) % e.total)::int
     order by e.move_id, e.leg`);
  });
}

function userValues(user: DemoUser, accountId: number | null, passwordHashes: Map<string, string>) {
  return {
    ...flagsFor(user.role),
    accountId,
    email: user.email,
    alphaCode: user.alphaCode,
    firstName: user.firstName,
    lastName: user.lastName,
    driverNumber: user.driverNumber ?? null,
    passwordHash: passwordHashes.get(user.email)!,
    firstLogin: false,
  };
}

async function seedAccount(
  tx: Transaction,
  demo: DemoAccount,
  companyId: number,
  random: Random,
  now: number,
  scale: number,
  passwordHashes: Map<string, string>,
) {
  const since = new Date(now - 100 * DAY);
  const [account] = await tx
    .insert(accounts)
    .values({
      companyId,
      accountName: demo.name,
      location: demo.location,
      yardCount: demo.yards.length,
      buildingCount: demo.buildings.length,
      createdAt: since,
      updatedAt: since,
    })
    .returning({ id: accounts.id });

  const seededUsers = [];
  for (const user of demo.users) {
    const [row] = await tx
      .insert(users)
      .values({ ...userValues(user, account.id, passwordHashes), createdAt: since, updatedAt: since })
      .returning({ id: users.id, alphaCode: users.alphaCode, isDriver: sql<boolean>`is_yard_driver or is_road_driver` });
    seededUsers.push(row);
  }
  const drivers = seededUsers.filter((user) => user.isDriver);
  const alphaCodes = seededUsers.map((user) => user.alphaCode!);

  const [city, state] = demo.location.split(", ");
  const address = (index: number) => ({ address: `${100 + index * 20} Terminal Road`, city, state, zipCode: demo.zip });
  await tx.insert(buildings).values(
    demo.buildings.map(([name, doors], index) => ({
      accountId: account.id,
      buildingName: name,
      buildingDoorNumber: doors,
      location: demo.location,
      ...address(index),
      description: `${doors} dock doors, cross-dock and storage`,
      createdAt: since,
      updatedAt: since,
    })),
  );
  await tx.insert(yards).values(
    demo.yards.map(([name, parkingLocation, parkingSpots], index) => ({
      accountId: account.id,
      name,
      parkingLocation,
      parkingSpots,
      ...address(demo.buildings.length + index),
      description: parkingSpots ? "Trailer parking, numbered spots" : "Overflow parking",
      // entry_time (the last entry) is kept by the database as the trailers' history is written.
      createdAt: since,
      updatedAt: since,
    })),
  );

  const { doors, yards: yardNames } = locationsOf(demo);
  const placeTrailer = () => {
    const roll = random.next();
    if (roll < 0.45) return random.pick(doors);
    if (roll < 0.75) return random.pick(yardNames);
    if (roll < 0.85) return "Shop";
    return "Road";
  };

  // Trailers, each with the history that brought it where it stands.
  const trailerRows = Array.from({ length: 150 * scale }, (_, i) => {
    const location = placeTrailer();
    const loadRoll = random.next();
    const red = random.chance(0.05);
    const yellow = !red && random.chance(0.08);
    const driver = drivers.length && random.chance(0.2) ? random.pick(drivers) : null;
    const places = [...doors, ...yardNames, "Shop", "Road"];
    const recent = historyFor(random, location, places, alphaCodes, now);
    // The account's first trailer has stood in many places before: more than a page of Complete History.
    const history = i === 0 ? [...longHistoryBefore(recent[0], places, alphaCodes, now), ...recent] : recent;
    return {
      row: {
        accountId: account.id,
        companyOwner: random.pick(demo.owners),
        trailerNumber: `${demo.prefix}${10001 + i}`,
        trailerLocation: location,
        type: random.pick(TRAILER_TYPES),
        licenseState: random.pick(STATES),
        licensePlate: plate(random),
        isLoaded: loadRoll < 0.4,
        loadNumber: loadRoll < 0.4 ? `LD${random.int(100000, 999999)}` : null,
        isTray: loadRoll >= 0.4 && loadRoll < 0.6,
        trayCount: loadRoll >= 0.4 && loadRoll < 0.6 ? random.int(1, 8) : 0,
        redTagged: red,
        yellowTagged: yellow,
        inShop: location === "Shop",
        taggedDescription: red ? random.pick(RED_TAGS) : yellow ? random.pick(YELLOW_TAGS) : null,
        userId: driver?.id ?? null,
        lastUser: driver?.alphaCode ?? null,
        lastInspection: isoDate(now - random.int(10, 200) * DAY),
        nextInspection: isoDate(now + random.int(10, 200) * DAY),
        lastMaintenance: isoDate(now - random.int(10, 200) * DAY),
        nextMaintenance: isoDate(now + random.int(10, 200) * DAY),
        createdAt: new Date(history[0].entryTime.getTime()),
        updatedAt: new Date(history[history.length - 1].entryTime.getTime()),
      },
      history,
    };
  });
  const trailerIds: { id: number; trailerNumber: string; trailerLocation: string }[] = [];
  await insertInChunks(trailerRows, async (chunk) => {
    trailerIds.push(
      ...(await tx
        .insert(trailers)
        .values(chunk.map((trailer) => trailer.row))
        .returning({ id: trailers.id, trailerNumber: trailers.trailerNumber, trailerLocation: trailers.trailerLocation })),
    );
  });
  await insertInChunks(
    trailerRows.flatMap((trailer, i) => trailer.history.map((entry) => ({ ...entry, trailerId: trailerIds[i].id, accountId: account.id }))),
    (chunk) => tx.insert(trailerLocationHistory).values(chunk),
    1000,
  );

  // Trucks: mostly in the yards and on the road.
  const truckRows = Array.from({ length: 25 * scale }, (_, i) => {
    const roll = random.next();
    const location = roll < 0.55 ? random.pick(yardNames) : roll < 0.85 ? "Road" : roll < 0.95 ? "Shop" : random.pick(doors);
    const red = random.chance(0.06);
    const yellow = !red && random.chance(0.1);
    const [make, model] = random.pick(TRUCK_MODELS);
    const driver = drivers.length && random.chance(0.4) ? random.pick(drivers) : null;
    const history = historyFor(random, location, [...yardNames, "Shop", "Road"], alphaCodes, now);
    return {
      row: {
        accountId: account.id,
        assignedUserId: driver?.id ?? null,
        truckNumber: `${demo.prefix}-T${101 + i}`,
        truckLocation: location,
        type: random.pick(TRUCK_TYPES),
        licensePlate: plate(random),
        licenseState: random.pick(STATES),
        year: random.int(2012, new Date(now).getUTCFullYear()),
        make,
        model,
        vin: `1XK${random.int(10000000, 99999999)}${random.int(100000, 999999)}`,
        redTagged: red,
        yellowTagged: yellow,
        inShop: location === "Shop",
        taggedDescription: red ? random.pick(RED_TAGS) : yellow ? random.pick(YELLOW_TAGS) : null,
        lastUser: driver?.alphaCode ?? null,
        lastInspection: isoDate(now - random.int(10, 200) * DAY),
        nextInspection: isoDate(now + random.int(10, 200) * DAY),
        lastMaintenance: isoDate(now - random.int(10, 200) * DAY),
        nextMaintenance: isoDate(now + random.int(10, 200) * DAY),
        createdAt: new Date(history[0].entryTime.getTime()),
        updatedAt: new Date(history[history.length - 1].entryTime.getTime()),
      },
      history,
    };
  });
  const truckIds: { id: number }[] = [];
  await insertInChunks(truckRows, async (chunk) => {
    truckIds.push(
      ...(await tx
        .insert(trucks)
        .values(chunk.map((truck) => truck.row))
        .returning({ id: trucks.id })),
    );
  });
  await insertInChunks(
    truckRows.flatMap((truck, i) => truck.history.map((entry) => ({ ...entry, truckId: truckIds[i].id, accountId: account.id }))),
    (chunk) => tx.insert(truckLocationHistory).values(chunk),
    1000,
  );

  await seedMoves(tx, account.id, random, now, trailerIds, [...doors, ...yardNames, "Shop"], seededUsers);
}

/**
 * 1–4 stays within the last 30 days, each ending when the next begins; the last one is open and
 * is where the asset stands now.
 */
function historyFor(random: Random, current: string, places: string[], alphaCodes: string[], now: number) {
  const stays = random.int(1, 4);
  const start = now - random.int(1, 30) * DAY + random.int(0, 23 * 60) * MINUTE;
  const times = [
    start,
    ...Array.from({ length: stays - 1 }, () => start + Math.floor(random.next() * (now - start - 5 * MINUTE))).sort((a, b) => a - b),
  ];
  const locations: string[] = [current];
  for (let i = 1; i < stays; i++) {
    let previous = random.pick(places);
    while (previous === locations[0]) previous = random.pick(places);
    locations.unshift(previous);
  }
  return locations.map((location, i) => ({
    location,
    entryTime: new Date(times[i]),
    exitTime: i < stays - 1 ? new Date(times[i + 1]) : null,
    userAlphaCode: random.pick(alphaCodes),
  }));
}

/** How many stays each account's first trailer had before its recent ones: more than a page of its Complete History (200). */
export const LONG_HISTORY_STAYS = 240;

/**
 * LONG_HISTORY_STAYS closed stays that end where `first` begins: the last one began 40 days
 * before `now` (so the last 30 days, which the admin dashboard reads, keep their few stays), each
 * before it 3 to 15 hours long. From a generator of its own, so the rest of the demo is the same
 * with it or without.
 */
function longHistoryBefore(first: { location: string; entryTime: Date }, places: string[], alphaCodes: string[], now: number) {
  const random = randomGenerator(4242);
  const stays: { location: string; entryTime: Date; exitTime: Date; userAlphaCode: string }[] = [];
  let exit = first.entryTime.getTime();
  let entry = Math.min(now - 40 * DAY, exit);
  let next = first.location;
  for (let i = 0; i < LONG_HISTORY_STAYS; i++) {
    let location = random.pick(places);
    while (location === next) location = random.pick(places);
    stays.unshift({ location, entryTime: new Date(entry), exitTime: new Date(exit), userAlphaCode: random.pick(alphaCodes) });
    next = location;
    exit = entry;
    entry -= random.int(3 * 60, 15 * 60) * MINUTE;
  }
  return stays;
}

const LEGS_OF = { single: 1, shuttle: 2, triangle: 3 } as const;

async function seedMoves(
  tx: Transaction,
  accountId: number,
  random: Random,
  now: number,
  trailerList: { id: number; trailerNumber: string; trailerLocation: string }[],
  destinations: string[],
  accountUsers: { id: number; alphaCode: string | null; isDriver: boolean }[],
) {
  const requesters = accountUsers.filter((user) => !user.isDriver);
  const drivers = accountUsers.filter((user) => user.isDriver);
  // Active moves take trailers that stand in the yard (not on the Road), each trailer once.
  const available = trailerList.filter((trailer) => trailer.trailerLocation !== "Road");
  let nextActive = 0;
  const legFor = (trailer: { id: number; trailerNumber: string; trailerLocation: string }, legNumber: number) => {
    let to = random.pick(destinations);
    while (to === trailer.trailerLocation) to = random.pick(destinations);
    return {
      legNumber,
      fromLocation: trailer.trailerLocation,
      toLocation: to,
      trailerId: trailer.id,
      trailerNumber: trailer.trailerNumber,
    };
  };

  type State = "requested" | "in_progress" | "finished" | "cancelled";
  const plan: { state: State; ageMinutes: number }[] = [
    ...Array.from({ length: 3 }, () => ({ state: "requested" as const, ageMinutes: random.int(5, 90) })),
    ...Array.from({ length: 2 }, () => ({ state: "in_progress" as const, ageMinutes: random.int(20, 120) })),
    ...Array.from({ length: 3 }, () => ({ state: "finished" as const, ageMinutes: random.int(60, 300) })),
    ...Array.from({ length: 12 }, () => ({ state: "finished" as const, ageMinutes: random.int(1, 30) * 1440 + random.int(0, 600) })),
    ...Array.from({ length: 1 }, () => ({ state: "cancelled" as const, ageMinutes: random.int(30, 200) })),
    ...Array.from({ length: 3 }, () => ({ state: "cancelled" as const, ageMinutes: random.int(2, 29) * 1440 })),
  ].sort((a, b) => b.ageMinutes - a.ageMinutes);

  for (const { state, ageMinutes } of plan) {
    const type = random.pick(["single", "single", "shuttle", "triangle"] as const);
    const active = state === "requested" || state === "in_progress";
    const legTrailers = Array.from({ length: LEGS_OF[type] }, () =>
      active ? available[nextActive++ % available.length] : random.pick(trailerList),
    );
    const requestTime = now - ageMinutes * MINUTE;
    const driver = random.pick(drivers);
    const acceptTime = requestTime + random.int(2, 15) * MINUTE;
    const finishTime = Math.min(acceptTime + random.int(8, 45) * MINUTE, now - MINUTE);
    const [move] = await tx
      .insert(moves)
      .values({
        accountId,
        requestUserId: random.pick(requesters).id,
        moveType: type,
        requestTime: new Date(requestTime),
        inProgress: state !== "requested" && state !== "cancelled",
        acceptUserId: state === "in_progress" || state === "finished" ? driver.id : null,
        acceptAlphaCode: state === "in_progress" || state === "finished" ? driver.alphaCode : null,
        acceptTime: state === "in_progress" || state === "finished" ? new Date(acceptTime) : null,
        finishTime: state === "finished" ? new Date(finishTime) : null,
        elapseTime: state === "finished" ? `${Math.round((finishTime - requestTime) / 1000)} seconds` : null,
        isCancel: state === "cancelled",
        cancelTime: state === "cancelled" ? new Date(requestTime + random.int(5, 30) * MINUTE) : null,
        cancelUserId: state === "cancelled" ? random.pick(requesters).id : null,
      })
      .returning({ id: moves.id });
    await tx.insert(moveLegs).values(legTrailers.map((trailer, i) => ({ ...legFor(trailer, i + 1), moveId: move.id })));
  }
}

export async function tableCounts(db: Database) {
  const tables = {
    companies,
    accounts,
    users,
    buildings,
    yards,
    trailers,
    trucks,
    trailerLocationHistory,
    truckLocationHistory,
    moves,
    moveLegs,
  };
  const counts: Record<string, number> = {};
  for (const [name, table] of Object.entries(tables)) {
    const [{ rows }] = await db.select({ rows: count() }).from(table);
    counts[name] = rows;
  }
  return counts;
}
