/**
 * The audit log in the yard's words: a table as the record it holds ("Trailer", "Move leg"), a
 * column as the label its form gives it ("Tray Count", "Assigned User"), the name a record goes by
 * ("ACB1034"), its page, and one sentence a row ("YDB moved ACB1034 from North-3 to Yard A").
 */
import { AUDIT_ACTION_LABEL, AUDIT_MESSAGES, type AuditAction, type AuditLogItem } from "./audit";

/** What a table's rows are, one and many. */
export const RECORD_NOUNS: Record<string, { one: string; many: string }> = {
  accounts: { one: "Account", many: "Accounts" },
  buildings: { one: "Building", many: "Buildings" },
  companies: { one: "Company", many: "Companies" },
  move_legs: { one: "Move leg", many: "Move legs" },
  moves: { one: "Move", many: "Moves" },
  sessions: { one: "Session", many: "Sessions" },
  settings: { one: "Setting", many: "Settings" },
  trailers: { one: "Trailer", many: "Trailers" },
  trucks: { one: "Truck", many: "Trucks" },
  users: { one: "User", many: "Users" },
  yards: { one: "Yard", many: "Yards" },
};

/** "move_legs" → "Move legs": a name nobody has given words yet, readable still. */
function humanize(name: string): string {
  const words = name.replace(/_/g, " ").trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : name;
}

/** A table's record, one ("Trailer") or many ("Trailers"); an unknown table reads as its name in words. */
export function recordNoun(table: string, count: "one" | "many" = "one"): string {
  const noun = Object.hasOwn(RECORD_NOUNS, table) ? RECORD_NOUNS[table] : null;
  return noun ? noun[count] : humanize(table);
}

/** Columns that read the same in every table. */
const COMMON_FIELDS: Record<string, string> = {
  id: "ID",
  account_id: "Account",
  company_id: "Company",
  created_at: "Created",
  address: "Street Address",
  city: "City",
  state: "State",
  zip_code: "Zip Code",
  description: "Description",
  location: "Location",
  type: "Type",
  license_state: "License State",
  license_plate: "License Plate",
  red_tagged: "Red Tagged",
  yellow_tagged: "Yellow Tagged",
  in_shop: "Shop",
  tagged_description: "Tagged Description",
  last_user: "Last User",
  last_inspection: "Last Inspection",
  next_inspection: "Next Inspection",
  last_maintenance: "Last Maintenance",
  next_maintenance: "Next Maintenance",
};

/**
 * Each table's columns as its form labels them (Add New Trailer, Update Truck, Add New User, …),
 * and the words of the columns no form shows. A column missing here reads as its name in words.
 */
export const FIELD_LABELS: Record<string, Record<string, string>> = {
  trailers: {
    trailer_number: "Trailer Number",
    company_owner: "Owner",
    trailer_location: "Location",
    is_loaded: "Loaded",
    load_number: "Load Number",
    is_tray: "Trays",
    tray_count: "Tray Count",
    user_id: "Assigned User",
  },
  trucks: {
    truck_number: "Truck Number",
    truck_location: "Location",
    assigned_user_id: "Assigned User",
    year: "Year",
    make: "Make",
    model: "Model",
    vin: "VIN",
  },
  users: {
    alpha_code: "Alpha Code",
    email: "Email",
    password_hash: "Password",
    driver_number: "Driver Number",
    first_name: "First Name",
    last_name: "Last Name",
    is_admin: "Admin",
    is_super_manager: "Super Manager",
    is_account_manager: "Account Manager",
    is_manager: "Manager",
    is_yard_driver: "Yard Driver",
    is_road_driver: "Road Driver",
    is_mechanic: "Mechanic",
    is_security: "Security",
    is_active: "Active",
    first_login: "First Login",
    previous_session_timed_out: "Previous Session Timed Out",
  },
  yards: {
    name: "Yard Name",
    parking_location: "Parking Location",
    parking_spots: "Parking Spots",
    entry_time: "Entry Time",
  },
  buildings: {
    building_name: "Building Name",
    building_door_number: "Number of Dock Doors",
  },
  accounts: {
    account_name: "Account Name",
    yard_count: "Yards",
    building_count: "Buildings",
  },
  companies: {
    company_name: "Company Name",
  },
  moves: {
    request_user_id: "Requested By",
    move_type: "Move Type",
    in_progress: "In Progress",
    accept_user_id: "Accepted By",
    accept_alpha_code: "Accepted By (Alpha Code)",
    accept_time: "Accept Time",
    finish_time: "Finish Time",
    is_cancel: "Cancelled",
    cancel_time: "Cancel Time",
    cancel_user_id: "Cancelled By",
    request_time: "Request Time",
    elapse_time: "Elapsed Time",
  },
  move_legs: {
    move_id: "Move",
    leg_number: "Leg",
    from_location: "From",
    to_location: "To",
    trailer_id: "Trailer",
    trailer_number: "Trailer Number",
    active: "Active",
  },
  settings: {
    timeout_hours: "Auto-Logout Timeout (hours)",
  },
  sessions: {
    user_id: "User",
    user_agent: "Browser",
    ip_address: "IP Address",
    login_time: "Login Time",
    last_activity: "Last Activity",
    ended_at: "Ended",
    end_reason: "End Reason",
    email: "Email",
    reason: "Reason",
  },
};

/** A changed column as the yard reads it: its form's label, else its name in words ("zone_code" → "Zone code"). */
export function fieldLabel(table: string, field: string): string {
  const own = Object.hasOwn(FIELD_LABELS, table) && Object.hasOwn(FIELD_LABELS[table], field) ? FIELD_LABELS[table][field] : null;
  return own ?? (Object.hasOwn(COMMON_FIELDS, field) ? COMMON_FIELDS[field] : humanize(field));
}

/** The column a record goes by ("ACB1034", "North Lot", a user's alpha code). */
export const NAME_FIELDS: Record<string, string> = {
  trailers: "trailer_number",
  trucks: "truck_number",
  yards: "name",
  buildings: "building_name",
  accounts: "account_name",
  companies: "company_name",
  users: "alpha_code",
};

/** The tables whose records have a page of their own, and its path. */
const RECORD_PAGES: Record<string, string> = {
  trailers: "/trailers",
  trucks: "/trucks",
  users: "/users",
  yards: "/yards",
  buildings: "/buildings",
};

/** A record's page (`/trailers/{id}`, …), or null: a table without pages, or a record that is gone. */
export function recordHref(table: string, recordId: string | null, exists: boolean): string | null {
  if (!exists || !recordId || !/^\d{1,10}$/.test(recordId) || !Object.hasOwn(RECORD_PAGES, table)) return null;
  return `${RECORD_PAGES[table]}/${recordId}`;
}

const textOf = (value: unknown): string | null =>
  typeof value === "string" && value.trim() ? value.trim() : typeof value === "number" ? String(value) : null;

/**
 * The name a row's record goes by: as it is now (`nameNow`, from the record itself), else as the
 * row recorded it (a deleted trailer's number), else "#{id}"; null for a row of no record.
 */
export function recordName(item: Pick<AuditLogItem, "table_name" | "record_id" | "changed_fields">, nameNow: string | null): string | null {
  if (nameNow?.trim()) return nameNow.trim();
  const field = Object.hasOwn(NAME_FIELDS, item.table_name) ? NAME_FIELDS[item.table_name] : null;
  const change = field ? item.changed_fields?.[field] : undefined;
  const recorded = change ? (textOf(change.new) ?? textOf(change.old)) : null;
  if (recorded) return recorded;
  return item.record_id ? `#${item.record_id}` : null;
}

/** A row's record: the name it goes by and whether it is still there (then it may have a page). */
export interface AuditRecord {
  name: string | null;
  exists: boolean;
}

/** A log row as the Audit Logs page shows it: the row and its record. */
export interface AuditLogEntry extends AuditLogItem {
  record: AuditRecord;
}

/** A part of a row's sentence: words, or the record's name (which links to its page when it has one). */
export type SentencePart = { text: string; record?: true };

/** "A", "A and B", "A, B and C", "A, B, C and 2 more". */
export function listOf(names: string[], shown = 3): string {
  if (names.length <= 1) return names.join("");
  if (names.length > shown) return `${names.slice(0, shown).join(", ")} and ${names.length - shown} more`;
  return `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

/** The columns that follow a move of a trailer or truck, not what the sentence is about. */
const LOCATION_FIELDS: Record<string, string> = { trailers: "trailer_location", trucks: "truck_location" };
const MOVE_FOLLOWERS = new Set(["last_user", "in_shop"]);

const SIGN_OUT_REASONS: Record<string, string> = {
  logout: "signed out",
  timeout: "was signed out after inactivity",
  replaced: "was signed out by a sign-in elsewhere",
};

/** Who wrote a row, as the sentence starts: the recorded alpha code, else "Unknown". */
const actorOf = (item: Pick<AuditLogItem, "user_alpha_code">) => item.user_alpha_code?.trim() || AUDIT_MESSAGES.unknownUser;

const isSet = (value: unknown) => value !== null && value !== undefined && value !== false && value !== "";

/**
 * One sentence of who did what to which record, from a row's action, table, record name and
 * changed fields: "MGR created trailer ACB1034", "YDB moved ACB1034 from North-3 to Yard A",
 * "MGR changed Tagged Description and Red Tagged of ACB1034", "YDB finished move #12",
 * "JDO signed in". Anything else reads "{who} {action} {record}".
 */
export function auditSentence(
  item: Pick<AuditLogItem, "action" | "table_name" | "record_id" | "changed_fields" | "user_alpha_code">,
  name: string | null,
): SentencePart[] {
  const who = actorOf(item);
  const table = item.table_name;
  const noun = recordNoun(table).toLowerCase();
  const fields = item.changed_fields ?? {};
  const named = name ?? `#${item.record_id ?? "?"}`;
  const record: SentencePart = { text: named, record: true };
  // A record called by its number only ("#12") is called by its kind too: "move #12".
  const called = (always: boolean): SentencePart[] => (always || named.startsWith("#") ? [{ text: `${noun} ` }, record] : [record]);
  const action = item.action as AuditAction | string;

  if (table === "sessions") {
    const text = (field: string) => textOf(fields[field]?.new);
    if (action === "SIGN_IN") return [{ text: `${who} signed in` }];
    if (action === "SIGN_OUT") return [{ text: `${who} ${SIGN_OUT_REASONS[text("reason") ?? ""] ?? "signed out"}` }];
    if (action === "SIGN_IN_FAILED") {
      const email = text("email");
      const reason = text("reason");
      return [{ text: `Sign-in failed${email ? ` for ${email}` : ""}${reason ? `: ${reason}` : ""}` }];
    }
  }
  if (action === "CREATE") return [{ text: `${who} created ` }, ...called(true)];
  if (action === "DELETE") return [{ text: `${who} deleted ` }, ...called(true)];
  if (action === "UPDATE") {
    if (table === "moves") {
      const became = (field: string) => Object.hasOwn(fields, field) && !isSet(fields[field].old) && isSet(fields[field].new);
      const verb = became("is_cancel") ? "cancelled" : became("finish_time") ? "finished" : became("in_progress") ? "accepted" : null;
      if (verb) return [{ text: `${who} ${verb} ` }, ...called(true)];
    }
    const locationField = Object.hasOwn(LOCATION_FIELDS, table) ? LOCATION_FIELDS[table] : null;
    const moved = locationField && Object.hasOwn(fields, locationField) ? fields[locationField] : null;
    const others = Object.keys(fields).filter((field) => field !== locationField && !(moved && MOVE_FOLLOWERS.has(field)));
    const changed = listOf(others.map((field) => fieldLabel(table, field)));
    if (moved) {
      const from = textOf(moved.old);
      const to = textOf(moved.new);
      return [
        { text: `${who} moved ` },
        ...called(false),
        { text: `${from ? ` from ${from}` : ""}${to ? ` to ${to}` : ""}${changed ? ` and changed ${changed}` : ""}` },
      ];
    }
    if (changed) return [{ text: `${who} changed ${changed} of ` }, ...called(false)];
    return [{ text: `${who} changed ` }, ...called(true)];
  }
  const label = Object.hasOwn(AUDIT_ACTION_LABEL, action) ? AUDIT_ACTION_LABEL[action as AuditAction] : humanize(String(action));
  return [{ text: `${who}: ${label} ` }, ...(item.record_id || name ? called(true) : [{ text: noun }])];
}

/** A sentence as plain text. */
export function sentenceText(parts: SentencePart[]): string {
  return parts.map((part) => part.text).join("");
}
