import { describe, expect, it } from "vitest";
import { readJson } from "./api.server";

const post = (body: string) => new Request("http://localhost/api/x", { method: "POST", body });

async function refusal(body: string) {
  try {
    await readJson(post(body));
    return null;
  } catch (thrown) {
    const response = thrown as Response;
    return { status: response.status, error: ((await response.json()) as { error: string }).error };
  }
}

describe("readJson", () => {
  it("reads an object, and an empty body as {}", async () => {
    expect(await readJson(post('{"a":1}'))).toEqual({ a: 1 });
    expect(await readJson(post("  "))).toEqual({});
  });

  it("refuses what is not JSON, and JSON that is not an object, with 400", async () => {
    expect(await refusal("{broken")).toEqual({ status: 400, error: "The request body must be JSON" });
    for (const body of ["null", "[]", "[1,2]", "42", '"text"', "true"]) {
      expect(await refusal(body), body).toEqual({ status: 400, error: "The request body must be a JSON object" });
    }
  });
});
