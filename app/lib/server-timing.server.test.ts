import { describe, expect, it } from "vitest";
import { reportedStatements, statementsTiming, withStatementsTiming } from "./server-timing.server";

describe("the statement count in Server-Timing", () => {
  it("reads back the count it wrote, beside other metrics", () => {
    expect(reportedStatements(statementsTiming(5))).toBe(5);
    expect(reportedStatements(`cache;desc="hit", ${statementsTiming(0)}`)).toBe(0);
  });

  it("is null where no count was reported", () => {
    expect(reportedStatements(null)).toBeNull();
    expect(reportedStatements('db;dur=12;desc="Postgres"')).toBeNull();
  });

  it("is added to a response's headers, keeping the metrics it had", () => {
    const response = withStatementsTiming(new Response("ok", { headers: { "Server-Timing": "edge;dur=1" } }), 3);
    expect(response.headers.get("Server-Timing")).toBe('edge;dur=1, db;desc="3 statements"');
    expect(reportedStatements(response.headers.get("Server-Timing"))).toBe(3);
  });
});
