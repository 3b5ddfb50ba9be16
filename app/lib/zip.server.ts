/**
 * Unpacking a zip (an `.xlsx`) within a byte budget. The sizes a zip declares may lie, so every
 * entry is inflated here, counting what comes out and stopping as soon as the budget is spent: a
 * zip bomb costs at most the budget. The result is the same zip with its entries stored
 * uncompressed, which the spreadsheet reader then opens without inflating anything itself.
 */
export class UnpackedTooLarge extends Error {}
export class NotAZip extends Error {}

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
/** Entries a workbook has are a few dozen; more is not a spreadsheet. */
const MAX_ENTRIES = 10_000;

export function isZip(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(0, true) === LOCAL_HEADER;
}

interface Entry {
  name: Uint8Array;
  method: number;
  compressedSize: number;
  localOffset: number;
}

function centralDirectory(bytes: Uint8Array): Entry[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
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
  const entries: Entry[] = [];
  for (let at = view.getUint32(end + 16, true), n = 0; n < count; n++) {
    if (at + 46 > bytes.length || view.getUint32(at, true) !== CENTRAL_HEADER) throw new NotAZip("broken central directory");
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    entries.push({
      method: view.getUint16(at + 10, true),
      compressedSize: view.getUint32(at + 20, true),
      name: bytes.subarray(at + 46, at + 46 + nameLength),
      localOffset: view.getUint32(at + 42, true),
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** The compressed bytes of an entry, found through its local header. */
function entryData(bytes: Uint8Array, entry: Entry): Uint8Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const at = entry.localOffset;
  if (at + 30 > bytes.length || view.getUint32(at, true) !== LOCAL_HEADER) throw new NotAZip("broken local header");
  const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
  if (start + entry.compressedSize > bytes.length) throw new NotAZip("entry past the end");
  return bytes.subarray(start, start + entry.compressedSize);
}

/** Inflates raw deflate data, refusing once more than `budget` bytes have come out. */
async function inflateWithin(data: Uint8Array, budget: number): Promise<Uint8Array> {
  const reader = new Blob([data as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new DecompressionStream("deflate-raw")).getReader();
  const chunks: Uint8Array[] = [];
  let length = 0;
  for (;;) {
    let next: ReadableStreamReadResult<Uint8Array>;
    try {
      next = await reader.read();
    } catch {
      throw new NotAZip("broken deflate data");
    }
    if (next.done) break;
    length += next.value.byteLength;
    if (length > budget) {
      await reader.cancel().catch(() => undefined);
      throw new UnpackedTooLarge();
    }
    chunks.push(next.value);
  }
  return concat(chunks, length);
}

function concat(chunks: readonly Uint8Array[], length: number): Uint8Array {
  const out = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

/**
 * The zip with every entry inflated (at most `budget` bytes in all) and stored uncompressed.
 * Throws UnpackedTooLarge past the budget, NotAZip when the bytes are not a readable zip.
 */
export async function unpackedZip(bytes: Uint8Array, budget: number): Promise<Uint8Array> {
  const entries = centralDirectory(bytes);
  const parts: Uint8Array[] = [];
  const central: Uint8Array[] = [];
  let offset = 0;
  let spent = 0;
  for (const entry of entries) {
    const data = entryData(bytes, entry);
    let content: Uint8Array;
    if (entry.method === 0) content = data;
    else if (entry.method === 8) content = await inflateWithin(data, budget - spent);
    else throw new NotAZip(`compression method ${entry.method}`);
    spent += content.byteLength;
    if (spent > budget) throw new UnpackedTooLarge();
    // Stored entries; the CRC is left 0: this zip never leaves the process, and its reader does not check it.
    const local = new Uint8Array(30 + entry.name.length);
    const lv = new DataView(local.buffer);
    lv.setUint32(0, LOCAL_HEADER, true);
    lv.setUint16(4, 20, true);
    lv.setUint32(18, content.byteLength, true);
    lv.setUint32(22, content.byteLength, true);
    lv.setUint16(26, entry.name.length, true);
    local.set(entry.name, 30);
    const record = new Uint8Array(46 + entry.name.length);
    const cv = new DataView(record.buffer);
    cv.setUint32(0, CENTRAL_HEADER, true);
    cv.setUint16(4, 20, true);
    cv.setUint16(6, 20, true);
    cv.setUint32(20, content.byteLength, true);
    cv.setUint32(24, content.byteLength, true);
    cv.setUint16(28, entry.name.length, true);
    cv.setUint32(42, offset, true);
    record.set(entry.name, 46);
    parts.push(local, content);
    central.push(record);
    offset += local.byteLength + content.byteLength;
  }
  const centralLength = central.reduce((sum, record) => sum + record.byteLength, 0);
  const end = new Uint8Array(22);
  const ev = new DataView(end.buffer);
  ev.setUint32(0, END_OF_CENTRAL_DIRECTORY, true);
  ev.setUint16(8, entries.length, true);
  ev.setUint16(10, entries.length, true);
  ev.setUint32(12, centralLength, true);
  ev.setUint32(16, offset, true);
  return concat([...parts, ...central, end], offset + centralLength + 22);
}
