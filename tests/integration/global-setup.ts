/**
 * Starts one throw-away Postgres for the Vitest run and migrates a template database; each test
 * file then clones the template (tests/integration/database.ts), so files run in parallel and
 * never see each other's rows. TEST_DATABASE_URL (a server's admin URL) replaces the embedded one.
 */
import type { TestProject } from "vitest/node";
import { applyMigrations } from "#scripts/lib/migrate";
import { ensureDatabase, startEmbeddedPostgres, type RunningPostgres } from "#scripts/lib/postgres";
import { freePort } from "#tests/free-port";

import { TEMPLATE_DATABASE } from "./template";

declare module "vitest" {
  export interface ProvidedContext {
    postgresAdminUrl: string;
  }
}

let postgres: RunningPostgres | undefined;

export default async function setup(project: TestProject) {
  let adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    postgres = await startEmbeddedPostgres({
      dataDir: `.data/postgres-vitest-${process.pid}`,
      port: await freePort(),
      database: "postgres",
      // Thrown away after the run: no need to survive a crash.
      durable: false,
      persistent: false,
    });
    adminUrl = postgres.url;
  }
  const templateUrl = new URL(adminUrl);
  templateUrl.pathname = `/${TEMPLATE_DATABASE}`;
  const admin = new URL(adminUrl);
  admin.pathname = "/postgres";
  await ensureDatabase(admin.toString(), TEMPLATE_DATABASE);
  await applyMigrations(templateUrl.toString());
  project.provide("postgresAdminUrl", admin.toString());
  return async () => {
    await postgres?.stop();
  };
}
