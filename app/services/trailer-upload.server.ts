import { and, eq, getTableColumns, sql } from "drizzle-orm";
import { accounts, trailerLocationHistory, trailers } from "#db/schema";
import { resolveLocation } from "#app/domain/locations";
import { canEditAssets } from "#app/domain/roles";
import {
  alreadyExistsMessage,
  checkRow,
  duplicateInFileMessage,
  fileRefusal,
  missingColumnsMessage,
  readHeader,
  UPLOAD_COLUMNS,
  UPLOAD_MESSAGES,
  type RowError,
  type SheetRow,
  type UploadResults,
  type UploadRow,
} from "#app/domain/trailer-upload";
import { applyTrailerRules, TRAILER_MESSAGES } from "#app/domain/trailers";
import { toCsv } from "#app/lib/csv.server";
import { isDatabaseUnavailable, type Queryable } from "#app/lib/db.server";
import { readSpreadsheet, SpreadsheetRefusal, type Sheet } from "#app/lib/spreadsheet.server";
import { isUniqueViolation } from "#app/lib/sql.server";
import { nextTurn } from "#app/lib/turns.server";
import { write, type ServiceContext } from "./context.server";
import { ServiceError } from "./errors.server";
import { accountPlaces } from "./locations.server";
import { accountScope } from "./scope.server";

export interface UploadedFile {
  name: string;
  bytes: Uint8Array;
}

export interface UploadOutcome {
  results: UploadResults;
  /** The rejected rows as they were in the file, with an `error` column (null when none). */
  rejectedCsv: string | null;
}

/** Rows per INSERT statement (each column of a batch is one array parameter). */
const INSERT_BATCH = 1_000;
/** Rows checked, or written as rejected CSV, between two turns of the isolate (nextTurn). */
const ROWS_PER_TURN = 100;

type Ready = { row: number; trailerNumber: string; fields: ReturnType<typeof applyTrailerRules> };

/** The account an upload goes into: a non-admin's own, whatever it sends; an admin's choice, which must exist. */
async function uploadAccount(ctx: ServiceContext, requested: unknown): Promise<number> {
  const accountId = accountScope(ctx.actor, requested);
  if (accountId === null) throw new ServiceError(400, UPLOAD_MESSAGES.accountRequired, "account_id");
  if (ctx.actor.isAdmin) {
    const [account] = await ctx.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId));
    if (!account) throw new ServiceError(400, UPLOAD_MESSAGES.accountRequired, "account_id");
  }
  return accountId;
}

/** A refusal of the file itself: 413 past a size limit, else 400. */
function fileError(message: string): ServiceError {
  const tooLarge = message === UPLOAD_MESSAGES.tooLarge || message === UPLOAD_MESSAGES.xlsTooLarge;
  return new ServiceError(tooLarge ? 413 : 400, message, "file");
}

async function readUpload(file: UploadedFile | null): Promise<Sheet> {
  const refused = fileRefusal(file && { name: file.name, size: file.bytes.byteLength });
  if (refused !== null || file === null) throw fileError(refused ?? UPLOAD_MESSAGES.fileRequired);
  try {
    return await readSpreadsheet(file.name, file.bytes);
  } catch (error) {
    if (error instanceof SpreadsheetRefusal) throw fileError(error.message);
    throw error;
  }
}

/**
 * Each row checked on its own: Add New Trailer's schema and the upload's rules, the location
 * against the account's places, and a number not seen earlier in the file.
 */
async function checkRows(db: Queryable, accountId: number, sheet: Sheet): Promise<{ ready: Ready[]; errors: RowError[] }> {
  const { positions, missing } = readHeader(sheet.header);
  if (missing.length) throw new ServiceError(400, missingColumnsMessage(missing), "file");
  const places = await accountPlaces(db, accountId);
  const firstRowOf = new Map<string, number>();
  const ready: Ready[] = [];
  const errors: RowError[] = [];
  for (const [index, sheetRow] of sheet.rows.entries()) {
    if (index % ROWS_PER_TURN === ROWS_PER_TURN - 1) await nextTurn();
    const outcome = checkRow(sheetRow, positions);
    const refuse = (error: string) => errors.push({ row: outcome.row, trailer_number: outcome.trailerNumber, error });
    if ("error" in outcome) {
      refuse(outcome.error);
      continue;
    }
    const value: UploadRow = outcome.value;
    const location = resolveLocation(places, value.trailer_location);
    if (!location) {
      refuse(TRAILER_MESSAGES.locationUnknown);
      continue;
    }
    if (firstRowOf.has(value.trailer_number)) {
      refuse(duplicateInFileMessage(value.trailer_number));
      continue;
    }
    firstRowOf.set(value.trailer_number, outcome.row);
    ready.push({ row: outcome.row, trailerNumber: value.trailer_number, fields: applyTrailerRules(value, location) });
  }
  return { ready, errors };
}

/** The numbers among `ready` that the account already has (one query, however many rows). */
async function takenNumbers(db: Queryable, accountId: number, ready: readonly Ready[]): Promise<Set<string>> {
  if (!ready.length) return new Set();
  const numbers = ready.map((entry) => entry.trailerNumber);
  const rows = await db
    .select({ number: trailers.trailerNumber })
    .from(trailers)
    .where(and(eq(trailers.accountId, accountId), sql`${trailers.trailerNumber} = any(${sql.param(numbers)}::text[])`));
  return new Set(rows.map((row) => row.number));
}

const TRAILER_COLUMNS = getTableColumns(trailers);

/**
 * One statement for a batch: the trailers from one array per column (`unnest`, in the file's
 * order), and with them their first location history entries.
 */
function insertBatch(accountId: number, alphaCode: string | null, batch: readonly Ready[]) {
  const keys = Object.keys(batch[0].fields) as (keyof Ready["fields"])[];
  const columns = keys.map((key) => TRAILER_COLUMNS[key]);
  const names = columns.map((column) => sql.identifier(column.name));
  const arrays = columns.map((column, index) => {
    const values = batch.map((entry) => {
      const value = entry.fields[keys[index]];
      return value === null ? null : column.mapToDriverValue(value);
    });
    return sql`${sql.param(values)}::${sql.raw(column.getSQLType())}[]`;
  });
  const fromArrays = names.map((_, index) => sql.identifier(`c${index}`));
  return sql`
    with added as (
      insert into ${trailers} (account_id, ${sql.join(names, sql`, `)})
      select ${accountId}::integer, ${sql.join(fromArrays, sql`, `)}
      from unnest(${sql.join(arrays, sql`, `)}) with ordinality as batch(${sql.join(fromArrays, sql`, `)}, file_order)
      order by file_order
      returning id, trailer_location
    )
    insert into ${trailerLocationHistory} (trailer_id, account_id, location, user_alpha_code)
    select id, ${accountId}::integer, trailer_location, ${alphaCode}::text from added order by id`;
}

/** Splits off the rows whose number the account already has, as row errors. */
function withoutTaken(ready: readonly Ready[], taken: ReadonlySet<string>, errors: RowError[]): Ready[] {
  return ready.filter((entry) => {
    if (!taken.has(entry.trailerNumber)) return true;
    errors.push({ row: entry.row, trailer_number: entry.trailerNumber, error: alreadyExistsMessage(entry.trailerNumber) });
    return false;
  });
}

/** Who may upload: admins and super managers (the roles that add trailers). Checked before the file is read. */
export function requireUploader(ctx: ServiceContext): void {
  if (!canEditAssets(ctx.actor.user)) throw new ServiceError(403, UPLOAD_MESSAGES.denied);
}

/**
 * Bulk Upload Trailers (`/trailers/bulk-upload`, `POST /api/trailers/bulk-upload`): admins and
 * super managers. Every valid row is added in one transaction, each trailer with its first
 * location history entry and its audit row (the uploader as actor), in multi-row inserts; one live
 * event tells the account. Rows that break a rule are reported with their spreadsheet row number
 * and leave the others alone; a failure while saving adds nothing. Uploads into one account take
 * turns (an advisory lock), so the same file sent twice at once adds its trailers once.
 * `dryRun` checks everything and adds nothing.
 */
export async function uploadTrailers(
  ctx: ServiceContext,
  request: { accountId?: unknown; file: UploadedFile | null; dryRun: boolean },
): Promise<UploadOutcome> {
  requireUploader(ctx);
  const accountId = await uploadAccount(ctx, request.accountId);
  const sheet = await readUpload(request.file);
  const { ready, errors } = await checkRows(ctx.db, accountId, sheet);

  let added: number;
  if (request.dryRun) {
    added = withoutTaken(ready, await takenNumbers(ctx.db, accountId, ready), errors).length;
  } else {
    added = await addTrailers(ctx, accountId, ready, errors);
  }
  errors.sort((a, b) => a.row - b.row);
  return {
    results: { total: sheet.rows.length, success: added, errors, dry_run: request.dryRun },
    rejectedCsv: errors.length ? await rejectedRowsCsv(sheet.header, sheet.rows, errors) : null,
  };
}

async function addTrailers(ctx: ServiceContext, accountId: number, ready: readonly Ready[], errors: RowError[]): Promise<number> {
  const alphaCode = ctx.actor.alphaCode;
  try {
    return await write(ctx, async (tx, effects) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('trailer-upload'), ${accountId})`);
      const fresh = withoutTaken(ready, await takenNumbers(tx, accountId, ready), errors);
      for (let start = 0; start < fresh.length; start += INSERT_BATCH) {
        await tx.execute(insertBatch(accountId, alphaCode, fresh.slice(start, start + INSERT_BATCH)));
      }
      if (fresh.length) effects.publish(accountId, { type: "trailers_added", account_id: accountId, count: fresh.length });
      return fresh.length;
    });
  } catch (error) {
    if (error instanceof ServiceError || isDatabaseUnavailable(error)) throw error;
    // A trailer added meanwhile by Add New Trailer (the unique index), or any other failure: nothing was added.
    if (isUniqueViolation(error)) throw new ServiceError(409, `${UPLOAD_MESSAGES.rolledBack} ${TRAILER_MESSAGES.numberTaken}.`);
    // One line: a failed multi-row insert's error carries its whole statement.
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
    console.error(`trailer upload rolled back: ${cause instanceof Error ? cause.message : String(cause)}`);
    throw new ServiceError(500, UPLOAD_MESSAGES.rolledBack);
  }
}

/** The template: the header and two rows that upload cleanly into any demo account (Road and Shop exist everywhere). */
export function templateCsv(): string {
  const rows = [
    [...UPLOAD_COLUMNS],
    ["TPL-1001", "Road", "ACME", "TPL1001", "MA", "dry_53", "FALSE", "", "FALSE", "", "FALSE", "FALSE", "", "FALSE"],
    ["TPL-1002", "Shop", "ACME", "TPL1002", "MA", "reefer_53", "TRUE", "LD-2002", "FALSE", "", "TRUE", "FALSE", "Door seal torn", "TRUE"],
  ];
  return toCsv(rows);
}

/** The rejected rows of a file, as they were, with an `error` column: ready to fix and upload again. */
export async function rejectedRowsCsv(header: readonly string[], rows: readonly SheetRow[], errors: readonly RowError[]): Promise<string> {
  const errorOf = new Map(errors.map((error) => [error.row, error.error]));
  const rejected = rows.filter((row) => errorOf.has(row.row));
  const parts = [toCsv([[...header, "error"]])];
  for (let start = 0; start < rejected.length; start += ROWS_PER_TURN) {
    if (start) await nextTurn();
    const batch = rejected.slice(start, start + ROWS_PER_TURN);
    parts.push(toCsv(batch.map((row) => [...header.map((_, index) => row.cells[index] ?? ""), errorOf.get(row.row)!])));
  }
  return parts.join("");
}
