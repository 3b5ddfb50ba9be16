import { afterAll, describe, expect, it, vi } from "vitest";
import { FORM_FAILURES, moveActionFailure } from "#app/domain/failures";
import { orFailure } from "./failed-actions";

/** The page's `fetch` as the tests answer it: set before each request. */
let answer: () => Response = () => new Response("");
vi.stubGlobal(
  "fetch",
  vi.fn(async () => answer()),
);
afterAll(() => vi.unstubAllGlobals());

const ADDRESS = "http://localhost/moves/5/accept.data";

/** A request as Remix's single fetch makes it, failing as it does when the answer is not its data. */
async function remixRequest(address = ADDRESS): Promise<never> {
  const response = await fetch(new URL(address), { method: "POST" });
  if (response.headers.get("Content-Type") !== "text/x-script") {
    throw new Error(`Unable to decode turbo-stream response from URL: ${address}`);
  }
  throw new TypeError("Failed to fetch");
}

describe("orFailure: a failed request's message", () => {
  it("an answer that is not data (a proxy's error page) says 'Server error: {status} {text}' for the move actions and deactivating a user", async () => {
    answer = () =>
      new Response("<h1>Bad Gateway</h1>", { status: 502, statusText: "Bad Gateway", headers: { "Content-Type": "text/html" } });
    expect(await orFailure(() => remixRequest(), moveActionFailure("accept"))).toEqual({
      failed: true,
      error: "Server error: 502 Bad Gateway",
      errors: ["Server error: 502 Bad Gateway"],
    });
    answer = () => new Response("Service Unavailable", { status: 503, statusText: "Service Unavailable" });
    const user = "http://localhost/users/7.data";
    expect(await orFailure(() => remixRequest(user), FORM_FAILURES.deactivateUser)).toMatchObject({
      error: "Server error: 503 Service Unavailable",
    });
    expect(await orFailure(() => remixRequest(user), FORM_FAILURES.reactivateUser)).toMatchObject({
      error: "An error occurred while reactivating the user.",
    });
  });

  it("a failure that is not about the answer keeps the form's message", async () => {
    expect(await orFailure(() => Promise.reject(new TypeError("Failed to fetch")), moveActionFailure("finish"))).toMatchObject({
      error: "Error: Failed to finish the move. The server could not be reached: check your connection and try again.",
    });
    expect(
      await orFailure(
        () => Promise.reject(new Error("Unable to decode turbo-stream response from URL: http://localhost/other.data")),
        moveActionFailure("cancel"),
      ),
    ).toMatchObject({
      error: "Failed to cancel move",
    });
  });
});
