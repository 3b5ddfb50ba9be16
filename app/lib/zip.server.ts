import { Inflate } from "fflate";

/**
 * Reading the entries of a zip (an `.xlsx`) within a byte budget. The sizes a zip declares may
 * lie, so an entry is inflated a little at a time with fflate's streaming inflater,
 * counting what comes out and stopping the moment the budget is spent: a zip bomb costs at most
 * the budget, and no step inflates more than about a megabyte at once; an entry that says it is
 * larger than the budget is refused before any of it is inflated. Only the entries a reader
 * asks for are inflated; the rest of the file costs nothing.
 */
export class UnpackedTooLarge extends Error {}
export class NotAZip extends Error {}

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
/** Entries a workbook has are a few dozen; more is not a spreadsheet. */
const MAX_ENTRIES = 10_000;
/**
 * Compressed bytes handed to the inflater at a time. Deflate expands at most about 1,032 times, so
 * one slice inflates to at most about a megabyte before the budget is checked again.
 */
const INPUT_SLICE_BYTES = 1024;

export function isZip(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && viewOf(bytes).getUint32(0, true) === LOCAL_HEADER;
}

function viewOf(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

export interface ZipEntry {
  method: number;
  compressedSize: number;
  /** What the zip says the entry unpacks to: believed only when it is too much. */
  declaredSize: number;
  localOffset: number;
}

/** What the entries of one file may unpack to, all together. */
export class UnpackBudget {
  constructor(private remaining: number) {}

  /** Refuses at once an entry that says it is larger than what is left. */
  expect(bytes: number): void {
    if (bytes > this.remaining) throw new UnpackedTooLarge();
  }

  spend(bytes: number): void {
    this.remaining -= bytes;
    if (this.remaining < 0) throw new UnpackedTooLarge();
  }
}

/**
 * The zip's entries by name, lower case (the part names of an Office file are case-insensitive),
 * from its central directory. Throws NotAZip when the bytes are not a readable zip.
 */
export function zipEntries(bytes: Uint8Array): Map<string, ZipEntry> {
  const view = viewOf(bytes);
  // The end record is within the last 64 KiB + 22 bytes (its comment is at most 64 KiB).
  let end = -1;
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 0xffff); at--) {
    if (view.getUint32(at, true) === END_OF_CENTRAL_DIRECTORY) {
      end = at;
      break;
    }
  }
  if (end < 0) throw new NotAZip("no end of central directory");
  const count = view.getUint16(end + 10, true);
  if (count > MAX_ENTRIES) throw new NotAZip("too many entries");
  const names = new TextDecoder("utf-8");
  const entries = new Map<string, ZipEntry>();
  for (let at = view.getUint32(end + 16, true), n = 0; n < count; n++) {
    if (at + 46 > bytes.length || view.getUint32(at, true) !== CENTRAL_HEADER) throw new NotAZip("broken central directory");
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    const name = names.decode(bytes.subarray(at + 46, at + 46 + nameLength)).toLowerCase();
    if (!entries.has(name)) {
      entries.set(name, {
        method: view.getUint16(at + 10, true),
        compressedSize: view.getUint32(at + 20, true),
        declaredSize: view.getUint32(at + 24, true),
        localOffset: view.getUint32(at + 42, true),
      });
    }
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** The compressed bytes of an entry, found through its local header. */
function entryData(bytes: Uint8Array, entry: ZipEntry): Uint8Array {
  const view = viewOf(bytes);
  const at = entry.localOffset;
  if (at + 30 > bytes.length || view.getUint32(at, true) !== LOCAL_HEADER) throw new NotAZip("broken local header");
  const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
  if (start + entry.compressedSize > bytes.length) throw new NotAZip("entry past the end");
  return bytes.subarray(start, start + entry.compressedSize);
}

/**
 * An entry's content, a chunk at a time, each counted against `budget` before it is handed on.
 * Throws UnpackedTooLarge past the budget, NotAZip when the entry cannot be read.
 */
export async function* entryChunks(bytes: Uint8Array, entry: ZipEntry, budget: UnpackBudget): AsyncGenerator<Uint8Array> {
  budget.expect(entry.declaredSize);
  const data = entryData(bytes, entry);
  if (entry.method === 0) {
    for (let at = 0; at < data.length; at += 64 * 1024) {
      const chunk = data.subarray(at, at + 64 * 1024);
      budget.spend(chunk.byteLength);
      yield chunk;
    }
    return;
  }
  if (entry.method !== 8) throw new NotAZip(`compression method ${entry.method}`);
  const out: Uint8Array[] = [];
  const inflater = new Inflate((chunk) => {
    budget.spend(chunk.byteLength);
    out.push(chunk);
  });
  for (let at = 0; at < data.length; at += INPUT_SLICE_BYTES) {
    try {
      inflater.push(data.subarray(at, at + INPUT_SLICE_BYTES), at + INPUT_SLICE_BYTES >= data.length);
    } catch (error) {
      if (error instanceof UnpackedTooLarge) throw error;
      throw new NotAZip("broken deflate data");
    }
    yield* out.splice(0);
  }
}
