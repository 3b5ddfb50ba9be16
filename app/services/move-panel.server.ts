import { and, eq, not, sql } from "drizzle-orm";
import { moveLegs, moveTotals, moves, trailerCounts, trailers } from "#db/schema";
import type { MoveDraft, MovePanelData } from "#app/domain/move-forms";
import { typeLabel } from "#app/domain/assets";
import { compareLocations, locationOptions, resolveLocation, ROAD } from "#app/domain/locations";
import {
  AVAILABLE_TRAILERS_LIMIT,
  canCreateMoves,
  MOVE_MESSAGES,
  MOVE_STATES,
  type AvailableTrailerList,
  moveRequestBlock,
  type CreateMoveChoices,
  type MoveLocations,
  type MoveState,
  type MoveSummary,
} from "#app/domain/moves";
import type { TimeCursors } from "#app/lib/keyset.server";
import { searchText } from "#app/domain/search";
import type { ServiceContext } from "./context.server";
import { ServiceError } from "./errors.server";
import { accountPlaces } from "./locations.server";
import { startOfDay, timeZoneOrUtc } from "#app/domain/time-zones";
import { activeMoveOfTrailer, freeToMove, scopeCondition, STATE_CONDITION } from "./moves.server";
import { movePages } from "./move-lists.server";
import { accountScope, requireAccount } from "./scope.server";
import { trailerSearchCondition } from "./trailer-list.server";

export const PANEL_LIST_LIMIT = 50;

/** Where each list of the panel stands: its cursors (none: its newest moves). */
export type PanelPages = Partial<Record<MoveState, TimeCursors & { field?: string }>>;

/**
 * The Move Status panel of the account the actor may see (an admin: the one named, or every
 * account): the count of each state, kept per account as moves change (Finished and Cancelled
 * also today's, in the viewer's time zone, counted through their times' indexes), and a page of
 * each state's moves listed (PANEL_LIST_LIMIT, the newest unless `pages` says where the list
 * stands), read by keyset in one statement, each state through its index, with the cursors of
 * the pages beside. A search (`moveSearchCondition`) narrows the lists, not the counts: each list
 * listed then comes with how many of its state's moves match.
 */
export async function moveSummary(
  ctx: ServiceContext,
  query: { account?: unknown; timeZone?: string | null; lists?: readonly MoveState[]; search?: string; pages?: PanelPages },
): Promise<MoveSummary> {
  const listed = query.lists ?? MOVE_STATES;
  const search = query.search?.trim() ?? "";
  const scope = accountScope(ctx.actor, query.account);
  const where = scopeCondition(scope);
  const zone = timeZoneOrUtc(query.timeZone);
  const todayStart = sql`${startOfDay(zone).toISOString()}::timestamptz`;
  const [[counts], lists] = await Promise.all([
    // Each state's moves from the counts kept per account; today's finished and cancelled through their times' indexes.
    ctx.db
      .select({
        requested: sql<number>`coalesce(sum(${moveTotals.requested}), 0)::int`,
        in_progress: sql<number>`coalesce(sum(${moveTotals.inProgress}), 0)::int`,
        finished: sql<number>`coalesce(sum(${moveTotals.finished}), 0)::int`,
        finished_today: sql<number>`(SELECT count(*) FROM ${moves} WHERE ${and(STATE_CONDITION.finished, sql`${moves.finishTime} >= ${todayStart}`, where)})::int`,
        cancelled: sql<number>`coalesce(sum(${moveTotals.cancelled}), 0)::int`,
        cancelled_today: sql<number>`(SELECT count(*) FROM ${moves} WHERE ${and(STATE_CONDITION.cancelled, sql`${moves.cancelTime} >= ${todayStart}`, where)})::int`,
      })
      .from(moveTotals)
      .where(scope === null ? undefined : eq(moveTotals.accountId, scope)),
    // The lists listed, one page of each, in one statement (with the search, how many match).
    listed.length
      ? movePages(
          ctx,
          listed.map((state) => ({
            filter: { account: scope, state, search },
            page: { ...query.pages?.[state], size: PANEL_LIST_LIMIT },
            count: Boolean(search),
          })),
        )
      : [],
  ]);
  const byState = <T>(value: (list: (typeof lists)[number]) => T) =>
    Object.fromEntries(listed.map((state, index) => [state, value(lists[index])])) as Partial<Record<MoveState, T>>;
  return {
    counts,
    moves: byState((list) => list.moves),
    matches: search ? byState((list) => list.total ?? 0) : {},
    pages: byState(({ older, newer }) => ({ older, newer })),
    search,
    time_zone: zone,
    list_limit: PANEL_LIST_LIMIT,
  };
}

/** The account Create Move and its lookups work in: managerial roles only; an admin must name one. */
function createMoveAccount(ctx: ServiceContext, account: unknown): number {
  if (!canCreateMoves(ctx.actor.user)) throw new ServiceError(403, MOVE_MESSAGES.createDenied);
  return requireAccount(ctx.actor, account, MOVE_MESSAGES.accountRequired);
}

/**
 * Trailers of the account that stand at `location` and are in no requested or in-progress move,
 * matching `search` as the trailer lists search (`trailerSearchCondition`): the first
 * AVAILABLE_TRAILERS_LIMIT by number, and how many match in all, in one statement.
 */
export async function availableTrailers(
  ctx: ServiceContext,
  query: { account?: unknown; location: string; excludeRedTagged?: boolean; search?: string },
): Promise<AvailableTrailerList> {
  const accountId = createMoveAccount(ctx, query.account);
  const search = searchText(query.search);
  const rows = await ctx.db
    .select({
      id: trailers.id,
      trailer_number: trailers.trailerNumber,
      type: trailers.type,
      trailer_location: trailers.trailerLocation,
      is_loaded: trailers.isLoaded,
      yellow_tagged: trailers.yellowTagged,
      red_tagged: trailers.redTagged,
      in_shop: trailers.inShop,
      total: sql<number>`(count(*) over ())::int`,
    })
    .from(trailers)
    .where(
      and(
        freeToMove(accountId),
        sql`lower(${trailers.trailerLocation}) = lower(${query.location})`,
        query.excludeRedTagged ? not(trailers.redTagged) : undefined,
        trailerSearchCondition(search),
      ),
    )
    .orderBy(sql`${trailers.trailerNumber} COLLATE "C"`)
    .limit(AVAILABLE_TRAILERS_LIMIT);
  return {
    search,
    trailers: rows.map(({ total: _total, ...row }) => ({ ...row, type_label: typeLabel(row.type) })),
    total: rows[0]?.total ?? 0,
  };
}

/**
 * The Create Move modal's choices: From = locations holding at least one trailer that is free to
 * move (never Road), with how many; To = the yards, the Shop and the doors (never Road).
 */
export async function moveLocations(ctx: ServiceContext, account: unknown): Promise<MoveLocations> {
  const accountId = createMoveAccount(ctx, account);
  // The trailers at each location (the counts kept per location) less those in an active move
  // (a trailer is in one at most): the trailers free to move, without reading the account's.
  const [places, { rows: held }] = await Promise.all([
    accountPlaces(ctx.db, accountId),
    ctx.db.execute<{ location: string; trailers: number }>(sql`
      select location, sum(trailers)::int as trailers from (
        select ${trailerCounts.location} as location, ${trailerCounts.trailers} as trailers from ${trailerCounts}
         where ${trailerCounts.accountId} = ${accountId}
        union all
        select ${trailers.trailerLocation}, -1 from ${moveLegs} join ${trailers} on ${trailers.id} = ${moveLegs.trailerId}
         where ${moveLegs.active} and ${trailers.accountId} = ${accountId}
      ) as held
      where location <> ${ROAD}
      group by location
      having sum(trailers) > 0`),
  ]);
  const from = held
    .filter((row) => row.location !== ROAD && resolveLocation(places, row.location) === row.location)
    .map((row) => ({ location: row.location, trailers: row.trailers }))
    .sort((a, b) => compareLocations(a.location, b.location));
  return { from, to: locationOptions(places.buildings, places.yards).filter((location) => location !== ROAD) };
}

/**
 * The first leg of a Create Move opened for one trailer (`?trailer=`): its From (where the trailer
 * stands) and the trailer, when the trailer is of the account the form works in and free to move;
 * else why it was not chosen. An id out of reach answers like a missing one.
 */
async function firstLegFor(
  ctx: ServiceContext,
  accountId: number,
  trailerId: number,
): Promise<{ leg: { from: string; trailer: string } } | { ignored: string }> {
  const [row] = await ctx.db
    .select({
      number: trailers.trailerNumber,
      location: trailers.trailerLocation,
      accountId: trailers.accountId,
      activeMove: activeMoveOfTrailer(),
    })
    .from(trailers)
    .where(eq(trailers.id, trailerId));
  if (!row || row.accountId !== accountId) return { ignored: MOVE_MESSAGES.firstTrailerUnknown };
  const blocked = moveRequestBlock(row);
  if (blocked) return { ignored: MOVE_MESSAGES.firstTrailerIgnored(blocked) };
  return { leg: { from: row.location, trailer: row.number } };
}

/**
 * What the Create Move form offers for a draft: the locations of the account it works in (the
 * draft's, else the page's) and the free trailers at each From chosen so far. None for a viewer
 * who may not create moves; no locations yet for an admin who has not chosen an account. Opened
 * for a trailer (`firstTrailer`) while its first leg is still empty, the form comes with that
 * trailer and where it stands as the first leg, or with why it was not chosen.
 */
export async function createMoveChoices(
  ctx: ServiceContext,
  draft: MoveDraft,
  pageAccount: number | null = null,
  firstTrailer: number | null = null,
): Promise<CreateMoveChoices | null> {
  if (!canCreateMoves(ctx.actor.user)) return null;
  const accountId = accountScope(ctx.actor, draft.account ?? pageAccount);
  if (accountId === null) return { account: null, locations: null, trailersAt: {} };
  const [firstLeg] = draft.legs;
  const asked = firstTrailer !== null && !firstLeg.from && !firstLeg.trailer ? await firstLegFor(ctx, accountId, firstTrailer) : null;
  const legs = asked && "leg" in asked ? [{ ...firstLeg, ...asked.leg }, ...draft.legs.slice(1)] : draft.legs;
  const chosen = legs.filter((leg) => leg.from);
  const [locations, ...lists] = await Promise.all([
    moveLocations(ctx, accountId),
    ...chosen.map((leg) =>
      availableTrailers(ctx, { account: accountId, location: leg.from, excludeRedTagged: draft.hideRedTagged, search: leg.search }),
    ),
  ]);
  const choices: CreateMoveChoices = {
    account: accountId,
    locations,
    trailersAt: Object.fromEntries(chosen.map((leg, index) => [leg.from, lists[index]])),
  };
  if (!asked) return choices;
  if ("ignored" in asked) return { ...choices, ignored: asked.ignored };
  // Free to move, it is among its From's trailers (or beyond a cut list); one that left meanwhile is not chosen.
  const [first] = lists;
  const listed = first.trailers.some((trailer) => trailer.trailer_number === asked.leg.trailer);
  if (!listed && first.total <= first.trailers.length) {
    return { ...choices, ignored: MOVE_MESSAGES.firstTrailerUnknown };
  }
  return { ...choices, firstLeg: asked.leg };
}

/**
 * What a page's Move Status panel shows: the summary of the account the page shows (an admin
 * without one: every account), and, while Create Move is open, its choices for the draft.
 */
export async function movePanel(
  ctx: ServiceContext,
  query: {
    account: number | null;
    timeZone?: string | null;
    draft: MoveDraft | null;
    /** Create Move opened for this trailer (`?trailer=`). */
    firstTrailer?: number | null;
    open: MoveState | null;
    search?: string;
    pages?: PanelPages;
  },
): Promise<Omit<MovePanelData, "outcome">> {
  const [summary, create] = await Promise.all([
    // Only the open list: the page fetches another when the viewer opens it.
    moveSummary(ctx, {
      account: query.account,
      timeZone: query.timeZone,
      lists: query.open ? [query.open] : [],
      search: query.search,
      pages: query.pages,
    }),
    query.draft ? createMoveChoices(ctx, query.draft, query.account, query.firstTrailer ?? null) : null,
  ]);
  return { summary, create };
}
