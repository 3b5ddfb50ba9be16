import { and, asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLogs, buildings, sessions, trailers, users } from "#db/schema";
import { withActor } from "#app/lib/db.server";
import { createTestDatabase, type TestDatabase } from "./database";
import { createPlace, deletePlace, updatePlace } from "#app/services/places.server";
import { uploadTrailers } from "#app/services/trailer-upload.server";
import { contextFor, createAccount, createTrailer, createUser } from "./fixtures";

let test: TestDatabase;
beforeAll(async () => {
  test = await createTestDatabase();
});
afterAll(async () => test.close());

function auditOf(table: string, recordId: number) {
  return test.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.tableName, table), eq(auditLogs.recordId, String(recordId))))
    .orderBy(asc(auditLogs.id));
}

describe("audit trail", () => {
  it("an update writes an audit row with the acting user and old→new values of the changed fields only", async () => {
    const account = await createAccount(test.db);
    const trailer = await createTrailer(test.db, account.id, "Yard A");
    await withActor(test.db, { id: null, alphaCode: "MGR7" }, (tx) =>
      tx.update(trailers).set({ trailerLocation: "Shop", inShop: true }).where(eq(trailers.id, trailer.id)),
    );
    const rows = await auditOf("trailers", trailer.id);
    expect(rows.map((row) => row.action)).toEqual(["CREATE", "UPDATE"]);
    const update = rows[1];
    expect(update.userAlphaCode).toBe("MGR7");
    expect(update.changedFields).toEqual({
      trailer_location: { old: "Yard A", new: "Shop" },
      in_shop: { old: false, new: true },
    });
  });

  it("an insert outside withActor is recorded with no user, and a delete is recorded with the old values", async () => {
    const account = await createAccount(test.db);
    const trailer = await createTrailer(test.db, account.id, "Road");
    await withActor(test.db, { id: null, alphaCode: "ADM1" }, (tx) => tx.delete(trailers).where(eq(trailers.id, trailer.id)));
    const [create, remove] = await auditOf("trailers", trailer.id);
    expect(create.userAlphaCode).toBeNull();
    expect(create.changedFields?.trailer_location).toEqual({ old: null, new: "Road" });
    expect(remove.action).toBe("DELETE");
    expect(remove.userAlphaCode).toBe("ADM1");
    expect(remove.changedFields?.trailer_location).toEqual({ old: "Road", new: null });
  });

  it("an update that changes nothing writes no audit row", async () => {
    const account = await createAccount(test.db);
    const trailer = await createTrailer(test.db, account.id);
    await withActor(test.db, { id: null, alphaCode: "MGR7" }, (tx) =>
      tx.update(trailers).set({ trailerLocation: trailer.trailerLocation }).where(eq(trailers.id, trailer.id)),
    );
    expect((await auditOf("trailers", trailer.id)).map((row) => row.action)).toEqual(["CREATE"]);
  });

  it("never records password hashes: a password change shows as redacted", async () => {
    const account = await createAccount(test.db);
    const user = await createUser(test.db, { role: "manager", accountId: account.id });
    await withActor(test.db, { id: null, alphaCode: "ADMIN" }, (tx) =>
      tx.update(users).set({ passwordHash: "scrypt$new" }).where(eq(users.id, user.id)),
    );
    const rows = await auditOf("users", user.id);
    const text = JSON.stringify(rows.map((row) => row.changedFields));
    expect(text).not.toContain(user.passwordHash);
    expect(text).not.toContain("scrypt$new");
    expect(rows[1].changedFields).toEqual({ password_hash: { old: "[redacted]", new: "[redacted]" } });
  });

  it("sessions, which hold secrets, are not audited", async () => {
    const account = await createAccount(test.db);
    const user = await createUser(test.db, { role: "manager", accountId: account.id });
    const [session] = await test.db
      .insert(sessions)
      .values({ userId: user.id, tokenHash: "hash-of-token", csrfSecret: "secret" })
      .returning();
    expect(await auditOf("sessions", session.id)).toEqual([]);
  });

  it("a rolled-back write leaves no audit row", async () => {
    const account = await createAccount(test.db);
    const trailer = await createTrailer(test.db, account.id);
    await expect(
      withActor(test.db, { id: null, alphaCode: "MGR7" }, async (tx) => {
        await tx.update(trailers).set({ trailerLocation: "Road" }).where(eq(trailers.id, trailer.id));
        throw new Error("later step failed");
      }),
    ).rejects.toThrow("later step failed");
    expect((await auditOf("trailers", trailer.id)).map((row) => row.action)).toEqual(["CREATE"]);
    const [unchanged] = await test.db.select().from(trailers).where(eq(trailers.id, trailer.id));
    expect(unchanged.trailerLocation).toBe(trailer.trailerLocation);
  });

  it("a bulk upload writes one audit row per trailer, with the uploader as actor and every field of the new trailer", async () => {
    const account = await createAccount(test.db);
    const { ctx } = contextFor(test.db, await createUser(test.db, { role: "super_manager", accountId: account.id, alphaCode: "BULK" }));
    // More rows than one insert statement takes, so the upload's inserts span several statements.
    const rows = Array.from(
      { length: 2_500 },
      (_, i) => `bulk-${i},${i % 2 ? "Road" : "Shop"},acme,${i % 3 ? "" : "yes"},${i % 3 ? "" : `L-${i}`}`,
    );
    const file = {
      name: "fleet.csv",
      bytes: new TextEncoder().encode(["trailer_number,trailer_location,company_owner,is_loaded,load_number", ...rows].join("\n")),
    };
    expect((await uploadTrailers(ctx, { file, dryRun: false })).results.success).toBe(2_500);

    const added = await test.db.execute<{ id: number; fields: Record<string, unknown> }>(
      sql`select id, to_jsonb(t) - 'updated_at' as fields from trailers t where account_id = ${account.id} order by id`,
    );
    const audit = await test.db
      .select()
      .from(auditLogs)
      .where(
        and(
          eq(auditLogs.tableName, "trailers"),
          sql`${auditLogs.recordId}::integer in (select id from trailers where account_id = ${account.id})`,
        ),
      )
      .orderBy(asc(auditLogs.id));
    expect(added.rows).toHaveLength(2_500);
    expect(audit.map((row) => [row.recordId, row.action, row.userAlphaCode])).toEqual(
      added.rows.map((row) => [String(row.id), "CREATE", "BULK"]),
    );
    expect(audit.map((row) => row.changedFields)).toEqual(
      added.rows.map((row) => Object.fromEntries(Object.entries(row.fields).map(([column, value]) => [column, { old: null, new: value }]))),
    );
  });

  it("a statement inserting many rows writes one audit row per row with the acting user, secrets redacted", async () => {
    const account = await createAccount(test.db);
    const inserted = await withActor(test.db, { id: null, alphaCode: "ADM2" }, (tx) =>
      tx
        .insert(users)
        .values(
          ["one", "two", "three"].map((name) => ({
            email: `${name}-${account.id}@audit.test`,
            passwordHash: `scrypt$${name}`,
            firstName: name,
            lastName: "Audit",
            isManager: true,
            accountId: account.id,
          })),
        )
        .returning(),
    );
    for (const user of inserted) {
      const [create] = await auditOf("users", user.id);
      expect(create).toMatchObject({ action: "CREATE", userAlphaCode: "ADM2" });
      expect(create.changedFields?.password_hash).toEqual({ old: null, new: "[redacted]" });
      expect(create.changedFields?.email).toEqual({ old: null, new: user.email });
      expect(create.changedFields).not.toHaveProperty("updated_at");
    }
  });

  it("a service's writes are recorded with the acting user's alpha code; a refused one leaves no row", async () => {
    const account = await createAccount(test.db);
    const { ctx } = contextFor(test.db, await createUser(test.db, { role: "super_manager", accountId: account.id, alphaCode: "SUP4" }));
    const building = await createPlace(ctx, "building", { building_name: "Audited", building_door_number: 2 });
    await updatePlace(ctx, "building", building.id, { building_name: "Audited", building_door_number: 3 });
    await createTrailer(test.db, account.id, "Audited-3");
    await expect(deletePlace(ctx, "building", building.id)).rejects.toThrow("This change would remove locations still in use");
    expect((await auditOf("buildings", building.id)).map((row) => [row.action, row.userAlphaCode])).toEqual([
      ["CREATE", "SUP4"],
      ["UPDATE", "SUP4"],
    ]);
    expect(await test.db.select().from(buildings).where(eq(buildings.id, building.id))).toHaveLength(1);
  });
});

describe("a trail nothing can forge or erase", () => {
  it("records the acting user's id with the alpha code, so renaming the alpha code hides nothing", async () => {
    const account = await createAccount(test.db);
    const actor = await createUser(test.db, { role: "super_manager", accountId: account.id, alphaCode: "RENAME1" });
    const { ctx } = contextFor(test.db, actor);
    const place = await createPlace(ctx, "yard", { name: "Id Yard", parking_location: "Gate", parking_spots: true });
    await test.db.update(users).set({ alphaCode: "RENAMED" }).where(eq(users.id, actor.id));
    const [create] = await auditOf("yards", place.id);
    expect(create).toMatchObject({ action: "CREATE", userId: actor.id, userAlphaCode: "RENAME1" });
    const [userUpdate] = (await auditOf("users", actor.id)).filter((row) => row.action === "UPDATE");
    expect(userUpdate.changedFields).toEqual({ alpha_code: { old: "RENAME1", new: "RENAMED" } });
  });

  it("refuses to update, delete or truncate audit rows, whoever asks", async () => {
    const account = await createAccount(test.db);
    const trailer = await createTrailer(test.db, account.id);
    const [row] = await auditOf("trailers", trailer.id);
    const refused = { cause: { message: expect.stringMatching(/^audit_logs is append-only/) } };
    await expect(test.db.update(auditLogs).set({ userAlphaCode: "FORGED" }).where(eq(auditLogs.id, row.id))).rejects.toMatchObject(refused);
    await expect(test.db.delete(auditLogs).where(eq(auditLogs.id, row.id))).rejects.toMatchObject(refused);
    await expect(test.db.execute(sql`truncate audit_logs`)).rejects.toMatchObject(refused);
    expect(await auditOf("trailers", trailer.id)).toEqual([row]);
  });
});
