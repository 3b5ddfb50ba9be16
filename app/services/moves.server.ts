import { and, asc, eq, getTableColumns, getTableName, gte, inArray, isNull, lt, ne, not, sql, type SQL } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import { accounts, moveLegs, moves, trailers, users } from "#db/schema";
import { isRecordId } from "#app/domain/ids";
import { resolveLocation, ROAD, SHOP } from "#app/domain/locations";
import {
  canCreateMoves,
  legProblem,
  mayAct,
  MOVE_MESSAGES,
  moveState,
  type ActiveMove,
  type MoveAction,
  type MoveLeg,
  type MoveState,
  takesPartInMoves,
  type PublicMove,
} from "#app/domain/moves";
import { createMoveSchema } from "#app/domain/move-schemas";
import { readByKeyset } from "#app/lib/keyset.server";
import type { Queryable, Transaction } from "#app/lib/db.server";
import { containsPattern, isUniqueViolation } from "#app/lib/sql.server";
import { write, type Actor, type Effects, type ServiceContext } from "./context.server";
import { ServiceError } from "./errors.server";
import { recordLocationChange } from "./location-history.server";
import { accountPlaces } from "./locations.server";
import { accountScope, requireAccount } from "./scope.server";

export type MoveRow = typeof moves.$inferSelect;

/** The SQL condition of each derived state (the same derivation as `moveState`). */
export const STATE_CONDITION: Record<MoveState, SQL> = {
  requested: sql`(NOT ${moves.isCancel} AND ${moves.finishTime} IS NULL AND NOT ${moves.inProgress})`,
  in_progress: sql`(NOT ${moves.isCancel} AND ${moves.finishTime} IS NULL AND ${moves.inProgress})`,
  finished: sql`(NOT ${moves.isCancel} AND ${moves.finishTime} IS NOT NULL)`,
  cancelled: sql`${moves.isCancel}`,
};

/** A move's legs as the API shows them, in order; `moveId` is the move's id column. */
const legsOf = (moveId: SQL | typeof moves.id) => sql<MoveLeg[]>`(
  SELECT coalesce(json_agg(json_build_object('from', l.from_location, 'to', l.to_location, 'trailer', l.trailer_number, 'trailer_id', l.trailer_id) ORDER BY l.leg_number), '[]'::json)
  FROM ${moveLegs} l WHERE l.move_id = ${moveId}
)`;

const moveColumns = {
  move: moves,
  legs: legsOf(moves.id),
  requestAlphaCode: users.alphaCode,
  elapseSeconds: sql<number | null>`extract(epoch from ${moves.elapseTime})::float8`,
};

type LoadedMove = { move: MoveRow; legs: MoveLeg[]; requestAlphaCode: string | null; elapseSeconds: number | null };

/** A move as the API shows it: the spec's fields, its derived state and its legs. */
export function publicMove({ move, legs, requestAlphaCode, elapseSeconds }: LoadedMove): PublicMove {
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
    elapse_time: elapseSeconds === null ? null : Math.round(elapseSeconds),
    move_details: { type: move.moveType, moves: legs },
  };
}

/** Moves of one account, or (null) of every account. */
export function scopeCondition(accountId: number | null): SQL | undefined {
  return accountId === null ? undefined : eq(moves.accountId, accountId);
}

/** Moves with their legs and requester, and `fields` beside (a page's keys). */
export function selectMoves(db: Queryable, fields: Record<string, SQL> = {}) {
  return db
    .select({ ...moveColumns, ...fields })
    .from(moves)
    .leftJoin(users, eq(users.id, moves.requestUserId));
}

/**
 * The active move a trailer is in, as a select field over `trailers` (a trailer is in one at most):
 * `{ id, inProgress }`, or null when it is free. Its names are written out: a select from one
 * table names its columns without their table, which the subquery's tables would take for theirs.
 */
export function activeMoveOfTrailer() {
  const column = (table: string, name: string) => sql`${sql.identifier(table)}.${sql.identifier(name)}`;
  const [leg, move] = ["active_leg", "active_move"];
  return sql<ActiveMove | null>`(SELECT json_build_object('id', ${column(move, moves.id.name)}, 'inProgress', ${column(move, moves.inProgress.name)})
    FROM ${moveLegs} AS ${sql.identifier(leg)} JOIN ${moves} AS ${sql.identifier(move)} ON ${column(move, moves.id.name)} = ${column(leg, moveLegs.moveId.name)}
    WHERE ${column(leg, moveLegs.trailerId.name)} = ${column(getTableName(trailers), trailers.id.name)} AND ${column(leg, moveLegs.active.name)} LIMIT 1)`;
}

/** Trailers of the account that a new move may take: not on the Road and in no requested or in-progress move. */
export function freeToMove(accountId: number): SQL {
  return and(
    eq(trailers.accountId, accountId),
    ne(trailers.trailerLocation, ROAD),
    sql`NOT EXISTS (SELECT 1 FROM ${moveLegs} WHERE ${moveLegs.trailerId} = ${trailers.id} AND ${moveLegs.active})`,
  )!;
}

/**
 * The moves the global search finds: its number ("12" or "#12"), or any case of the text in a
 * leg's trailer number, From or To, or in the alpha code or name of the user who requested or
 * accepted it. No condition for a blank search. One set of move ids, each part read through an
 * index (the legs' trigram index, the primary key, the moves' requester and acceptor indexes), so
 * Postgres may start from the few matches of a rare text or walk the newest moves for a common one.
 */
export function moveSearchCondition(search: string | undefined): SQL | undefined {
  // U+0000 cannot be in any stored text: a search for it finds nothing else either.
  const text = search?.replace(/\0/g, "").trim();
  if (!text) return undefined;
  const pattern = containsPattern(text);
  const number = /^#?\s*(\d{1,10})$/.exec(text)?.[1];
  const byNumber = number !== undefined && isRecordId(Number(number)) ? sql` UNION ALL SELECT ${Number(number)}::int` : sql``;
  const people = sql`(SELECT u.id FROM ${users} u WHERE u.alpha_code ILIKE ${pattern} OR u.first_name ILIKE ${pattern} OR u.last_name ILIKE ${pattern} OR concat_ws(' ', u.first_name, u.last_name) ILIKE ${pattern})`;
  return sql`${moves.id} IN (
    SELECT l.move_id FROM ${moveLegs} l WHERE l.trailer_number ILIKE ${pattern} OR l.from_location ILIKE ${pattern} OR l.to_location ILIKE ${pattern}
    UNION ALL SELECT r.id FROM ${moves} r WHERE r.request_user_id IN ${people}
    UNION ALL SELECT a.id FROM ${moves} a WHERE a.accept_user_id IN ${people}${byNumber}
  )`;
}

/** `move_status_changed` for the account's room, with the trailers the move concerns. */
function moveChanged(effects: Effects, accountId: number, moveId: number, trailerIds: number[]): void {
  effects.publish(accountId, { type: "move_status_changed", account_id: accountId, move_id: moveId, affected_trailers: trailerIds });
}

/** Which of these trailers are in an active move already, with the spec's message for each. */
async function activeMoveConflicts(db: Queryable, trailerIds: number[]) {
  if (!trailerIds.length) return [];
  const rows = await db
    .select({ trailerNumber: moveLegs.trailerNumber, inProgress: moves.inProgress })
    .from(moveLegs)
    .innerJoin(moves, eq(moves.id, moveLegs.moveId))
    .where(and(inArray(moveLegs.trailerId, trailerIds), moveLegs.active));
  return rows.map((row) =>
    row.inProgress ? MOVE_MESSAGES.inActiveMove(row.trailerNumber) : MOVE_MESSAGES.inRequestedMove(row.trailerNumber),
  );
}

/** Create Move's checks before it writes (spec §5, in the spec's order): the account, the legs as they will be stored. */
async function planMove(ctx: ServiceContext, input: unknown) {
  if (!canCreateMoves(ctx.actor.user)) throw new ServiceError(403, MOVE_MESSAGES.createDenied);
  const parsed = createMoveSchema.safeParse(input);
  if (!parsed.success) throw new ServiceError(400, MOVE_MESSAGES.legCount);
  const { type, moves: legs } = parsed.data.move_details;
  const accountId = requireAccount(ctx.actor, parsed.data.account_id, MOVE_MESSAGES.accountRequired);
  const numbers = legs.map((leg) => leg.trailer).filter(Boolean);
  const [places, found] = await Promise.all([
    accountPlaces(ctx.db, accountId),
    numbers.length
      ? ctx.db
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

  const planned = legs.map((leg, index) => {
    const from = resolveLocation(places, leg.from);
    const to = resolveLocation(places, leg.to);
    if (!from) throw new ServiceError(400, MOVE_MESSAGES.fromUnknown(leg.from));
    if (!to || to === ROAD) throw new ServiceError(400, MOVE_MESSAGES.toInvalid(leg.to));
    const trailer = byNumber.get(leg.trailer)!;
    return {
      legNumber: index + 1,
      fromLocation: from,
      toLocation: to,
      trailerId: trailer.id,
      trailerNumber: trailer.trailerNumber,
      at: trailer.trailerLocation,
    };
  });
  const away = planned.find((leg) => leg.at !== leg.fromLocation);
  if (away) throw new ServiceError(409, MOVE_MESSAGES.trailerNotAtFrom(away.trailerNumber, away.fromLocation));
  return { accountId, type, legs: planned.map(({ at: _at, ...leg }) => leg) };
}

/**
 * Create Move: the rules of spec §5 in order, then the database's. The requester is the acting
 * user (whatever the body says) and the move starts Requested. A trailer already in a requested
 * or in-progress move is refused by name; two requests racing for one trailer are decided by the
 * partial unique index on active legs, and the loser gets the same message.
 */
export async function createMove(ctx: ServiceContext, input: unknown): Promise<PublicMove> {
  const { accountId, type, legs } = await planMove(ctx, input);
  const trailerIds = legs.map((leg) => leg.trailerId);
  const id = await write(ctx, async (tx, effects) => {
    // Requests for the same trailers queue here (in id order, so they never deadlock) and each
    // then sees the moves committed before it.
    await tx.select({ id: trailers.id }).from(trailers).where(inArray(trailers.id, trailerIds)).orderBy(asc(trailers.id)).for("update");
    const conflicts = await activeMoveConflicts(tx, trailerIds);
    if (conflicts.length) throw new ServiceError(409, conflicts);
    const [move] = await tx.insert(moves).values({ accountId, requestUserId: ctx.actor.id, moveType: type }).returning({ id: moves.id });
    await tx.insert(moveLegs).values(legs.map((leg) => ({ ...leg, moveId: move.id })));
    moveChanged(effects, accountId, move.id, trailerIds);
    return move.id;
  }).catch(async (error: unknown) => {
    if (!isUniqueViolation(error, "move_legs_one_active_move_per_trailer")) throw error;
    const conflicts = await activeMoveConflicts(ctx.db, trailerIds);
    throw new ServiceError(409, conflicts.length ? conflicts : MOVE_MESSAGES.inActiveMove(legs[0].trailerNumber));
  });
  return loadMove(ctx.db, id);
}

async function loadMove(db: Queryable, id: number): Promise<PublicMove> {
  const [row] = await selectMoves(db).where(eq(moves.id, id));
  return publicMove(row);
}

/** The spec's refusal when the actor may not take this action on this move at all (state aside). */
function refuseAction(actor: Actor, move: MoveRow, action: MoveAction): void {
  const verdict = mayAct(actor.user, move, action);
  if (verdict === "other_account") throw new ServiceError(403, MOVE_MESSAGES.otherAccount);
  if (verdict === "role") throw new ServiceError(403, MOVE_MESSAGES.actionDenied);
  if (verdict === "not_yours") {
    // A driver may finish or cancel only a move it accepted; a move nobody accepted is no driver's to cancel.
    if (move.inProgress || action === "finish") throw new ServiceError(403, MOVE_MESSAGES.notYours(action as "finish" | "cancel"));
    throw new ServiceError(403, MOVE_MESSAGES.notYours("cancel"));
  }
}

/** The columns a transition's update returns: the move as the API shows it, legs and requester included. */
const transitionReturning = {
  ...getTableColumns(moves),
  // Qualified by hand: an update's RETURNING names its own table's columns unqualified.
  legs: legsOf(sql`${moves}.id`),
  requestAlphaCode: sql<string | null>`(SELECT u.alpha_code FROM ${users} u WHERE u.id = ${moves}.request_user_id)`,
  elapseSeconds: moveColumns.elapseSeconds,
};

/**
 * Accept, finish or cancel, each as one conditional update: the row changes only if it is the
 * actor's account's, the actor takes part in moves, and the move is still in the state the action
 * needs (and, for a driver finishing or cancelling, still theirs). When no row changes, the move
 * is read to say why: 404 when there is none, 403 when the actor may not take this action on it
 * at all, and otherwise 409 (someone changed it first). Finishing takes each leg's trailer to its
 * To location and writes its location history in the same transaction. The account's room hears
 * of the change (and of every trailer a finish moved) once it has committed.
 */
export async function transitionMove(ctx: ServiceContext, id: number, action: MoveAction): Promise<PublicMove> {
  const { actor } = ctx;
  if (!isRecordId(id)) throw new ServiceError(404, MOVE_MESSAGES.notFound);
  const onlyIfMine = canCreateMoves(actor.user) ? undefined : eq(moves.acceptUserId, actor.id);
  const open = and(eq(moves.id, id), scopeCondition(accountScope(actor)), isNull(moves.finishTime), not(moves.isCancel));
  let changes: PgUpdateSetSource<typeof moves>;
  let condition: SQL | undefined;
  if (action === "accept") {
    changes = { inProgress: true, acceptUserId: actor.id, acceptAlphaCode: actor.alphaCode, acceptTime: sql`now()` };
    condition = and(open, not(moves.inProgress));
  } else if (action === "finish") {
    changes = { finishTime: sql`now()`, elapseTime: sql`now() - ${moves.requestTime}` };
    condition = and(open, moves.inProgress, onlyIfMine);
  } else {
    changes = { isCancel: true, cancelTime: sql`now()`, cancelUserId: actor.id };
    condition = and(open, onlyIfMine ? and(moves.inProgress, onlyIfMine) : undefined);
  }

  return write(ctx, async (tx, effects) => {
    const [changed] = takesPartInMoves(actor.user)
      ? await tx.update(moves).set(changes).where(condition).returning(transitionReturning)
      : [];
    if (!changed) return refuseTransition(tx, actor, id, action);
    const { legs, requestAlphaCode, elapseSeconds, ...move } = changed;

    // An open move's trailers cannot be deleted, so its legs all still name one.
    const trailerIds = legs.flatMap((leg) => (leg.trailer_id === null ? [] : [leg.trailer_id]));
    moveChanged(effects, move.accountId, id, trailerIds);
    if (action === "finish") {
      for (const moved of await moveTrailers(tx, move, legs, actor))
        effects.assetMoved("trailer", move.accountId, moved.trailerId, moved.location);
    }
    return publicMove({ move, legs, requestAlphaCode, elapseSeconds });
  });
}

/** Why a transition changed nothing: no such move (404), not the actor's to act on (403), or changed first by someone else (409). */
async function refuseTransition(tx: Transaction, actor: Actor, id: number, action: MoveAction): Promise<never> {
  const [move] = await tx.select().from(moves).where(eq(moves.id, id));
  if (!move) throw new ServiceError(404, MOVE_MESSAGES.notFound);
  refuseAction(actor, move, action);
  throw new ServiceError(409, MOVE_MESSAGES.conflict[action]);
}

/** Finishing: each leg's trailer now stands at the leg's To location (the Shop rule kept). */
async function moveTrailers(tx: Transaction, move: MoveRow, legs: MoveLeg[], actor: Actor) {
  const moved: { trailerId: number; location: string }[] = [];
  for (const leg of legs) {
    if (leg.trailer_id === null) continue;
    const [trailer] = await tx
      .update(trailers)
      .set({ trailerLocation: leg.to, inShop: leg.to === SHOP })
      .where(eq(trailers.id, leg.trailer_id))
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

export interface MoveReportQuery {
  /** The account asked for (admins: one account, or none for all); everyone else gets their own. */
  account?: unknown;
  /** Moves requested from this instant (inclusive) to that (exclusive). */
  from: Date;
  to: Date;
  state?: MoveState;
  /** The global search (see `moveSearchCondition`). */
  search?: string;
}

/**
 * Every leg of the moves requested in a period, oldest first, with who requested and accepted
 * each move and when it was accepted, finished or cancelled; a batch at a time (the moves report).
 */
export function readMoveLegs(ctx: ServiceContext, query: MoveReportQuery) {
  const fields = {
    move: moves,
    accountName: accounts.accountName,
    requestAlphaCode: users.alphaCode,
    leg: { number: moveLegs.legNumber, from: moveLegs.fromLocation, to: moveLegs.toLocation, trailer: moveLegs.trailerNumber },
  };
  const where = and(
    scopeCondition(accountScope(ctx.actor, query.account)),
    gte(moves.requestTime, query.from),
    lt(moves.requestTime, query.to),
    query.state ? STATE_CONDITION[query.state] : undefined,
    moveSearchCondition(query.search),
  );
  const sort = [{ by: moves.requestTime }, { by: moves.id }, { by: moveLegs.legNumber }];
  return readByKeyset(ctx.db, sort, (db, { keyset, after, orderBy, limit }) =>
    db
      .select({ ...fields, keyset })
      .from(moves)
      .innerJoin(moveLegs, eq(moveLegs.moveId, moves.id))
      .innerJoin(accounts, eq(accounts.id, moves.accountId))
      .leftJoin(users, eq(users.id, moves.requestUserId))
      .where(and(where, after))
      .orderBy(...orderBy)
      .limit(limit),
  );
}
