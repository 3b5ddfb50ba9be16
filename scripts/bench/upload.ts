/**
 * Bulk upload benchmark: a 10,000-row CSV and a 10,000-row Excel file (.xlsx, compressed) uploaded
 * by a super manager through `POST /api/trailers/bulk-upload` into Acme Boston, which holds 5,000
 * trailers, served by the built Worker under wrangler dev. Each time is end to end: from sending
 * the request to the parsed answer. Every upload has trailer numbers of its own, so all its rows
 * are added; between uploads (not timed) its trailers are deleted again, so each one meets the
 * same 5,000. After two untimed rounds of warm-up (one upload of each format each; the Worker's
 * heap settles at its working size), `--runs` uploads of each format, alternating, give the median
 * and the slowest. The resident memory (RSS) of the app's workerd process is read before, during
 * (its peak) and after every upload. Prints PASS or FAIL: each format's median at most 3 s, and
 * workerd holding at most 64 MB more after the last upload than after the warm-ups. Exits 1 on FAIL.
 * Run: npm run build && npm run bench:upload [-- --runs=5]
 */
import { request as httpRequest } from "node:http";
import { utils, write as writeWorkbook } from "@e965/xlsx";
import { eq, sql } from "drizzle-orm";
import { toCsv } from "#app/lib/csv.server";
import { UPLOAD_COLUMNS } from "#app/domain/trailer-upload";
import { CSRF_HEADER } from "#app/lib/csrf.server";
import { openDatabase } from "#app/lib/db.server";
import { buildings, yards } from "#db/schema";
import { percentile, residentBytes, runBenchmark, signInForBench, startBenchServer } from "./server";

const PORT = 8793;
const PG_PORT = 54353;
const ROWS = 10_000;
const ACCOUNT_TRAILERS = 5_000;
const TARGET_MS = 3_000;
const MEMORY_GROWTH_LIMIT = 64 * 1024 * 1024;
/** Rounds of untimed uploads (one of each format) before the timed ones. */
const WARM_UPS = 2;
const RUNS = Number(process.argv.find((arg) => arg.startsWith("--runs="))?.split("=")[1] ?? 5);
/** The uploads' trailer numbers start with this; the demo data's start with the account's prefix (ACB), the filler's with BEN. */
const UPLOAD_PREFIX = "UPB";
const FORMATS = ["csv", "xlsx"] as const;
type Format = (typeof FORMATS)[number];

const server = startBenchServer({ port: PORT, pgPort: PG_PORT, dataDir: ".data/postgres-upload" });
const mb = (bytes: number | undefined) => (bytes === undefined ? "n/a" : `${(bytes / 1024 / 1024).toFixed(0)} MB`);
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** Runs `work` on a connection of its own to the benchmark's database. */
async function withDatabase<T>(work: (db: ReturnType<typeof openDatabase>["db"]) => Promise<T>): Promise<T> {
  const { db, close } = openDatabase({ DATABASE_URL: server.databaseUrl });
  try {
    return await work(db);
  } finally {
    await close();
  }
}

/** Every location of the account: Road, Shop, its yards and each door. */
async function locationsOf(accountId: number): Promise<string[]> {
  return withDatabase(async (db) => [
    "Road",
    "Shop",
    ...(await db.select({ name: yards.name }).from(yards).where(eq(yards.accountId, accountId))).map((yard) => yard.name),
    ...(await db.select().from(buildings).where(eq(buildings.accountId, accountId))).flatMap((building) =>
      Array.from({ length: building.buildingDoorNumber }, (_, door) => `${building.buildingName}-${door + 1}`),
    ),
  ]);
}

/** The account filled up to ACCOUNT_TRAILERS trailers, each with its open history entry, straight in SQL. */
async function fillAccount(accountId: number, locations: readonly string[]): Promise<number> {
  return withDatabase(async (db) => {
    await db.execute(sql`
      with added as (
        insert into trailers (account_id, company_owner, trailer_number, trailer_location, type, license_state, license_plate)
        select ${accountId}, 'ACME', 'BEN' || lpad(n::text, 5, '0'), (${sql.param(locations)}::text[])[1 + n % ${locations.length}],
               'dry_53', 'MA', 'BEN' || n
        from generate_series(1, ${ACCOUNT_TRAILERS} - (select count(*) from trailers where account_id = ${accountId})) as n
        returning id, trailer_location
      )
      insert into trailer_location_history (trailer_id, account_id, location) select id, ${accountId}, trailer_location from added`);
    await db.execute(sql`vacuum analyze trailers, trailer_location_history`);
    const counted = await db.execute<{ n: number }>(sql`select count(*)::int as n from trailers where account_id = ${accountId}`);
    return counted.rows[0].n;
  });
}

/** Deletes what the uploads added (their history goes with them), so the next upload meets the same account. */
async function removeUploaded(accountId: number) {
  await withDatabase(async (db) => {
    await db.execute(sql`delete from trailers where account_id = ${accountId} and trailer_number like ${`${UPLOAD_PREFIX}%`}`);
    await db.execute(sql`vacuum analyze trailers, trailer_location_history`);
  });
}

/** The rows of one upload: every column of the template, numbers of its own, a mix of places, loads, trays and tags. */
function uploadRows(tag: string, locations: readonly string[]): string[][] {
  const owners = ["ACME", "SCHNEIDER", "J.B. HUNT", "WERNER"];
  const types = ["dry_53", "reefer_53", "liftgate_53", "dry_48"];
  return Array.from({ length: ROWS }, (_, i) => {
    const loaded = i % 3 === 0;
    const tray = !loaded && i % 7 === 1;
    const tagged = i % 11 === 0;
    return [
      `${UPLOAD_PREFIX}${tag}-${String(i + 1).padStart(5, "0")}`,
      locations[i % locations.length],
      owners[i % owners.length],
      `P${tag}${i}`,
      "MA",
      types[i % types.length],
      loaded ? "TRUE" : "FALSE",
      loaded ? `LD-${i}` : "",
      tray ? "yes" : "no",
      tray ? String((i % 20) + 1) : "",
      tagged ? "y" : "n",
      "FALSE",
      tagged ? "Door seal torn" : "",
      "0",
    ];
  });
}

function uploadFile(format: Format, tag: string, locations: readonly string[]): { name: string; bytes: Uint8Array } {
  const rows = [[...UPLOAD_COLUMNS], ...uploadRows(tag, locations)];
  if (format === "csv") return { name: `fleet-${tag}.csv`, bytes: new TextEncoder().encode(toCsv(rows)) };
  const book = utils.book_new();
  utils.book_append_sheet(book, utils.aoa_to_sheet(rows), "Trailers");
  const bytes = new Uint8Array(writeWorkbook(book, { type: "array", bookType: "xlsx", compression: true }) as ArrayBuffer);
  return { name: `fleet-${tag}.xlsx`, bytes };
}

/**
 * A POST on a connection of its own, closed afterwards: a kept-alive connection that the server
 * closes while the next upload starts on it would fail that upload.
 */
function post(url: string, body: Buffer, headers: Record<string, string>): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      url,
      { method: "POST", agent: false, headers: { ...headers, "Content-Length": String(body.length) } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString("utf8") }));
        response.on("error", reject);
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

interface Upload {
  format: Format;
  ms: number;
  added: number;
  bytes: number;
  rssAfter: number | undefined;
  rssPeak: number | undefined;
}

/** One upload, timed from sending the request to the parsed answer, with workerd's memory sampled every 20 ms meanwhile. */
async function upload(
  format: Format,
  tag: string,
  locations: readonly string[],
  caller: { cookie: string; csrf: string },
  rss: () => number | undefined,
): Promise<Upload> {
  const file = uploadFile(format, tag, locations);
  const form = new FormData();
  form.append("file", new Blob([file.bytes as Uint8Array<ArrayBuffer>]), file.name);
  const multipart = new Request(server.base, { method: "POST", body: form });
  const body = Buffer.from(await multipart.arrayBuffer());
  let peak = rss();
  const sampler = setInterval(() => {
    const now = rss();
    if (now !== undefined && (peak === undefined || now > peak)) peak = now;
  }, 20);
  const sent = performance.now();
  let response: { status: number; text: string };
  try {
    response = await post(`${server.base}/api/trailers/bulk-upload`, body, {
      Cookie: caller.cookie,
      [CSRF_HEADER]: caller.csrf,
      "Content-Type": multipart.headers.get("Content-Type")!,
    });
  } finally {
    clearInterval(sampler);
  }
  const answer = JSON.parse(response.text) as { success: boolean; results: { success: number; errors: unknown[] } | null };
  const ms = performance.now() - sent;
  if (!answer.success || answer.results?.success !== ROWS || answer.results.errors.length) {
    throw new Error(`${format} upload ${tag} answered ${response.status}: ${response.text.slice(0, 300)}`);
  }
  return { format, ms, added: answer.results.success, bytes: file.bytes.byteLength, rssAfter: rss(), rssPeak: peak };
}

/** Prints the table of figures; answers each format's median. */
function report(uploads: readonly Upload[]): Map<Format, number> {
  console.log(
    `\n${ROWS.toLocaleString("en-US")} rows per file into an account of ${ACCOUNT_TRAILERS.toLocaleString("en-US")} trailers, one upload at a time`,
  );
  console.log("format  runs  median    slowest   rows added  file      workerd RSS after (min–max)  peak");
  const medians = new Map<Format, number>();
  for (const format of FORMATS) {
    const mine = uploads.filter((entry) => entry.format === format);
    const times = mine.map((entry) => entry.ms).sort((a, b) => a - b);
    const after = mine.map((entry) => entry.rssAfter ?? 0);
    const median = percentile(times, 50);
    console.log(
      [
        format.padEnd(6),
        String(mine.length).padEnd(4),
        seconds(median).padEnd(8),
        seconds(times.at(-1)!).padEnd(8),
        String(Math.min(...mine.map((entry) => entry.added))).padEnd(10),
        `${(mine[0].bytes / 1024).toFixed(0)} KiB`.padEnd(8),
        `${mb(Math.min(...after))}–${mb(Math.max(...after))}`.padEnd(27),
        mb(Math.max(...mine.map((entry) => entry.rssPeak ?? 0))),
      ].join("  "),
    );
    medians.set(format, median);
  }
  return medians;
}

await runBenchmark(server, async () => {
  const started = Date.now();
  await server.ready;
  const caller = await withDatabase((db) => signInForBench(server.base, db, "super@acme.test"));
  const accountId = caller.user.accountId!;
  const locations = await locationsOf(accountId);
  const trailers = await fillAccount(accountId, locations);
  const workerd = server.workerdPid();
  const rss = () => (workerd === undefined ? undefined : residentBytes(workerd));
  console.log(
    `ready in ${((Date.now() - started) / 1000).toFixed(1)} s: Acme Boston has ${trailers} trailers; workerd pid ${workerd ?? "not found"}`,
  );

  const rssBefore = rss();
  console.log(`workerd RSS before the first upload: ${mb(rssBefore)}`);
  const uploads: Upload[] = [];
  let rssAfterWarmUp: number | undefined;
  for (let run = 1 - WARM_UPS; run <= RUNS; run++) {
    for (const format of FORMATS) {
      const tag = `${run > 0 ? run : `W${run + WARM_UPS}`}${format[0].toUpperCase()}`;
      const done = await upload(format, tag, locations, caller, rss);
      console.log(
        `${run > 0 ? `run ${run}`.padEnd(7) : "warm-up"} ${format.padEnd(4)} ${(done.bytes / 1024).toFixed(0).padStart(4)} KiB  ${seconds(done.ms)}  ` +
          `${done.added} added  workerd RSS after ${mb(done.rssAfter)} (peak ${mb(done.rssPeak)})`,
      );
      if (run > 0) uploads.push(done);
      else rssAfterWarmUp = done.rssAfter;
      await removeUploaded(accountId);
    }
  }
  const rssEnd = rss();

  const medians = report(uploads);
  const fast = [...medians.values()].every((median) => median <= TARGET_MS);
  const growth = rssEnd !== undefined && rssAfterWarmUp !== undefined ? rssEnd - rssAfterWarmUp : undefined;
  const steady = growth !== undefined && growth <= MEMORY_GROWTH_LIMIT;
  console.log(
    `workerd RSS: before ${mb(rssBefore)}, after the warm-ups ${mb(rssAfterWarmUp)}, after ${uploads.length} more uploads ${mb(rssEnd)} ` +
      `(${growth === undefined ? "not measured" : `${growth < 0 ? "−" : "+"}${mb(Math.abs(growth))}`}; at most +${mb(MEMORY_GROWTH_LIMIT)})`,
  );
  const figures = [...medians].map(([format, median]) => `${format} median ${seconds(median)}`);
  console.log(
    `${fast && steady ? "PASS" : "FAIL"}: ${figures.join(", ")} (target ≤ ${seconds(TARGET_MS)} each: ${fast ? "met" : "missed"}); ` +
      `memory ${growth === undefined ? "not measured" : steady ? "steady" : "grows"}`,
  );
  return fast && steady;
});
