import { describe, expect, it } from "vitest";
import {
  ACTIONS_IN,
  availableTrailersSummary,
  type AvailableTrailer,
  formatDuration,
  isActive,
  legProblem,
  LEGS_OF,
  mayAct,
  MOVE_ACTIONS,
  MOVE_MESSAGES,
  MOVE_STATES,
  MOVE_TYPES,
  moveRequestBlock,
  moveState,
  panelActions,
  type ActionVerdict,
  type MoveAction,
  type MoveLegInput,
  type PublicMove,
} from "./moves";
import { createMoveSchema } from "./move-schemas";
import {
  CREATE_MOVE_PARAM,
  createMoveRequest,
  firstTrailerOf,
  moveDoneMessage,
  moveDraftOf,
  moveDraftParams,
  trailerMoveRequest,
  withoutMoveDraft,
} from "./move-forms";
import { flagsFor, ROLES, type Role } from "./roles";

describe("moveState", () => {
  it("derives Requested, In Progress, Finished and Cancelled from the row", () => {
    expect(moveState({ inProgress: false, finishTime: null, isCancel: false })).toBe("requested");
    expect(moveState({ inProgress: true, finishTime: null, isCancel: false })).toBe("in_progress");
    expect(moveState({ inProgress: true, finishTime: new Date(), isCancel: false })).toBe("finished");
    expect(moveState({ inProgress: true, finishTime: "2026-01-01T10:00:00Z", isCancel: false })).toBe("finished");
    expect(moveState({ inProgress: false, finishTime: null, isCancel: true })).toBe("cancelled");
    expect(moveState({ inProgress: true, finishTime: null, isCancel: true })).toBe("cancelled");
  });

  it("a cancelled flag wins over a finish time", () => {
    expect(moveState({ inProgress: true, finishTime: new Date(), isCancel: true })).toBe("cancelled");
  });

  it("only Requested and In Progress are active", () => {
    expect(MOVE_STATES.filter(isActive)).toEqual(["requested", "in_progress"]);
  });
});

describe("ACTIONS_IN", () => {
  it("Requested → accept | cancel; In Progress → finish | cancel; Finished and Cancelled → nothing", () => {
    expect(ACTIONS_IN).toEqual({
      requested: ["accept", "cancel"],
      in_progress: ["finish", "cancel"],
      finished: [],
      cancelled: [],
    });
  });
});

describe("mayAct", () => {
  const OWN = 10;
  const OTHER = 20;
  const ME = 7;
  const SOMEONE_ELSE = 8;
  const userOf = (role: Role, accountId: number | null = OWN) => ({ ...flagsFor(role), id: ME, accountId });
  type Acceptance = "nobody" | "me" | "another driver";
  const moveOf = (accountId: number, acceptance: Acceptance) => ({
    accountId,
    acceptUserId: acceptance === "nobody" ? null : acceptance === "me" ? ME : SOMEONE_ELSE,
    inProgress: acceptance !== "nobody",
  });

  // The rules, written out role by role: [role, own account?, accepted by, action, verdict].
  const managerial: Role[] = ["admin", "super_manager", "account_manager", "manager"];
  const drivers: Role[] = ["yard_driver", "road_driver"];
  const watchers: Role[] = ["mechanic", "security"];
  const acceptances: Acceptance[] = ["nobody", "me", "another driver"];
  const expected = (role: Role, own: boolean, acceptance: Acceptance, action: MoveAction): ActionVerdict => {
    if (!own && role !== "admin") return "other_account";
    if (watchers.includes(role)) return "role";
    if (managerial.includes(role)) return "allowed";
    if (action === "accept") return "allowed";
    return acceptance === "me" ? "allowed" : "not_yours";
  };

  const cases = ROLES.flatMap((role) =>
    [true, false].flatMap((own) =>
      acceptances.flatMap((acceptance) =>
        MOVE_ACTIONS.map((action) => ({ role, own, acceptance, action, verdict: expected(role, own, acceptance, action) })),
      ),
    ),
  );

  it("covers every role, own and other account, and who accepted", () => {
    expect(cases).toHaveLength(ROLES.length * 2 * 3 * 3);
  });

  it.each(cases)("$role, own account $own, accepted by $acceptance, $action → $verdict", ({ role, own, acceptance, action, verdict }) => {
    expect(mayAct(userOf(role), moveOf(own ? OWN : OTHER, acceptance), action)).toBe(verdict);
  });

  it("spells out the driver's rules", () => {
    for (const role of drivers) {
      const driver = userOf(role);
      expect(mayAct(driver, moveOf(OWN, "nobody"), "accept")).toBe("allowed");
      expect(mayAct(driver, moveOf(OWN, "nobody"), "cancel")).toBe("not_yours");
      expect(mayAct(driver, moveOf(OWN, "nobody"), "finish")).toBe("not_yours");
      expect(mayAct(driver, moveOf(OWN, "me"), "finish")).toBe("allowed");
      expect(mayAct(driver, moveOf(OWN, "me"), "cancel")).toBe("allowed");
      expect(mayAct(driver, moveOf(OWN, "another driver"), "finish")).toBe("not_yours");
      expect(mayAct(driver, moveOf(OWN, "another driver"), "cancel")).toBe("not_yours");
      expect(mayAct(driver, moveOf(OTHER, "me"), "finish")).toBe("other_account");
    }
  });

  it("a driver named as acceptor of a move that is not in progress may not finish or cancel it", () => {
    const move = { accountId: OWN, acceptUserId: ME, inProgress: false };
    expect(mayAct(userOf("yard_driver"), move, "finish")).toBe("not_yours");
    expect(mayAct(userOf("yard_driver"), move, "cancel")).toBe("not_yours");
  });

  it("an admin without an account acts on every account; another role without one acts on none", () => {
    for (const action of MOVE_ACTIONS) {
      expect(mayAct(userOf("admin", null), moveOf(OTHER, "another driver"), action)).toBe("allowed");
      expect(mayAct(userOf("manager", null), moveOf(OTHER, "another driver"), action)).toBe("other_account");
    }
  });

  it("the account check comes before the role check", () => {
    expect(mayAct(userOf("mechanic"), moveOf(OTHER, "nobody"), "accept")).toBe("other_account");
    expect(mayAct(userOf("security"), moveOf(OWN, "nobody"), "accept")).toBe("role");
  });
});

describe("legProblem", () => {
  const leg = (trailer: string, from = "Yard A", to = "Yard B"): MoveLegInput => ({ trailer, from, to });

  it("accepts one, two or three well-formed legs for single, shuttle and triangle", () => {
    expect(LEGS_OF).toEqual({ single: 1, shuttle: 2, triangle: 3 });
    expect(legProblem("single", [leg("T1")])).toBeNull();
    expect(legProblem("shuttle", [leg("T1"), leg("T2", "Yard B", "Yard A")])).toBeNull();
    expect(legProblem("triangle", [leg("T1"), leg("T2"), leg("T3", "Shop", "North-1")])).toBeNull();
  });

  it("refuses a number of legs that does not fit the type", () => {
    for (const type of MOVE_TYPES) {
      for (const count of [0, 1, 2, 3, 4]) {
        if (count === LEGS_OF[type]) continue;
        const legs = Array.from({ length: count }, (_, i) => leg(`T${i + 1}`));
        expect(legProblem(type, legs), `${type} with ${count}`).toBe(MOVE_MESSAGES.legCount);
      }
    }
  });

  it("needs a trailer on every leg", () => {
    expect(legProblem("shuttle", [leg("T1"), leg("")])).toBe(MOVE_MESSAGES.trailerRequired);
  });

  it("needs From and To on every leg", () => {
    expect(legProblem("single", [leg("T1", "", "Yard B")])).toBe(MOVE_MESSAGES.locationsRequired);
    expect(legProblem("single", [leg("T1", "Yard A", "")])).toBe(MOVE_MESSAGES.locationsRequired);
  });

  it("refuses the same From and To, whatever the case", () => {
    expect(legProblem("single", [leg("T1", "Yard A", "Yard A")])).toBe(MOVE_MESSAGES.sameLocation);
    expect(legProblem("single", [leg("T1", "Yard A", "yard a")])).toBe(MOVE_MESSAGES.sameLocation);
  });

  it("refuses a trailer used twice", () => {
    expect(legProblem("shuttle", [leg("T1"), leg("T1", "Yard B", "Yard A")])).toBe(MOVE_MESSAGES.trailerTwice);
  });

  it("refuses trailers on the Road, naming them, after the location rules and before a trailer used twice", () => {
    expect(legProblem("shuttle", [leg("T1"), leg("T2", "Yard B", "Yard A")], ["T1", "T2"])).toBe(MOVE_MESSAGES.onRoad(["T1", "T2"]));
    expect(legProblem("shuttle", [leg("T1"), leg("T1", "Yard B", "Yard A")], ["T1", "T1"])).toBe(MOVE_MESSAGES.onRoad(["T1"]));
    expect(legProblem("single", [leg("T1", "Yard A", "Yard A")], ["T1"])).toBe(MOVE_MESSAGES.sameLocation);
  });

  it("gives the first broken rule, in the spec's order", () => {
    // Leg count before everything.
    expect(legProblem("single", [leg(""), leg("", "", "")])).toBe(MOVE_MESSAGES.legCount);
    // Trailer before locations.
    expect(legProblem("shuttle", [leg("", "", ""), leg("T2")])).toBe(MOVE_MESSAGES.trailerRequired);
    expect(legProblem("shuttle", [leg("T1", "", ""), leg("")])).toBe(MOVE_MESSAGES.trailerRequired);
    // Locations before same location.
    expect(legProblem("shuttle", [leg("T1", "Yard A", "Yard A"), leg("T2", "Yard A", "")])).toBe(MOVE_MESSAGES.locationsRequired);
    // Same location before a trailer used twice.
    expect(legProblem("shuttle", [leg("T1"), leg("T1", "Shop", "Shop")])).toBe(MOVE_MESSAGES.sameLocation);
  });
});

describe("createMoveSchema", () => {
  it("trims every field and uppercases trailer numbers, so one trailer typed twice is caught", () => {
    const parsed = createMoveSchema.parse({
      account_id: "3",
      move_details: {
        type: "shuttle",
        moves: [
          { from: " Yard A ", to: "Shop", trailer: " t1 " },
          { from: "Shop", to: "Yard A", trailer: "T1" },
        ],
      },
    });
    expect(parsed.account_id).toBe(3);
    expect(parsed.move_details.moves[0]).toEqual({ from: "Yard A", to: "Shop", trailer: "T1" });
    expect(legProblem(parsed.move_details.type, parsed.move_details.moves)).toBe(MOVE_MESSAGES.trailerTwice);
  });

  it("reads a missing field as empty and a bad account id as none", () => {
    const parsed = createMoveSchema.parse({ account_id: "abc", move_details: { type: "single", moves: [{ trailer: 12 }] } });
    expect(parsed.account_id).toBeUndefined();
    expect(parsed.move_details.moves[0]).toEqual({ from: "", to: "", trailer: "12" });
  });

  it("refuses an unknown type or missing legs with the leg-count message", () => {
    for (const input of [{}, { move_details: { type: "quad", moves: [] } }, { move_details: { type: "single" } }, { move_details: "x" }]) {
      const result = createMoveSchema.safeParse(input);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0].message).toBe(MOVE_MESSAGES.legCount);
    }
  });
});

describe("formatDuration", () => {
  it.each([
    [0, "0s"],
    [45, "45s"],
    [59.4, "59s"],
    [59.6, "1m"],
    [60, "1m"],
    [3599, "59m"],
    [3600, "1h 0m"],
    [3900, "1h 5m"],
    [86_399, "23h 59m"],
    [86_400, "1d 0h"],
    [3 * 86_400 + 2 * 3600 + 59 * 60, "3d 2h"],
    [-30, "0s"],
  ])("%s seconds → %s", (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text);
  });
});

describe("panelActions", () => {
  const driver = { ...flagsFor("yard_driver"), id: 7, accountId: 10 };
  const manager = { ...flagsFor("manager"), id: 8, accountId: 10 };
  const admin = { ...flagsFor("admin"), id: 1, accountId: null };
  const requested = { accountId: 10, acceptUserId: null, inProgress: false, state: "requested" as const };
  const mine = { accountId: 10, acceptUserId: 7, inProgress: true, state: "in_progress" as const };

  it("offers the buttons the viewer may use in the move's state", () => {
    expect(panelActions(driver, requested, null)).toEqual({ message: null, actions: ["accept"] });
    expect(panelActions(driver, mine, null)).toEqual({ message: null, actions: ["finish", "cancel"] });
    expect(panelActions(driver, { ...mine, acceptUserId: 99 }, null)).toEqual({ message: null, actions: [] });
    expect(panelActions(manager, requested, null)).toEqual({ message: null, actions: ["accept", "cancel"] });
    expect(panelActions(manager, { ...mine, state: "finished" }, null)).toEqual({ message: null, actions: [] });
    expect(panelActions({ ...flagsFor("security"), id: 9, accountId: 10 }, requested, null)).toEqual({ message: null, actions: [] });
  });

  it("replaces the buttons with the spec's messages for another account's move", () => {
    expect(panelActions(manager, { ...requested, accountId: 20 }, null)).toEqual({ message: MOVE_MESSAGES.panelOtherAccount, actions: [] });
    expect(panelActions(admin, { ...requested, accountId: 20 }, 10)).toEqual({
      message: "This move belongs to a different account (ID: 20). Select that account to modify this move.",
      actions: [],
    });
    // An admin with no account selected may act on every account's moves.
    expect(panelActions(admin, { ...requested, accountId: 20 }, null)).toEqual({ message: null, actions: ["accept", "cancel"] });
  });
});

describe("the Create Move form's draft", () => {
  it("reads a sent form or a URL the same way: the type's number of legs, trimmed fields, trailer numbers in capitals", () => {
    const form = new URLSearchParams({
      move_account: "12",
      move_type: "shuttle",
      leg1_from: " Yard A ",
      leg1_to: "North-3",
      leg1_trailer: "acb10009",
      leg2_search: "10",
      leg3_from: "Shop",
      hide_red: "1",
    });
    expect(moveDraftOf(form)).toEqual({
      account: 12,
      type: "shuttle",
      legs: [
        { from: "Yard A", to: "North-3", trailer: "ACB10009", search: "" },
        { from: "", to: "", trailer: "", search: "10" },
      ],
      hideRedTagged: true,
    });
  });

  it("a type button wins over the type the form had; anything unknown is a Single in no account", () => {
    expect(moveDraftOf(new URLSearchParams({ move_type: "single", choose_type: "triangle" })).legs).toHaveLength(3);
    expect(moveDraftOf(new URLSearchParams({ move_type: "quad", move_account: "x" }))).toEqual({
      account: null,
      type: "single",
      legs: [{ from: "", to: "", trailer: "", search: "" }],
      hideRedTagged: false,
    });
  });

  it("goes into the URL and comes back unchanged; the page's other parameters stay when it closes", () => {
    const draft = moveDraftOf(new URLSearchParams({ move_type: "shuttle", leg1_from: "Yard A", leg2_to: "Shop", move_account: "3" }));
    const params = moveDraftParams(draft);
    expect(params.get(CREATE_MOVE_PARAM)).toBe("1");
    expect(moveDraftOf(params)).toEqual(draft);
    const page = new URLSearchParams([["tab", "trailers"], ["q", "ACB"], ...params]);
    expect(withoutMoveDraft(page).toString()).toBe("tab=trailers&q=ACB");
  });

  it("makes the same request body the API takes", () => {
    const draft = moveDraftOf(new URLSearchParams({ leg1_from: "Yard A", leg1_to: "Shop", leg1_trailer: "t1", leg1_search: "t" }));
    const body = createMoveRequest(draft);
    expect(body).toEqual({
      account_id: undefined,
      move_details: { type: "single", moves: [{ from: "Yard A", to: "Shop", trailer: "T1" }] },
    });
    expect(createMoveSchema.safeParse(body).success).toBe(true);
  });
});

describe("moveDoneMessage", () => {
  const move = {
    id: 12,
    move_details: {
      type: "shuttle",
      moves: [
        { from: "Yard A", to: "North-3", trailer: "ACB10009", trailer_id: 1 },
        { from: "Shop", to: "North-4", trailer: "ACB10010", trailer_id: 2 },
      ],
    },
  } as PublicMove;

  it("says what happened, and for a finish where each trailer now stands", () => {
    expect(moveDoneMessage(move, "request")).toBe("Move #12 requested");
    expect(moveDoneMessage(move, "accept")).toBe("Move #12 accepted");
    expect(moveDoneMessage(move, "cancel")).toBe("Move #12 cancelled");
    expect(moveDoneMessage(move, "finish")).toBe("Move #12 finished: ACB10009 now at North-3, ACB10010 now at North-4");
  });
});

describe("availableTrailersSummary", () => {
  const list = (search: string, listed: number, total: number) => ({
    search,
    total,
    trailers: Array.from({ length: listed }, (_, id) => ({ id }) as AvailableTrailer),
  });
  it("says how many match, that the list was cut, or why none is listed", () => {
    expect(availableTrailersSummary(list("", 0, 0), 0, "Yard A")).toBe("No available trailers at Yard A.");
    expect(availableTrailersSummary(list("ZZ9", 0, 0), 0, "Yard A")).toBe('No available trailers match "ZZ9".');
    expect(availableTrailersSummary(list("", 500, 1030), 500, "Yard A")).toBe("Showing 500 of 1,030 — type to narrow");
    expect(availableTrailersSummary(list("AC", 500, 501), 499, "Yard A")).toBe("Showing 500 of 501 — type to narrow");
    expect(availableTrailersSummary(list("AC", 12, 12), 12, "Yard A")).toBe("12 trailers match");
    expect(availableTrailersSummary(list("AC", 1, 1), 1, "Yard A")).toBe("1 trailer matches");
    expect(availableTrailersSummary(list("", 7, 7), 7, "Yard A")).toBe("7 trailers available");
    expect(availableTrailersSummary(list("AC", 1, 1), 0, "Yard A")).toBe(
      "The trailers that match are picked in another move of this form.",
    );
  });
});

describe("Request move on a trailer's page", () => {
  const trailer = { id: 42, accountId: 7, number: "ACB10001", location: "Yard A", activeMove: null };

  it("offers the managerial roles Create Move opened for the trailer, an admin's on the trailer's account; others nothing", () => {
    const offered = (role: Role) => trailerMoveRequest(flagsFor(role), trailer);
    expect(offered("manager")).toEqual({ href: "/?create_move=1&trailer=42" });
    expect(offered("super_manager")).toEqual({ href: "/?create_move=1&trailer=42" });
    expect(offered("account_manager")).toEqual({ href: "/?create_move=1&trailer=42" });
    expect(offered("admin")).toEqual({ href: "/?account=7&create_move=1&trailer=42" });
    for (const role of ROLES.filter((role) => !["admin", "super_manager", "account_manager", "manager"].includes(role))) {
      expect(offered(role)).toBeNull();
    }
  });

  it("says why no move can be requested for a trailer in an active move or on the road", () => {
    expect(moveRequestBlock(trailer)).toBeNull();
    expect(moveRequestBlock({ ...trailer, activeMove: { id: 12, inProgress: false } })).toBe(
      "Trailer ACB10001 is already in move #12 (Requested), so another move cannot be requested until that one is finished or cancelled.",
    );
    expect(moveRequestBlock({ ...trailer, activeMove: { id: 13, inProgress: true } })).toContain("move #13 (In Progress)");
    expect(moveRequestBlock({ ...trailer, location: "Road" })).toBe(MOVE_MESSAGES.trailerOnRoad("ACB10001"));
    expect(trailerMoveRequest(flagsFor("manager"), { ...trailer, activeMove: { id: 12, inProgress: false } })).toEqual({
      blocked: moveRequestBlock({ ...trailer, activeMove: { id: 12, inProgress: false } }),
    });
  });

  it("reads the trailer Create Move is opened for, and forgets it with the form", () => {
    expect(firstTrailerOf(new URLSearchParams("trailer=42"))).toBe(42);
    for (const value of ["", "0", "-1", "4.2", "abc", "99999999999"])
      expect(firstTrailerOf(new URLSearchParams({ trailer: value }))).toBeNull();
    expect(String(withoutMoveDraft(new URLSearchParams("q=AC&create_move=1&trailer=42&leg1_from=Yard+A")))).toBe("q=AC");
  });
});
