import { rankOf } from "#app/domain/roles";
import {
  PAGE_ORIGIN_PATTERN,
  socketRoomOf,
  type AfterCommit,
  type EventSink,
  type RealtimeEvent,
  type SessionEndReason,
} from "#app/domain/realtime-events";
import { withActor, type Database, type Transaction } from "#app/lib/db.server";
import { isForeignKeyViolation } from "#app/lib/sql.server";
import { COMPANY_MESSAGES } from "#app/domain/companies";
import { ServiceError } from "./errors.server";

/** The keys of a row's `account_id` on the accounts (`buildings_account_id_accounts_id_fk`, …). */
const NAMED_ACCOUNT = /_account_id_accounts_id_fk$/;
import type { UserRow } from "#app/lib/session.server";

/** The acting user as services see it: who, which account, which rank. */
export interface Actor {
  id: number;
  accountId: number | null;
  alphaCode: string | null;
  isAdmin: boolean;
  rank: number;
  user: UserRow;
}

export function actorOf(user: UserRow): Actor {
  return { id: user.id, accountId: user.accountId, alphaCode: user.alphaCode, isAdmin: user.isAdmin, rank: rankOf(user), user };
}

/** What every service call gets: the request's database, the acting user and the event sink. */
export interface ServiceContext {
  db: Database;
  actor: Actor;
  events: EventSink;
}

/**
 * The context of a change a page's form asked for: its events name the page (`origin`, sent by
 * the form), which skips them. Anything that is not a page's name leaves the context as it is.
 */
export function askedByPage(ctx: ServiceContext, origin: unknown): ServiceContext {
  if (typeof origin !== "string" || !PAGE_ORIGIN_PATTERN.test(origin)) return ctx;
  const events: EventSink = {
    send: (effects) =>
      ctx.events.send(effects.map((effect) => (effect.kind === "publish" ? { ...effect, event: { ...effect.event, origin } } : effect))),
  };
  return { ...ctx, events };
}

/** The context of a write that has no signed-in actor yet (signing in). */
export type SystemContext = Pick<ServiceContext, "db" | "events"> & { actor?: Actor };

/** The side effects a transaction queues; they leave only if it commits. */
export class Effects {
  readonly queued: AfterCommit[] = [];

  publish(accountId: number, event: RealtimeEvent): void {
    this.queued.push({ kind: "publish", accountId, event });
  }

  /** A trailer or truck now stands somewhere else (created, moved, or a move finished). */
  assetMoved(kind: "trailer" | "truck", accountId: number, assetId: number, location: string): void {
    this.publish(
      accountId,
      kind === "trailer"
        ? { type: "trailer_location_updated", account_id: accountId, trailer_id: assetId, location }
        : { type: "truck_location_updated", account_id: accountId, truck_id: assetId, location },
    );
    this.publish(accountId, { type: "location_history_updated", account_id: accountId, asset: kind, asset_id: assetId });
  }

  /** An asset, a place, a move or a user of the account changed without moving anything. */
  accountChanged(
    accountId: number,
    what: "trailer" | "truck" | "building" | "yard" | "user",
    id: number,
    change: "created" | "updated" | "deleted",
  ): void {
    this.publish(accountId, { type: "account_data_changed", account_id: accountId, what, id, change });
  }

  closeSockets(sessionId: number, user: { isAdmin: boolean; accountId: number | null }, reason: SessionEndReason): void {
    this.queued.push({ kind: "close_sockets", sessionId, room: socketRoomOf(user), reason });
  }
}

/**
 * Every write goes through here: one transaction with the acting user recorded for the audit
 * trigger; the side effects `work` queued are sent only after the commit, and dropped with a
 * rollback.
 */
export async function write<T>(ctx: SystemContext, work: (tx: Transaction, effects: Effects) => Promise<T>): Promise<T> {
  const effects = new Effects();
  const result = await withActor(ctx.db, ctx.actor ?? null, (tx) => work(tx, effects)).catch((error: unknown) => {
    // An admin may name any account: one that does not exist (or was deleted meanwhile) is refused by its key.
    if (isForeignKeyViolation(error, NAMED_ACCOUNT)) throw new ServiceError(400, COMPANY_MESSAGES.accountNotFound, "account_id");
    throw error;
  });
  if (effects.queued.length) ctx.events.send(effects.queued);
  return result;
}
