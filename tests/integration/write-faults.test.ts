import { parseWithZod } from "@conform-to/zod/v4";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { companies } from "#db/schema";
import { companySchema } from "#app/domain/companies";
import { FORM_FAILURES } from "#app/domain/failures";
import { isDatabaseUnavailable, openDatabase, type OpenDatabase } from "#app/lib/db.server";
import type { Fault } from "#app/lib/faults.server";
import { DATABASE_UNAVAILABLE } from "#app/lib/unavailable.server";
import { replyTo } from "#app/http/answers.server";
import { asRefusal } from "#app/services/errors.server";
import { createCompany, listCompanies } from "#app/services/companies.server";
import { createTestDatabase, type TestDatabase } from "./database";
import { contextFor, createUser } from "./fixtures";

/**
 * The end-to-end server's fault switch, on a real Postgres: a database opened with a fault fails
 * every write in the database itself (nothing is written), reads as usual, and the form's answer
 * to the failure is the one a real failure of that kind gets.
 */
let test: TestDatabase;
const opened: OpenDatabase[] = [];
beforeAll(async () => {
  test = await createTestDatabase();
});
afterAll(async () => {
  await Promise.all(opened.map((database) => database.close()));
  await test.close();
});

async function faulted(fault: Fault) {
  const database = openDatabase({ DATABASE_URL: test.url, fault });
  opened.push(database);
  const admin = await createUser(test.db, { role: "admin", accountId: null });
  return contextFor(database.db, admin).ctx;
}

async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("the write went through");
}

const stored = async (name: string) => test.db.select().from(companies).where(eq(companies.companyName, name));

describe("a database opened with a fault", () => {
  it("write-500: the write fails with an error that is neither a refusal nor the database unavailable; nothing is written", async () => {
    const ctx = await faulted("write-500");
    const error = await failureOf(createCompany(ctx, { company_name: "Fault Five Hundred" }));
    expect(asRefusal(error)).toBeNull();
    expect(isDatabaseUnavailable(error)).toBe(false);
    expect(await stored("Fault Five Hundred")).toEqual([]);
  });

  it("write-503: the write's statement is cancelled as past its timeout (57014), as when the database cannot serve", async () => {
    const ctx = await faulted("write-503");
    const error = await failureOf(createCompany(ctx, { company_name: "Fault Five Oh Three" }));
    expect((error as { cause?: { code?: string } }).cause?.code).toBe("57014");
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(await stored("Fault Five Oh Three")).toEqual([]);
  });

  it("reads as usual, on the same connection after a failed write", async () => {
    const ctx = await faulted("write-503");
    await failureOf(createCompany(ctx, { company_name: "Fault Then Read" }));
    await expect(listCompanies(ctx)).resolves.toBeInstanceOf(Array);
  });

  it("Create Company's action answers each with its message, what was typed, and 500 or 503", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    for (const [fault, status, message] of [
      ["write-500", 500, "Failed to create company"],
      ["write-503", 503, `Failed to create company. ${DATABASE_UNAVAILABLE}`],
    ] as const) {
      const ctx = await faulted(fault);
      const form = new FormData();
      form.set("company_name", `Typed ${fault}`);
      const submission = parseWithZod(form, { schema: companySchema });
      const answer = (await replyTo(submission, () => createCompany(ctx, { company_name: `Typed ${fault}` }), {
        failure: FORM_FAILURES.createCompany,
      })) as unknown as { data: { error: Record<string, string[]>; initialValue: Record<string, unknown> }; init: ResponseInit };
      expect(answer.init.status).toBe(status);
      expect(answer.data.error[""]).toEqual([message]);
      expect(answer.data.initialValue).toEqual({ company_name: `Typed ${fault}` });
    }
    vi.restoreAllMocks();
  });
});
