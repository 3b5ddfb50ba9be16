import { and, asc, desc, sql, type SQL } from "drizzle-orm";
import { moves } from "#db/schema";
import type { MoveSort, MoveState } from "#app/domain/moves";
import { PAGE_MESSAGES } from "#app/domain/list-pages";
import { countOf, newestFirst, readPages, type PagePart, type TimeCursors } from "#app/lib/keyset.server";
import { paging } from "#app/lib/paging";
import type { ServiceContext } from "./context.server";
import { moveSearchCondition, publicMove, scopeCondition, selectMoves, STATE_CONDITION } from "./moves.server";
import { ServiceError } from "./errors.server";
import { accountScope } from "./scope.server";

/** The moves' lists: one state's (or all) in the actor's scope, searched and paged in Postgres. */

/** Where moves of one state (or all) stand for a list: the actor's scope, the state and the search. */
export interface MoveFilter {
  /** The account asked for (admins: one account, or none for all); everyone else gets their own. */
  account?: unknown;
  state?: MoveState;
  /** The global search (see `moveSearchCondition`). */
  search?: string;
}

export function moveFilterCondition(ctx: ServiceContext, filter: MoveFilter): SQL | undefined {
  return and(
    scopeCondition(accountScope(ctx.actor, filter.account)),
    filter.state ? STATE_CONDITION[filter.state] : undefined,
    moveSearchCondition(filter.search),
  );
}

/** The moves' lists newest first: by request time, then id. */
const NEWEST_MOVES = newestFirst(moves.requestTime, moves.id);

/** Where a list of moves stands: its cursors (`before`: older moves, `after`: newer), its size, and the name a refused cursor goes by. */
export type MovePageQuery = TimeCursors & { size: number; field?: string };

/**
 * Pages of lists of moves, newest first, by keyset: one page of each filter, all read in one
 * statement (each through its state's index); with `count`, how many moves each filter keeps.
 * A cursor that cannot be read is refused (400, naming its parameter).
 */
export async function movePages(ctx: ServiceContext, lists: readonly { filter: MoveFilter; page: MovePageQuery; count?: boolean }[]) {
  const pages = await readPages(
    NEWEST_MOVES.keys,
    lists.map(({ filter, page, count }) => {
      const start = NEWEST_MOVES.start(page);
      if (start === undefined) throw new ServiceError(400, PAGE_MESSAGES.badCursor, page.field ?? (page.before ? "before" : "after"));
      const where = moveFilterCondition(ctx, filter);
      return {
        options: {
          size: page.size,
          start,
          count: count ? (also: SQL | undefined) => countOf(moves, and(where, also)) : undefined,
        },
        select: (part: PagePart) =>
          selectMoves(ctx.db, part.fields)
            .where(and(where, part.where))
            .orderBy(...part.orderBy)
            .limit(part.limit),
      };
    }),
  );
  return pages.map((page) => ({ moves: page.rows.map(publicMove), total: page.total, ...NEWEST_MOVES.cursors(page) }));
}

export interface MoveListQuery extends MoveFilter, TimeCursors {
  sort?: MoveSort;
  order?: "asc" | "desc";
  page?: number;
  pageSize?: number;
}

/**
 * `GET /api/moves`: a page of moves by request time (the spec's sort=all_times; `sort: "id"` by
 * number), with how many the filter keeps in all. Newest by request time, the first page and the
 * pages of a cursor (`before`: older moves, `after`: newer; a cursor always pages newest first)
 * are read by keyset, with the cursors of the pages beside (`older`, `newer`); any other order, or
 * a later `page`, by offset.
 */
export async function listMoves(ctx: ServiceContext, query: MoveListQuery) {
  const { page, pageSize, offset } = paging(query, 100, 500);
  const cursor = query.before || query.after;
  if (cursor || (query.sort !== "id" && query.order !== "asc" && page === 1)) {
    const [list] = await movePages(ctx, [{ filter: query, page: { ...query, size: pageSize }, count: true }]);
    const { older, newer } = list;
    return { keyset: true as const, moves: list.moves, total: list.total ?? 0, page: cursor ? null : page, pageSize, older, newer };
  }
  const where = moveFilterCondition(ctx, query);
  const order = query.order === "asc" ? asc : desc;
  const [rows, [{ total }]] = await Promise.all([
    selectMoves(ctx.db)
      .where(where)
      .orderBy(...(query.sort === "id" ? [order(moves.id)] : [order(moves.requestTime), order(moves.id)]))
      .limit(pageSize)
      .offset(offset),
    ctx.db
      .select({ total: sql<number>`count(*)::int` })
      .from(moves)
      .where(where),
  ]);
  return { keyset: false as const, moves: rows.map(publicMove), total, page, pageSize, older: null, newer: null };
}
