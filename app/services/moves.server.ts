import { and, asc, desc, eq, inArray, isNull, ne, not, sql, type SQL } from "drizzle-orm";
import { moveLegs, moves, trailers, users } from "../../db/schema";
import { isRecordId } from "../domain/ids";
import { ROAD, SHOP } from "../domain/locations";
import {
  canCreateMoves,
  createMoveSchema,
  legProblem,
  MOVE_MESSAGES,
  MOVE_STATES,
  moveState,
  mayAct,
  type MoveAction,
  type MoveState,
} from "../domain/moves";
import { withActor, type Database, type Queryable, type Transaction } from "../lib/db.server";
import type { Actor } from "../lib/guards.server";
import { ServiceError } from "./errors.server";
import { recordLocationChange } from "./location-history.server";
import { accountPlaces } from "./locations.server";
import { paging } from "../lib/paging";

export type MoveRow = typeof moves.$inferSelect;
export interface MoveLeg {
  from: string;
  to: string;
  trailer: string;
  trailer_id: number;
}

/** The SQL condition of each derived state (the same derivation as `moveState`). */
export const STATE_CONDITION: Record<MoveState, SQL> = {
  requested: sql`(NOT ${moves.isCancel} AND ${moves.finishTime} IS NULL AND NOT ${moves.inProgress})`,
  in_progress: sql`(NOT ${moves.isCancel} AND ${moves.finishTime} IS NULL AND ${moves.inProgress})`,
  finished: sql`(NOT ${moves.isCancel} AND ${moves.finishTime} IS NOT NULL)`,
  cancelled: sql`${moves.isCancel}`,
};

const legsColumn = sql<MoveLeg[]>`(
  SELECT coalesce(json_agg(json_build_object('from', l.from_location, 'to', l.to_location, 'trailer', l.trailer_number, 'trailer_id', l.trailer_id) ORDER BY l.leg_number), '[]'::json)
  FROM ${moveLegs} l WHERE l.move_id = ${moves.id}
)`;

const moveColumns = {
  move: moves,
  legs: legsColumn,
  requestAlphaCode: users.alphaCode,
  elapseSeconds: sql<number | null>`extract(epoch from ${moves.elapseTime})::float8`,
};

type LoadedMove = { move: MoveRow; legs: MoveLeg[]; requestAlphaCode: string | null; elapseSeconds: number | null };

/** A move as the API shows it: the spec's fields, its derived state and its legs. */
export function publicMove({ move, legs, requestAlphaCode, elapseSeconds }: LoadedMove) {
  return {
    id: move.id,
    account_id: move.accountId,
    request_user_id: move.requestUserId,
    request_alpha_code: requestAlphaCode,
    state: moveState(move),
    in_progress: move.inProgress,
    accept_user_id: move.acceptUserId,
    accept_alpha_code: move.acceptAlphaCode,
    accept_time: move.acceptTime?.toISOString() ?? null,
    finish_time: move.finishTime?.toISOString() ?? null,
    is_cancel: move.isCancel,
    cancel_time: move.cancelTime?.toISOString() ?? null,
    request_time: move.requestTime.toISOString(),
    /** finish_time − request_time, in seconds. */
    elapse_time: elapseSeconds === null ? null : Math.round(elapseSeconds),
    move_details: { type: move.moveType, moves: legs },
  };
}
export type PublicMove = ReturnType<typeof publicMove>;

/**
 * The accounts whose moves an actor sees: its own (non-admins, whatever they ask for); for an
 * admin the named account, or every account (null).
 */
export function moveScope(actor: Actor, requested: number | undefined): number | null {
  if (actor.isAdmin) return requested && isRecordId(requested) ? requested : null;
  if (actor.accountId === null) throw new ServiceError(403, MOVE_MESSAGES.otherAccount);
  return actor.accountId;
}

function scopeCondition(accountId: number | null): SQL | undefined {
  return accountId === null ? undefined : eq(moves.accountId, accountId);
}

function selectMoves(db: Queryable) {
  return db.select(moveColumns).from(moves).leftJoin(users, eq(users.id, moves.requestUserId));
}

export interface MoveListQuery {
  accountId: number | null;
  state?: MoveState;
  order?: "asc" | "desc";
  page?: number;
  pageSize?: number;
}

/** `GET /api/moves`: a page of moves by request time (the spec's sort=all_times), newest first by default. */
export async function listMoves(db: Queryable, query: MoveListQuery) {
  const { page, pageSize, offset } = paging(query, 100, 500);
  const where = and(scopeCondition(query.accountId), query.state ? STATE_CONDITION[query.state] : undefined);
  const order = query.order === "asc" ? asc : desc;
  const [rows, [{ total }]] = await Promise.all([
    selectMoves(db)
      .where(where)
      .orderBy(order(moves.requestTime), order(moves.id))
      .limit(pageSize)
      .offset(offset),
    db.select({ total: sql<number>`count(*)::int` }).from(moves).where(where),
  ]);
  return { moves: rows.map(publicMove), total, page, pageSize };
}

/** A valid IANA time zone name, else UTC: "today" on the panel is the viewer's day. */
export function timeZoneOrUtc(name: string | null | undefined): string {
  if (!name) return "UTC";
  try {
    new Intl.DateTimeFormat("en", { timeZone: name });
    return name;
  } catch {
    return "UTC";
  }
}

export const PANEL_LIST_LIMIT = 50;

/**
 * The Move Status panel: the count of each state (Finished and Cancelled also today's, in the
 * viewer's time zone) from one grouped query, and the newest moves of each state (at most
 * PANEL_LIST_LIMIT per state) from one windowed query.
 */
export async function moveSummary(db: Queryable, accountId: number | null, timeZone = "UTC") {
  const zone = timeZoneOrUtc(timeZone);
  const todayStart = sql`(date_trunc('day', now() AT TIME ZONE ${zone}) AT TIME ZONE ${zone})`;
  const stateCase = sql<MoveState>`CASE
    WHEN ${STATE_CONDITION.cancelled} THEN 'cancelled'
    WHEN ${STATE_CONDITION.finished} THEN 'finished'
    WHEN ${moves.inProgress} THEN 'in_progress'
    ELSE 'requested' END`;
  const ranked = db
    .select({
      id: moves.id,
      rank: sql<number>`row_number() OVER (PARTITION BY ${stateCase} ORDER BY ${moves.requestTime} DESC, ${moves.id} DESC)`.as("rank"),
    })
    .from(moves)
    .where(scopeCondition(accountId))
    .as("ranked");
  const [[counts], rows] = await Promise.all([
    db
      .select({
        requested: sql<number>`count(*) FILTER (WHERE ${STATE_CONDITION.requested})::int`,
        in_progress: sql<number>`count(*) FILTER (WHERE ${STATE_CONDITION.in_progress})::int`,
        finished: sql<number>`count(*) FILTER (WHERE ${STATE_CONDITION.finished})::int`,
        finished_today: sql<number>`count(*) FILTER (WHERE ${STATE_CONDITION.finished} AND ${moves.finishTime} >= ${todayStart})::int`,
        cancelled: sql<number>`count(*) FILTER (WHERE ${STATE_CONDITION.cancelled})::int`,
        cancelled_today: sql<number>`count(*) FILTER (WHERE ${STATE_CONDITION.cancelled} AND ${moves.cancelTime} >= ${todayStart})::int`,
      })
      .from(moves)
      .where(scopeCondition(accountId)),
    selectMoves(db)
      .innerJoin(ranked, eq(ranked.id, moves.id))
      .where(sql`${ranked.rank} <= ${PANEL_LIST_LIMIT}`)
      .orderBy(desc(moves.requestTime), desc(moves.id)),
  ]);
  const lists = Object.fromEntries(MOVE_STATES.map((state) => [state, [] as PublicMove[]])) as Record<MoveState, PublicMove[]>;
  for (const row of rows) {
    const move = publicMove(row);
    lists[move.state].push(move);
  }
  return { counts, moves: lists, time_zone: zone, list_limit: PANEL_LIST_LIMIT };
}
export type MoveSummary = Awaited<ReturnType<typeof moveSummary>>;

/** The account a manager works on in Create Move: the one an admin names, or a non-admin's own. */
export function moveAccount(actor: Actor, requested: number | undefined): number {
  if (actor.isAdmin) {
    if (!requested || !isRecordId(requested)) throw new ServiceError(400, MOVE_MESSAGES.accountRequired);
    return requested;
  }
  if (actor.accountId === null) throw new ServiceError(403, MOVE_MESSAGES.createDenied);
  return actor.accountId;
}

/** Trailers of the account that stand at `location` and are in no requested or in-progress move. */
export async function availableTrailers(
  db: Queryable,
  accountId: number,
  query: { location: string; excludeRedTagged?: boolean; search?: string },
) {
  const search = query.search?.trim();
  const rows = await db
    .select({
      id: trailers.id,
      trailerNumber: trailers.trailerNumber,
      type: trailers.type,
      trailerLocation: trailers.trailerLocation,
      isLoaded: trailers.isLoaded,
      yellowTagged: trailers.yellowTagged,
      redTagged: trailers.redTagged,
      inShop: trailers.inShop,
    })
    .from(trailers)
    .where(
      and(
        eq(trailers.accountId, accountId),
        sql`lower(${trailers.trailerLocation}) = lower(${query.location})`,
        ne(trailers.trailerLocation, ROAD),
        query.excludeRedTagged ? not(trailers.redTagged) : undefined,
        search ? sql`${trailers.trailerNumber} ILIKE ${`%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}` : undefined,
        sql`NOT EXISTS (SELECT 1 FROM ${moveLegs} WHERE ${moveLegs.trailerId} = ${trailers.id} AND ${moveLegs.active})`,
      ),
    )
    .orderBy(sql`${trailers.trailerNumber} COLLATE "C"`)
    .limit(500);
  return rows.map((row) => ({
    id: row.id,
    trailer_number: row.trailerNumber,
    type: row.type,
    trailer_location: row.trailerLocation,
    is_loaded: row.isLoaded,
    yellow_tagged: row.yellowTagged,
    red_tagged: row.redTagged,
    in_shop: row.inShop,
  }));
}

/**
 * The Create Move modal's choices: From = locations holding at least one trailer that is free to
 * move (never Road), with how many; To = the yards, the Shop and the doors (never Road).
 */
export async function moveLocations(db: Queryable, accountId: number) {
  const [places, held] = await Promise.all([
    accountPlaces(db, accountId),
    db
      .select({ location: trailers.trailerLocation, trailers: sql<number>`count(*)::int` })
      .from(trailers)
      .where(
        and(
          eq(trailers.accountId, accountId),
          ne(trailers.trailerLocation, ROAD),
          sql`NOT EXISTS (SELECT 1 FROM ${moveLegs} WHERE ${moveLegs.trailerId} = ${trailers.id} AND ${moveLegs.active})`,
        ),
      )
      .groupBy(trailers.trailerLocation),
  ]);
  const counts = new Map(held.map((row) => [row.location, row.trailers]));
  return {
    from: places.locations.filter((location) => counts.has(location)).map((location) => ({ location, trailers: counts.get(location)! })),
    to: places.locations.filter((location) => location !== ROAD),
  };
}

/** Which of these trailers are in an active move already, with the spec's message for each. */
async function activeMoveConflicts(db: Queryable, trailerIds: number[]) {
  if (!trailerIds.length) return [];
  const rows = await db
    .select({ trailerNumber: moveLegs.trailerNumber, inProgress: moves.inProgress })
    .from(moveLegs)
    .innerJoin(moves, eq(moves.id, moveLegs.moveId))
    .where(and(inArray(moveLegs.trailerId, trailerIds), moveLegs.active));
  return rows.map((row) => (row.inProgress ? MOVE_MESSAGES.inActiveMove(row.trailerNumber) : MOVE_MESSAGES.inRequestedMove(row.trailerNumber)));
}

function isActiveLegViolation(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string; constraint?: string } }).cause ?? (error as { code?: string; constraint?: string });
  return cause?.code === "23505" && cause.constraint === "move_legs_one_active_move_per_trailer";
}

/**
 * Create Move: the rules of spec §5 in order, then the database's. The requester is the acting
 * user (whatever the body says) and the move starts Requested. A trailer already in a requested
 * or in-progress move is refused by name; two requests racing for one trailer are decided by the
 * partial unique index on active legs, and the loser gets the same message.
 */
export async function createMove(db: Database, actor: Actor, input: unknown): Promise<{ move: PublicMove; affectedTrailers: number[] }> {
  if (!canCreateMoves(actor.user)) throw new ServiceError(403, MOVE_MESSAGES.createDenied);
  const parsed = createMoveSchema.safeParse(input);
  if (!parsed.success) throw new ServiceError(400, MOVE_MESSAGES.legCount);
  const { type, moves: legs } = parsed.data.move_details;
  const accountId = moveAccount(actor, parsed.data.account_id);
  const numbers = legs.map((leg) => leg.trailer).filter(Boolean);
  const [places, found] = await Promise.all([
    accountPlaces(db, accountId),
    numbers.length
      ? db
          .select({ id: trailers.id, trailerNumber: trailers.trailerNumber, trailerLocation: trailers.trailerLocation })
          .from(trailers)
          .where(and(eq(trailers.accountId, accountId), inArray(trailers.trailerNumber, numbers)))
      : Promise.resolve([]),
  ]);
  const byNumber = new Map(found.map((trailer) => [trailer.trailerNumber, trailer]));
  const onRoad = numbers.filter((number) => byNumber.get(number)?.trailerLocation === ROAD);
  const problem = legProblem(type, legs, onRoad);
  if (problem) throw new ServiceError(400, problem);
  const unknown = numbers.find((number) => !byNumber.has(number));
  if (unknown) throw new ServiceError(400, MOVE_MESSAGES.trailerUnknown(unknown));
  const canonical = (typed: string) => places.locations.find((location) => location.toLowerCase() === typed.toLowerCase());

  const planned = legs.map((leg, index) => {
    const from = canonical(leg.from);
    const to = canonical(leg.to);
    if (!from) throw new ServiceError(400, MOVE_MESSAGES.fromUnknown(leg.from));
    if (!to || to === ROAD) throw new ServiceError(400, MOVE_MESSAGES.toInvalid(leg.to));
    const trailer = byNumber.get(leg.trailer)!;
    return { legNumber: index + 1, fromLocation: from, toLocation: to, trailerId: trailer.id, trailerNumber: trailer.trailerNumber, at: trailer.trailerLocation };
  });
  const away = planned.find((leg) => leg.at !== leg.fromLocation);
  if (away) throw new ServiceError(409, MOVE_MESSAGES.trailerNotAtFrom(away.trailerNumber, away.fromLocation));
  const trailerIds = planned.map((leg) => leg.trailerId);

  try {
    const id = await withActor(db, actor.alphaCode, async (tx) => {
      // Requests for the same trailers queue here (in id order, so they never deadlock) and each
      // then sees the moves committed before it.
      await tx.select({ id: trailers.id }).from(trailers).where(inArray(trailers.id, trailerIds)).orderBy(asc(trailers.id)).for("update");
      const conflicts = await activeMoveConflicts(tx, trailerIds);
      if (conflicts.length) throw new ServiceError(409, conflicts);
      const [move] = await tx
        .insert(moves)
        .values({ accountId, requestUserId: actor.id, moveType: type })
        .returning({ id: moves.id });
      await tx.insert(moveLegs).values(planned.map(({ at: _at, ...leg }) => ({ ...leg, moveId: move.id })));
      return move.id;
    });
    return { move: await loadMove(db, id), affectedTrailers: trailerIds };
  } catch (error) {
    if (isActiveLegViolation(error)) {
      const conflicts = await activeMoveConflicts(db, trailerIds);
      throw new ServiceError(409, conflicts.length ? conflicts : MOVE_MESSAGES.inActiveMove(planned[0].trailerNumber));
    }
    throw error;
  }
}

async function loadMove(db: Queryable, id: number): Promise<PublicMove> {
  const [row] = await selectMoves(db).where(eq(moves.id, id));
  return publicMove(row);
}

/** A move by id for an action: 404 when there is none, 403 when it is another account's. */
async function moveForAction(db: Queryable, actor: Actor, id: number): Promise<MoveRow> {
  const [move] = isRecordId(id) ? await db.select().from(moves).where(eq(moves.id, id)) : [];
  if (!move) throw new ServiceError(404, MOVE_MESSAGES.notFound);
  if (!actor.isAdmin && move.accountId !== actor.accountId) throw new ServiceError(403, MOVE_MESSAGES.otherAccount);
  return move;
}

export interface Transition {
  move: PublicMove;
  affectedTrailers: number[];
  /** Where each trailer now stands (finish only). */
  moved: { trailerId: number; location: string }[];
}

/**
 * Accept, finish or cancel, each as one conditional update: the row changes only if it is still
 * in the state the action needs (and, for a driver finishing or cancelling, still theirs). When no
 * row changes the move was changed by someone else first: 409. Finishing takes each leg's trailer
 * to its To location and writes its location history in the same transaction.
 */
export async function transitionMove(db: Database, actor: Actor, id: number, action: MoveAction): Promise<Transition> {
  const current = await moveForAction(db, actor, id);
  const verdict = mayAct(actor.user, current, action);
  if (verdict === "other_account") throw new ServiceError(403, MOVE_MESSAGES.otherAccount);
  if (verdict === "role") throw new ServiceError(403, MOVE_MESSAGES.actionDenied);
  if (verdict === "not_yours") {
    // A driver may finish or cancel only a move it accepted; a move nobody accepted is no driver's to cancel.
    if (current.inProgress || action === "finish") throw new ServiceError(403, MOVE_MESSAGES.notYours(action as "finish" | "cancel"));
    throw new ServiceError(403, MOVE_MESSAGES.notYours("cancel"));
  }
  const onlyIfMine = canCreateMoves(actor.user) ? undefined : eq(moves.acceptUserId, actor.id);
  const open = and(eq(moves.id, id), isNull(moves.finishTime), not(moves.isCancel));

  return withActor(db, actor.alphaCode, async (tx) => {
    let changed: MoveRow | undefined;
    if (action === "accept") {
      [changed] = await tx
        .update(moves)
        .set({ inProgress: true, acceptUserId: actor.id, acceptAlphaCode: actor.alphaCode, acceptTime: sql`now()` })
        .where(and(open, not(moves.inProgress)))
        .returning();
    } else if (action === "finish") {
      [changed] = await tx
        .update(moves)
        .set({ finishTime: sql`now()`, elapseTime: sql`now() - ${moves.requestTime}` })
        .where(and(open, moves.inProgress, onlyIfMine))
        .returning();
    } else {
      [changed] = await tx
        .update(moves)
        .set({ isCancel: true, cancelTime: sql`now()`, cancelUserId: actor.id })
        .where(and(open, onlyIfMine ? and(moves.inProgress, onlyIfMine) : undefined))
        .returning();
    }
    if (!changed) throw new ServiceError(409, MOVE_MESSAGES.conflict[action]);

    const legs = await tx.select().from(moveLegs).where(eq(moveLegs.moveId, id)).orderBy(asc(moveLegs.legNumber));
    const moved = action === "finish" ? await moveTrailers(tx, changed, legs, actor) : [];
    return { move: await loadMove(tx, id), affectedTrailers: legs.map((leg) => leg.trailerId), moved };
  });
}

/** Finishing: each leg's trailer now stands at the leg's To location (the Shop rule kept). */
async function moveTrailers(tx: Transaction, move: MoveRow, legs: (typeof moveLegs.$inferSelect)[], actor: Actor) {
  const moved: { trailerId: number; location: string }[] = [];
  for (const leg of legs) {
    const [trailer] = await tx
      .update(trailers)
      .set({ trailerLocation: leg.toLocation, inShop: leg.toLocation === SHOP })
      .where(eq(trailers.id, leg.trailerId))
      .returning({ id: trailers.id, accountId: trailers.accountId, trailerLocation: trailers.trailerLocation });
    await recordLocationChange(tx, {
      kind: "trailer",
      assetId: trailer.id,
      accountId: trailer.accountId,
      location: trailer.trailerLocation,
      // The driver who drove it; a manager finishing on a driver's behalf is in the audit trail.
      alphaCode: move.acceptAlphaCode ?? actor.alphaCode,
    });
    moved.push({ trailerId: trailer.id, location: trailer.trailerLocation });
  }
  return moved;
}
