import { and, eq, isNull } from "drizzle-orm";
import { moves, trailerLocationHistory, trailers } from "#db/schema";
import { MOVE_MESSAGES } from "#app/domain/moves";
import { addTrailer, csrfTokenOf, expect, signedInPage, submitAndWait, test } from "./fixtures";

test.use({ javaScriptEnabled: false });

test("without JavaScript a manager requests a move, a yard driver accepts and finishes it, and the trailer stands at its door", async ({
  browser,
  page,
  newUser,
  apiAs,
  signInAs,
  db,
}) => {
  const number = await addTrailer(await apiAs((await newUser("super_manager")).email), "Yard A", "NJ");

  // The manager opens Create Move from the dashboard.
  const manager = await newUser("manager");
  await signInAs(page, manager.email);
  await page.goto(`/?q=${number}`);
  const panel = page.getByRole("region", { name: "Move Status" });
  await expect(panel.getByText("Loading move data...")).toHaveCount(0);
  await expect(page.getByRole("row").filter({ hasText: number })).toContainText("Yard A");
  await panel.getByRole("link", { name: "Create Move" }).click();
  const dialog = page.getByRole("dialog", { name: "Create Move" });
  await expect(dialog).toBeVisible();

  // Sent with nothing chosen, the form comes back with the spec's first message.
  await dialog.getByRole("button", { name: "Create Move" }).click();
  await expect(dialog.getByRole("alert")).toHaveText(MOVE_MESSAGES.trailerRequired);

  // From first: the trailers standing there come with the page, and a search narrows them.
  await dialog.getByLabel("Move 1 from").selectOption("Yard A");
  await dialog.getByRole("button", { name: "Show trailers" }).click();
  const trailerChoices = dialog.getByRole("radiogroup", { name: "Move 1 trailer" });
  await expect(trailerChoices.getByRole("radio", { name: new RegExp(number) })).toHaveCount(1);
  await dialog.getByLabel("Move 1 trailer search").fill(number);
  await dialog.getByRole("button", { name: "Show trailers" }).click();
  await expect(trailerChoices.getByRole("radio")).toHaveCount(1);
  await trailerChoices.getByRole("radio", { name: new RegExp(number) }).check();
  await dialog.getByLabel("Move 1 to").selectOption("North-3");
  const notice = panel.getByText(/^Move #\d+ requested$/);
  await submitAndWait(dialog.getByRole("button", { name: "Create Move" }), { shows: notice });
  await expect(dialog).toHaveCount(0);
  const moveId = Number((await notice.textContent())!.match(/#(\d+)/)![1]);
  expect(new URL(page.url()).searchParams.get("q")).toBe(number);
  const [requested] = await db.select().from(moves).where(eq(moves.id, moveId));
  expect(requested).toMatchObject({ requestUserId: manager.id, moveType: "single", inProgress: false });

  // The driver's phone, without JavaScript too: the Requested list is open.
  const driver = await newUser("yard_driver");
  const { context: phone, page: driverPage } = await signedInPage(browser, db, driver.email, {
    javaScriptEnabled: false,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  await driverPage.goto(`/?q=${number}`);
  const driverPanel = driverPage.getByRole("region", { name: "Move Status" });
  const entry = driverPanel.getByRole("list", { name: "Requested moves" }).locator(`[data-move-id="${moveId}"]`);
  await expect(entry).toContainText(number);
  await submitAndWait(entry.getByRole("button", { name: `Accept move #${moveId}` }), {
    shows: driverPanel.getByText(`Move #${moveId} accepted`),
  });
  const inProgress = driverPanel.getByRole("list", { name: "In Progress moves" }).locator(`[data-move-id="${moveId}"]`);
  await expect(inProgress).toContainText(`Accepted by ${driver.alphaCode}`);
  await submitAndWait(inProgress.getByRole("button", { name: `Finish move #${moveId}` }), {
    shows: driverPanel.getByText(`Move #${moveId} finished: ${number} now at North-3`),
  });
  await expect(driverPanel.getByRole("list", { name: "Finished moves" }).locator(`[data-move-id="${moveId}"]`)).toContainText("Duration");
  // On the phone the dashboard lists trailers as cards: one a row.
  await expect(driverPage.getByRole("row").filter({ hasText: number })).toContainText("North-3");
  // A reload shows the page as it is, without the notice again.
  await driverPage.reload();
  await expect(driverPanel.getByText(`Move #${moveId} finished`)).toHaveCount(0);

  await page.reload();
  await expect(page.getByRole("row").filter({ hasText: number })).toContainText("North-3");

  const [trailer] = await db.select().from(trailers).where(eq(trailers.trailerNumber, number));
  expect(trailer.trailerLocation).toBe("North-3");
  const open = await db
    .select()
    .from(trailerLocationHistory)
    .where(and(eq(trailerLocationHistory.trailerId, trailer.id), isNull(trailerLocationHistory.exitTime)));
  expect(open.map((entry) => [entry.location, entry.userAlphaCode])).toEqual([["North-3", driver.alphaCode]]);
  await phone.close();
});

test("without JavaScript a card opens its list, a move is cancelled without a question, and a refusal is shown on the panel", async ({
  page,
  newUser,
  apiAs,
  signInAs,
  db,
}) => {
  const managerApi = await apiAs((await newUser("manager")).email);
  const number = await addTrailer(await apiAs((await newUser("super_manager")).email), "Overflow Lot", "NJ");
  const created = await managerApi.post("/api/moves", {
    headers: { "X-CSRF-Token": await csrfTokenOf(managerApi) },
    data: { move_details: { type: "single", moves: [{ from: "Overflow Lot", to: "Shop", trailer: number }] } },
  });
  expect(created.status()).toBe(201);
  const moveId = ((await created.json()) as { id: number }).id;

  const manager = await newUser("manager");
  await signInAs(page, manager.email);
  await page.goto("/");
  const panel = page.getByRole("region", { name: "Move Status" });
  await expect(panel.getByRole("list", { name: "Requested moves" })).toHaveCount(0);
  await panel.getByRole("button", { name: /Requested/ }).click();
  const entry = panel.getByRole("list", { name: "Requested moves" }).locator(`[data-move-id="${moveId}"]`);
  await expect(entry).toBeVisible();

  // Someone else accepts it first: the manager's Accept is refused with the spec's message.
  const otherDriver = await apiAs((await newUser("yard_driver")).email);
  expect(
    (await otherDriver.put(`/api/moves/${moveId}/accept`, { headers: { "X-CSRF-Token": await csrfTokenOf(otherDriver) } })).status(),
  ).toBe(200);
  await submitAndWait(entry.getByRole("button", { name: `Accept move #${moveId}` }), { shows: panel.getByRole("alert") });
  await expect(panel.getByRole("alert")).toHaveText(MOVE_MESSAGES.conflict.accept);

  await panel.getByRole("button", { name: /In Progress/ }).click();
  await submitAndWait(
    panel
      .getByRole("list", { name: "In Progress moves" })
      .locator(`[data-move-id="${moveId}"]`)
      .getByRole("button", { name: `Cancel move #${moveId}` }),
    { shows: panel.getByText(`Move #${moveId} cancelled`) },
  );
  await expect(panel.getByRole("list", { name: "Cancelled moves" }).locator(`[data-move-id="${moveId}"]`)).toBeVisible();
  const [cancelled] = await db.select().from(moves).where(eq(moves.id, moveId));
  expect(cancelled).toMatchObject({ isCancel: true, cancelUserId: manager.id });
});

test("the move forms refuse a post without the session's CSRF token", async ({ apiAs, newUser }) => {
  const manager = await apiAs((await newUser("manager")).email);
  for (const path of ["/moves/new", "/moves/1/accept", "/moves/1/finish", "/moves/1/cancel"]) {
    const response = await manager.post(path, { form: { back: "/", intent: "create" }, maxRedirects: 0 });
    expect(response.status(), path).toBe(403);
    const forged = await manager.post(path, { form: { back: "/", intent: "create", csrf: "forged" }, maxRedirects: 0 });
    expect(forged.status(), path).toBe(403);
  }
});
