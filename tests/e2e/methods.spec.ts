import type { APIResponse } from "@playwright/test";
import { csrfTokenOf, expect, test } from "./fixtures";

/**
 * A method a route does not serve (OPTIONS, TRACE, PUT to a page) is answered 405 with the route's
 * methods in `Allow` by the Worker itself, before the CSRF check and before Remix: the body is the
 * API's error shape, not a page Remix rendered after throwing (which logged a stack trace).
 */
async function expectRefused(response: APIResponse, allow: string) {
  expect(response.status(), response.url()).toBe(405);
  expect(response.headers()["allow"], response.url()).toBe(allow);
  expect(await response.json(), response.url()).toEqual({ error: "Method not allowed", errors: ["Method not allowed"] });
}

const ROUTES = [
  { path: "/", allow: "GET, HEAD" },
  { path: "/login", allow: "GET, HEAD, POST" },
  { path: "/api/trailers/", allow: "GET, HEAD, POST" },
  { path: "/api/trailers/1", allow: "GET, HEAD, PUT, DELETE" },
  { path: "/api/auth/change-password", allow: "POST" },
  { path: "/no-such-page", allow: "GET, HEAD, POST" },
  { path: "/api/no-such-endpoint", allow: "GET, HEAD, POST, PUT, PATCH, DELETE" },
];

test("OPTIONS and TRACE get 405 with the route's methods in Allow, signed in or not, without reaching Remix", async ({
  request,
  newUser,
  apiAs,
}) => {
  const signedIn = await apiAs((await newUser("manager")).email);
  for (const { path, allow } of ROUTES) {
    for (const method of ["OPTIONS", "TRACE"]) {
      await expectRefused(await request.fetch(path, { method }), allow);
      await expectRefused(await signedIn.fetch(path, { method }), allow);
    }
  }
});

test("a method a route does not serve gets 405 with Allow, before the CSRF check", async ({ request, newUser, apiAs }) => {
  await expectRefused(await request.put("/login"), "GET, HEAD, POST");
  await expectRefused(await request.delete("/"), "GET, HEAD");
  await expectRefused(await request.get("/api/auth/login"), "POST");
  const manager = await apiAs((await newUser("manager")).email);
  await expectRefused(
    await manager.patch("/api/trailers/1", { headers: { "X-CSRF-Token": await csrfTokenOf(manager) } }),
    "GET, HEAD, PUT, DELETE",
  );
  // A served method still meets the CSRF check, and an unknown API path stays a 404 for every method it names.
  expect((await request.post("/api/trailers/")).status()).toBe(403);
  expect((await manager.put("/api/no-such-endpoint", { headers: { "X-CSRF-Token": await csrfTokenOf(manager) } })).status()).toBe(404);
});

test("HEAD answers as GET does, without a body", async ({ request }) => {
  for (const path of ["/login", "/healthz", "/api/trailers/", "/no-such-page", "/api/no-such-endpoint"]) {
    const get = await request.get(path, { maxRedirects: 0 });
    const head = await request.head(path, { maxRedirects: 0 });
    expect(head.status(), path).toBe(get.status());
    expect(head.headers()["allow"], path).toBeUndefined();
    expect(await head.body(), path).toHaveLength(0);
  }
});
