import { sql } from "drizzle-orm";
import { afterEach, describe, expect, inject, it } from "vitest";
import { openDatabase, withActor, withOwnConnection, type OpenDatabase } from "./db.server";

let opened: OpenDatabase | undefined;
afterEach(async () => {
  await opened?.close();
  opened = undefined;
});

describe("the statements a database has been sent", () => {
  it("counts none before the first query, then each query, and a transaction's BEGIN and COMMIT", async () => {
    opened = openDatabase({ DATABASE_URL: inject("postgresAdminUrl") });
    expect(opened.statements()).toBe(0);
    await opened.db.execute(sql`select 1`);
    await Promise.all([opened.db.execute(sql`select 2`), opened.db.execute(sql`select 3`)]);
    expect(opened.statements()).toBe(3);
    // BEGIN, the acting user for the audit trail, the work's two statements, COMMIT.
    await withActor(opened.db, null, async (tx) => {
      await tx.execute(sql`select 4`);
      await tx.execute(sql`select 5`);
    });
    expect(opened.statements()).toBe(8);
  });

  it("counts a failed statement, and those sent on a connection of its own as the database's", async () => {
    opened = openDatabase({ DATABASE_URL: inject("postgresAdminUrl") });
    await expect(opened.db.execute(sql`select * from no_such_table`)).rejects.toThrow();
    await withOwnConnection(opened.db, (own) => own.execute(sql`select 1`));
    expect(opened.statements()).toBe(2);
  });
});
