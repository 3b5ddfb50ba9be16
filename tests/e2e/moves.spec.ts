import { randomBytes } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import { moves, trailerLocationHistory, trailers } from "#db/schema";
import { MOVE_MESSAGES } from "#app/domain/moves";
import { MOVE_LIST_PARAM } from "#app/domain/move-forms";
import { addTrailer, csrfTokenOf, expect, listening, pageWatch, signedInPage, submitAndWait, test, visit } from "./fixtures";

test("a manager requests a shuttle; a driver on a phone sees it live, accepts and finishes it; the manager's dashboard shows the trailers at their doors", async ({
  browser,
  page,
  newUser,
  apiAs,
  signInAs,
  db,
}) => {
  // Two trailers of their own, standing in the two yards of Acme Boston.
  const superManager = await apiAs((await newUser("super_manager")).email);
  const prefix = `MV${randomBytes(3).toString("hex").toUpperCase()}`;
  const numbers = [await addTrailer(superManager, "Yard A", prefix), await addTrailer(superManager, "Overflow Lot", prefix)];

  // The driver's phone is open on the dashboard, listening, before the move exists.
  const driver = await newUser("yard_driver");
  const { context: phone, page: driverPage } = await signedInPage(browser, db, driver.email, {
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  await visit(driverPage, "/");
  const driverPanel = driverPage.getByRole("region", { name: "Move Status" });
  await expect(driverPanel.getByRole("list", { name: "Requested moves" })).toBeVisible();
  await listening(driverPage);

  // The manager creates a shuttle: Yard A → North-3 and Overflow Lot → North-4.
  const manager = await newUser("manager");
  await signInAs(page, manager.email);
  await visit(page, `/?q=${prefix}`);
  await expect(page.getByRole("row").filter({ hasText: numbers[0] })).toContainText("Yard A");
  await listening(page);
  await page.getByRole("link", { name: "Create Move" }).click();
  const dialog = page.getByRole("dialog", { name: "Create Move" });
  await dialog.getByRole("button", { name: /Shuttle/ }).click();
  // Nothing chosen yet: the spec's first message.
  await dialog.getByRole("button", { name: "Create Move" }).click();
  await expect(dialog.getByRole("alert")).toHaveText(MOVE_MESSAGES.trailerRequired);

  await dialog.getByLabel("Move 1 from").selectOption("Yard A");
  await dialog.getByLabel("Move 1 trailer search").fill(numbers[0]);
  // Each trailer's type as lists show it ("Dry 53"), not its code.
  await expect(dialog.getByRole("radiogroup", { name: "Move 1 trailer" })).toContainText("Dry 53");
  await expect(dialog.getByRole("radiogroup", { name: "Move 1 trailer" })).not.toContainText("dry_53");
  await dialog
    .getByRole("radiogroup", { name: "Move 1 trailer" })
    .getByRole("radio", { name: new RegExp(numbers[0]) })
    .check();
  await dialog.getByLabel("Move 1 to").selectOption("North-3");
  // An earlier leg's From is not offered again.
  await expect(dialog.getByLabel("Move 2 from").locator("option", { hasText: /^Yard A/ })).toHaveCount(0);
  await dialog.getByLabel("Move 2 from").selectOption("Overflow Lot");
  await dialog.getByLabel("Move 2 trailer search").fill(numbers[1]);
  await dialog
    .getByRole("radiogroup", { name: "Move 2 trailer" })
    .getByRole("radio", { name: new RegExp(numbers[1]) })
    .check();
  await dialog.getByLabel("Move 2 to").selectOption("Overflow Lot");
  await dialog.getByRole("button", { name: "Create Move" }).click();
  await expect(dialog.getByRole("alert")).toHaveText(MOVE_MESSAGES.sameLocation);
  await dialog.getByLabel("Move 2 to").selectOption("North-4");
  const notice = page.getByText(/^Move #\d+ requested$/);
  // Create Move closes once the page has reloaded its data after the move, not cutting that reload short.
  const cutShort: string[] = [];
  page.on("requestfailed", (request) => void (request.method() === "GET" && cutShort.push(request.url())));
  await submitAndWait(dialog.getByRole("button", { name: "Create Move" }), { shows: notice });
  await expect(dialog).toBeHidden();
  expect(cutShort).toEqual([]);
  const moveId = Number((await notice.textContent())!.match(/#(\d+)/)![1]);
  const [stored] = await db.select().from(moves).where(eq(moves.id, moveId));
  expect(stored).toMatchObject({ requestUserId: manager.id, moveType: "shuttle", inProgress: false });

  // The driver's phone shows it without a reload, and accepts it.
  const entry = driverPanel.locator(`[data-move-id="${moveId}"]`);
  await expect(entry).toContainText(numbers[0], { timeout: 5_000 });
  await expect(entry).toContainText("North-4");
  await submitAndWait(entry.getByRole("button", { name: `Accept move #${moveId}` }), {
    by: "tap",
    shows: driverPanel.getByText(`Move #${moveId} accepted`),
  });
  const inProgress = driverPanel.getByRole("list", { name: "In Progress moves" }).locator(`[data-move-id="${moveId}"]`);
  await expect(inProgress).toContainText(`Accepted by ${driver.alphaCode}`);
  const finish = inProgress.getByRole("button", { name: `Finish move #${moveId}` });
  const box = (await finish.boundingBox())!;
  expect(box.height).toBeGreaterThanOrEqual(44);
  await submitAndWait(finish, {
    by: "tap",
    shows: driverPanel.getByText(`Move #${moveId} finished: ${numbers[0]} now at North-3, ${numbers[1]} now at North-4`),
  });
  // Nothing on the phone scrolls sideways.
  expect(await driverPage.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(
    0,
  );

  // The manager's dashboard shows the trailers at their doors without a reload.
  await expect(page.getByRole("row").filter({ hasText: numbers[0] })).toContainText("North-3", { timeout: 5_000 });
  await expect(page.getByRole("row").filter({ hasText: numbers[1] })).toContainText("North-4");
  const [finished] = await db.select().from(moves).where(eq(moves.id, moveId));
  expect(finished.finishTime).not.toBeNull();
  expect(finished.acceptUserId).toBe(driver.id);
  for (const [number, door] of [
    [numbers[0], "North-3"],
    [numbers[1], "North-4"],
  ]) {
    const [trailer] = await db.select().from(trailers).where(eq(trailers.trailerNumber, number));
    const open = await db
      .select()
      .from(trailerLocationHistory)
      .where(and(eq(trailerLocationHistory.trailerId, trailer.id), isNull(trailerLocationHistory.exitTime)));
    expect(open).toHaveLength(1);
    expect(open[0]).toMatchObject({ location: door, userAlphaCode: driver.alphaCode });
  }
  await phone.close();
});

test("a worker who reaches Create Move is told only managers may; the panel offers mechanics no actions", async ({
  page,
  newUser,
  signInAs,
}) => {
  const mechanic = await newUser("mechanic");
  await signInAs(page, mechanic.email);
  await visit(page, "/");
  const panel = page.getByRole("region", { name: "Move Status" });
  await expect(panel.getByRole("button", { name: /Requested/ })).toBeVisible();
  await expect(panel.getByRole("link", { name: "Create Move" })).toHaveCount(0);
  await panel.getByRole("button", { name: /Requested/ }).click();
  await expect(panel.getByRole("list", { name: "Requested moves" }).getByRole("listitem").first()).toBeVisible();
  await expect(panel.getByRole("button", { name: /^Accept move/ })).toHaveCount(0);

  await visit(page, "/?create_move=1");
  const dialog = page.getByRole("dialog", { name: "Create Move" });
  await expect(dialog.getByRole("alert")).toHaveText(MOVE_MESSAGES.createDeniedPanel);
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();
});

test("an admin's dashboard panel shows every account's moves and cancels one", async ({ page, newUser, apiAs, signInAs, db }) => {
  // A move of its own to cancel, in another company's account: the seeded moves stay as they are.
  const number = await addTrailer(await apiAs((await newUser("super_manager", { account: "Blue Ridge Charlotte" })).email), "East Yard");
  const manager = await apiAs((await newUser("manager", { account: "Blue Ridge Charlotte" })).email);
  const created = await manager.post("/api/moves", {
    headers: { "X-CSRF-Token": await csrfTokenOf(manager) },
    data: { move_details: { type: "single", moves: [{ from: "East Yard", to: "West Yard", trailer: number }] } },
  });
  expect(created.status(), await created.text()).toBe(201);
  const moveId = ((await created.json()) as { id: number }).id;

  const admin = await newUser("admin");
  await signInAs(page, admin.email);
  await visit(page, "/admin/dashboard");
  const panel = page.getByRole("region", { name: "Move Status" });
  await panel.getByRole("button", { name: /Requested/ }).click();
  const list = panel.getByRole("list", { name: "Requested moves" });
  const entry = list.locator(`[data-move-id="${moveId}"]`);
  await expect(entry).toContainText(number);
  const accountLabels = await list.locator("[data-move-id]").allTextContents();
  expect(new Set(accountLabels.map((text) => text.match(/Account (\d+)/)?.[1])).size).toBeGreaterThan(1);
  page.once("dialog", (confirm) => void confirm.accept());
  await submitAndWait(entry.getByRole("button", { name: `Cancel move #${moveId}` }), {
    shows: panel.getByText(`Move #${moveId} cancelled`),
  });
  const [cancelled] = await db.select().from(moves).where(eq(moves.id, moveId));
  expect(cancelled).toMatchObject({ isCancel: true, cancelUserId: admin.id });
});

test("finishing a move reloads the finishing page's data once: the reload after its form, not again for the move's own events", async ({
  page,
  newUser,
  apiAs,
  signInAs,
  db,
}) => {
  const superManager = await apiAs((await newUser("super_manager")).email);
  const number = await addTrailer(superManager, "Yard A", "RL");
  const [trailer] = await db.select().from(trailers).where(eq(trailers.trailerNumber, number));
  const manager = await apiAs((await newUser("manager")).email);
  const created = await manager.post("/api/moves", {
    headers: { "X-CSRF-Token": await csrfTokenOf(manager) },
    data: { move_details: { type: "single", moves: [{ from: "Yard A", to: "North-5", trailer: number }] } },
  });
  expect(created.status(), await created.text()).toBe(201);
  const moveId = ((await created.json()) as { id: number }).id;
  const driver = await newUser("yard_driver");
  const driverApi = await apiAs(driver.email);
  const accepted = await driverApi.put(`/api/moves/${moveId}/accept`, { headers: { "X-CSRF-Token": await csrfTokenOf(driverApi) } });
  expect(accepted.status()).toBe(200);

  await signInAs(page, driver.email);
  await visit(page, `/?${MOVE_LIST_PARAM}=in_progress`);
  await listening(page);
  const panel = page.getByRole("region", { name: "Move Status" });
  const before = await pageWatch(page);
  await submitAndWait(panel.getByRole("button", { name: `Finish move #${moveId}` }), {
    shows: panel.getByText(new RegExp(`^Move #${moveId} finished`)),
  });
  // The finish's events (the move, the trailer's place) reach the page, and then nothing loads any more.
  await page.waitForFunction(
    ({ moveId, trailerId }) => {
      type Watch = {
        events: { type: string; move_id?: number; trailer_id?: number }[];
        dataLoadsOpen: number;
        root: { pendingLanes: number } | null;
      };
      type Router = { state: { revalidation: string; navigation: { state: string }; fetchers: Map<string, { state: string }> } };
      const { __yardlineWatch: watch, __remixRouter: router } = window as unknown as { __yardlineWatch: Watch; __remixRouter: Router };
      const arrived =
        watch.events.some((event) => event.type === "move_status_changed" && event.move_id === moveId) &&
        watch.events.some((event) => event.type === "trailer_location_updated" && event.trailer_id === trailerId);
      const idle =
        router.state.revalidation === "idle" &&
        router.state.navigation.state === "idle" &&
        [...router.state.fetchers.values()].every((fetcher) => fetcher.state === "idle");
      return arrived && idle && watch.dataLoadsOpen === 0 && watch.root?.pendingLanes === 0;
    },
    { moveId, trailerId: trailer.id },
  );
  const after = await pageWatch(page);
  const own = after.events.slice(before.events.length).filter((event) => event.move_id === moveId || event.trailer_id === trailer.id);
  // The events name the page whose form made the change, so it knows they are its own.
  expect(own.length).toBeGreaterThanOrEqual(2);
  expect(new Set(own.map((event) => event.origin)).size).toBe(1);
  expect(own[0].origin).toMatch(/^[0-9a-f]{24}$/);
  expect(after.dataLoads - before.dataLoads).toBe(1);
});
