/** The header's global search (`q`) over the Move Status lists, `GET /api/moves`, the company list and the admin's account cards. */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, companies, moveLegs, moves, users } from "#db/schema";
import type { MoveState } from "#app/domain/moves";
import { accountSummaries } from "#app/services/accounts.server";
import { listCompanies } from "#app/services/companies.server";
import type { ServiceContext } from "#app/services/context.server";
import { movePanel, moveSummary, PANEL_LIST_LIMIT } from "#app/services/move-panel.server";
import { readMoveLegs } from "#app/services/moves.server";
import { listMoves } from "#app/services/move-lists.server";
import { createTestDatabase, type TestDatabase } from "./database";
import { contextFor, createUser } from "./fixtures";

type UserRow = Awaited<ReturnType<typeof createUser>>;

let test: TestDatabase;
let harbor: number;
let inland: number;
let harborManager: UserRow;
let harborDriver: UserRow;
let inlandManager: UserRow;
let admin: UserRow;
const ctxOf = (user: UserRow): ServiceContext => contextFor(test.db, user).ctx;

/** A move written straight to the tables: its state, its legs (trailer, from, to), who asked and who took it. */
async function addMove(options: {
  account: number;
  state: MoveState;
  legs: [trailer: string, from: string, to: string][];
  requester?: UserRow | null;
  acceptor?: UserRow | null;
  minutesAgo?: number;
}) {
  const requestTime = new Date(Date.now() - (options.minutesAgo ?? 0) * 60_000);
  const accepted = options.state !== "requested" && options.acceptor;
  const [move] = await test.db
    .insert(moves)
    .values({
      accountId: options.account,
      requestUserId: options.requester?.id ?? null,
      moveType: (["single", "shuttle", "triangle"] as const)[options.legs.length - 1],
      requestTime,
      inProgress: options.state === "in_progress" || options.state === "finished",
      ...(accepted ? { acceptUserId: options.acceptor!.id, acceptAlphaCode: options.acceptor!.alphaCode, acceptTime: requestTime } : {}),
      ...(options.state === "finished" ? { finishTime: new Date() } : {}),
      ...(options.state === "cancelled" ? { isCancel: true, cancelTime: new Date() } : {}),
    })
    .returning();
  await test.db.insert(moveLegs).values(
    options.legs.map(([trailer, from, to], index) => ({
      moveId: move.id,
      legNumber: index + 1,
      fromLocation: from,
      toLocation: to,
      trailerNumber: trailer,
      active: options.state === "requested" || options.state === "in_progress",
    })),
  );
  return move.id;
}

async function addCompany(name: string, accountNames: string[]) {
  const [company] = await test.db.insert(companies).values({ companyName: name }).returning();
  const rows = accountNames.length
    ? await test.db
        .insert(accounts)
        .values(accountNames.map((accountName) => ({ companyId: company.id, accountName, location: "Boston, MA" })))
        .returning()
    : [];
  return { company, accounts: rows };
}

let moveIds: Record<string, number>;
let acme: Awaited<ReturnType<typeof addCompany>>;

beforeAll(async () => {
  test = await createTestDatabase();
  acme = await addCompany("Acme Freight", ["Harbor Point", "Inland Depot"]);
  await addCompany("Blue Ridge Haulers", ["Charlotte Yard"]);
  await addCompany("Coastal Lines", []);
  [harbor, inland] = acme.accounts.map((account) => account.id);
  harborManager = await createUser(test.db, { role: "manager", accountId: harbor, alphaCode: "HMGR" });
  harborDriver = await createUser(test.db, { role: "yard_driver", accountId: harbor, alphaCode: "DRV77" });
  inlandManager = await createUser(test.db, { role: "manager", accountId: inland, alphaCode: "IMGR" });
  admin = await createUser(test.db, { role: "admin", accountId: null, alphaCode: "ADMX" });
  await test.db.update(users).set({ firstName: "Rosa", lastName: "Delgado" }).where(eq(users.id, harborDriver.id));
  await test.db.update(users).set({ firstName: "Hank", lastName: "Moreau" }).where(eq(users.id, harborManager.id));
  moveIds = {
    acb: await addMove({
      account: harbor,
      state: "requested",
      legs: [["ACB1001", "Yard A", "North-3"]],
      requester: harborManager,
      minutesAgo: 3,
    }),
    shuttle: await addMove({
      account: harbor,
      state: "requested",
      legs: [
        ["ZZ500", "Yard B", "Shop"],
        ["acb1002", "North-1", "Yard B"],
      ],
      requester: harborManager,
      minutesAgo: 2,
    }),
    plain: await addMove({ account: harbor, state: "requested", legs: [["QQ700", "Yard A", "Yard B"]], minutesAgo: 1 }),
    driven: await addMove({
      account: harbor,
      state: "in_progress",
      legs: [["QQ701", "Yard A", "South-9"]],
      requester: null,
      acceptor: harborDriver,
    }),
    finished: await addMove({
      account: harbor,
      state: "finished",
      legs: [["ACB1003", "South-9", "Yard A"]],
      requester: harborManager,
      acceptor: harborDriver,
    }),
    // Another account's moves that every search below would find, were they within reach.
    elsewhere: await addMove({
      account: inland,
      state: "requested",
      legs: [["ACB1004", "Yard A", "North-3"]],
      requester: harborManager,
      minutesAgo: 4,
    }),
  };
});
afterAll(async () => test.close());

const idsOf = (list: { moves: { id: number }[] }) => list.moves.map((move) => move.id);

describe("the global search narrows the moves lists", () => {
  it("finds moves by a leg's trailer number, in any case, on any leg, newest first", async () => {
    const list = await listMoves(ctxOf(harborManager), { state: "requested", search: "acb10" });
    expect(idsOf(list)).toEqual([moveIds.shuttle, moveIds.acb]);
    expect(list.total).toBe(2);
  });

  it("finds a move by its number, with or without #", async () => {
    for (const search of [String(moveIds.plain), `#${moveIds.plain}`]) {
      const list = await listMoves(ctxOf(harborManager), { search });
      expect(idsOf(list), search).toContain(moveIds.plain);
    }
    expect(idsOf(await listMoves(ctxOf(harborManager), { state: "requested", search: `#${moveIds.plain}` }))).toEqual([moveIds.plain]);
  });

  it("finds moves by a leg's From or To location", async () => {
    expect(idsOf(await listMoves(ctxOf(harborManager), { state: "requested", search: "north-3" }))).toEqual([moveIds.acb]);
    expect(idsOf(await listMoves(ctxOf(harborManager), { search: "SHOP" }))).toEqual([moveIds.shuttle]);
    expect(idsOf(await listMoves(ctxOf(harborManager), { search: "south-9" })).sort()).toEqual([moveIds.driven, moveIds.finished].sort());
  });

  it("finds moves by the requester's or the accepting driver's alpha code or name", async () => {
    expect(idsOf(await listMoves(ctxOf(harborManager), { state: "in_progress", search: "drv77" }))).toEqual([moveIds.driven]);
    expect(idsOf(await listMoves(ctxOf(harborManager), { state: "finished", search: "rosa delgado" }))).toEqual([moveIds.finished]);
    expect(idsOf(await listMoves(ctxOf(harborManager), { state: "requested", search: "Moreau" }))).toEqual([moveIds.shuttle, moveIds.acb]);
    expect(idsOf(await listMoves(ctxOf(harborManager), { state: "requested", search: "hmgr" }))).toEqual([moveIds.shuttle, moveIds.acb]);
  });

  it("a search that matches nothing lists nothing; its text is matched literally", async () => {
    for (const search of ["nothing-like-it", "%", "_", "ACB\\"]) {
      const list = await listMoves(ctxOf(harborManager), { search });
      expect(list, search).toMatchObject({ moves: [], total: 0 });
    }
  });

  it("another account's moves never appear for a non-admin, whatever account it names", async () => {
    for (const account of [undefined, inland, String(inland), "every"]) {
      const list = await listMoves(ctxOf(harborManager), { account, search: "ACB" });
      expect(list.moves.every((move) => move.account_id === harbor)).toBe(true);
      expect(idsOf(list)).not.toContain(moveIds.elsewhere);
      // The other account's manager finds only its own move, though the requester is a Harbor user.
      const theirs = await listMoves(ctxOf(inlandManager), { account: harbor, search: "ACB" });
      expect(idsOf(theirs)).toEqual([moveIds.elsewhere]);
    }
    expect(idsOf(await listMoves(ctxOf(harborManager), { search: String(moveIds.elsewhere) }))).toEqual([]);
  });

  it("an admin searches every account, or the one it names", async () => {
    const all = await listMoves(ctxOf(admin), { state: "requested", search: "acb" });
    expect(idsOf(all)).toEqual([moveIds.shuttle, moveIds.acb, moveIds.elsewhere]);
    expect(idsOf(await listMoves(ctxOf(admin), { account: inland, state: "requested", search: "acb" }))).toEqual([moveIds.elsewhere]);
  });

  it("the panel's list and its count of matches are what the API answers; the cards keep the account's counts", async () => {
    const ctx = ctxOf(harborManager);
    const summary = await moveSummary(ctx, { lists: ["requested", "finished"], search: "acb" });
    const api = await listMoves(ctx, { state: "requested", search: "acb", pageSize: PANEL_LIST_LIMIT });
    expect(idsOf({ moves: summary.moves.requested! })).toEqual(idsOf(api));
    expect(summary.matches).toEqual({ requested: 2, finished: 1 });
    expect(summary.search).toBe("acb");
    expect(summary.counts).toMatchObject({ requested: 3, in_progress: 1, finished: 1, cancelled: 0 });

    const unsearched = await moveSummary(ctx, { lists: ["requested"] });
    expect(unsearched.moves.requested).toHaveLength(3);
    expect(unsearched).toMatchObject({ search: "", matches: {} });

    // The page's panel: only the open list, narrowed the same way.
    const { summary: page } = await movePanel(ctx, { account: null, draft: null, open: "requested", search: "ZZ500" });
    expect(idsOf({ moves: page.moves.requested! })).toEqual([moveIds.shuttle]);
    expect(page.matches).toEqual({ requested: 1 });
    expect(page.counts.requested).toBe(3);
  });
});

describe("the moves report", () => {
  it("carries the search: the legs of the moves it finds, within the actor's reach", async () => {
    const legsOf = async (ctx: ServiceContext, search: string, account?: unknown) => {
      const rows: { move: { id: number }; leg: { trailer: string } }[] = [];
      const day = 86_400_000;
      for await (const batch of readMoveLegs(ctx, { account, from: new Date(Date.now() - day), to: new Date(Date.now() + day), search }))
        rows.push(...batch);
      return rows.map((row) => [row.move.id, row.leg.trailer]);
    };
    expect(await legsOf(ctxOf(harborManager), "zz500")).toEqual([
      [moveIds.shuttle, "ZZ500"],
      [moveIds.shuttle, "acb1002"],
    ]);
    expect(await legsOf(ctxOf(harborManager), "ACB1004", inland)).toEqual([]);
    expect(await legsOf(ctxOf(admin), "ACB1004")).toEqual([[moveIds.elsewhere, "ACB1004"]]);
  });
});

describe("the global search narrows the company list and the admin's account cards", () => {
  const names = (rows: { company_name: string }[]) => rows.map((row) => row.company_name);

  it("keeps the companies whose name or an account's name contains the search, any case", async () => {
    const ctx = ctxOf(admin);
    expect(names(await listCompanies(ctx, { search: "ridge" }))).toEqual(["Blue Ridge Haulers"]);
    expect(names(await listCompanies(ctx, { search: "CHARLOTTE" }))).toEqual(["Blue Ridge Haulers"]);
    expect(names(await listCompanies(ctx, { search: "inland" }))).toEqual(["Acme Freight"]);
    expect(names(await listCompanies(ctx, { search: "coastal" }))).toEqual(["Coastal Lines"]);
    expect(await listCompanies(ctx, { search: "%" })).toEqual([]);
    expect(names(await listCompanies(ctx, { search: "" }))).toEqual(["Acme Freight", "Blue Ridge Haulers", "Coastal Lines"]);
  });

  it("a matching company keeps its whole account count", async () => {
    const [acmeRow] = await listCompanies(ctxOf(admin), { search: "harbor" });
    expect(acmeRow).toMatchObject({ company_name: "Acme Freight", account_count: 2 });
  });

  it("a non-admin searches only its own company, and only by its own account's name", async () => {
    const ctx = ctxOf(harborManager);
    expect(names(await listCompanies(ctx, { search: "harbor" }))).toEqual(["Acme Freight"]);
    expect(await listCompanies(ctx, { search: "inland" })).toEqual([]);
    expect(await listCompanies(ctx, { search: "ridge" })).toEqual([]);
  });

  it("the admin dashboard's account cards match the account's or its company's name", async () => {
    const ctx = ctxOf(admin);
    const cards = async (search: string, company: number | null = null) =>
      (await accountSummaries(ctx, company, search)).map((row) => row.accountName);
    expect(await cards("depot")).toEqual(["Inland Depot"]);
    expect(await cards("ACME")).toEqual(["Harbor Point", "Inland Depot"]);
    expect(await cards("charlotte", acme.company.id)).toEqual([]);
    expect(await cards("")).toEqual(["Harbor Point", "Inland Depot", "Charlotte Yard"]);
  });
});
