import type { AppLoadContext } from "@remix-run/cloudflare";
import { openDatabase, type Database, type OpenDatabase } from "./app/lib/db.server";
import type { AccountRoom } from "./party/account-room";

/** Bindings and variables of the Worker (wrangler.toml, secrets, `--var`). */
export interface Env {
  DATABASE_URL: string;
  DB_DRIVER?: string;
  AccountRoom: DurableObjectNamespace<AccountRoom>;
  /** "1" only in the end-to-end test run: mounts the /__test routes. */
  TEST_HOOKS?: string;
}

declare module "@remix-run/cloudflare" {
  interface AppLoadContext {
    cloudflare: { env: Env; ctx: ExecutionContext };
    /** The request's database, opened on first use and closed after the response. */
    db(): Database;
  }
}

/** Builds the per-request context, and the function that releases what the request opened. */
export function getLoadContext(env: Env, ctx: ExecutionContext): { context: AppLoadContext; release(): Promise<void> } {
  let opened: OpenDatabase | undefined;
  const context: AppLoadContext = {
    cloudflare: { env, ctx },
    db() {
      opened ??= openDatabase(env);
      return opened.db;
    },
  };
  return { context, release: async () => opened?.close() };
}
