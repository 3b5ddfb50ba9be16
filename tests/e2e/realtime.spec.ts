import type { APIRequestContext, Page } from "@playwright/test";
import { csrfTokenOf, expect, expectConsoleErrors, refusedSocket, test } from "./fixtures";

/** A manager's API client requests a single move of the first free trailer it finds; returns the move. */
async function requestMove(api: APIRequestContext, accountId?: number) {
  const query = accountId ? `?account_id=${accountId}` : "";
  const { from, to } = await (await api.get(`/api/moves/locations${query}`)).json();
  const start = from[0].location as string;
  const params = new URLSearchParams({ location: start, ...(accountId ? { account_id: String(accountId) } : {}) });
  const [trailer] = await (await api.get(`/api/moves/available-trailers?${params}`)).json();
  const response = await api.post("/api/moves", {
    headers: { "X-CSRF-Token": await csrfTokenOf(api) },
    data: {
      account_id: accountId,
      move_details: {
        type: "single",
        moves: [{ from: start, to: (to as string[]).find((place) => place !== start), trailer: trailer.trailer_number }],
      },
    },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as { id: number; account_id: number; move_details: { moves: { trailer_id: number }[] } };
}

/** Opens a websocket from the page to a room and resolves with the first message or the close code. */
function openRoom(page: Page, path: string) {
  return page.evaluate(
    (roomPath) =>
      new Promise<{ opened: boolean; message?: string; closeCode?: number }>((resolve) => {
        const socket = new WebSocket(`${location.origin.replace(/^http/, "ws")}${roomPath}`);
        let opened = false;
        socket.onopen = () => {
          opened = true;
          (window as unknown as { roomReady: boolean }).roomReady = true;
        };
        socket.onmessage = (event) => {
          resolve({ opened, message: String(event.data) });
          socket.close();
        };
        socket.onclose = (event) => resolve({ opened, closeCode: event.code });
      }),
    path,
  );
}

test("a websocket client joins its account's room and receives the event of a move requested there", async ({
  page,
  signInAs,
  newUser,
  apiAs,
}) => {
  const { accountId } = await signInAs(page, "yard@acme.test");
  await page.goto("/");
  const received = openRoom(page, `/parties/account-room/${accountId}`);
  await page.waitForFunction(() => (window as unknown as { roomReady?: boolean }).roomReady === true);
  const move = await requestMove(await apiAs((await newUser("manager")).email));
  const result = await received;
  expect(result.opened).toBe(true);
  expect(JSON.parse(result.message!)).toEqual({
    type: "move_status_changed",
    account_id: accountId,
    move_id: move.id,
    affected_trailers: move.move_details.moves.map((leg) => leg.trailer_id),
  });
});

test("a socket without a session is refused", async ({ page }) => {
  expectConsoleErrors(refusedSocket("/parties/account-room/1"));
  await page.goto("/login");
  const result = await openRoom(page, "/parties/account-room/1");
  expect(result.opened).toBe(false);
});

test("a socket is refused in another account's room", async ({ page, signInAs }) => {
  const { accountId } = await signInAs(page, "yard@acme.test");
  await page.goto("/");
  expectConsoleErrors(refusedSocket(`/parties/account-room/${accountId! + 1}`));
  const result = await openRoom(page, `/parties/account-room/${accountId! + 1}`);
  expect(result.opened).toBe(false);
});

test("an admin's socket follows every account through the room 'all'", async ({ browser, signInAs, newUser, apiAs }) => {
  const admin = await browser.newPage();
  await signInAs(admin, "admin@yardline.test");
  await admin.goto("/");
  const received = openRoom(admin, "/parties/account-room/all");
  await admin.waitForFunction(() => (window as unknown as { roomReady?: boolean }).roomReady === true);
  const move = await requestMove(await apiAs((await newUser("manager", { account: "Blue Ridge Charlotte" })).email));
  expect(JSON.parse((await received).message!)).toMatchObject({
    type: "move_status_changed",
    account_id: move.account_id,
    move_id: move.id,
  });
  await admin.close();
});
