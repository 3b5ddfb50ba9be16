import type { AppLoadContext } from "@remix-run/cloudflare";
import { afterEach, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { openDatabase, type OpenDatabase } from "#app/lib/db.server";
import { loader } from "./healthz";

let opened: OpenDatabase | undefined;
afterEach(async () => {
  await opened?.close();
  opened = undefined;
});

function callHealthz(databaseUrl: string) {
  opened = openDatabase({ DATABASE_URL: databaseUrl });
  const context = { db: () => opened!.db } as unknown as AppLoadContext;
  return loader({ request: new Request("http://localhost/healthz"), context, params: {} });
}

describe("/healthz", () => {
  it("answers 200 when the database is reachable", async () => {
    const response = await callHealthz(inject("postgresAdminUrl"));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok", database: "reachable" });
  });

  it("answers 503 when the database is not", async () => {
    const response = await callHealthz("postgres://postgres:wrong@127.0.0.1:1/nowhere");
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ status: "unavailable", database: "unreachable" });
  });
});
