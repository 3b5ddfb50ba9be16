import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { trailers } from "#db/schema";
import { addTrailer, expect, expectConsoleErrors, failedLoad, hydrated, listening, test } from "./fixtures";

/** The dashboard's own data, as a poll asks for it: the page's route only, not the root's. */
const DASHBOARD_DATA = "/_root.data?_routes=routes%2F_index";

test("a poll that finds nothing changed is a 304 without a body; a change gives 200 with a new ETag", async ({ apiAs, newUser }) => {
  const api = await apiAs((await newUser("super_manager")).email);
  // A search of its own: the rows of the whole list show each trailer's time at its location in
  // minutes, which change as minutes pass, whatever anyone does.
  const prefix = `PL${randomBytes(3).toString("hex").toUpperCase()}`;
  const searched = `${DASHBOARD_DATA}&q=${prefix}`;
  const first = await api.get(searched);
  expect(first.status()).toBe(200);
  const tag = first.headers()["etag"];
  expect(tag).toMatch(/^"[0-9a-f]{32}"$/);
  expect(first.headers()["cache-control"]).toBe("private, no-cache");

  const unchanged = await api.get(searched, { headers: { "If-None-Match": tag } });
  expect(unchanged.status()).toBe(304);
  expect((await unchanged.body()).length).toBe(0);
  expect(unchanged.headers()["etag"]).toBe(tag);

  await addTrailer(api, "Yard A", prefix);
  const changed = await api.get(searched, { headers: { "If-None-Match": tag } });
  expect(changed.status()).toBe(200);
  expect(changed.headers()["etag"]).not.toBe(tag);

  // The moves panel's list, from the API, answers the same way.
  const moves = await api.get("/api/moves?state=finished");
  expect(moves.status()).toBe(200);
  const again = await api.get("/api/moves?state=finished", { headers: { "If-None-Match": moves.headers()["etag"] } });
  expect(again.status()).toBe(304);
});

test("an ETag of one account's data confirms nothing to another account: it gets its own data", async ({ apiAs, newUser }) => {
  const boston = await apiAs((await newUser("super_manager")).email);
  const number = await addTrailer(boston, "Yard A", "PT");
  const path = `/api/trailers?q=${number}`;
  const mine = await boston.get(path);
  expect(await mine.text()).toContain(number);
  const charlotte = await apiAs((await newUser("manager", { account: "Blue Ridge Charlotte" })).email);
  const theirs = await charlotte.get(path, { headers: { "If-None-Match": mine.headers()["etag"] } });
  expect(theirs.status()).toBe(200);
  expect(await theirs.text()).not.toContain(number);
});

test("refusals and failures carry no ETag and are kept nowhere", async ({ apiAs, newUser }) => {
  const api = await apiAs((await newUser("manager")).email);
  const refused = await api.get("/api/trailers/2147483647");
  expect(refused.status()).toBe(404);
  expect(refused.headers()["etag"]).toBeUndefined();
  expect(refused.headers()["cache-control"]).toBe("no-store");
  const page = await api.get("/");
  expect(page.headers()["etag"]).toBeUndefined();
  expect(page.headers()["cache-control"]).toBe("no-store");
});

test("the dashboard polls while its socket is open, shows a change no event announced, and an unchanged poll is a 304", async ({
  page,
  signInAs,
  apiAs,
  newUser,
  db,
}) => {
  const manager = await newUser("super_manager");
  const number = await addTrailer(await apiAs(manager.email), "Yard A", "PD");
  await signInAs(page, manager.email);
  await page.clock.install();
  await page.goto(`/?q=${number}`);
  await hydrated(page);
  await listening(page);
  const row = page.getByRole("row").filter({ hasText: number });
  await expect(row).toContainText("Yard A");

  // Changed behind the app's back: no event reaches the open socket.
  await db.update(trailers).set({ trailerLocation: "Shop" }).where(eq(trailers.trailerNumber, number));
  const asked: { url: string; ifNoneMatch: string | undefined; status: number }[] = [];
  page.on("response", async (response) => {
    if (!new URL(response.url()).pathname.endsWith(".data")) return;
    const headers = await response.request().allHeaders();
    asked.push({ url: response.url(), ifNoneMatch: headers["if-none-match"], status: response.status() });
  });
  await page.clock.fastForward(31_000);
  await expect(row).toContainText("Shop");
  // A poll asks for the page's data only: who is signed in does not change by itself.
  expect(asked.length).toBeGreaterThan(0);
  expect(asked.every((request) => new URL(request.url).searchParams.get("_routes") === "routes/_index")).toBe(true);

  // Nothing changed since: the next poll asks with the ETag it holds and gets a 304, and nothing
  // reloads. A reload would be asked for as soon as that answer is read, so before the poll after
  // it: once that one has come, the only requests between them are the two polls.
  const seen = asked.length;
  await page.clock.fastForward(31_000);
  await expect.poll(() => asked.length).toBeGreaterThan(seen);
  await page.clock.fastForward(31_000);
  await expect.poll(() => asked.length).toBeGreaterThan(seen + 1);
  const unchangedPoll = expect.objectContaining({ status: 304, ifNoneMatch: expect.stringMatching(/^"[0-9a-f]{32}"$/) });
  expect(asked.slice(seen)).toEqual([unchangedPoll, unchangedPoll]);
  await expect(row).toContainText("Shop");
});

test("a poll that fails leaves the page as it is, and the next one brings the change", async ({ page, signInAs, apiAs, newUser, db }) => {
  const manager = await newUser("super_manager");
  const number = await addTrailer(await apiAs(manager.email), "Yard A", "PF");
  await signInAs(page, manager.email);
  await page.clock.install();
  await page.goto(`/?q=${number}`);
  await hydrated(page);
  const row = page.getByRole("row").filter({ hasText: number });
  await expect(row).toContainText("Yard A");

  let failed = 0;
  const pageData = (url: URL) => url.pathname.endsWith(".data");
  expectConsoleErrors(failedLoad("net::ERR_CONNECTION_REFUSED", "/_root"));
  await page.route(pageData, (route) => {
    failed++;
    return route.abort("connectionrefused");
  });
  const firstFailed = page.waitForEvent("requestfailed", (request) => pageData(new URL(request.url())));
  await page.clock.fastForward(31_000);
  await firstFailed;
  // The poll after it is asked for only once the failed one has been dealt with (it had its chance
  // to replace the page with an error), and it is asked for at all: polling goes on.
  await page.clock.fastForward(31_000);
  await expect.poll(() => failed).toBeGreaterThan(1);
  await expect(row).toContainText("Yard A");
  await expect(page.getByText("Failed to fetch trailers")).toHaveCount(0);

  await page.unroute(pageData);
  await db.update(trailers).set({ trailerLocation: "Shop" }).where(eq(trailers.trailerNumber, number));
  await page.clock.fastForward(31_000);
  await expect(row).toContainText("Shop");
});
