import { describe, expect, it } from "vitest";
import { AUDITED_TABLES, type AuditLogItem } from "./audit";
import { auditSentence, fieldLabel, listOf, recordHref, recordName, recordNoun, sentenceText } from "./audit-words";

type Row = Pick<AuditLogItem, "action" | "table_name" | "record_id" | "changed_fields" | "user_alpha_code">;

const row = (overrides: Partial<Row>): Row => ({
  action: "UPDATE",
  table_name: "trailers",
  record_id: "42",
  changed_fields: {},
  user_alpha_code: "MGR",
  ...overrides,
});

const sentence = (overrides: Partial<Row>, name: string | null = "ACB1034") => sentenceText(auditSentence(row(overrides), name));

describe("the yard's words for tables and fields", () => {
  it("names every audited table as its record, one and many", () => {
    expect(AUDITED_TABLES.map((table) => recordNoun(table))).toEqual([
      "Account",
      "Building",
      "Company",
      "Move leg",
      "Move",
      "Session",
      "Setting",
      "Trailer",
      "Truck",
      "User",
      "Yard",
    ]);
    expect(recordNoun("trailers", "many")).toBe("Trailers");
    expect(AUDITED_TABLES.every((table) => !recordNoun(table, "many").includes("_"))).toBe(true);
  });

  it("reads an unknown table as its name in words, never as the raw name", () => {
    expect(recordNoun("gate_passes")).toBe("Gate passes");
    expect(recordNoun("constructor")).toBe("Constructor");
  });

  it("labels columns as the forms do", () => {
    const labels = {
      "trailers.is_tray": "Trays",
      "trailers.user_id": "Assigned User",
      "trailers.trailer_location": "Location",
      "trailers.tagged_description": "Tagged Description",
      "trailers.tray_count": "Tray Count",
      "trailers.company_owner": "Owner",
      "trucks.assigned_user_id": "Assigned User",
      "buildings.building_door_number": "Number of Dock Doors",
      "yards.name": "Yard Name",
      "users.password_hash": "Password",
      "move_legs.from_location": "From",
      "accounts.zip_code": "Zip Code",
      "trailers.id": "ID",
    };
    const read = Object.keys(labels).map((key) => fieldLabel(key.split(".")[0], key.split(".")[1]));
    expect(read).toEqual(Object.values(labels));
  });

  it("reads an unknown column as its name in words", () => {
    expect(fieldLabel("trailers", "zone_code")).toBe("Zone code");
    expect(fieldLabel("gate_passes", "toString")).toBe("ToString");
  });

  it("gives no audited table's column its raw name", () => {
    const columns = ["id", "account_id", "trailer_number", "in_shop", "user_id", "is_tray", "yellow_tagged", "move_id", "timeout_hours"];
    for (const table of AUDITED_TABLES) for (const column of columns) expect(fieldLabel(table, column)).not.toMatch(/_/);
  });
});

describe("a row's record", () => {
  it("goes by its name as it is now, else as the row recorded it, else its id", () => {
    expect(recordName(row({}), "ACB1034")).toBe("ACB1034");
    const deleted = row({ action: "DELETE", changed_fields: { trailer_number: { old: "ZZ9", new: null } } });
    expect(recordName(deleted, null)).toBe("ZZ9");
    expect(recordName(row({ action: "CREATE", changed_fields: { trailer_number: { old: null, new: "NEW1" } } }), null)).toBe("NEW1");
    expect(recordName(row({ changed_fields: { license_plate: { old: "A", new: "B" } } }), null)).toBe("#42");
    expect(recordName(row({ table_name: "sessions", record_id: null }), null)).toBeNull();
  });

  it("links to the record's page while it exists, for the tables that have pages", () => {
    const pages = [
      ["trailers", "42", true, "/trailers/42"],
      ["trucks", "7", true, "/trucks/7"],
      ["users", "3", true, "/users/3"],
      ["yards", "5", true, "/yards/5"],
      ["buildings", "9", true, "/buildings/9"],
      ["trailers", "42", false, null],
      ["moves", "12", true, null],
      ["companies", "1", true, null],
      ["trailers", null, true, null],
      ["trailers", "../admin", true, null],
    ] as const;
    expect(pages.map(([table, id, exists]) => recordHref(table, id, exists))).toEqual(pages.map((entry) => entry[3]));
  });
});

describe("a row's sentence", () => {
  it("says who created or deleted which record", () => {
    expect(sentence({ action: "CREATE" })).toBe("MGR created trailer ACB1034");
    expect(sentence({ action: "DELETE", table_name: "yards" }, "North Lot")).toBe("MGR deleted yard North Lot");
    expect(sentence({ action: "CREATE", table_name: "moves", record_id: "12" }, "#12")).toBe("MGR created move #12");
    expect(sentence({ action: "CREATE", table_name: "move_legs", record_id: "30" }, "#30")).toBe("MGR created move leg #30");
  });

  it("says a trailer or truck moved from where to where", () => {
    const fields = { trailer_location: { old: "North-3", new: "Yard A" }, last_user: { old: "MGR", new: "YDB" } };
    expect(sentence({ user_alpha_code: "YDB", changed_fields: fields })).toBe("YDB moved ACB1034 from North-3 to Yard A");
    const truck = { truck_location: { old: "Road", new: "Shop" }, in_shop: { old: false, new: true } };
    expect(sentence({ table_name: "trucks", changed_fields: truck }, "T-100")).toBe("MGR moved T-100 from Road to Shop");
    const more = { ...fields, red_tagged: { old: false, new: true } };
    expect(sentence({ changed_fields: more })).toBe("MGR moved ACB1034 from North-3 to Yard A and changed Red Tagged");
  });

  it("lists the changed fields by their labels, a few of them", () => {
    const two = { tagged_description: { old: null, new: "Flat tire" }, red_tagged: { old: false, new: true } };
    expect(sentence({ changed_fields: two })).toBe("MGR changed Tagged Description and Red Tagged of ACB1034");
    const change = { old: null, new: 1 };
    const five = { is_tray: change, tray_count: change, user_id: change, load_number: change, type: change };
    expect(sentence({ changed_fields: five })).toBe("MGR changed Trays, Tray Count, Assigned User and 2 more of ACB1034");
    expect(sentence({ changed_fields: { license_plate: { old: "A", new: "B" } } }, "#42")).toBe("MGR changed License Plate of trailer #42");
    expect(sentence({ changed_fields: {} })).toBe("MGR changed trailer ACB1034");
    expect(sentence({ changed_fields: null })).toBe("MGR changed trailer ACB1034");
  });

  it("says when a move was accepted, finished or cancelled", () => {
    const move = (changed_fields: Row["changed_fields"]) => sentence({ table_name: "moves", record_id: "12", changed_fields }, "#12");
    expect(move({ in_progress: { old: false, new: true }, accept_time: { old: null, new: "2025-01-01T00:00:00Z" } })).toBe(
      "MGR accepted move #12",
    );
    expect(move({ finish_time: { old: null, new: "2025-01-01T01:00:00Z" } })).toBe("MGR finished move #12");
    expect(move({ is_cancel: { old: false, new: true }, cancel_time: { old: null, new: "2025-01-01" } })).toBe("MGR cancelled move #12");
    expect(move({ move_type: { old: "single", new: "shuttle" } })).toBe("MGR changed Move Type of move #12");
  });

  it("reads the sign-in events", () => {
    const session = { table_name: "sessions", record_id: "9" };
    expect(sentence({ ...session, action: "SIGN_IN", user_alpha_code: "JDO" })).toBe("JDO signed in");
    expect(sentence({ ...session, action: "SIGN_OUT", changed_fields: { reason: { old: null, new: "timeout" } } })).toBe(
      "MGR was signed out after inactivity",
    );
    expect(sentence({ ...session, action: "SIGN_OUT", changed_fields: { reason: { old: null, new: "logout" } } })).toBe("MGR signed out");
    const failed = { email: { old: null, new: "who@x.test" }, reason: { old: null, new: "wrong password" } };
    expect(sentence({ ...session, action: "SIGN_IN_FAILED", user_alpha_code: null, record_id: null, changed_fields: failed }, null)).toBe(
      "Sign-in failed for who@x.test: wrong password",
    );
  });

  it("says Unknown for a row with no user", () => {
    expect(sentence({ action: "CREATE", user_alpha_code: null })).toBe("Unknown created trailer ACB1034");
  });

  it("falls back to a plain sentence for an action or table it does not know", () => {
    const odd = { action: "ARCHIVE", table_name: "gate_passes", record_id: "3" } as unknown as Partial<Row>;
    expect(sentence(odd, null)).toBe("MGR: ARCHIVE gate passes #3");
    expect(sentence({ ...odd, record_id: null }, null)).toBe("MGR: ARCHIVE gate passes");
    expect(sentence({ action: "CREATE", table_name: "gate_passes", record_id: "3" }, null)).toBe("MGR created gate passes #3");
  });

  it("marks the record's name as the part that links", () => {
    const parts = auditSentence(row({ action: "CREATE" }), "ACB1034");
    expect(parts.filter((part) => part.record)).toEqual([{ text: "ACB1034", record: true }]);
    expect(auditSentence(row({ action: "SIGN_IN", table_name: "sessions" }), null).some((part) => part.record)).toBe(false);
  });

  it("joins names as people list them", () => {
    expect(listOf([])).toBe("");
    expect(listOf(["A"])).toBe("A");
    expect(listOf(["A", "B"])).toBe("A and B");
    expect(listOf(["A", "B", "C"])).toBe("A, B and C");
    expect(listOf(["A", "B", "C", "D"])).toBe("A, B, C and 1 more");
  });
});
