import type { APIRequestContext, Page } from "@playwright/test";
import { randomBytes } from "node:crypto";
import { count, eq, inArray } from "drizzle-orm";
import { accounts, moveLegs, moves, trailers } from "#db/schema";
import { csrfTokenOf, expect, test } from "./fixtures";
import type { Database } from "#app/lib/db.server";
import { MOVE_MESSAGES } from "#app/domain/moves";

const OTHER_ACCOUNT = "Permission denied: This move belongs to another account. You can only modify moves for your own account.";
const CREATE_DENIED = "Permission denied: Only managers and administrators can create moves";
const ACCEPT_CONFLICT = "This move cannot be accepted due to a conflict";

interface MoveJson {
  id: number;
  account_id: number;
  request_user_id: number;
  state: string;
  in_progress: boolean;
  is_cancel: boolean;
  accept_user_id: number | null;
  move_details: { type: string; moves: { from: string; to: string; trailer: string; trailer_id: number }[] };
}

/** An API client with its CSRF header, for non-GET calls. */
async function client(api: APIRequestContext) {
  const headers = { "X-CSRF-Token": await csrfTokenOf(api) };
  return {
    api,
    headers,
    post: (path: string, data: unknown) => api.post(path, { headers, data }),
    put: (path: string) => api.put(path, { headers }),
  };
}
type Client = Awaited<ReturnType<typeof client>>;

async function accountId(db: Database, name: string): Promise<number> {
  const [account] = await db.select().from(accounts).where(eq(accounts.accountName, name));
  return account.id;
}

/** A fresh trailer of the caller's account at `location` (through the API, so it has its first history entry). */
async function addTrailer(editor: Client, location: string) {
  const response = await editor.post("/api/trailers/", {
    trailer_number: `MV${randomBytes(3).toString("hex")}`,
    trailer_location: location,
    license_plate: "MV1",
    license_state: "MA",
    type: "dry_53",
    company_owner: "ACME",
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: number; trailer_number: string; account_id: number };
}

function single(from: string, to: string, trailer: string, extra: Record<string, unknown> = {}) {
  return { ...extra, move_details: { type: "single", moves: [{ from, to, trailer }] } };
}

async function createMove(manager: Client, body: unknown): Promise<MoveJson> {
  const response = await manager.post("/api/moves", body);
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as MoveJson;
}

async function storedMove(db: Database, id: number) {
  const [row] = await db.select().from(moves).where(eq(moves.id, id));
  return row;
}

/**
 * Opens a websocket from the page to a room and resolves with the first event of `type` about
 * move `moveId` (other events of the room are skipped), or null after 10 s.
 */
function awaitMoveEvent(page: Page, roomPath: string, moveId: number) {
  return page.evaluate(
    ({ path, id }) =>
      new Promise<Record<string, unknown> | null>((resolve) => {
        const socket = new WebSocket(`${location.origin.replace(/^http/, "ws")}${path}`);
        const timer = setTimeout(() => {
          socket.close();
          resolve(null);
        }, 10_000);
        socket.onopen = () => {
          (window as unknown as { roomReady: boolean }).roomReady = true;
        };
        socket.onmessage = (event) => {
          const data = JSON.parse(String(event.data)) as Record<string, unknown>;
          if (data.type === "move_status_changed" && data.move_id === id) {
            clearTimeout(timer);
            socket.close();
            resolve(data);
          }
        };
        socket.onclose = () => {
          clearTimeout(timer);
          resolve(null);
        };
      }),
    { path: roomPath, id: moveId },
  );
}

test("moves endpoints stay within the caller's account; an admin sees every account or the one named", async ({ newUser, apiAs, db }) => {
  const boston = await accountId(db, "Acme Boston");
  const charlotte = await accountId(db, "Blue Ridge Charlotte");
  const bostonEditor = await client(await apiAs((await newUser("super_manager")).email));
  const bostonTrailer = await addTrailer(bostonEditor, "Yard A");
  const bostonMove = await createMove(bostonEditor, single("Yard A", "Shop", bostonTrailer.trailer_number));

  const outsiderUser = await newUser("manager", { account: "Blue Ridge Charlotte" });
  const outsider = await client(await apiAs(outsiderUser.email));
  const [{ charlotteMoves }] = await db.select({ charlotteMoves: count() }).from(moves).where(eq(moves.accountId, charlotte));

  // Listing: whatever account_id says, only the caller's own account's moves.
  for (const query of [`?account_id=${boston}&page_size=500`, "?page_size=500", `?account_id=${boston}&state=requested`]) {
    const list = (await (await outsider.api.get(`/api/moves${query}`)).json()) as MoveJson[];
    expect(list.length, query).toBeGreaterThan(0);
    expect(
      list.every((move) => move.account_id === charlotte),
      query,
    ).toBe(true);
    expect(
      list.some((move) => move.id === bostonMove.id),
      query,
    ).toBe(false);
  }
  expect((await outsider.api.get(`/api/moves?account_id=${boston}&page_size=500`)).headers()["x-total-count"]).toBe(String(charlotteMoves));

  const summary = await (await outsider.api.get(`/api/moves/summary?account_id=${boston}`)).json();
  const ownSummary = await (await outsider.api.get("/api/moves/summary")).json();
  expect(summary.counts).toEqual(ownSummary.counts);
  for (const list of Object.values(summary.moves) as MoveJson[][]) {
    expect(list.every((move) => move.account_id === charlotte)).toBe(true);
  }

  // Create Move's helpers: never another account's trailers or places.
  const [charlotteIds, bostonIds] = await Promise.all(
    [charlotte, boston].map(
      async (id) => new Set((await db.select({ id: trailers.id }).from(trailers).where(eq(trailers.accountId, id))).map((row) => row.id)),
    ),
  );
  for (const location of ["Yard A", "Shop"]) {
    const response = await outsider.api.get(`/api/moves/available-trailers?location=${encodeURIComponent(location)}&account_id=${boston}`);
    expect(response.status()).toBe(200);
    const available = (await response.json()) as { id: number; trailer_number: string }[];
    expect(
      available.some((trailer) => bostonIds.has(trailer.id)),
      location,
    ).toBe(false);
    expect(
      available.every((trailer) => charlotteIds.has(trailer.id)),
      location,
    ).toBe(true);
  }
  const places = await (await outsider.api.get(`/api/moves/locations?account_id=${boston}`)).json();
  expect(places).toEqual(await (await outsider.api.get("/api/moves/locations")).json());
  expect(places.to).toContain("East Yard");
  expect(places.to).not.toContain("Yard A");
  expect(places.to.some((location: string) => location.startsWith("North-"))).toBe(false);

  // Accept, finish, cancel: 403 for every role of another account, even one of the same company; nothing changes.
  const newarkManager = await client(await apiAs((await newUser("manager", { account: "Acme Newark" })).email));
  const outsiderDriver = await client(await apiAs((await newUser("yard_driver", { account: "Blue Ridge Charlotte" })).email));
  const before = await storedMove(db, bostonMove.id);
  for (const stranger of [outsider, outsiderDriver, newarkManager]) {
    for (const action of ["accept", "finish", "cancel"]) {
      const response = await stranger.put(`/api/moves/${bostonMove.id}/${action}`);
      expect(response.status(), action).toBe(403);
      expect(await response.json(), action).toEqual({ error: OTHER_ACCOUNT, errors: [OTHER_ACCOUNT] });
    }
  }
  expect(await storedMove(db, bostonMove.id)).toEqual(before);

  // Creating with another account's account_id: made in the caller's own account, or refused by trailer number.
  const charlotteTrailer = (await (await outsider.api.get("/api/moves/available-trailers?location=East%20Yard")).json())[0] as {
    trailer_number: string;
  };
  const forged = await createMove(outsider, single("East Yard", "West Yard", charlotteTrailer.trailer_number, { account_id: boston }));
  expect(forged.account_id).toBe(charlotte);
  expect(forged.request_user_id).toBe(outsiderUser.id);
  const unknown = await outsider.post(
    "/api/moves",
    single("Yard A", "Shop", (await addTrailer(bostonEditor, "Yard A")).trailer_number, { account_id: boston }),
  );
  expect(unknown.status()).toBe(400);
  expect((await unknown.json()).error).toMatch(/^Trailer MV[0-9A-F]+ was not found in this account$/);
  const [{ bostonMoves }] = await db.select({ bostonMoves: count() }).from(moves).where(eq(moves.accountId, boston));
  const bostonList = await (await bostonEditor.api.get("/api/moves?page_size=500&envelope=1")).json();
  expect(bostonList.total).toBe(bostonMoves);
  expect(bostonList.moves.some((move: MoveJson) => move.id === forged.id)).toBe(false);

  // The admin: every account without account_id, one account with it.
  const admin = await apiAs((await newUser("admin")).email);
  const [{ allMoves }] = await db.select({ allMoves: count() }).from(moves);
  const everything = await (await admin.get("/api/moves?page_size=500&envelope=1")).json();
  expect(everything.total).toBe(allMoves);
  expect(new Set(everything.moves.map((move: MoveJson) => move.account_id)).size).toBeGreaterThanOrEqual(3);
  const onlyBoston = await (await admin.get(`/api/moves?account_id=${boston}&page_size=500&envelope=1`)).json();
  expect(onlyBoston.total).toBe(bostonMoves);
  expect(onlyBoston.moves.every((move: MoveJson) => move.account_id === boston)).toBe(true);
  expect(onlyBoston.moves.some((move: MoveJson) => move.id === bostonMove.id)).toBe(true);
  const adminAvailable = (await (await admin.get(`/api/moves/available-trailers?location=Yard%20A&account_id=${boston}`)).json()) as {
    id: number;
  }[];
  expect(adminAvailable.length).toBeGreaterThan(0);
  const adminRows = await db
    .select({ accountId: trailers.accountId })
    .from(trailers)
    .where(
      inArray(
        trailers.id,
        adminAvailable.map((trailer) => trailer.id),
      ),
    );
  expect(new Set(adminRows.map((row) => row.accountId))).toEqual(new Set([boston]));
});

test("Create Move over HTTP: 201 Requested by the caller, 403 for a driver, 400 for a broken rule, 409 for a busy trailer", async ({
  newUser,
  apiAs,
  db,
}) => {
  const boston = await accountId(db, "Acme Boston");
  const editor = await client(await apiAs((await newUser("super_manager")).email));
  const managerUser = await newUser("manager");
  const manager = await client(await apiAs(managerUser.email));
  const trailer = await addTrailer(editor, "Yard A");

  const created = await createMove(
    manager,
    single("yard a", "shop", trailer.trailer_number.toLowerCase(), {
      account_id: boston,
      request_user_id: 1,
      in_progress: true,
      is_cancel: true,
    }),
  );
  expect(created).toMatchObject({
    account_id: boston,
    request_user_id: managerUser.id,
    request_alpha_code: managerUser.alphaCode,
    state: "requested",
    in_progress: false,
    is_cancel: false,
    accept_user_id: null,
    finish_time: null,
    move_details: { type: "single", moves: [{ from: "Yard A", to: "Shop", trailer: trailer.trailer_number, trailer_id: trailer.id }] },
  });
  expect(await storedMove(db, created.id)).toMatchObject({ requestUserId: managerUser.id, inProgress: false, isCancel: false });
  const listed = await (await manager.api.get("/api/moves?state=requested&page_size=500")).json();
  expect(listed.map((move: MoveJson) => move.id)).toContain(created.id);

  for (const role of ["yard_driver", "road_driver", "mechanic", "security"] as const) {
    const worker = await client(await apiAs((await newUser(role)).email));
    const other = await addTrailer(editor, "Yard A");
    const refused = await worker.post("/api/moves", single("Yard A", "Shop", other.trailer_number));
    expect(refused.status(), role).toBe(403);
    expect(await refused.json(), role).toEqual({ error: CREATE_DENIED, errors: [CREATE_DENIED] });
    expect((await worker.api.get("/api/moves/available-trailers?location=Yard%20A")).status(), role).toBe(403);
    expect((await worker.api.get("/api/moves/locations")).status(), role).toBe(403);
  }

  const free = await addTrailer(editor, "Overflow Lot");
  const expectRefusal = async (body: unknown, status: number, errors: string[]) => {
    const response = await manager.post("/api/moves", body);
    expect(response.status(), JSON.stringify(body)).toBe(status);
    expect((await response.json()).errors, JSON.stringify(body)).toEqual(errors);
  };
  await expectRefusal(single("Overflow Lot", "overflow lot", free.trailer_number), 400, ["Cannot select the same FROM / TO Location"]);
  await expectRefusal(single("Overflow Lot", "Shop", ""), 400, ["Please select a trailer for each move"]);
  await expectRefusal(single("", "Shop", free.trailer_number), 400, ["Please select both from and to locations for each move"]);
  await expectRefusal(
    { move_details: { type: "shuttle", moves: [{ from: "Overflow Lot", to: "Shop", trailer: free.trailer_number }] } },
    400,
    ["Please choose Single, Shuttle or Triangle with its number of legs"],
  );
  await expectRefusal(
    {
      move_details: {
        type: "shuttle",
        moves: [
          { from: "Overflow Lot", to: "Shop", trailer: free.trailer_number },
          { from: "Overflow Lot", to: "Yard A", trailer: free.trailer_number },
        ],
      },
    },
    400,
    ["A trailer cannot be used more than once in a move"],
  );
  await expectRefusal(single("Overflow Lot", "Road", free.trailer_number), 400, [
    "A trailer cannot be moved to Road; choose a yard, the Shop or a building door",
  ]);
  await expectRefusal(single("Yard A", "Shop", free.trailer_number), 409, [`Trailer ${free.trailer_number} is no longer at Yard A`]);

  // The trailer already in the requested move: 409 naming it, and no second leg is written.
  await expectRefusal(single("Yard A", "North-3", trailer.trailer_number), 409, [
    `Trailer ${trailer.trailer_number} is already in a requested move`,
  ]);
  expect(await db.select().from(moveLegs).where(eq(moveLegs.trailerId, trailer.id))).toHaveLength(1);
  const busy = await (await manager.api.get("/api/moves/available-trailers?location=Yard%20A")).json();
  expect(busy.some((row: { id: number }) => row.id === trailer.id)).toBe(false);

  const driver = await client(await apiAs((await newUser("yard_driver")).email));
  expect((await driver.put(`/api/moves/${created.id}/accept`)).status()).toBe(200);
  await expectRefusal(single("Yard A", "North-3", trailer.trailer_number), 409, [
    `Trailer ${trailer.trailer_number} is already in use in another active move`,
  ]);
});

test("twenty drivers accept one move at once: exactly one wins, the other nineteen get 409", async ({ newUser, apiAs }) => {
  const editor = await client(await apiAs((await newUser("super_manager")).email));
  const trailer = await addTrailer(editor, "Yard A");
  const move = await createMove(editor, single("Yard A", "Cross Dock-7", trailer.trailer_number));

  const users = await Promise.all(Array.from({ length: 20 }, () => newUser("yard_driver")));
  const drivers = await Promise.all(users.map(async (user) => client(await apiAs(user.email))));
  const responses = await Promise.all(drivers.map((driver) => driver.put(`/api/moves/${move.id}/accept`)));
  const statuses = responses.map((response) => response.status());
  expect(statuses.filter((status) => status === 200)).toHaveLength(1);
  expect(statuses.filter((status) => status === 409)).toHaveLength(19);

  const winner = statuses.indexOf(200);
  const accepted = (await responses[winner].json()) as MoveJson;
  expect(accepted).toMatchObject({
    id: move.id,
    state: "in_progress",
    accept_user_id: users[winner].id,
    accept_alpha_code: users[winner].alphaCode,
  });
  for (const [index, response] of responses.entries()) {
    if (index === winner) continue;
    expect(await response.json()).toEqual({ error: ACCEPT_CONFLICT, errors: [ACCEPT_CONFLICT] });
  }
  const listed = await (await editor.api.get("/api/moves?state=in_progress&page_size=500")).json();
  expect(listed.find((row: MoveJson) => row.id === move.id)).toMatchObject({ accept_user_id: users[winner].id });
});

test("finishing a shuttle moves both trailers, writes their history and tells the account's room", async ({
  page,
  newUser,
  apiAs,
  signInAs,
}) => {
  const editor = await client(await apiAs((await newUser("super_manager")).email));
  const first = await addTrailer(editor, "Yard A");
  const second = await addTrailer(editor, "Overflow Lot");
  const move = await createMove(editor, {
    move_details: {
      type: "shuttle",
      moves: [
        { from: "Yard A", to: "North-3", trailer: first.trailer_number },
        { from: "Overflow Lot", to: "Shop", trailer: second.trailer_number },
      ],
    },
  });
  const driverUser = await newUser("yard_driver");
  const driver = await client(await apiAs(driverUser.email));
  expect((await driver.put(`/api/moves/${move.id}/accept`)).status()).toBe(200);

  // Another driver may neither finish nor cancel it; a mechanic may not act on moves at all.
  const otherDriver = await client(await apiAs((await newUser("road_driver")).email));
  const notYours = await otherDriver.put(`/api/moves/${move.id}/finish`);
  expect(notYours.status()).toBe(403);
  expect((await notYours.json()).error).toBe("Permission denied: Only the driver who accepted this move or a manager can finish it");
  expect((await otherDriver.put(`/api/moves/${move.id}/cancel`)).status()).toBe(403);
  const mechanic = await client(await apiAs((await newUser("mechanic")).email));
  const mechanicFinish = await mechanic.put(`/api/moves/${move.id}/finish`);
  expect(mechanicFinish.status()).toBe(403);
  expect((await mechanicFinish.json()).error).toBe(
    "Permission denied: Only drivers, managers and administrators can accept, finish or cancel moves",
  );

  // A watcher of the account (its own user, its own session) listens in the account's room.
  const watcher = await newUser("security");
  const { accountId } = await signInAs(page, watcher.email);
  await page.goto("/");
  const event = awaitMoveEvent(page, `/parties/account-room/${accountId}`, move.id);
  await page.waitForFunction(() => (window as unknown as { roomReady?: boolean }).roomReady === true);

  const finished = await driver.put(`/api/moves/${move.id}/finish`);
  expect(finished.status()).toBe(200);
  const body = (await finished.json()) as MoveJson & { finish_time: string | null; elapse_time: number | null };
  expect(body).toMatchObject({ id: move.id, account_id: accountId, state: "finished", accept_user_id: driverUser.id });
  expect(body.finish_time).not.toBeNull();
  expect(body.elapse_time).toBeGreaterThanOrEqual(0);

  for (const [trailer, to, from] of [
    [first, "North-3", "Yard A"],
    [second, "Shop", "Overflow Lot"],
  ] as const) {
    const now = await (await editor.api.get(`/api/trailers/${trailer.id}`)).json();
    expect(now).toMatchObject({ trailer_location: to, in_shop: to === "Shop" });
    const history = (await (await editor.api.get(`/api/trailers/${trailer.id}/location-history`)).json()) as {
      location: string;
      exit_time: string | null;
      user_alpha_code: string;
    }[];
    expect(history[0]).toMatchObject({ location: to, exit_time: null, user_alpha_code: driverUser.alphaCode });
    expect(history[1]).toMatchObject({ location: from });
    expect(history[1].exit_time).not.toBeNull();
  }

  const received = await event;
  expect(received).not.toBeNull();
  expect(received).toMatchObject({ type: "move_status_changed", account_id: accountId, move_id: move.id });
  expect([...(received!.affected_trailers as number[])].sort((a, b) => a - b)).toEqual([first.id, second.id].sort((a, b) => a - b));

  // Finished is final: nothing more may happen to it, and its trailers are free again.
  for (const action of ["accept", "finish", "cancel"]) {
    expect((await driver.put(`/api/moves/${move.id}/${action}`)).status(), action).toBe(409);
  }
  const available = await (await editor.api.get("/api/moves/available-trailers?location=Shop")).json();
  expect(available.some((row: { id: number }) => row.id === second.id)).toBe(true);
});

test("moves endpoints answer bad input with 4xx, never 500", async ({ newUser, apiAs }) => {
  const manager = await client(await apiAs((await newUser("manager")).email));
  const raw = (method: string, path: string, data?: string) =>
    // A Buffer is sent byte for byte (a string would be serialized as a JSON string).
    manager.api.fetch(path, {
      method,
      headers: { ...manager.headers, "Content-Type": "application/json" },
      data: data === undefined ? undefined : Buffer.from(data),
    });

  const badJson = await raw("POST", "/api/moves", "{not json");
  expect(badJson.status()).toBe(400);
  expect((await badJson.json()).error).toBe("The request body must be JSON");
  for (const body of ["null", "[]", '"text"', "42"]) {
    const response = await raw("POST", "/api/moves", body);
    expect(response.status(), body).toBe(400);
    expect((await response.json()).error, body).toBe("The request body must be a JSON object");
  }
  for (const body of ["{}", '{"move_details":{"type":"single","moves":"x"}}', '{"move_details":{"type":"loop","moves":[]}}']) {
    const response = await raw("POST", "/api/moves", body);
    expect(response.status(), body).toBe(400);
    expect((await response.json()).error, body).toBe("Please choose Single, Shuttle or Triangle with its number of legs");
  }

  for (const id of ["999999", "abc", "1.5", "-1", "0", "99999999999999", "1e400"]) {
    const response = await manager.put(`/api/moves/${id}/accept`);
    expect(response.status(), id).toBe(404);
    expect(await response.json(), id).toEqual({ error: "Move not found", errors: ["Move not found"] });
  }
  expect((await manager.put("/api/moves/1/launch")).status()).toBe(404);
  const brokenBody = await raw("PUT", "/api/moves/999999/finish", "{broken");
  expect(brokenBody.status()).toBe(404);

  for (const action of ["accept", "finish", "cancel"]) {
    const response = await manager.api.get(`/api/moves/1/${action}`);
    expect(response.status(), action).toBe(405);
    expect((await response.json()).error).toBe("Method not allowed");
    expect((await raw("DELETE", `/api/moves/1/${action}`)).status(), action).toBe(405);
    expect((await raw("POST", `/api/moves/1/${action}`, "{}")).status(), action).toBe(405);
  }
  expect((await raw("PUT", "/api/moves", "{}")).status()).toBe(405);
  expect((await raw("DELETE", "/api/moves")).status()).toBe(405);

  for (const query of ["?state=bogus", "?page=abc", "?page=-3", "?page_size=0", "?page_size=100000", "?account_id=abc"]) {
    expect((await manager.api.get(`/api/moves${query}`)).status(), query).toBe(200);
  }
  for (const query of ["?order=sideways", "?sort=fastest"]) {
    expect((await manager.api.get(`/api/moves${query}`)).status(), query).toBe(400);
  }
  expect((await manager.api.get("/api/moves/summary?tz=Not/AZone")).status()).toBe(200);
  expect((await manager.api.get("/api/moves/available-trailers")).status()).toBe(200);
});

test("GET /api/moves paging that is not a whole number is read as the whole number below it, or the default when not finite", async ({
  newUser,
  apiAs,
}) => {
  const manager = await apiAs((await newUser("manager")).email);
  const read: [string, { page: number; page_size: number }][] = [
    ["?page=1.001", { page: 1, page_size: 100 }],
    ["?page=1.5&page_size=3", { page: 1, page_size: 3 }],
    ["?page_size=2.5", { page: 1, page_size: 2 }],
    ["?page=Infinity", { page: 1, page_size: 100 }],
    ["?page=1e400", { page: 1, page_size: 100 }],
  ];
  for (const [query, paging] of read) {
    const response = await manager.get(`/api/moves${query}&envelope=1`);
    expect.soft(response.status(), query).toBe(200);
    expect.soft(await response.json(), query).toMatchObject(paging);
  }
});

test("an admin naming an account id that cannot exist is asked to select an account (400)", async ({ newUser, apiAs }) => {
  const admin = await client(await apiAs((await newUser("admin")).email));
  const askedForAccount = { error: MOVE_MESSAGES.accountRequired, field: "account_id" };
  for (const path of [
    "/api/moves/available-trailers?location=Yard%20A&account_id=99999999999",
    "/api/moves/available-trailers?location=Yard%20A&account_id=1.5",
    "/api/moves/locations?account_id=99999999999",
    "/api/moves/locations?account_id=2.5",
  ]) {
    const response = await admin.api.get(path);
    expect.soft(response.status(), path).toBe(400);
    expect.soft(await response.json(), path).toMatchObject(askedForAccount);
  }
  const created = await admin.post("/api/moves", single("Yard A", "Shop", "ACB10001", { account_id: 99999999999 }));
  expect(created.status()).toBe(400);
  expect(await created.json()).toMatchObject(askedForAccount);
});

test("a GET-only API path answers other methods with 405 in the API's error shape", async ({ newUser, apiAs }) => {
  const manager = await apiAs((await newUser("manager")).email);
  const token = await csrfTokenOf(manager);
  for (const path of ["/api/moves/summary", "/api/moves/locations", "/api/moves/available-trailers", "/api/trailers/1/location-history"]) {
    const response = await manager.post(path, { headers: { "X-CSRF-Token": token }, data: {} });
    expect(response.status(), path).toBe(405);
    expect(await response.json()).toEqual({ error: "Method not allowed", errors: ["Method not allowed"] });
  }
});
