import type { Page } from "@playwright/test";
import { csrfTokenOf, expect, test } from "./fixtures";

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

test("a websocket client joins its account's room and receives an event published by a request", async ({
  page,
  signInAs,
}) => {
  const { accountId } = await signInAs(page, "yard@acme.test");
  await page.goto("/");
  const received = openRoom(page, `/parties/account-room/${accountId}`);
  await page.waitForFunction(() => (window as unknown as { roomReady?: boolean }).roomReady === true);
  const event = { type: "trailer_location_updated", account_id: accountId, trailer_id: 1, location: "Shop" };
  const response = await page.request.post("/test-hooks/publish", {
    data: { accountId, event },
    headers: { "X-CSRF-Token": await csrfTokenOf(page.request) },
  });
  expect(response.status()).toBe(200);
  const result = await received;
  expect(result.opened).toBe(true);
  expect(JSON.parse(result.message!)).toEqual(event);
});

test("a socket without a session is refused", async ({ page }) => {
  await page.goto("/login");
  const result = await openRoom(page, "/parties/account-room/1");
  expect(result.opened).toBe(false);
});

test("a socket is refused in another account's room", async ({ page, signInAs }) => {
  const { accountId } = await signInAs(page, "yard@acme.test");
  await page.goto("/");
  const result = await openRoom(page, `/parties/account-room/${accountId! + 1}`);
  expect(result.opened).toBe(false);
});

test("an admin's socket follows every account through the room 'all'", async ({ browser, signInAs }) => {
  const admin = await browser.newPage();
  await signInAs(admin, "admin@yardline.test");
  await admin.goto("/");
  const received = openRoom(admin, "/parties/account-room/all");
  await admin.waitForFunction(() => (window as unknown as { roomReady?: boolean }).roomReady === true);
  const event = { type: "location_history_updated", account_id: 3, asset: "truck", asset_id: 9 };
  const response = await admin.request.post("/test-hooks/publish", {
    data: { accountId: 3, event },
    headers: { "X-CSRF-Token": await csrfTokenOf(admin.request) },
  });
  expect(response.status()).toBe(200);
  expect(JSON.parse((await received).message!)).toEqual(event);
  await admin.close();
});
