import { and, asc, count, eq, inArray, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLogs, buildings, moveLegs, moves, trailerLocationHistory, trailers, yards } from "#db/schema";
import {
  ACTIONS_IN,
  AVAILABLE_TRAILERS_LIMIT,
  MOVE_ACTIONS,
  MOVE_MESSAGES,
  MOVE_STATES,
  type MoveAction,
  type MoveState,
} from "#app/domain/moves";
import { moveDraftOf } from "#app/domain/move-forms";
import { ROLES, type Role } from "#app/domain/roles";
import type { Database } from "#app/lib/db.server";
import type { ServiceContext } from "#app/services/context.server";
import type { AfterCommit } from "#app/domain/realtime-events";
import { ServiceError } from "#app/services/errors.server";
import {
  availableTrailers,
  createMoveChoices,
  moveLocations,
  movePanel,
  moveSummary,
  PANEL_LIST_LIMIT,
} from "#app/services/move-panel.server";
import { createMove, transitionMove } from "#app/services/moves.server";
import { listMoves } from "#app/services/move-lists.server";
import { trailerAndStays } from "#app/services/trailers.server";
import { openObserver, race, slowCommits } from "./concurrency";
import { createTestDatabase, type TestDatabase } from "./database";
import { contextFor, createAccount, createTrailer, createUser } from "./fixtures";

type UserRow = Awaited<ReturnType<typeof createUser>>;
type TrailerRow = Awaited<ReturnType<typeof createTrailer>>;

let test: TestDatabase;
let accountId: number;
let otherAccountId: number;
/** One user of every role in the account (the admin belongs to it too), and one manager of the other account. */
const staff = {} as Record<Role, UserRow>;
let secondDriver: UserRow;
let otherManager: UserRow;
let otherDriver: UserRow;
let adminWithoutAccount: UserRow;
/** A user's service context (on another pool when given one). */
const ctxOf = (user: UserRow, db: Database = test.db): ServiceContext => contextFor(db, user).ctx;
const acting = (role: Role) => ctxOf(staff[role]);
/** An admin of no account: reads any account's, or every account's. */
const anyAccount = () => ctxOf(adminWithoutAccount);

/** What the account's room hears when a move changes state. */
const statusChanged = (account: number, moveId: number, trailerIds: number[]): AfterCommit => ({
  kind: "publish",
  accountId: account,
  event: { type: "move_status_changed", account_id: account, move_id: moveId, affected_trailers: trailerIds },
});
/** What the account's room hears when a finished move put a trailer somewhere else. */
const trailerMoved = (account: number, trailerId: number, location: string): AfterCommit[] => [
  {
    kind: "publish",
    accountId: account,
    event: { type: "trailer_location_updated", account_id: account, trailer_id: trailerId, location },
  },
  {
    kind: "publish",
    accountId: account,
    event: { type: "location_history_updated", account_id: account, asset: "trailer", asset_id: trailerId },
  },
];

async function addPlaces(id: number) {
  await test.db.insert(yards).values([
    { accountId: id, name: "Yard A" },
    { accountId: id, name: "Yard B" },
  ]);
  await test.db.insert(buildings).values({ accountId: id, buildingName: "North", buildingDoorNumber: 4 });
}

beforeAll(async () => {
  test = await createTestDatabase();
  accountId = (await createAccount(test.db, "Dock Town")).id;
  otherAccountId = (await createAccount(test.db, "Elsewhere")).id;
  await addPlaces(accountId);
  await addPlaces(otherAccountId);
  for (const role of ROLES) staff[role] = await createUser(test.db, { role, accountId });
  secondDriver = await createUser(test.db, { role: "yard_driver", accountId });
  otherManager = await createUser(test.db, { role: "manager", accountId: otherAccountId });
  otherDriver = await createUser(test.db, { role: "yard_driver", accountId: otherAccountId });
  adminWithoutAccount = await createUser(test.db, { role: "admin", accountId: null });
});
afterAll(async () => test.close());

/** What a service call came to: its value, or the status and messages of the ServiceError it threw. */
async function attempt<T>(work: Promise<T>): Promise<{ ok: true; value: T } | { ok: false; status: number; errors: string[] }> {
  try {
    return { ok: true, value: await work };
  } catch (error) {
    if (error instanceof ServiceError) return { ok: false, status: error.status, errors: error.errors };
    throw error;
  }
}

async function refusal(work: Promise<unknown>) {
  const result = await attempt(work);
  if (result.ok) throw new Error("expected the call to be refused");
  return { status: result.status, errors: result.errors };
}

async function rowCounts() {
  const [[m], [l], [a]] = await Promise.all([
    test.db.select({ n: count() }).from(moves),
    test.db.select({ n: count() }).from(moveLegs),
    test.db
      .select({ n: count() })
      .from(auditLogs)
      .where(inArray(auditLogs.tableName, ["moves", "move_legs"])),
  ]);
  return { moves: m.n, legs: l.n, audit: a.n };
}

const single = (trailer: string, from = "Yard A", to = "Yard B") => ({ move_details: { type: "single", moves: [{ from, to, trailer }] } });

async function moveRow(id: number, db: Database = test.db) {
  const [row] = await db.select().from(moves).where(eq(moves.id, id));
  return row;
}

const stateOf = (row: { inProgress: boolean; finishTime: Date | null; isCancel: boolean }): MoveState =>
  row.isCancel ? "cancelled" : row.finishTime ? "finished" : row.inProgress ? "in_progress" : "requested";

/** A move written straight to the tables in the given state, with one leg per trailer (From = where it stands). */
async function insertMove(options: {
  accountId: number;
  state: MoveState;
  trailers: TrailerRow[];
  acceptor?: UserRow | null;
  to?: string;
  requestTime?: Date;
  finishTime?: Date;
  cancelTime?: Date;
}) {
  const { state, acceptor } = options;
  if (state === "requested" && acceptor) throw new Error("a requested move has no acceptor");
  if ((state === "in_progress" || state === "finished") && !acceptor) throw new Error("an accepted move needs an acceptor");
  const type = (["single", "shuttle", "triangle"] as const)[Math.max(options.trailers.length, 1) - 1];
  const [move] = await test.db
    .insert(moves)
    .values({
      accountId: options.accountId,
      requestUserId: null,
      moveType: type,
      requestTime: options.requestTime ?? new Date(),
      ...(acceptor ? { inProgress: true, acceptUserId: acceptor.id, acceptAlphaCode: acceptor.alphaCode, acceptTime: new Date() } : {}),
      ...(state === "finished" ? { finishTime: options.finishTime ?? new Date() } : {}),
      ...(state === "cancelled" ? { isCancel: true, cancelTime: options.cancelTime ?? new Date() } : {}),
    })
    .returning();
  if (options.trailers.length) {
    await test.db.insert(moveLegs).values(
      options.trailers.map((trailer, i) => ({
        moveId: move.id,
        legNumber: i + 1,
        fromLocation: trailer.trailerLocation,
        toLocation: options.to ?? (trailer.trailerLocation === "Yard B" ? "Yard A" : "Yard B"),
        trailerId: trailer.id,
        trailerNumber: trailer.trailerNumber,
      })),
    );
  }
  return move;
}

async function openHistory(trailerId: number) {
  return test.db
    .select()
    .from(trailerLocationHistory)
    .where(and(eq(trailerLocationHistory.trailerId, trailerId), isNull(trailerLocationHistory.exitTime)));
}

async function historyOf(trailerId: number) {
  return test.db
    .select()
    .from(trailerLocationHistory)
    .where(eq(trailerLocationHistory.trailerId, trailerId))
    .orderBy(asc(trailerLocationHistory.id));
}

/** A trailer with its open history entry, as a trailer created in the product has. */
async function placedTrailer(id: number, location: string) {
  const trailer = await createTrailer(test.db, id, location);
  await test.db
    .insert(trailerLocationHistory)
    .values({ trailerId: trailer.id, accountId: id, location, entryTime: new Date(Date.now() - 3_600_000) });
  return trailer;
}

describe("Create Move", () => {
  it("creates a Requested move in the actor's account, with canonical locations and the trailers' numbers", async () => {
    const a = await createTrailer(test.db, accountId, "Yard A");
    const b = await createTrailer(test.db, accountId, "North-2");
    const move = await createMove(acting("manager"), {
      move_details: {
        type: "shuttle",
        moves: [
          { from: "yard a", to: "north-1", trailer: a.trailerNumber.toLowerCase() },
          { from: "North-2", to: "Shop", trailer: ` ${b.trailerNumber} ` },
        ],
      },
    });
    expect(move).toMatchObject({
      account_id: accountId,
      request_user_id: staff.manager.id,
      request_alpha_code: staff.manager.alphaCode,
      state: "requested",
      in_progress: false,
      accept_user_id: null,
      finish_time: null,
      is_cancel: false,
      elapse_time: null,
      move_details: {
        type: "shuttle",
        moves: [
          { from: "Yard A", to: "North-1", trailer: a.trailerNumber, trailer_id: a.id },
          { from: "North-2", to: "Shop", trailer: b.trailerNumber, trailer_id: b.id },
        ],
      },
    });
    const legs = await test.db.select().from(moveLegs).where(eq(moveLegs.moveId, move.id));
    expect(legs.every((leg) => leg.active)).toBe(true);
  });

  it("each managerial role may create; the requester is the actor whatever the body says, and the move starts Requested", async () => {
    for (const role of ["admin", "super_manager", "account_manager", "manager"] as const) {
      const trailer = await createTrailer(test.db, accountId, "Yard A");
      const move = await createMove(acting(role), {
        ...single(trailer.trailerNumber),
        account_id: accountId,
        request_user_id: staff.security.id,
        in_progress: true,
        is_cancel: true,
      });
      expect(move.request_user_id).toBe(staff[role].id);
      expect(move.state).toBe("requested");
      expect(move.account_id).toBe(accountId);
    }
  });

  describe("refusals write nothing", () => {
    async function expectRefused(by: ServiceContext, input: unknown, status: number, message: string) {
      const before = await rowCounts();
      const { status: got, errors } = await refusal(createMove(by, input));
      expect({ status: got, message: errors[0] }).toEqual({ status, message });
      expect(await rowCounts()).toEqual(before);
    }

    it.each(["yard_driver", "road_driver", "mechanic", "security"] as const)("403 for a %s", async (role) => {
      const trailer = await createTrailer(test.db, accountId, "Yard A");
      await expectRefused(acting(role), single(trailer.trailerNumber), 403, MOVE_MESSAGES.createDenied);
    });

    it("needs a trailer on every leg", async () => {
      const trailer = await createTrailer(test.db, accountId, "Yard A");
      await expectRefused(acting("manager"), single(""), 400, MOVE_MESSAGES.trailerRequired);
      await expectRefused(acting("manager"), single("   "), 400, MOVE_MESSAGES.trailerRequired);
      await expectRefused(
        acting("manager"),
        {
          move_details: {
            type: "shuttle",
            moves: [
              { from: "Yard A", to: "Yard B", trailer: trailer.trailerNumber },
              { from: "Yard A", to: "Shop" },
            ],
          },
        },
        400,
        MOVE_MESSAGES.trailerRequired,
      );
    });

    it("needs From and To on every leg", async () => {
      const trailer = await createTrailer(test.db, accountId, "Yard A");
      await expectRefused(acting("manager"), single(trailer.trailerNumber, "", "Yard B"), 400, MOVE_MESSAGES.locationsRequired);
      await expectRefused(acting("manager"), single(trailer.trailerNumber, "Yard A", ""), 400, MOVE_MESSAGES.locationsRequired);
    });

    it("refuses the same From and To", async () => {
      const trailer = await createTrailer(test.db, accountId, "Yard A");
      await expectRefused(acting("manager"), single(trailer.trailerNumber, "Yard A", "YARD A"), 400, MOVE_MESSAGES.sameLocation);
    });

    it("refuses trailers on the Road, naming every one", async () => {
      const a = await createTrailer(test.db, accountId, "Road");
      const b = await createTrailer(test.db, accountId, "Road");
      await expectRefused(acting("manager"), single(a.trailerNumber, "Road", "Yard B"), 400, MOVE_MESSAGES.onRoad([a.trailerNumber]));
      await expectRefused(
        acting("manager"),
        {
          move_details: {
            type: "shuttle",
            moves: [
              { from: "Road", to: "Yard A", trailer: a.trailerNumber },
              { from: "Road", to: "Yard B", trailer: b.trailerNumber },
            ],
          },
        },
        400,
        `Cannot create move with trailers that are already on the road: ${a.trailerNumber}, ${b.trailerNumber}`,
      );
    });

    it("refuses one trailer twice, however it is typed", async () => {
      const trailer = await createTrailer(test.db, accountId, "Yard A");
      await expectRefused(
        acting("manager"),
        {
          move_details: {
            type: "shuttle",
            moves: [
              { from: "Yard A", to: "Yard B", trailer: trailer.trailerNumber },
              { from: "Yard B", to: "Shop", trailer: trailer.trailerNumber.toLowerCase() },
            ],
          },
        },
        400,
        MOVE_MESSAGES.trailerTwice,
      );
    });

    it("refuses a trailer the account does not have", async () => {
      await expectRefused(acting("manager"), single("NOPE-1"), 400, MOVE_MESSAGES.trailerUnknown("NOPE-1"));
    });

    it("refuses a trailer that is not at the From location", async () => {
      const trailer = await createTrailer(test.db, accountId, "Yard B");
      await expectRefused(
        acting("manager"),
        single(trailer.trailerNumber, "Yard A", "Shop"),
        409,
        MOVE_MESSAGES.trailerNotAtFrom(trailer.trailerNumber, "Yard A"),
      );
    });

    it("refuses a From that is not a location of the account", async () => {
      const trailer = await createTrailer(test.db, accountId, "Yard A");
      await expectRefused(acting("manager"), single(trailer.trailerNumber, "Nowhere", "Yard B"), 400, MOVE_MESSAGES.fromUnknown("Nowhere"));
    });

    it("refuses the Road, or an unknown place, as To", async () => {
      const trailer = await createTrailer(test.db, accountId, "Yard A");
      await expectRefused(acting("manager"), single(trailer.trailerNumber, "Yard A", "Road"), 400, MOVE_MESSAGES.toInvalid("Road"));
      await expectRefused(acting("manager"), single(trailer.trailerNumber, "Yard A", "road"), 400, MOVE_MESSAGES.toInvalid("road"));
      await expectRefused(acting("manager"), single(trailer.trailerNumber, "Yard A", "North-5"), 400, MOVE_MESSAGES.toInvalid("North-5"));
    });

    it("refuses a number of legs that does not fit the type, and a malformed body", async () => {
      const [a, b, c, d] = await Promise.all([1, 2, 3, 4].map(() => createTrailer(test.db, accountId, "Yard A")));
      const legsOf = (...list: TrailerRow[]) => list.map((t) => ({ from: "Yard A", to: "Yard B", trailer: t.trailerNumber }));
      const bodies = [
        { move_details: { type: "single", moves: legsOf(a, b) } },
        { move_details: { type: "shuttle", moves: legsOf(a) } },
        { move_details: { type: "shuttle", moves: legsOf(a, b, c) } },
        { move_details: { type: "triangle", moves: legsOf(a, b) } },
        { move_details: { type: "triangle", moves: legsOf(a, b, c, d) } },
        { move_details: { type: "single", moves: [] } },
        { move_details: { type: "quad", moves: legsOf(a) } },
        { move_details: { type: "single" } },
        { move_details: { type: "single", moves: "T1" } },
        {},
        null,
        "text",
      ];
      for (const body of bodies) await expectRefused(acting("manager"), body, 400, MOVE_MESSAGES.legCount);
    });

    it("an admin must name the account", async () => {
      const trailer = await createTrailer(test.db, accountId, "Yard A");
      await expectRefused(acting("admin"), single(trailer.trailerNumber), 400, MOVE_MESSAGES.accountRequired);
      await expectRefused(ctxOf(adminWithoutAccount), single(trailer.trailerNumber), 400, MOVE_MESSAGES.accountRequired);
      await expectRefused(
        ctxOf(adminWithoutAccount),
        { ...single(trailer.trailerNumber), account_id: "x" },
        400,
        MOVE_MESSAGES.accountRequired,
      );
    });

    it("a trailer in a requested move, or in an in-progress one, is refused by name", async () => {
      const requested = await createTrailer(test.db, accountId, "Yard A");
      const inProgress = await createTrailer(test.db, accountId, "Yard A");
      await createMove(acting("manager"), single(requested.trailerNumber));
      const move = await createMove(acting("manager"), single(inProgress.trailerNumber));
      await transitionMove(acting("yard_driver"), move.id, "accept");
      await expectRefused(
        acting("super_manager"),
        single(requested.trailerNumber, "Yard A", "Shop"),
        409,
        MOVE_MESSAGES.inRequestedMove(requested.trailerNumber),
      );
      await expectRefused(
        acting("super_manager"),
        single(inProgress.trailerNumber, "Yard A", "Shop"),
        409,
        MOVE_MESSAGES.inActiveMove(inProgress.trailerNumber),
      );
      expect(MOVE_MESSAGES.inRequestedMove("X")).toContain("already in a requested move");
      expect(MOVE_MESSAGES.inActiveMove("X")).toContain("already in use in another active move");
    });
  });

  it("a trailer whose move finished or was cancelled may be moved again", async () => {
    const finished = await createTrailer(test.db, accountId, "Yard A");
    const cancelled = await createTrailer(test.db, accountId, "Yard A");
    await insertMove({ accountId, state: "finished", trailers: [finished], acceptor: staff.yard_driver });
    await insertMove({ accountId, state: "cancelled", trailers: [cancelled] });
    expect((await attempt(createMove(acting("manager"), single(finished.trailerNumber)))).ok).toBe(true);
    expect((await attempt(createMove(acting("manager"), single(cancelled.trailerNumber)))).ok).toBe(true);
  });

  it("an admin naming an account id no row can have is refused as a request error, not a database failure", async () => {
    const trailer = await createTrailer(test.db, accountId, "Yard A");
    for (const account_id of [2 ** 40, 2 ** 31]) {
      const before = await rowCounts();
      const outcome = await createMove(ctxOf(adminWithoutAccount), { ...single(trailer.trailerNumber), account_id }).then(
        () => "created",
        (error) => (error instanceof ServiceError ? error.status : `not a ServiceError: ${String(error).slice(0, 120)}`),
      );
      expect(outcome, `account_id ${account_id}`).toBeOneOf([400, 404]);
      expect(await rowCounts()).toEqual(before);
    }
  });

  it("a non-admin naming another account still creates in its own, and cannot name another account's trailer", async () => {
    const own = await createTrailer(test.db, accountId, "Yard A");
    const foreign = await createTrailer(test.db, otherAccountId, "Yard A");
    const move = await createMove(acting("manager"), { ...single(own.trailerNumber), account_id: otherAccountId });
    expect(move.account_id).toBe(accountId);
    const before = await rowCounts();
    const refused = await refusal(createMove(acting("manager"), { ...single(foreign.trailerNumber), account_id: otherAccountId }));
    expect(refused).toEqual({ status: 400, errors: [MOVE_MESSAGES.trailerUnknown(foreign.trailerNumber)] });
    expect(await rowCounts()).toEqual(before);
  });

  it("an admin creates in the account it names, with that account's trailers only", async () => {
    const foreign = await createTrailer(test.db, otherAccountId, "Yard A");
    const own = await createTrailer(test.db, accountId, "Yard A");
    const move = await createMove(ctxOf(adminWithoutAccount), { ...single(foreign.trailerNumber), account_id: otherAccountId });
    expect(move.account_id).toBe(otherAccountId);
    expect(move.request_user_id).toBe(adminWithoutAccount.id);
    const refused = await refusal(createMove(ctxOf(adminWithoutAccount), { ...single(own.trailerNumber), account_id: otherAccountId }));
    expect(refused).toEqual({ status: 400, errors: [MOVE_MESSAGES.trailerUnknown(own.trailerNumber)] });
  });

  it("writes the move and its legs in the audit trail under the requester", async () => {
    const trailer = await createTrailer(test.db, accountId, "Yard A");
    const move = await createMove(acting("account_manager"), single(trailer.trailerNumber));
    const legIds = (await test.db.select({ id: moveLegs.id }).from(moveLegs).where(eq(moveLegs.moveId, move.id))).map((leg) =>
      String(leg.id),
    );
    const audit = await test.db
      .select()
      .from(auditLogs)
      .where(
        sql`(${auditLogs.tableName} = 'moves' AND ${auditLogs.recordId} = ${String(move.id)})
          OR (${auditLogs.tableName} = 'move_legs' AND ${inArray(auditLogs.recordId, legIds)})`,
      )
      .orderBy(asc(auditLogs.id));
    expect(audit.map((row) => [row.tableName, row.action, row.userAlphaCode])).toEqual([
      ["moves", "CREATE", staff.account_manager.alphaCode],
      ["move_legs", "CREATE", staff.account_manager.alphaCode],
    ]);
  });
});

describe("the transition table", () => {
  type Acceptance = "nobody" | "the actor" | "another driver";
  const DRIVERS: Role[] = ["yard_driver", "road_driver"];
  const MANAGERIAL: Role[] = ["admin", "super_manager", "account_manager", "manager"];
  const WATCHERS: Role[] = ["mechanic", "security"];
  const NEXT: Record<MoveAction, MoveState> = { accept: "in_progress", finish: "finished", cancel: "cancelled" };

  /** The rules as the product states them; the permission check comes before the state check. */
  function expected(role: Role, own: boolean, state: MoveState, acceptance: Acceptance, action: MoveAction) {
    if (!own && role !== "admin") return { status: 403, message: MOVE_MESSAGES.otherAccount };
    if (WATCHERS.includes(role)) return { status: 403, message: MOVE_MESSAGES.actionDenied };
    if (DRIVERS.includes(role) && action !== "accept" && acceptance !== "the actor") {
      return { status: 403, message: MOVE_MESSAGES.notYours(action) };
    }
    if (!ACTIONS_IN[state].includes(action)) return { status: 409, message: MOVE_MESSAGES.conflict[action] };
    return { status: 200, message: null };
  }

  function acceptancesFor(state: MoveState, role: Role, own: boolean): Acceptance[] {
    const canHaveAccepted = own && (DRIVERS.includes(role) || MANAGERIAL.includes(role));
    const accepted: Acceptance[] = canHaveAccepted ? ["the actor", "another driver"] : ["another driver"];
    if (state === "requested") return ["nobody"];
    if (state === "cancelled") return ["nobody", ...accepted];
    return accepted;
  }

  const cases = MOVE_STATES.flatMap((state) =>
    MOVE_ACTIONS.flatMap((action) =>
      ROLES.flatMap((role) =>
        [true, false].flatMap((own) =>
          acceptancesFor(state, role, own).map((acceptance) => ({
            state,
            action,
            role,
            account: own ? "own" : "other",
            acceptance,
            ...expected(role, own, state, acceptance, action),
          })),
        ),
      ),
    ),
  );

  it("covers every state, action, role and account", () => {
    const seen = new Set(cases.map((c) => `${c.state}/${c.action}/${c.role}/${c.account}`));
    expect(seen.size).toBe(MOVE_STATES.length * MOVE_ACTIONS.length * ROLES.length * 2);
    for (const role of DRIVERS) {
      for (const state of ["in_progress", "finished"] as const) {
        const variants = cases.filter((c) => c.role === role && c.state === state && c.account === "own").map((c) => c.acceptance);
        expect(new Set(variants)).toEqual(new Set(["the actor", "another driver"]));
      }
    }
  });

  it.each(cases)(
    "$state, $action by $role of the $account account, accepted by $acceptance → $status",
    async ({ state, action, role, account, acceptance, status, message }) => {
      const moveAccountId = account === "own" ? accountId : otherAccountId;
      const trailer = await createTrailer(test.db, moveAccountId, "Yard A");
      const acceptor =
        acceptance === "nobody" ? null : acceptance === "the actor" ? staff[role] : account === "own" ? secondDriver : otherDriver;
      const move = await insertMove({ accountId: moveAccountId, state, trailers: [trailer], acceptor });

      const result = await attempt(transitionMove(acting(role), move.id, action));
      const after = await moveRow(move.id);
      const [trailerAfter] = await test.db.select().from(trailers).where(eq(trailers.id, trailer.id));
      if (status === 200) {
        expect(result).toMatchObject({ ok: true });
        expect(stateOf(after)).toBe(NEXT[action]);
        if (result.ok) expect(result.value.state).toBe(NEXT[action]);
        if (action === "accept") expect(after).toMatchObject({ acceptUserId: staff[role].id, acceptAlphaCode: staff[role].alphaCode });
        if (action === "cancel") expect(after.cancelUserId).toBe(staff[role].id);
        expect(trailerAfter.trailerLocation).toBe(action === "finish" ? "Yard B" : "Yard A");
      } else {
        expect(result).toEqual({ ok: false, status, errors: [message] });
        expect(after).toEqual(move);
        expect(trailerAfter.trailerLocation).toBe("Yard A");
      }
    },
  );

  it("an unknown move is 404", async () => {
    for (const id of [999_999, 0, -1, Number.NaN, 2 ** 31]) {
      expect(await refusal(transitionMove(acting("manager"), id, "accept"))).toEqual({ status: 404, errors: [MOVE_MESSAGES.notFound] });
    }
  });

  it("an admin without an account acts on any account's moves", async () => {
    const trailer = await createTrailer(test.db, otherAccountId, "Yard A");
    const move = await insertMove({ accountId: otherAccountId, state: "requested", trailers: [trailer] });
    const accepted = await transitionMove(ctxOf(adminWithoutAccount), move.id, "accept");
    expect(accepted).toMatchObject({ state: "in_progress", account_id: otherAccountId, accept_user_id: adminWithoutAccount.id });
  });
});

describe("concurrency", () => {
  it("twenty drivers accepting one move at once: exactly one gets it, the rest a 409, one audit entry", async () => {
    const drivers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => createUser(test.db, { role: i % 2 ? "road_driver" : "yard_driver", accountId })),
    );
    const trailer = await createTrailer(test.db, accountId, "Yard A");
    const move = await createMove(acting("manager"), single(trailer.trailerNumber));
    // All twenty are under way, each waiting to update the move, when the moves table is let go: they meet at its row.
    const results = await race(
      test.url,
      "LOCK TABLE moves IN EXCLUSIVE MODE",
      drivers.map((driver) => (db: Database) => transitionMove(ctxOf(driver, db), move.id, "accept")),
    );
    const won = results.flatMap((result, i) => (result.status === "fulfilled" ? [drivers[i]] : []));
    const lost = results.flatMap((result) => (result.status === "rejected" ? [result.reason] : []));
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(19);
    for (const error of lost) {
      expect(error).toBeInstanceOf(ServiceError);
      expect({ status: error.status, message: error.message }).toEqual({
        status: 409,
        message: "This move cannot be accepted due to a conflict",
      });
    }
    const row = await moveRow(move.id);
    expect(row).toMatchObject({ inProgress: true, acceptUserId: won[0].id, acceptAlphaCode: won[0].alphaCode });
    const updates = await test.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.tableName, "moves"), eq(auditLogs.recordId, String(move.id)), eq(auditLogs.action, "UPDATE")));
    expect(updates).toHaveLength(1);
    expect(updates[0].userAlphaCode).toBe(won[0].alphaCode);
    expect(updates[0].changedFields?.in_progress).toEqual({ old: false, new: true });
    expect(updates[0].changedFields?.accept_user_id).toEqual({ old: null, new: won[0].id });
  });

  it("finish and cancel of one in-progress move at once: exactly one wins, the other gets its 409", async () => {
    for (let round = 0; round < 6; round++) {
      const trailer = await placedTrailer(accountId, "Yard A");
      const move = await createMove(acting("manager"), single(trailer.trailerNumber, "Yard A", "North-3"));
      await transitionMove(acting("yard_driver"), move.id, "accept");
      // Alternate who cancels: the accepting driver or a manager.
      const canceller = round % 2 ? staff.yard_driver : staff.manager;
      // Both are under way, each waiting to update the move, when the moves table is let go: they meet at its row.
      const [finish, cancel] = await race(test.url, "LOCK TABLE moves IN EXCLUSIVE MODE", [
        (db: Database) => transitionMove(ctxOf(staff.yard_driver, db), move.id, "finish"),
        (db: Database) => transitionMove(ctxOf(canceller, db), move.id, "cancel"),
      ]);
      expect([finish.status, cancel.status].filter((s) => s === "fulfilled")).toHaveLength(1);
      const loser = finish.status === "rejected" ? finish.reason : cancel.status === "rejected" ? cancel.reason : null;
      const loserAction: MoveAction = finish.status === "rejected" ? "finish" : "cancel";
      expect(loser).toBeInstanceOf(ServiceError);
      expect({ status: loser.status, message: loser.message }).toEqual({ status: 409, message: MOVE_MESSAGES.conflict[loserAction] });
      const row = await moveRow(move.id);
      const [trailerAfter] = await test.db.select().from(trailers).where(eq(trailers.id, trailer.id));
      const open = await openHistory(trailer.id);
      expect(open).toHaveLength(1);
      if (finish.status === "fulfilled") {
        expect(stateOf(row)).toBe("finished");
        expect(trailerAfter.trailerLocation).toBe("North-3");
        expect(open[0].location).toBe("North-3");
      } else {
        expect(stateOf(row)).toBe("cancelled");
        expect(trailerAfter.trailerLocation).toBe("Yard A");
        expect(open[0].location).toBe("Yard A");
        expect(await historyOf(trailer.id)).toHaveLength(1);
      }
      const legs = await test.db.select().from(moveLegs).where(eq(moveLegs.moveId, move.id));
      expect(legs.map((leg) => leg.active)).toEqual([false]);
    }
  });

  /**
   * Every manager creates at once, each on a connection of its own. With a `hold`, a lock every
   * creator comes to is held until each waits on a lock (the one held, or a trailer another
   * creator holds), so all of them are under way when it is released.
   */
  const createRace = (bodies: unknown[], managers: UserRow[], hold: string | null) =>
    race(
      test.url,
      hold,
      managers.map((manager, i) => (db: Database) => createMove(ctxOf(manager, db), bodies[i])),
    );

  async function someManagers(n: number) {
    const roles = ["manager", "account_manager", "super_manager"] as const;
    return Promise.all(Array.from({ length: n }, (_, i) => createUser(test.db, { role: roles[i % roles.length], accountId })));
  }

  /** How many move numbers have been handed out: a move written and then rolled back has used one up too. */
  async function moveNumbersUsed() {
    const { rows } = await test.db.execute<{ n: number }>(
      sql`select (case when is_called then last_value else last_value - 1 end)::int as n from moves_id_seq`,
    );
    return rows[0].n;
  }

  it.each([
    ["free-running", null],
    ["in lockstep", "LOCK TABLE moves IN EXCLUSIVE MODE"],
  ])(
    "ten managers creating a move for one trailer at once (%s): exactly one succeeds, the others get the trailer's 409 before writing a move",
    async (_, hold) => {
      const trailer = await createTrailer(test.db, accountId, "Yard A");
      const managers = await someManagers(10);
      const before = await rowCounts();
      const numbersBefore = await moveNumbersUsed();
      const bodies = managers.map((_manager, i) => single(trailer.trailerNumber, "Yard A", i % 2 ? "Yard B" : "Shop"));
      const results = await createRace(bodies, managers, hold);
      const won = results.filter((result) => result.status === "fulfilled");
      const lost = results.flatMap((result) => (result.status === "rejected" ? [result.reason] : []));
      expect(won).toHaveLength(1);
      for (const error of lost) {
        expect(error).toBeInstanceOf(ServiceError);
        expect(error.status).toBe(409);
        expect([MOVE_MESSAGES.inRequestedMove(trailer.trailerNumber), MOVE_MESSAGES.inActiveMove(trailer.trailerNumber)]).toContain(
          error.message,
        );
      }
      const after = await rowCounts();
      expect({ moves: after.moves - before.moves, legs: after.legs - before.legs }).toEqual({ moves: 1, legs: 1 });
      // The others queued at the trailer and saw the move first: none wrote one of its own (to have it rolled back).
      expect(await moveNumbersUsed()).toBe(numbersBefore + 1);
      const active = await test.db
        .select()
        .from(moveLegs)
        .where(and(eq(moveLegs.trailerId, trailer.id), moveLegs.active));
      expect(active).toHaveLength(1);
    },
  );

  it.each([
    ["free-running", null],
    ["in lockstep", "LOCK TABLE moves IN EXCLUSIVE MODE"],
  ])(
    "ten managers creating shuttles of the same two trailers, listed in either order, at once (%s): exactly one succeeds, the others get a 409 before writing a move",
    async (_, hold) => {
      const a = await createTrailer(test.db, accountId, "Yard A");
      const b = await createTrailer(test.db, accountId, "Yard B");
      const managers = await someManagers(10);
      const before = await rowCounts();
      const numbersBefore = await moveNumbersUsed();
      const legA = { from: "Yard A", to: "Shop", trailer: a.trailerNumber };
      const legB = { from: "Yard B", to: "North-1", trailer: b.trailerNumber };
      const bodies = managers.map((_manager, i) => ({ move_details: { type: "shuttle", moves: i % 2 ? [legA, legB] : [legB, legA] } }));
      const results = await createRace(bodies, managers, hold);
      const won = results.filter((result) => result.status === "fulfilled");
      const lost = results.flatMap((result) => (result.status === "rejected" ? [result.reason] : []));
      const messages = [a, b].flatMap((t) => [MOVE_MESSAGES.inRequestedMove(t.trailerNumber), MOVE_MESSAGES.inActiveMove(t.trailerNumber)]);
      expect(
        lost.map((error) =>
          error instanceof ServiceError ? { status: error.status, known: messages.includes(error.message) } : String(error),
        ),
      ).toEqual(lost.map(() => ({ status: 409, known: true })));
      expect(won).toHaveLength(1);
      const after = await rowCounts();
      expect({ moves: after.moves - before.moves, legs: after.legs - before.legs }).toEqual({ moves: 1, legs: 2 });
      expect(await moveNumbersUsed()).toBe(numbersBefore + 1);
    },
  );
});

describe("finishing and cancelling", () => {
  it("finishing takes every trailer to its To location, keeps the Shop flag and writes history under the accepting driver", async () => {
    const toShop = await placedTrailer(accountId, "Yard A");
    const fromShop = await placedTrailer(accountId, "Shop");
    const noHistory = await createTrailer(test.db, accountId, "North-1");
    expect(fromShop.inShop).toBe(true);
    const move = await createMove(acting("manager"), {
      move_details: {
        type: "triangle",
        moves: [
          { from: "Yard A", to: "Shop", trailer: toShop.trailerNumber },
          { from: "Shop", to: "North-2", trailer: fromShop.trailerNumber },
          { from: "North-1", to: "Yard B", trailer: noHistory.trailerNumber },
        ],
      },
    });
    await test.db
      .update(moves)
      .set({ requestTime: sql`now() - interval '2 hours'` })
      .where(eq(moves.id, move.id));
    await transitionMove(acting("road_driver"), move.id, "accept");
    // A manager closes it out for the driver: the history still names the driver who drove.
    const closer = contextFor(test.db, staff.manager);
    const finished = await transitionMove(closer.ctx, move.id, "finish");

    expect(finished.state).toBe("finished");
    expect(finished.finish_time).not.toBeNull();
    expect(finished.elapse_time).toBeGreaterThanOrEqual(7200);
    expect(finished.elapse_time).toBeLessThan(7200 + 60);
    expect(closer.sent).toEqual([
      statusChanged(accountId, move.id, [toShop.id, fromShop.id, noHistory.id]),
      ...trailerMoved(accountId, toShop.id, "Shop"),
      ...trailerMoved(accountId, fromShop.id, "North-2"),
      ...trailerMoved(accountId, noHistory.id, "Yard B"),
    ]);
    const row = await moveRow(move.id);
    expect(row.finishTime).not.toBeNull();
    expect(row.elapseTime).not.toBeNull();

    const after = await test.db
      .select()
      .from(trailers)
      .where(inArray(trailers.id, [toShop.id, fromShop.id, noHistory.id]))
      .orderBy(asc(trailers.id));
    expect(after.map((t) => [t.trailerLocation, t.inShop])).toEqual([
      ["Shop", true],
      ["North-2", false],
      ["Yard B", false],
    ]);

    for (const [trailer, from, to] of [
      [toShop, "Yard A", "Shop"],
      [fromShop, "Shop", "North-2"],
    ] as const) {
      const history = await historyOf(trailer.id);
      expect(history.map((h) => [h.location, h.exitTime === null])).toEqual([
        [from, false],
        [to, true],
      ]);
      expect(history[1].userAlphaCode).toBe(staff.road_driver.alphaCode);
    }
    const history = await historyOf(noHistory.id);
    expect(history.map((h) => [h.location, h.exitTime === null, h.userAlphaCode])).toEqual([["Yard B", true, staff.road_driver.alphaCode]]);

    const legs = await test.db.select().from(moveLegs).where(eq(moveLegs.moveId, move.id));
    expect(legs.every((leg) => !leg.active)).toBe(true);
    // The trailers are free again.
    expect((await availableTrailers(acting("manager"), { location: "Shop" })).trailers.map((t) => t.id)).toContain(toShop.id);
  });

  it("cancelling changes no location and writes no history, whether requested or in progress", async () => {
    for (const accepted of [false, true]) {
      const trailer = await placedTrailer(accountId, "Shop");
      const move = await createMove(acting("manager"), single(trailer.trailerNumber, "Shop", "Yard B"));
      if (accepted) await transitionMove(acting("yard_driver"), move.id, "accept");
      const canceller = contextFor(test.db, accepted ? staff.yard_driver : staff.manager);
      const cancelled = await transitionMove(canceller.ctx, move.id, "cancel");
      expect(cancelled).toMatchObject({ state: "cancelled", is_cancel: true, finish_time: null });
      expect(cancelled.cancel_time).not.toBeNull();
      expect(canceller.sent).toEqual([statusChanged(accountId, move.id, [trailer.id])]);
      const [after] = await test.db.select().from(trailers).where(eq(trailers.id, trailer.id));
      expect({ location: after.trailerLocation, inShop: after.inShop }).toEqual({ location: "Shop", inShop: true });
      expect((await historyOf(trailer.id)).map((h) => [h.location, h.exitTime])).toEqual([["Shop", null]]);
      expect((await moveRow(move.id)).cancelUserId).toBe(canceller.ctx.actor.id);
    }
  });

  it("a refused finish changes nothing", async () => {
    const trailer = await placedTrailer(accountId, "Yard A");
    const move = await createMove(acting("manager"), single(trailer.trailerNumber, "Yard A", "Yard B"));
    const snapshot = async () => ({
      move: await moveRow(move.id),
      legs: await test.db.select().from(moveLegs).where(eq(moveLegs.moveId, move.id)),
      trailer: (await test.db.select().from(trailers).where(eq(trailers.id, trailer.id)))[0],
      history: await historyOf(trailer.id),
      audit: await rowCounts(),
    });
    // Requested: not yet accepted.
    let before = await snapshot();
    expect(await refusal(transitionMove(acting("manager"), move.id, "finish"))).toEqual({
      status: 409,
      errors: [MOVE_MESSAGES.conflict.finish],
    });
    expect(await snapshot()).toEqual(before);
    // Finished already.
    await transitionMove(acting("yard_driver"), move.id, "accept");
    await transitionMove(acting("yard_driver"), move.id, "finish");
    before = await snapshot();
    expect(await refusal(transitionMove(acting("yard_driver"), move.id, "finish"))).toEqual({
      status: 409,
      errors: [MOVE_MESSAGES.conflict.finish],
    });
    expect(await refusal(transitionMove(acting("manager"), move.id, "cancel"))).toEqual({
      status: 409,
      errors: [MOVE_MESSAGES.conflict.cancel],
    });
    expect(await snapshot()).toEqual(before);
  });

  it("a finish that fails midway leaves every trailer, history entry and the move as they were", async () => {
    await test.db.insert(yards).values({ accountId, name: "Yard Closed" });
    await test.db.execute(sql`
      CREATE FUNCTION test_refuse_closed_yard() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.trailer_location = 'Yard Closed' THEN RAISE EXCEPTION 'Yard Closed refuses trailers'; END IF;
        RETURN NEW;
      END $$`);
    await test.db.execute(
      sql`CREATE TRIGGER test_refuse_closed_yard BEFORE UPDATE ON trailers FOR EACH ROW EXECUTE FUNCTION test_refuse_closed_yard()`,
    );
    try {
      const first = await placedTrailer(accountId, "Yard A");
      const second = await placedTrailer(accountId, "North-4");
      const move = await createMove(acting("manager"), {
        move_details: {
          type: "shuttle",
          moves: [
            { from: "Yard A", to: "Shop", trailer: first.trailerNumber },
            { from: "North-4", to: "Yard Closed", trailer: second.trailerNumber },
          ],
        },
      });
      await transitionMove(acting("yard_driver"), move.id, "accept");
      const snapshot = async () => ({
        move: await moveRow(move.id),
        legs: await test.db.select().from(moveLegs).where(eq(moveLegs.moveId, move.id)).orderBy(asc(moveLegs.id)),
        trailers: await test.db
          .select()
          .from(trailers)
          .where(inArray(trailers.id, [first.id, second.id]))
          .orderBy(asc(trailers.id)),
        history: [await historyOf(first.id), await historyOf(second.id)],
        audit: await rowCounts(),
      });
      const before = await snapshot();
      const driver = contextFor(test.db, staff.yard_driver);
      await expect(transitionMove(driver.ctx, move.id, "finish")).rejects.toThrow();
      expect(await snapshot()).toEqual(before);
      expect(driver.sent).toEqual([]);
      expect(stateOf(before.move)).toBe("in_progress");

      await test.db.execute(sql`DROP TRIGGER test_refuse_closed_yard ON trailers`);
      const finished = await transitionMove(acting("yard_driver"), move.id, "finish");
      expect(finished.state).toBe("finished");
    } finally {
      await test.db.execute(sql`DROP TRIGGER IF EXISTS test_refuse_closed_yard ON trailers`);
      await test.db.execute(sql`DROP FUNCTION IF EXISTS test_refuse_closed_yard()`);
    }
  });
});

describe("realtime events", () => {
  /** Another connection, as another request would look: it sees a write only once the write has committed. */
  let observer: Awaited<ReturnType<typeof openObserver>>;
  let restoreCommits: () => Promise<void>;
  beforeAll(async () => {
    observer = await openObserver(test.url);
    restoreCommits = await slowCommits(test.db, ["moves", "trailers"]);
  });
  afterAll(async () => {
    await restoreCommits();
    await observer.close();
  });

  /** Checks, when a batch is sent, that the write is visible to another connection: it has committed. */
  function committedCheck(visible: (event: AfterCommit) => Promise<boolean>) {
    return async (effects: readonly AfterCommit[]) => {
      for (const effect of effects) expect(await visible(effect), JSON.stringify(effect)).toBe(true);
    };
  }
  const moveIn = (state: MoveState) =>
    committedCheck(async (effect) => {
      if (effect.kind !== "publish" || effect.event.type !== "move_status_changed") return true;
      const row = await moveRow(effect.event.move_id, observer.db);
      return row !== undefined && stateOf(row) === state;
    });

  it("Create Move tells the account's room once the move has committed", async () => {
    const [a, b] = [await createTrailer(test.db, accountId, "Yard A"), await createTrailer(test.db, accountId, "Yard B")];
    const manager = contextFor(test.db, staff.manager, moveIn("requested"));
    const move = await createMove(manager.ctx, {
      move_details: {
        type: "shuttle",
        moves: [
          { from: "Yard A", to: "Shop", trailer: a.trailerNumber },
          { from: "Yard B", to: "North-1", trailer: b.trailerNumber },
        ],
      },
    });
    await manager.settled();
    expect(manager.sent).toEqual([statusChanged(accountId, move.id, [a.id, b.id])]);
  });

  it("an admin's move is told to the room of the account it was created in", async () => {
    const trailer = await createTrailer(test.db, otherAccountId, "Yard A");
    const admin = contextFor(test.db, adminWithoutAccount);
    const move = await createMove(admin.ctx, { ...single(trailer.trailerNumber), account_id: otherAccountId });
    expect(admin.sent).toEqual([statusChanged(otherAccountId, move.id, [trailer.id])]);
  });

  it("accept, finish and cancel each tell the room once committed; finishing also where each trailer now stands", async () => {
    const first = await placedTrailer(accountId, "Yard A");
    const second = await placedTrailer(accountId, "Shop");
    const move = await createMove(acting("manager"), {
      move_details: {
        type: "shuttle",
        moves: [
          { from: "Yard A", to: "North-3", trailer: first.trailerNumber },
          { from: "Shop", to: "Yard B", trailer: second.trailerNumber },
        ],
      },
    });
    const trailerIds = [first.id, second.id];
    const accepting = contextFor(test.db, staff.yard_driver, moveIn("in_progress"));
    await transitionMove(accepting.ctx, move.id, "accept");
    await accepting.settled();
    expect(accepting.sent).toEqual([statusChanged(accountId, move.id, trailerIds)]);

    const finishing = contextFor(
      test.db,
      staff.yard_driver,
      committedCheck(async (effect) => {
        if (effect.kind !== "publish") return false;
        if (effect.event.type === "move_status_changed") {
          const row = await moveRow(effect.event.move_id, observer.db);
          return row !== undefined && stateOf(row) === "finished";
        }
        if (effect.event.type !== "trailer_location_updated") return true;
        const [trailer] = await observer.db.select().from(trailers).where(eq(trailers.id, effect.event.trailer_id));
        return trailer.trailerLocation === effect.event.location;
      }),
    );
    await transitionMove(finishing.ctx, move.id, "finish");
    await finishing.settled();
    expect(finishing.sent).toEqual([
      statusChanged(accountId, move.id, trailerIds),
      ...trailerMoved(accountId, first.id, "North-3"),
      ...trailerMoved(accountId, second.id, "Yard B"),
    ]);

    const other = await createTrailer(test.db, accountId, "Yard A");
    const cancelledMove = await createMove(acting("manager"), single(other.trailerNumber));
    const cancelling = contextFor(test.db, staff.manager, moveIn("cancelled"));
    await transitionMove(cancelling.ctx, cancelledMove.id, "cancel");
    await cancelling.settled();
    expect(cancelling.sent).toEqual([statusChanged(accountId, cancelledMove.id, [other.id])]);
  });

  it("a refused Create Move sends nothing: no permission, a broken rule, a trailer already in a move", async () => {
    const trailer = await createTrailer(test.db, accountId, "Yard A");
    await createMove(acting("manager"), single(trailer.trailerNumber));
    const free = await createTrailer(test.db, accountId, "Yard A");
    const attempts: [Role, unknown, number][] = [
      ["yard_driver", single(free.trailerNumber), 403],
      ["manager", single(free.trailerNumber, "Yard A", "Yard A"), 400],
      ["admin", single(free.trailerNumber), 400],
      ["super_manager", single(trailer.trailerNumber, "Yard A", "Shop"), 409],
    ];
    for (const [role, body, status] of attempts) {
      const refused = contextFor(test.db, staff[role]);
      expect((await refusal(createMove(refused.ctx, body))).status, role).toBe(status);
      expect(refused.sent, role).toEqual([]);
    }
  });

  it("a refused or conflicting accept, finish or cancel sends nothing", async () => {
    const trailer = await createTrailer(test.db, accountId, "Yard A");
    const move = await createMove(acting("manager"), single(trailer.trailerNumber));
    const attempts: [UserRow, MoveAction, number][] = [
      [staff.mechanic, "accept", 403],
      [otherDriver, "accept", 403],
      [staff.manager, "finish", 409],
      [staff.yard_driver, "cancel", 403],
    ];
    for (const [user, action, status] of attempts) {
      const refused = contextFor(test.db, user);
      expect((await refusal(transitionMove(refused.ctx, move.id, action))).status, `${action} by ${user.email}`).toBe(status);
      expect(refused.sent).toEqual([]);
    }
    await transitionMove(acting("manager"), move.id, "cancel");
    const late = contextFor(test.db, staff.yard_driver);
    expect((await refusal(transitionMove(late.ctx, move.id, "accept"))).status).toBe(409);
    expect(late.sent).toEqual([]);
  });

  it("of drivers accepting one move at once, only the one who got it sends an event", async () => {
    const drivers = await Promise.all(Array.from({ length: 6 }, () => createUser(test.db, { role: "yard_driver", accountId })));
    const trailer = await createTrailer(test.db, accountId, "Yard A");
    const move = await createMove(acting("manager"), single(trailer.trailerNumber));
    const contexts: ReturnType<typeof contextFor>[] = [];
    // All six are under way, each waiting to update the move, when the moves table is let go.
    const results = await race(
      test.url,
      "LOCK TABLE moves IN EXCLUSIVE MODE",
      drivers.map((driver, i) => (db: Database) => {
        contexts[i] = contextFor(db, driver, moveIn("in_progress"));
        return transitionMove(contexts[i].ctx, move.id, "accept");
      }),
    );
    await Promise.all(contexts.map((context) => context.settled()));
    const winners = results.flatMap((result, i) => (result.status === "fulfilled" ? [i] : []));
    expect(winners).toHaveLength(1);
    contexts.forEach((context, i) => {
      expect(context.sent).toEqual(i === winners[0] ? [statusChanged(accountId, move.id, [trailer.id])] : []);
    });
    for (const result of results) if (result.status === "rejected") expect(result.reason).toMatchObject({ status: 409 });
  });
});

describe("the Move Status panel and lists", () => {
  const HOUR = 3_600_000;
  const DAY = 24 * HOUR;

  it("counts each state, Finished and Cancelled also today, within one account or all of them", async () => {
    const panelAccount = (await createAccount(test.db, "Panel")).id;
    const secondAccount = (await createAccount(test.db, "Panel Two")).id;
    const driver = await createUser(test.db, { role: "yard_driver", accountId: panelAccount });
    const seed = async (id: number, state: MoveState, extra: { finishTime?: Date; cancelTime?: Date; acceptor?: UserRow | null } = {}) =>
      insertMove({
        accountId: id,
        state,
        trailers: [await createTrailer(test.db, id, "Yard A")],
        acceptor: extra.acceptor === undefined ? (state === "in_progress" || state === "finished" ? driver : null) : extra.acceptor,
        ...extra,
        requestTime: new Date(Date.now() - 5 * DAY),
      });
    for (let i = 0; i < 3; i++) await seed(panelAccount, "requested");
    for (let i = 0; i < 2; i++) await seed(panelAccount, "in_progress");
    for (let i = 0; i < 2; i++) await seed(panelAccount, "finished", { finishTime: new Date() });
    for (let i = 0; i < 3; i++) await seed(panelAccount, "finished", { finishTime: new Date(Date.now() - 3 * DAY) });
    await seed(panelAccount, "cancelled", { cancelTime: new Date() });
    await seed(panelAccount, "cancelled", { cancelTime: new Date(Date.now() - 2 * DAY), acceptor: driver });
    await seed(panelAccount, "cancelled", { cancelTime: new Date(Date.now() - 4 * DAY) });
    await seed(secondAccount, "requested");
    await seed(secondAccount, "finished", { finishTime: new Date(), acceptor: driver });

    const summary = await moveSummary(anyAccount(), { account: panelAccount });
    expect(summary.counts).toEqual({ requested: 3, in_progress: 2, finished: 5, finished_today: 2, cancelled: 3, cancelled_today: 1 });
    expect(Object.fromEntries(MOVE_STATES.map((state) => [state, summary.moves[state]!.length]))).toEqual({
      requested: 3,
      in_progress: 2,
      finished: 5,
      cancelled: 3,
    });
    for (const state of MOVE_STATES) {
      expect(summary.moves[state]!.every((move) => move.state === state && move.account_id === panelAccount)).toBe(true);
    }
    expect(summary.time_zone).toBe("UTC");
    expect(summary.list_limit).toBe(PANEL_LIST_LIMIT);

    const everything = await moveSummary(anyAccount(), {});
    const [{ n: allMoves }] = await test.db.select({ n: count() }).from(moves);
    const { requested, in_progress, finished, cancelled } = everything.counts;
    expect(requested + in_progress + finished + cancelled).toBe(allMoves);
    expect(requested).toBeGreaterThanOrEqual(4);
    expect(everything.counts.finished_today).toBeGreaterThanOrEqual(3);
    for (const state of MOVE_STATES) expect(everything.moves[state]!.length).toBe(Math.min(everything.counts[state], PANEL_LIST_LIMIT));
    const second = await moveSummary(anyAccount(), { account: secondAccount });
    expect(second.counts).toEqual({ requested: 1, in_progress: 0, finished: 1, finished_today: 1, cancelled: 0, cancelled_today: 0 });

    expect((await moveSummary(anyAccount(), { account: panelAccount, timeZone: "Not/AZone" })).time_zone).toBe("UTC");
  });

  it("'today' is the viewer's day in its time zone", async () => {
    const zoneAccount = (await createAccount(test.db, "Zones")).id;
    const driver = await createUser(test.db, { role: "yard_driver", accountId: zoneAccount });
    const zone = "Pacific/Kiritimati"; // UTC+14
    const [{ start }] = (await test.db.execute(sql`select (date_trunc('day', now() AT TIME ZONE ${zone}) AT TIME ZONE ${zone}) as start`))
      .rows as {
      start: string | Date;
    }[];
    const todayStart = new Date(start);
    const trailer = () => createTrailer(test.db, zoneAccount, "Yard A");
    await insertMove({ accountId: zoneAccount, state: "finished", trailers: [await trailer()], acceptor: driver, finishTime: todayStart });
    await insertMove({
      accountId: zoneAccount,
      state: "finished",
      trailers: [await trailer()],
      acceptor: driver,
      finishTime: new Date(todayStart.getTime() - 1000),
    });
    expect((await moveSummary(anyAccount(), { account: zoneAccount, timeZone: zone })).counts).toMatchObject({
      finished: 2,
      finished_today: 1,
    });
  });

  it("lists at most PANEL_LIST_LIMIT moves of each state, newest first", async () => {
    const busyAccount = (await createAccount(test.db, "Busy")).id;
    const base = Date.now() - 10 * DAY;
    await test.db.insert(moves).values(
      Array.from({ length: PANEL_LIST_LIMIT + 5 }, (_, i) => ({
        accountId: busyAccount,
        moveType: "single",
        requestTime: new Date(base + i * HOUR),
      })),
    );
    await test.db.insert(moves).values({ accountId: busyAccount, moveType: "single", isCancel: true, cancelTime: new Date() });
    const summary = await moveSummary(anyAccount(), { account: busyAccount });
    expect(summary.counts.requested).toBe(PANEL_LIST_LIMIT + 5);
    expect(summary.moves.requested).toHaveLength(PANEL_LIST_LIMIT);
    expect(summary.moves.cancelled).toHaveLength(1);
    const times = summary.moves.requested!.map((move) => move.request_time);
    expect(times).toEqual([...times].sort().reverse());
    expect(times[0]).toBe(new Date(base + (PANEL_LIST_LIMIT + 4) * HOUR).toISOString());
    expect(summary.moves.requested![0].move_details).toEqual({ type: "single", moves: [] });
  });

  it("listMoves pages by request time, either order, filtered by state, within the scope", async () => {
    const listAccount = (await createAccount(test.db, "Lists")).id;
    const driver = await createUser(test.db, { role: "yard_driver", accountId: listAccount });
    const base = Date.now() - 2 * DAY;
    const ids: number[] = [];
    const states: MoveState[] = ["requested", "in_progress", "finished", "cancelled", "requested", "requested", "finished"];
    for (const [i, state] of states.entries()) {
      const move = await insertMove({
        accountId: listAccount,
        state,
        trailers: [await createTrailer(test.db, listAccount, "Yard A")],
        acceptor: state === "in_progress" || state === "finished" ? driver : null,
        requestTime: new Date(base + i * HOUR),
      });
      ids.push(move.id);
    }
    // Same request time as the last one: the id breaks the tie.
    const tie = await insertMove({ accountId: listAccount, state: "requested", trailers: [], requestTime: new Date(base + 6 * HOUR) });
    ids.push(tie.id);

    const newest = await listMoves(anyAccount(), { account: listAccount });
    expect(newest.total).toBe(8);
    expect(newest.moves.map((move) => move.id)).toEqual([tie.id, ...ids.slice(0, 7).reverse()]);
    const oldest = await listMoves(anyAccount(), { account: listAccount, order: "asc" });
    expect(oldest.moves.map((move) => move.id)).toEqual(ids);

    const page2 = await listMoves(anyAccount(), { account: listAccount, order: "asc", page: 2, pageSize: 3 });
    expect(page2).toMatchObject({ total: 8, page: 2, pageSize: 3 });
    expect(page2.moves.map((move) => move.id)).toEqual(ids.slice(3, 6));
    const page3 = await listMoves(anyAccount(), { account: listAccount, order: "asc", page: 3, pageSize: 3 });
    expect(page3.moves.map((move) => move.id)).toEqual(ids.slice(6));
    expect((await listMoves(anyAccount(), { account: listAccount, page: 9, pageSize: 3 })).moves).toEqual([]);

    const requested = await listMoves(anyAccount(), { account: listAccount, state: "requested", order: "asc" });
    expect(requested.total).toBe(4);
    expect(requested.moves.map((move) => move.id)).toEqual([ids[0], ids[4], ids[5], tie.id]);
    for (const state of MOVE_STATES) {
      const list = await listMoves(anyAccount(), { account: listAccount, state });
      expect(list.moves.every((move) => move.state === state)).toBe(true);
      expect(list.total).toBe(states.filter((s) => s === state).length + (state === "requested" ? 1 : 0));
    }

    // Out-of-range paging is clamped.
    expect(await listMoves(anyAccount(), { account: listAccount, page: 0, pageSize: 0 })).toMatchObject({ page: 1, pageSize: 1 });
    expect((await listMoves(anyAccount(), { account: listAccount, pageSize: 10_000 })).pageSize).toBe(500);

    const all = await listMoves(anyAccount(), { pageSize: 500 });
    const accounts = new Set(all.moves.map((move) => move.account_id));
    expect(accounts.has(listAccount) && accounts.has(accountId)).toBe(true);
    expect((await listMoves(anyAccount(), { account: accountId })).moves.every((move) => move.account_id === accountId)).toBe(true);
  });

  it("availableTrailers: the account's trailers at the place, not in an active move, not on the Road, red-tagged when asked", async () => {
    const id = (await createAccount(test.db, "Available")).id;
    await addPlaces(id);
    const driver = await createUser(test.db, { role: "yard_driver", accountId: id });
    const free = await createTrailer(test.db, id, "Yard A");
    const requested = await createTrailer(test.db, id, "Yard A");
    const inProgress = await createTrailer(test.db, id, "Yard A");
    const finished = await createTrailer(test.db, id, "Yard A");
    const cancelled = await createTrailer(test.db, id, "Yard A");
    const red = await createTrailer(test.db, id, "Yard A");
    await test.db.update(trailers).set({ redTagged: true }).where(eq(trailers.id, red.id));
    const elsewhere = await createTrailer(test.db, id, "Yard B");
    const road = await createTrailer(test.db, id, "Road");
    await createTrailer(test.db, otherAccountId, "Yard A");
    await insertMove({ accountId: id, state: "requested", trailers: [requested] });
    await insertMove({ accountId: id, state: "in_progress", trailers: [inProgress], acceptor: driver });
    await insertMove({ accountId: id, state: "finished", trailers: [finished], acceptor: driver });
    await insertMove({ accountId: id, state: "cancelled", trailers: [cancelled] });

    const numbers = (list: { id: number }[]) => list.map((t) => t.id).sort((a, b) => a - b);
    expect(numbers((await availableTrailers(anyAccount(), { account: id, location: "Yard A" })).trailers)).toEqual(
      [free.id, finished.id, cancelled.id, red.id].sort((a, b) => a - b),
    );
    expect(numbers((await availableTrailers(anyAccount(), { account: id, location: "yard a", excludeRedTagged: true })).trailers)).toEqual(
      [free.id, finished.id, cancelled.id].sort((a, b) => a - b),
    );
    expect(numbers((await availableTrailers(anyAccount(), { account: id, location: "Yard B" })).trailers)).toEqual([elsewhere.id]);
    expect((await availableTrailers(anyAccount(), { account: id, location: "Road" })).trailers).toEqual([]);
    expect(road.trailerLocation).toBe("Road");
    expect(
      numbers((await availableTrailers(anyAccount(), { account: id, location: "Yard A", search: free.trailerNumber })).trailers),
    ).toEqual([free.id]);
    expect((await availableTrailers(anyAccount(), { account: id, location: "Yard A", search: "%" })).trailers).toEqual([]);
    const [shown] = (await availableTrailers(anyAccount(), { account: id, location: "Yard B" })).trailers;
    expect(shown).toMatchObject({
      id: elsewhere.id,
      trailer_number: elsewhere.trailerNumber,
      trailer_location: "Yard B",
      red_tagged: false,
      in_shop: false,
    });
  });

  it("moveLocations: From only where free trailers stand (never the Road), To every place but the Road", async () => {
    const id = (await createAccount(test.db, "Locations")).id;
    await addPlaces(id);
    const driver = await createUser(test.db, { role: "yard_driver", accountId: id });
    await createTrailer(test.db, id, "Yard A");
    await createTrailer(test.db, id, "Yard A");
    await createTrailer(test.db, id, "Shop");
    await createTrailer(test.db, id, "Road");
    await insertMove({ accountId: id, state: "in_progress", trailers: [await createTrailer(test.db, id, "North-2")], acceptor: driver });
    await insertMove({ accountId: id, state: "requested", trailers: [await createTrailer(test.db, id, "Yard A")] });
    await insertMove({ accountId: id, state: "finished", trailers: [await createTrailer(test.db, id, "North-3")], acceptor: driver });
    await createTrailer(test.db, otherAccountId, "North-1");

    const { from, to } = await moveLocations(anyAccount(), id);
    expect(from).toEqual([
      { location: "Shop", trailers: 1 },
      { location: "North-3", trailers: 1 },
      { location: "Yard A", trailers: 2 },
    ]);
    expect(to).toEqual(["Shop", "North-1", "North-2", "North-3", "North-4", "Yard A", "Yard B"]);
    expect(to).not.toContain("Road");
  });
});

describe("Create Move's choices and the panel of a page", () => {
  const draftOf = (fields: Record<string, string>) => moveDraftOf(new URLSearchParams(fields));

  it("offer the account's locations and, for each From chosen, its free trailers (searched, red tags hidden when asked)", async () => {
    const id = (await createAccount(test.db, "Choices")).id;
    await addPlaces(id);
    const manager = await createUser(test.db, { role: "manager", accountId: id });
    const [a, b] = [await createTrailer(test.db, id, "Yard A"), await createTrailer(test.db, id, "Yard A")];
    const red = await createTrailer(test.db, id, "Shop");
    await test.db.update(trailers).set({ redTagged: true }).where(eq(trailers.id, red.id));
    const ids = (list: { trailers: { id: number }[] } | undefined) =>
      (list?.trailers ?? []).map((trailer) => trailer.id).sort((x, y) => x - y);

    const choices = await createMoveChoices(
      ctxOf(manager),
      draftOf({ move_type: "shuttle", leg1_from: "Yard A", leg2_from: "Shop", move_account: String(otherAccountId) }),
    );
    expect(choices?.account).toBe(id);
    expect(choices?.locations).toEqual(await moveLocations(ctxOf(manager), id));
    expect(ids(choices?.trailersAt["Yard A"])).toEqual([a.id, b.id]);
    expect(ids(choices?.trailersAt.Shop)).toEqual([red.id]);

    const narrowed = await createMoveChoices(
      ctxOf(manager),
      draftOf({ move_type: "shuttle", leg1_from: "Yard A", leg1_search: b.trailerNumber, leg2_from: "Shop", hide_red: "1" }),
    );
    expect(ids(narrowed?.trailersAt["Yard A"])).toEqual([b.id]);
    expect(narrowed?.trailersAt.Shop).toEqual({ search: "", trailers: [], total: 0 });
    expect(narrowed?.trailersAt["Yard A"]).toMatchObject({ search: b.trailerNumber, total: 1 });
    expect(Object.keys((await createMoveChoices(ctxOf(manager), draftOf({})))!.trailersAt)).toEqual([]);
  });

  it("offer nothing to a viewer who may not create moves, and no locations to an admin before it chooses an account", async () => {
    expect(await createMoveChoices(acting("yard_driver"), draftOf({ leg1_from: "Yard A" }))).toBeNull();
    expect(await createMoveChoices(anyAccount(), draftOf({ leg1_from: "Yard A" }))).toEqual({
      account: null,
      locations: null,
      trailersAt: {},
    });
    expect((await createMoveChoices(anyAccount(), draftOf({}), otherAccountId))?.account).toBe(otherAccountId);
    expect((await createMoveChoices(anyAccount(), draftOf({ move_account: String(accountId) }), otherAccountId))?.account).toBe(accountId);
  });

  it("opened for a trailer: the first leg is that trailer from where it stands, unless it is not the account's or not free to move", async () => {
    const manager = acting("manager");
    const free = await createTrailer(test.db, accountId, "Yard B");
    const opened = await createMoveChoices(manager, draftOf({ create_move: "1" }), null, free.id);
    expect(opened?.firstLeg).toEqual({ from: "Yard B", trailer: free.trailerNumber });
    expect(opened?.ignored).toBeUndefined();
    expect(opened?.trailersAt["Yard B"]?.trailers.map((trailer) => trailer.id)).toContain(free.id);
    // A leg already chosen wins over the parameter.
    const chosen = await createMoveChoices(manager, draftOf({ leg1_from: "Yard A" }), null, free.id);
    expect([chosen?.firstLeg, chosen?.ignored, Object.keys(chosen!.trailersAt)]).toEqual([undefined, undefined, ["Yard A"]]);

    const foreign = await createTrailer(test.db, otherAccountId, "Yard B");
    const refused = async (id: number) => {
      const choices = await createMoveChoices(manager, draftOf({}), null, id);
      expect([choices?.firstLeg, choices?.trailersAt]).toEqual([undefined, {}]);
      return choices?.ignored;
    };
    expect(await refused(foreign.id)).toBe(MOVE_MESSAGES.firstTrailerUnknown);
    expect(await refused(2_000_000_000)).toBe(MOVE_MESSAGES.firstTrailerUnknown);
    const onRoad = await createTrailer(test.db, accountId, "Road");
    expect(await refused(onRoad.id)).toBe(MOVE_MESSAGES.firstTrailerIgnored(MOVE_MESSAGES.trailerOnRoad(onRoad.trailerNumber)));
    const move = await createMove(manager, {
      move_details: { type: "single", moves: [{ from: "Yard B", to: "Yard A", trailer: free.trailerNumber }] },
    });
    expect(await refused(free.id)).toBe(
      MOVE_MESSAGES.firstTrailerIgnored(MOVE_MESSAGES.trailerMoving(free.trailerNumber, move.id, "Requested")),
    );
    // The trailer's page reads the same active move with the trailer.
    expect((await trailerAndStays(manager, free.id)).activeMove).toEqual({ id: move.id, inProgress: false });
    expect((await trailerAndStays(manager, onRoad.id)).activeMove).toBeNull();
    // An admin's form works in the account it names: another account's trailer is not chosen there.
    expect((await createMoveChoices(anyAccount(), draftOf({}), otherAccountId, foreign.id))?.firstLeg).toEqual({
      from: "Yard B",
      trailer: foreign.trailerNumber,
    });
    expect((await createMoveChoices(anyAccount(), draftOf({}), accountId, foreign.id))?.ignored).toBe(MOVE_MESSAGES.firstTrailerUnknown);
    expect(await createMoveChoices(acting("yard_driver"), draftOf({}), null, free.id)).toBeNull();
  });

  it("the panel of a page: the summary of its account, and Create Move's choices only while it is open", async () => {
    const closed = await movePanel(acting("manager"), {
      account: otherAccountId,
      timeZone: "Europe/Paris",
      draft: null,
      open: "requested",
    });
    expect(closed.create).toBeNull();
    expect(closed.summary.time_zone).toBe("Europe/Paris");
    // Only the open list is read with the page; the others are fetched when opened.
    expect(Object.keys(closed.summary.moves)).toEqual(["requested"]);
    expect(closed.summary.moves.requested!.every((move) => move.account_id === accountId && move.state === "requested")).toBe(true);
    const open = await movePanel(acting("manager"), { account: null, draft: draftOf({ create_move: "1" }), open: null });
    expect(open.create?.account).toBe(accountId);
    expect(open.summary.time_zone).toBe("UTC");
    expect(open.summary.moves).toEqual({});
  });
});

describe("tenant isolation", () => {
  it("a non-admin reads its own account's moves whatever it asks; an admin the named account, or every account", async () => {
    const own = await createMove(acting("manager"), single((await createTrailer(test.db, accountId, "Yard A")).trailerNumber));
    const foreign = await createMove(ctxOf(otherManager), single((await createTrailer(test.db, otherAccountId, "Yard A")).trailerNumber));
    const listed = async (ctx: ServiceContext, account: unknown) => {
      const [list, summary] = await Promise.all([listMoves(ctx, { account, pageSize: 500 }), moveSummary(ctx, { account })]);
      const moves = [...list.moves, ...MOVE_STATES.flatMap((state) => summary.moves[state] ?? [])];
      return { accounts: new Set(moves.map((move) => move.account_id)), ids: new Set(moves.map((move) => move.id)) };
    };
    for (const role of ROLES.filter((r) => r !== "admin")) {
      for (const account of [otherAccountId, String(otherAccountId), undefined, null]) {
        const { accounts, ids } = await listed(acting(role), account);
        expect([...accounts], `${role} asking for ${account}`).toEqual([accountId]);
        expect(ids.has(own.id) && !ids.has(foreign.id)).toBe(true);
      }
    }
    expect([...(await listed(acting("admin"), otherAccountId)).accounts]).toEqual([otherAccountId]);
    for (const account of [undefined, null, -3, 1.5, 2 ** 40, "x"]) {
      const { ids } = await listed(anyAccount(), account);
      expect(ids.has(own.id) && ids.has(foreign.id), `admin asking for ${account}`).toBe(true);
    }
    const orphan = { ...acting("manager"), actor: { ...acting("manager").actor, accountId: null } };
    expect(await refusal(listMoves(orphan, {}))).toMatchObject({ status: 400 });
  });

  it("Create Move's lookups: managerial roles only, in their own account; an admin must name one", async () => {
    const foreign = await createTrailer(test.db, otherAccountId, "Yard A");
    const at = (list: { id: number }[]) => list.some((trailer) => trailer.id === foreign.id);
    expect(at((await availableTrailers(acting("manager"), { account: otherAccountId, location: "Yard A" })).trailers)).toBe(false);
    expect((await moveLocations(acting("manager"), otherAccountId)).from).toEqual((await moveLocations(acting("manager"), accountId)).from);
    expect(at((await availableTrailers(anyAccount(), { account: otherAccountId, location: "Yard A" })).trailers)).toBe(true);
    for (const role of ["yard_driver", "road_driver", "mechanic", "security"] as const) {
      const denied = { status: 403, errors: [MOVE_MESSAGES.createDenied] };
      expect(await refusal(moveLocations(acting(role), accountId))).toEqual(denied);
      expect(await refusal(availableTrailers(acting(role), { location: "Yard A" }))).toEqual(denied);
    }
    expect(await refusal(moveLocations(anyAccount(), undefined))).toEqual({ status: 400, errors: [MOVE_MESSAGES.accountRequired] });
    expect(await refusal(availableTrailers(anyAccount(), { location: "Yard A" }))).toEqual({
      status: 400,
      errors: [MOVE_MESSAGES.accountRequired],
    });
  });

  it("an admin naming an account id no row can have is refused as a request error, not a database failure", async () => {
    for (const requested of [1.5, -3, 2 ** 31, 2 ** 40, "x", "12abc"]) {
      for (const lookup of [
        moveLocations(anyAccount(), requested),
        availableTrailers(anyAccount(), { account: requested, location: "Yard A" }),
      ]) {
        const outcome = await lookup.then(
          () => "listed",
          (error) => (error instanceof ServiceError ? error.status : `not a ServiceError: ${String(error).slice(0, 120)}`),
        );
        expect(outcome, `account ${requested}`).toBe(400);
      }
    }
  });

  it("a non-admin cannot accept, finish or cancel another account's move; its manager can", async () => {
    const trailer = await createTrailer(test.db, otherAccountId, "Yard A");
    const move = await insertMove({ accountId: otherAccountId, state: "requested", trailers: [trailer] });
    for (const role of ROLES.filter((r) => r !== "admin")) {
      for (const action of MOVE_ACTIONS) {
        expect(await refusal(transitionMove(acting(role), move.id, action))).toEqual({ status: 403, errors: [MOVE_MESSAGES.otherAccount] });
      }
    }
    expect(stateOf(await moveRow(move.id))).toBe("requested");
    const cancelled = await transitionMove(ctxOf(otherManager), move.id, "cancel");
    expect(cancelled.state).toBe("cancelled");
  });

  it("the panel of one account shows none of another's moves", async () => {
    const trailer = await createTrailer(test.db, otherAccountId, "Yard A");
    const move = await createMove(ctxOf(otherManager), single(trailer.trailerNumber));
    const ownSummary = await moveSummary(acting("manager"), { account: otherAccountId });
    expect(MOVE_STATES.flatMap((state) => ownSummary.moves[state] ?? []).some((m) => m.id === move.id)).toBe(false);
    const ownList = await listMoves(acting("yard_driver"), { account: otherAccountId, pageSize: 500 });
    expect(ownList.moves.some((m) => m.id === move.id)).toBe(false);
    expect((await availableTrailers(acting("manager"), { location: "Yard A" })).trailers.some((t) => t.id === trailer.id)).toBe(false);
  });
});

describe("Create Move's trailer search in a location fuller than one list", () => {
  it("finds a trailer beyond the first AVAILABLE_TRAILERS_LIMIT, counts every match, and never another account's", async () => {
    const id = (await createAccount(test.db, "Big lot")).id;
    await addPlaces(id);
    const manager = await createUser(test.db, { role: "manager", accountId: id });
    const over = AVAILABLE_TRAILERS_LIMIT + 20;
    const numbers = Array.from({ length: over }, (_, index) => `LOT${String(index + 1).padStart(4, "0")}`);
    await test.db
      .insert(trailers)
      .values(numbers.map((trailerNumber) => ({ accountId: id, companyOwner: "ACME", trailerNumber, trailerLocation: "Yard A" })));
    const last = numbers[over - 1];
    await test.db.update(trailers).set({ licensePlate: "PLATE-LOT-77" }).where(eq(trailers.trailerNumber, last));
    // Another account's trailer in a yard of the same name, its number matching the searches below.
    const foreign = await test.db
      .insert(trailers)
      .values({ accountId: otherAccountId, companyOwner: "ACME", trailerNumber: "LOT9999", trailerLocation: "Yard A" })
      .returning();

    const whole = await availableTrailers(ctxOf(manager), { location: "Yard A" });
    expect(whole.trailers).toHaveLength(AVAILABLE_TRAILERS_LIMIT);
    expect(whole.total).toBe(over);
    expect(whole.trailers.map((trailer) => trailer.trailer_number)).not.toContain(last);

    const found = await availableTrailers(ctxOf(manager), { location: "Yard A", search: ` ${last.toLowerCase()} ` });
    expect(found).toMatchObject({ search: last.toLowerCase(), total: 1 });
    expect(found.trailers.map((trailer) => trailer.trailer_number)).toEqual([last]);
    // Searched as the trailer lists search: any searched column, here the plate.
    expect(
      (await availableTrailers(ctxOf(manager), { location: "Yard A", search: "plate-lot" })).trailers.map((t) => t.trailer_number),
    ).toEqual([last]);
    const tail = await availableTrailers(ctxOf(manager), { location: "Yard A", search: "LOT05" });
    expect(tail.total).toBe(over - 499);
    expect(tail.trailers.map((trailer) => trailer.trailer_number)).toEqual(numbers.slice(499));
    expect(await availableTrailers(ctxOf(manager), { location: "Yard A", search: "nothing-like-it" })).toEqual({
      search: "nothing-like-it",
      trailers: [],
      total: 0,
    });

    // Whatever account a non-admin names, its own trailers only; an admin sees the account it names.
    for (const account of [otherAccountId, String(otherAccountId), undefined]) {
      const list = await availableTrailers(ctxOf(manager), { account, location: "Yard A", search: "LOT9999" });
      expect(list, `manager asking for ${account}`).toEqual({ search: "LOT9999", trailers: [], total: 0 });
      expect((await availableTrailers(ctxOf(manager), { account, location: "Yard A", search: "LOT" })).total).toBe(over);
    }
    const foreignList = await availableTrailers(anyAccount(), { account: otherAccountId, location: "Yard A", search: "LOT9999" });
    expect(foreignList.trailers.map((trailer) => trailer.id)).toEqual([foreign[0].id]);
    expect((await availableTrailers(anyAccount(), { account: id, location: "Yard A", search: "LOT9999" })).total).toBe(0);
  });
});
