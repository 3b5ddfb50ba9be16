import { randomBytes } from "node:crypto";
import pg from "pg";
import { inject } from "vitest";
import { openDatabase, type Database } from "#app/lib/db.server";
import { TEMPLATE_DATABASE } from "./template";

export interface TestDatabase {
  db: Database;
  url: string;
  close(): Promise<void>;
}

/** A fresh, migrated, empty database of its own, cloned from the template made by global-setup. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = inject("postgresAdminUrl");
  const name = `test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database "${name}" template "${TEMPLATE_DATABASE}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const opened = openDatabase({ DATABASE_URL: url.toString() });
  return { db: opened.db, url: url.toString(), close: opened.close };
}
