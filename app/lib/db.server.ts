import { Pool as NeonPool } from "@neondatabase/serverless";
import { sql } from "drizzle-orm";
import { drizzle as drizzleNeon } from "drizzle-orm/neon-serverless";
import { drizzle as drizzlePg, type NodePgDatabase } from "drizzle-orm/node-postgres";
import pg from "pg";
import * as schema from "../../db/schema";

export type Database = NodePgDatabase<typeof schema>;
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
/** Either the database or an open transaction: what services read through. */
export type Queryable = Database | Transaction;

export interface DatabaseConfig {
  DATABASE_URL: string;
  DB_DRIVER?: string;
}

export interface OpenDatabase {
  db: Database;
  close(): Promise<void>;
}

function usesNeon(config: DatabaseConfig): boolean {
  if (config.DB_DRIVER) return config.DB_DRIVER === "neon";
  return /\.neon\.tech(:\d+)?\//.test(config.DATABASE_URL);
}

/**
 * Opens a connection pool for one request (or one script). Workers forbid sharing I/O objects
 * across requests, so there is no module-level client: callers close what they open.
 */
export function openDatabase(config: DatabaseConfig): OpenDatabase {
  if (!config.DATABASE_URL) throw new Error("DATABASE_URL is not set");
  if (usesNeon(config)) {
    const pool = new NeonPool({ connectionString: config.DATABASE_URL });
    return {
      db: drizzleNeon(pool, { schema }) as unknown as Database,
      close: () => pool.end(),
    };
  }
  const pool = new pg.Pool({ connectionString: config.DATABASE_URL, max: 4 });
  pool.on("error", () => {
    // An idle client lost its connection; the pool replaces it on the next query.
  });
  return { db: drizzlePg(pool, { schema }), close: () => pool.end() };
}

/**
 * Runs `work` in one transaction with the acting user recorded for the audit trigger
 * (db/migrations/0001_triggers.sql reads `yardline.actor`). Every write goes through here.
 */
export async function withActor<T>(db: Database, actorAlphaCode: string | null, work: (tx: Transaction) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('yardline.actor', ${actorAlphaCode ?? ""}, true)`);
    return work(tx);
  });
}
