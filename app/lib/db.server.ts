import { Pool as NeonPool } from "@neondatabase/serverless";
import { sql } from "drizzle-orm";
import { drizzle as drizzleNeon } from "drizzle-orm/neon-serverless";
import { drizzle as drizzlePg, type NodePgDatabase } from "drizzle-orm/node-postgres";
import pg from "pg";
import * as schema from "#db/schema";
import { faultStatements, type Fault } from "./faults.server";
import { workerdSocket } from "./workerd-socket.server";

export type Database = NodePgDatabase<typeof schema>;
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
/** Either the database or an open transaction: what services read through. */
export type Queryable = Database | Transaction;

export interface DatabaseConfig {
  DATABASE_URL: string;
  DB_DRIVER?: string;
  /** A deployed Worker's Hyperdrive binding: warm, pooled connections to the same database. */
  HYPERDRIVE?: { connectionString: string };
  /** A fault its writes fail with, on purpose (`faults.server.ts`: the end-to-end server only). */
  fault?: Fault | null;
}

export interface OpenDatabase {
  db: Database;
  /**
   * How many statements have been sent so far: through this database and the connections
   * `withOwnConnection` opens from it. Each is one round trip to Postgres (a transaction's BEGIN
   * and COMMIT count too).
   */
  statements(): number;
  close(): Promise<void>;
}

/**
 * The limits of every connection the app opens, sent as its startup parameters (docs/limits.md, "Requests and connections").
 * A statement running longer than `statementTimeoutMs` is cancelled (a lock wait is a statement
 * too); a transaction left idle longer than `idleInTransactionMs` (its request died or hangs) is
 * ended with its connection, which releases its row locks. The idle limit is the shorter one, so
 * a writer queued behind an abandoned transaction gets the row before its own statement gives up.
 */
export const CONNECTION_LIMITS = {
  statementTimeoutMs: 10_000,
  idleInTransactionMs: 5_000,
  /** How long a query may wait for the request's connection (opening it, or while another query uses it). */
  connectionWaitMs: 10_000,
  /**
   * How long a query waits for the database's answer before its connection is taken as lost:
   * the statement timeout and a margin, so the database cancels a slow statement first.
   */
  answerWaitMs: 12_000,
} as const;

/**
 * Connections a request opens: one. Its queries share it (parallel loaders queue on it), so a
 * request never holds more than one of the database's connections. Code inside a transaction
 * must query through the transaction: a query on the request's database would wait for the
 * connection the transaction holds (and fail after `connectionWaitMs`). A report streamed after
 * its answer has left reads each later batch on a connection of its own (`withOwnConnection`),
 * open only while that batch is read.
 */
export const CONNECTIONS_PER_REQUEST = 1;

/** Pauses between attempts to open a connection the database refused or could not take yet. */
const CONNECT_RETRY_DELAYS_MS = [100, 200, 400, 800];

/**
 * Postgres error codes that mean "the database cannot serve this now" rather than "this request
 * is wrong": class 08 (connection exception) and 53 (too many connections, out of memory or disk),
 * the server shutting down or starting (57P01-57P03), a statement cancelled by its timeout
 * (57014), a lock not granted (55P03), a transaction ended as idle (25P03), and a serialization
 * failure or deadlock (40001, 40P01), which a retry resolves.
 */
const UNAVAILABLE_CODES = /^(08...|53...|57P0[123]|57014|55P03|25P03|40001|40P01)$/;
/** Socket errors of a database that is down or unreachable. */
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);
/** How the drivers (pg in Node, pg over workerd's sockets, Neon's WebSocket) word a lost or refused connection. */
const UNAVAILABLE_MESSAGES =
  /connection terminated|timeout exceeded when trying to connect|not queryable|network connection lost|connection refused|cannot connect to the specified address|disconnected|connect(ion)? timed out|socket hang up|query read timeout/i;

/**
 * Whether an error (or an error it wraps: Drizzle wraps the driver's) says the database is down,
 * busy or unreachable. Such a request is answered 503 with Retry-After, never 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && (UNAVAILABLE_CODES.test(code) || NETWORK_CODES.has(code))) return true;
    if (UNAVAILABLE_MESSAGES.test(current.message)) return true;
  }
  return false;
}

/** Worth opening the connection again: the database refused or dropped it, not our credentials or database name. */
function worthReconnecting(error: unknown): boolean {
  return isDatabaseUnavailable(error) && !(error instanceof Error && /timeout exceeded when trying to connect/.test(error.message));
}

type ErrorSource = { on(event: "error", listener: () => void): unknown };
type Connect = (callback?: (error: Error | undefined, client?: pg.PoolClient, release?: () => void) => void) => unknown;

/**
 * Makes a pool retry opening its connection a few times (1.5 s in all) when the database refuses
 * it (too many clients, starting up, restarting) before the error reaches the request. Nothing
 * has been sent yet when a connection fails to open, so trying again is always safe.
 */
function reconnectingBriefly<P extends { connect: Connect }>(pool: P): P {
  const connectOnce = pool.connect.bind(pool) as () => Promise<pg.PoolClient>;
  const connect = async (): Promise<pg.PoolClient> => {
    for (let attempt = 0; ; attempt++) {
      try {
        return await connectOnce();
      } catch (error) {
        if (attempt >= CONNECT_RETRY_DELAYS_MS.length || !worthReconnecting(error)) throw error;
        await new Promise((resolve) => setTimeout(resolve, CONNECT_RETRY_DELAYS_MS[attempt]));
      }
    }
  };
  pool.connect = (callback) => {
    if (!callback) return connect();
    connect().then(
      (client) => callback(undefined, client, () => client.release()),
      (error: Error) => callback(error, undefined, () => undefined),
    );
  };
  return pool;
}

/**
 * A lost connection (the database restarted, or ended a transaction left idle) is reported by
 * the next query on it, which fails; the event the driver also emits must not go unheard, or it
 * would be thrown as an uncaught exception. An idle connection lost is simply dropped.
 */
function quietOnLostConnections<P extends { on(event: "connect" | "error", listener: (client: ErrorSource) => void): unknown }>(
  pool: P,
): P {
  pool.on("error", () => undefined);
  pool.on("connect", (client) => client.on("error", () => undefined));
  return pool;
}

/** Statements sent, shared by a database and the connections `withOwnConnection` opens from it. */
interface StatementCount {
  sent: number;
}

type Queries = { query: (...args: never[]) => unknown };

/**
 * Counts the statements a pool's connections send: every query reaches Postgres through its
 * connection's `query` (the pool's own `query` and Drizzle's transactions included), and each one
 * is one round trip (pg writes a statement's messages at once and waits for its answer).
 */
function countingStatements<P extends { on(event: "connect", listener: (client: Queries) => void): unknown }>(
  pool: P,
  count: StatementCount,
): P {
  pool.on("connect", (client) => {
    const query = client.query.bind(client);
    client.query = (...args) => {
      count.sent++;
      return query(...args);
    };
  });
  return pool;
}

/**
 * Where a database `openDatabase` opened keeps the settings it was opened with and its statement
 * count, for `withOwnConnection`: on the database itself, under a registered symbol, since the
 * Worker holds this module twice (its entry's copy opens the request's database, the Remix
 * build's reads it).
 */
const SETTINGS = Symbol.for("yardline.databaseSettings");
type WithSettings = { [SETTINGS]?: { config: DatabaseConfig; count: StatementCount } };

function usesNeon(config: DatabaseConfig): boolean {
  if (config.HYPERDRIVE) return false;
  if (config.DB_DRIVER) return config.DB_DRIVER === "neon";
  return /\.neon\.tech(:\d+)?\//.test(config.DATABASE_URL);
}

/**
 * Opens the database of one request (or one script): one connection, opened on first use, with
 * the limits above. Workers forbid sharing I/O objects across requests, so there is no
 * module-level client: callers close what they open.
 */
export function openDatabase(config: DatabaseConfig): OpenDatabase {
  return open(config, { sent: 0 });
}

function open(config: DatabaseConfig, count: StatementCount): OpenDatabase {
  const connectionString = config.HYPERDRIVE?.connectionString ?? config.DATABASE_URL;
  if (!connectionString) throw new Error("DATABASE_URL is not set");
  const options = {
    connectionString,
    max: CONNECTIONS_PER_REQUEST,
    connectionTimeoutMillis: CONNECTION_LIMITS.connectionWaitMs,
    statement_timeout: CONNECTION_LIMITS.statementTimeoutMs,
    idle_in_transaction_session_timeout: CONNECTION_LIMITS.idleInTransactionMs,
    query_timeout: CONNECTION_LIMITS.answerWaitMs,
    stream: workerdSocket(),
  };
  let opened: OpenDatabase;
  if (usesNeon(config)) {
    const pool = countingStatements(quietOnLostConnections(reconnectingBriefly(new NeonPool(options))), count);
    opened = { db: drizzleNeon(pool, { schema }) as unknown as Database, statements: () => count.sent, close: () => pool.end() };
  } else {
    const pool = countingStatements(quietOnLostConnections(reconnectingBriefly(new pg.Pool(options))), count);
    opened = { db: drizzlePg(pool, { schema }), statements: () => count.sent, close: () => pool.end() };
  }
  Object.defineProperty(opened.db, SETTINGS, { value: { config, count } });
  return opened;
}

/**
 * Runs `work` on a connection of its own to the database `db` reaches (same settings and
 * limits), opened for it and closed once it is done: for reading that outlives the request's own
 * connection, which is closed as soon as the answer has left (a report's later batches), without
 * keeping anything open while the client takes its time. Its statements count as `db`'s.
 */
export async function withOwnConnection<T>(db: Database, work: (db: Database) => Promise<T>): Promise<T> {
  const settings = (db as WithSettings)[SETTINGS];
  if (!settings) throw new Error("withOwnConnection takes a database openDatabase opened");
  const own = open(settings.config, settings.count);
  try {
    return await work(own.db);
  } finally {
    await own.close();
  }
}

/** Who a write is recorded as in the audit trail: the user's id (which never changes) and alpha code. */
export interface AuditActor {
  id: number | null;
  alphaCode: string | null;
}

/**
 * Runs `work` in one transaction with the acting user recorded for the audit triggers
 * (db/migrations/0004_audit_trail.sql reads `yardline.actor_id` and `yardline.actor`). Every write
 * goes through here, and fails here when its database was opened with a fault.
 */
export async function withActor<T>(db: Database, actor: AuditActor | null, work: (tx: Transaction) => Promise<T>): Promise<T> {
  const fault = (db as WithSettings)[SETTINGS]?.config.fault;
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('yardline.actor', ${actor?.alphaCode ?? ""}, true), set_config('yardline.actor_id', ${actor?.id === null || actor?.id === undefined ? "" : String(actor.id)}, true)`,
    );
    for (const statement of fault ? faultStatements(fault) : []) await tx.execute(statement);
    return work(tx);
  });
}
