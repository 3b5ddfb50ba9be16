import { describe, expect, it } from "vitest";
import {
  AnswerNotData,
  FAILURE_MESSAGES,
  failureKind,
  failureMessage,
  FORM_FAILURES,
  LIST_FAILED,
  loadFailure,
  loadFailureMessage,
  moveActionFailure,
  serverFailureMessage,
} from "./failures";
import { MOVE_MESSAGES } from "./moves";

const at = (pathname: string, search = "") => loadFailureMessage(pathname, new URLSearchParams(search));

/** A thrown response as the page's router holds it. */
const thrown = (status: number, data: unknown) => ({ status, statusText: "", internal: false, data });

describe("loadFailureMessage: the message of a page whose data failed to load", () => {
  it("the dashboard says which list failed, by its tab (Trailers when none is named)", () => {
    expect(at("/")).toBe("Failed to fetch trailers");
    expect(at("/", "tab=trailers&status=red")).toBe("Failed to fetch trailers");
    expect(at("/", "tab=trucks")).toBe("Failed to fetch trucks");
    expect(at("/", "tab=yards")).toBe("Failed to fetch yards");
    expect(at("/", "tab=buildings")).toBe("Failed to fetch buildings");
    expect(at("/", "tab=users&account=3")).toBe("Failed to fetch users");
    expect(at("/", "tab=nonsense")).toBe(LIST_FAILED.trailers);
  });

  it("a page with the Move Status panel, Create Move open: its choices failed to load", () => {
    expect(at("/", "tab=trucks&create_move=1")).toBe(MOVE_MESSAGES.loadTrailersFailed);
    expect(at("/admin/dashboard", "create_move=1")).toBe("Failed to load available trailers");
    expect(at("/admin/dashboard")).toBe("Failed to fetch accounts");
  });

  it("detail pages (and their edit pages) have their own messages", () => {
    expect(at("/trailers/12")).toBe("Error loading trailer");
    expect(at("/trailers/12/edit")).toBe("Error loading trailer");
    expect(at("/trucks/7")).toBe("Failed to load truck details. Please try again.");
    expect(at("/trucks/7/edit/")).toBe(FAILURE_MESSAGES.truck);
    expect(at("/users/5")).toBe("Failed to load user details. Please try again.");
    expect(at("/users/5/edit")).toBe(FAILURE_MESSAGES.user);
    expect(at("/companies")).toBe("Failed to fetch companies");
  });

  it("Edit Company says 'Failed to load company data: {message}', the reason in its message", () => {
    const company = (error: unknown) => loadFailure("/companies/4/edit", new URLSearchParams(), error);
    expect(company(new TypeError("Failed to fetch"))).toEqual({
      message: "Failed to load company data: The server could not be reached.",
      reason: null,
    });
    expect(company(thrown(503, { message: "The database is busy or unavailable. Please try again shortly." }))).toEqual({
      message: "Failed to load company data: The database is busy or unavailable. Please try again shortly.",
      reason: null,
    });
    expect(company(thrown(500, "Unexpected Server Error"))).toEqual({
      message: "Failed to load company data: The server failed to answer.",
      reason: null,
    });
    expect(at("/companies/4/edit")).toBe("Failed to load company data: The server failed to answer.");
    expect(loadFailure("/trucks/7", new URLSearchParams(), new TypeError("Failed to fetch"))).toEqual({
      message: "Failed to load truck details. Please try again.",
      reason: "The server could not be reached.",
    });
  });

  it("every other page says the general message", () => {
    for (const path of [
      "/settings",
      "/audit-logs",
      "/buildings/3",
      "/yards/4/edit",
      "/trailers/new",
      "/trailers/bulk-upload",
      "/nowhere",
    ]) {
      expect(at(path)).toBe("Failed to load data. Please try again later.");
    }
  });
});

describe("failureKind: how a request failed", () => {
  it("no answer: fetch rejects with a TypeError", () => {
    expect(failureKind(new TypeError("Failed to fetch"))).toEqual({ kind: "unreachable" });
  });

  it("a refusal (4xx) carries the server's message", () => {
    expect(failureKind(thrown(403, { message: "Permission denied: nope" }))).toEqual({
      kind: "refused",
      message: "Permission denied: nope",
    });
    expect(failureKind(thrown(409, { error: "Trailer ACB1 is already in use in another active move" }))).toEqual({
      kind: "refused",
      message: "Trailer ACB1 is already in use in another active move",
    });
    expect(failureKind(thrown(404, "Move not found"))).toEqual({ kind: "refused", message: "Move not found" });
  });

  it("a server error: a 503's reason is kept, a 500's text and a 4xx without a message are not", () => {
    expect(failureKind(thrown(503, { message: "The database is busy or unavailable. Please try again shortly." }))).toEqual({
      kind: "server",
      reason: "The database is busy or unavailable. Please try again shortly.",
    });
    expect(failureKind(thrown(500, "Unexpected Server Error"))).toEqual({ kind: "server", reason: null });
    expect(failureKind(thrown(404, true))).toEqual({ kind: "server", reason: null });
    expect(failureKind(new Error("Unable to decode turbo-stream response"))).toEqual({ kind: "server", reason: null });
    expect(failureKind("boom")).toEqual({ kind: "server", reason: null });
  });
});

describe("failureMessage: what a failed form says", () => {
  const accept = { server: MOVE_MESSAGES.actionFailed("accept") };
  const settings = { server: FAILURE_MESSAGES.saveSettings, unreachable: FAILURE_MESSAGES.saveSettingsUnexpected };

  it("a refusal's message is shown as given (already on the road, already in use, Permission denied)", () => {
    for (const message of [
      "Cannot create move with trailers that are already on the road: ACB1",
      "Trailer ACB1 is already in use in another active move",
      "Permission denied: Only managers and administrators can create moves",
    ]) {
      expect(failureMessage(thrown(409, { message }), accept)).toBe(message);
    }
  });

  it("a server error gets the catalogue's message, with a 503's reason", () => {
    expect(failureMessage(thrown(500, "Unexpected Server Error"), accept)).toBe("Error: Failed to accept the move");
    expect(failureMessage(new Error("Unexpected Server Error"), settings)).toBe("Failed to update timeout setting");
    expect(failureMessage(thrown(503, { message: "The database is busy or unavailable. Please try again shortly." }), settings)).toBe(
      "Failed to update timeout setting. The database is busy or unavailable. Please try again shortly.",
    );
  });

  it("no answer says so, with the form's own message for it when it has one", () => {
    expect(failureMessage(new TypeError("Failed to fetch"), settings)).toBe(
      "An unexpected error occurred while saving settings. The server could not be reached: check your connection and try again.",
    );
    expect(failureMessage(new TypeError("Failed to fetch"), { server: FAILURE_MESSAGES.deleteTruck })).toBe(
      "An error occurred while deleting the truck. The server could not be reached: check your connection and try again.",
    );
    expect(failureMessage(new TypeError("Failed to fetch"), accept)).toBe(
      "Error: Failed to accept the move. The server could not be reached: check your connection and try again.",
    );
  });
});

describe("FORM_FAILURES: each form's failure, in the spec's words where it has them", () => {
  const busy = thrown(503, { message: "The database is busy or unavailable. Please try again shortly." });

  it("Log In and Add New User: a server failure, and no answer at all, each their own", () => {
    for (const form of [FORM_FAILURES.login, FORM_FAILURES.signup]) {
      expect(failureMessage(thrown(500, "Unexpected Server Error"), form)).toBe("An error occurred. Please try again.");
      expect(failureMessage(new TypeError("Failed to fetch"), form)).toBe(
        "An unexpected error occurred. Please try again. The server could not be reached: check your connection and try again.",
      );
    }
  });

  it("the password change, Create Company and Add Yard", () => {
    expect(FORM_FAILURES.changePassword.server).toBe("An error occurred while changing your password");
    expect(FORM_FAILURES.createCompany.server).toBe("Failed to create company");
    expect(FORM_FAILURES.createYard.server).toBe("An error occurred while creating the yard");
    expect(FORM_FAILURES.logOutOtherSession.server).toBe("Failed to log out other session. Please try again.");
  });

  it("a move action: 'Failed to accept move' when the server failed it, 'Error: Failed to accept the move' when no answer came", () => {
    const cases = [
      ["accept", "Failed to accept move", "Error: Failed to accept the move"],
      ["finish", "Failed to finish move", "Error: Failed to finish the move"],
      ["cancel", "Failed to cancel move", "Error: Failed to cancel the move"],
    ] as const;
    for (const [action, server, unreachable] of cases) {
      expect(failureMessage(thrown(500, "Unexpected Server Error"), moveActionFailure(action))).toBe(server);
      expect(serverFailureMessage(moveActionFailure(action), null)).toBe(server);
      expect(failureMessage(new TypeError("Failed to fetch"), moveActionFailure(action))).toBe(
        `${unreachable}. The server could not be reached: check your connection and try again.`,
      );
    }
  });

  it("an answer that is not data: 'Server error: {status} {text}' for deactivating a user and the move actions, else the form's message", () => {
    const proxyPage = new AnswerNotData(502, "Bad Gateway");
    expect(failureMessage(proxyPage, FORM_FAILURES.deactivateUser)).toBe("Server error: 502 Bad Gateway");
    for (const action of ["accept", "finish", "cancel"] as const) {
      expect(failureMessage(proxyPage, moveActionFailure(action))).toBe("Server error: 502 Bad Gateway");
    }
    expect(failureMessage(new AnswerNotData(500, ""), moveActionFailure("accept"))).toBe("Server error: 500");
    expect(failureMessage(proxyPage, FORM_FAILURES.reactivateUser)).toBe("An error occurred while reactivating the user.");
    expect(failureKind(proxyPage)).toEqual({ kind: "server", reason: null });
  });

  it("the server's own answer and the page's script say the same, a 503 with its reason", () => {
    expect(serverFailureMessage(FORM_FAILURES.createYard, "The database is busy or unavailable. Please try again shortly.")).toBe(
      failureMessage(busy, FORM_FAILURES.createYard),
    );
    expect(serverFailureMessage(FORM_FAILURES.createCompany, null)).toBe(failureMessage(thrown(500, ""), FORM_FAILURES.createCompany));
  });
});
