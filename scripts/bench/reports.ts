/**
 * Reports benchmark: the trailers report of Acme Boston, 5,100 trailers (the demo data at
 * --scale=34), read by its manager through the built Worker under wrangler dev, one request at a
 * time: the CSV (`GET /reports/trailers.csv`, every row, streamed from a cursor), the Excel
 * workbook (`.xlsx`, built whole), the print page (`GET /reports/trailers`, streamed) and, for
 * reference, a filtered CSV (`?status=red`). Two untimed requests of each, then `--runs` timed
 * ones (request sent → last byte received); every answer is checked: the CSV parsed with
 * csv-parse (5,101 records with the header, every trailer once), the workbook read back with
 * @e965/xlsx, the page's <tr> counted. Bodies are read as they arrive; only the workbook is kept
 * whole, to read it back. The resident memory (RSS) of the app's workerd process is sampled
 * before, during (its peak) and after every request.
 *
 * Memory while streaming: right after the CSV's runs, `--extra` more trailers (45,000 by default,
 * each with its open location history entry) are written into the account by SQL, the CSV of all
 * 50,100 is streamed `--big-runs` times, and workerd's peak RSS growth is compared with the
 * 5,100-row CSV's; the extra trailers are deleted again before the other reports are timed. Both
 * CSVs run before the workbook, whose build leaves workerd's heap much larger. Last, the same
 * reports built in this Node process straight from the database (no workerd, no HTTP), as a
 * reference for where the time goes. The timings depend on the machine's load: the load average
 * is printed with them.
 *
 * PASS: CSV median ≤ 1 s, XLSX median ≤ 2 s, and the 50,100-row CSV's highest peak RSS growth at
 * most 32 MB above the 5,100-row CSV's. Exits 1 on FAIL.
 * Run: npm run build && npm run bench:reports [-- --runs=5 --big-runs=5 --extra=45000]
 */
import { readFileSync } from "node:fs";
import { get as httpGet, type IncomingMessage } from "node:http";
import os from "node:os";
import { read as readWorkbook, utils } from "@e965/xlsx";
import { parse as csvParser } from "csv-parse";
import { sql } from "drizzle-orm";
import { DEFAULT_VIEW } from "#app/domain/dashboard";
import { REPORT_COLUMNS, reportHeader } from "#app/domain/reports";
import { openDatabase, type Database, type Transaction } from "#app/lib/db.server";
import { reportCsv, reportXlsx } from "#app/http/report-files.server";
import { actorOf, type ServiceContext } from "#app/services/context.server";
import { trailerQueryOf } from "#app/services/dashboard.server";
import { openReport } from "#app/services/reports.server";
import { readTrailerListing, trailerListing } from "#app/services/trailer-list.server";
import { percentile, residentBytes, runBenchmark, serverGroupsOf, signInForBench, startBenchServer, stopOutliving } from "./server";

const PORT = 8795;
const PG_PORT = 54345;
const option = (name: string, fallback: number) =>
  Number(process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split("=")[1] ?? fallback);
const RUNS = option("runs", 5);
const BIG_RUNS = option("big-runs", 5);
const EXTRA_TRAILERS = option("extra", 45_000);
const WARM_UPS = 2;
const NODE_RUNS = 3;
const ACCOUNT_TRAILERS = 5_100;
const CSV_TARGET_MS = 1_000;
const XLSX_TARGET_MS = 2_000;
/** How much more workerd may grow streaming the big CSV than streaming the 5,100-row one. */
const STREAM_GROWTH_SLACK = 32 * 1024 * 1024;
/** The extra trailers' numbers start with this; the demo data's start with the account's prefix (ACB). */
const EXTRA_PREFIX = "RPB";
/** The trailers report's headings as the Worker writes them for a request that names no time zone. */
const HEADERS = REPORT_COLUMNS.trailers.map((column) => reportHeader(column, "UTC"));

const server = startBenchServer({ port: PORT, pgPort: PG_PORT, dataDir: ".data/postgres-bench-reports", args: ["--scale=34"] });
/**
 * The process groups of the server, once workerd runs: wrangler's (start.ts starts it in one of its
 * own), then start.ts's (with Postgres).
 */
let serverGroups: number[] = [];

/** Stops the server, then whatever of it outlived it (see stopOutliving). */
async function stopServer(): Promise<void> {
  await server.stop();
  await stopOutliving(serverGroups);
}

// The server runs in process groups of its own, which Ctrl-C does not reach: stop it here.
for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => void stopServer().finally(() => process.exit(130)));

const mb = (bytes: number | undefined) => (bytes === undefined ? "n/a" : `${(bytes / 1024 / 1024).toFixed(0)} MB`);
const signedMb = (bytes: number | undefined) =>
  bytes === undefined ? "n/a" : `${bytes < 0 ? "−" : "+"}${(Math.abs(bytes) / 1024 / 1024).toFixed(0)} MB`;
const size = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${(bytes / 1024).toFixed(0)} KiB`);
const msText = (ms: number) => `${Math.round(ms).toLocaleString("en-US")} ms`;
const count = (n: number) => n.toLocaleString("en-US");
const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const median = (values: number[]) => percentile(sorted(values), 50);
const highest = (values: number[]) => sorted(values).at(-1) ?? 0;

/** Runs `work` on a connection of its own to the benchmark's database. */
async function withDatabase<T>(work: (db: Database) => Promise<T>): Promise<T> {
  const { db, close } = openDatabase({ DATABASE_URL: server.databaseUrl });
  try {
    return await work(db);
  } finally {
    await close();
  }
}

/**
 * The app's workerd process, looked up again before each request: wrangler dev may replace it
 * (it did once in ten runs here, on a machine with a load average of 11). Its memory and CPU
 * time are read from /proc.
 */
const workerd = {
  pid: undefined as number | undefined,
  restarts: 0,
  /** The process now, noting when it is a new one. */
  current(): number | undefined {
    const pid = server.workerdPid();
    if (pid !== undefined && this.pid !== undefined && pid !== this.pid) {
      this.restarts++;
      console.log(`workerd was replaced: pid ${this.pid} → ${pid}`);
    }
    this.pid = pid ?? this.pid;
    return pid;
  },
  rss(): number | undefined {
    const pid = this.current();
    return pid === undefined ? undefined : residentBytes(pid);
  },
};

/** CPU time (user + system) a process has used, in ms; Linux only, 10 ms resolution. */
function cpuMs(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // utime and stime are fields 14 and 15 of stat, counted from the state (field 3) here; clock ticks of 10 ms.
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

/** What reading a body found, checked against what it should hold. */
interface Content {
  rows: number;
  /** Why the content is wrong, or undefined when it is right. */
  problem?: string;
}

/** A reader of one body, chunk by chunk. */
interface BodyReader {
  write(chunk: Uint8Array): void;
  end(): Promise<Content>;
}

/** Parses a CSV as it arrives: the header, then `expected` rows of the report's columns, each trailer once, optionally all one status. */
function csvReader(expected: number, status?: string): BodyReader {
  const parser = csvParser({ bom: true });
  let header: string[] | undefined;
  let rows = 0;
  let wrongStatus = 0;
  const numbers = new Set<string>();
  parser.on("data", (record: string[]) => {
    if (!header) {
      header = record;
      return;
    }
    rows++;
    numbers.add(record[4]);
    if (status && record[5] !== status) wrongStatus++;
  });
  const finished = new Promise<void>((resolve, reject) => {
    parser.on("end", resolve);
    parser.on("error", reject);
  });
  return {
    write: (chunk) => void parser.write(chunk),
    async end() {
      parser.end();
      await finished;
      const problem =
        header?.join() !== HEADERS.join()
          ? `header ${JSON.stringify(header)}`
          : rows !== expected
            ? `${rows} rows, not ${expected}`
            : numbers.size !== rows
              ? `${rows - numbers.size} trailers twice`
              : wrongStatus
                ? `${wrongStatus} rows not "${status}"`
                : undefined;
      return { rows, problem };
    },
  };
}

/** Counts the print page's table rows (`<tr>`, the header's included) as it arrives; checks its footer. */
function pageReader(expected: number): BodyReader {
  const tag = "<tr>";
  const decoder = new TextDecoder();
  let carry = "";
  let found = 0;
  let tail = "";
  return {
    write(chunk) {
      const text = carry + decoder.decode(chunk, { stream: true });
      for (let at = text.indexOf(tag); at >= 0; at = text.indexOf(tag, at + tag.length)) found++;
      carry = text.slice(-(tag.length - 1));
      tail = (tail + text).slice(-4096);
    },
    end() {
      const rows = found - 1;
      const problem =
        rows !== expected
          ? `${rows} rows, not ${expected}`
          : !tail.includes(`<p>${count(expected)} rows</p>`) || !tail.trimEnd().endsWith("</html>")
            ? "no footer"
            : undefined;
      return Promise.resolve({ rows, problem });
    },
  };
}

/** Keeps the workbook whole and reads it back: one sheet, the header row and `expected` rows. */
function workbookReader(expected: number): BodyReader {
  const chunks: Uint8Array[] = [];
  return {
    write: (chunk) => void chunks.push(chunk),
    end() {
      const book = readWorkbook(Buffer.concat(chunks), { type: "buffer", dense: true });
      const sheet = book.Sheets[book.SheetNames[0]];
      const [header, ...body] = utils.sheet_to_json<unknown[]>(sheet, { header: 1, blankrows: false });
      const problem =
        header?.join() !== HEADERS.join()
          ? `header ${JSON.stringify(header)}`
          : body.length !== expected
            ? `${body.length} rows, not ${expected}`
            : undefined;
      return Promise.resolve({ rows: body.length, problem });
    },
  };
}

interface Reading {
  ms: number;
  firstByteMs: number;
  bytes: number;
  rows: number;
  workerdCpuMs: number | undefined;
  rssBefore: number | undefined;
  rssPeak: number | undefined;
  rssAfter: number | undefined;
}

/**
 * One GET on a connection of its own (a kept-alive one that the server closes as the next request
 * starts on it would fail that request), timed from sending it to the last byte, its body handed to `reader` as it arrives (and
 * checked afterwards, untimed), with workerd's RSS sampled every 10 ms meanwhile.
 */
async function get(path: string, cookie: string, reader: BodyReader): Promise<Reading> {
  const pid = workerd.current();
  const rss = () => (pid === undefined ? undefined : residentBytes(pid));
  const rssBefore = rss();
  let rssPeak = rssBefore;
  const sample = () => {
    const now = rss();
    if (now !== undefined && (rssPeak === undefined || now > rssPeak)) rssPeak = now;
  };
  const sampler = setInterval(sample, 10);
  const cpuBefore = cpuMs(pid);
  const sent = performance.now();
  let firstByteMs: number;
  let bytes = 0;
  try {
    const response = await new Promise<IncomingMessage>((resolve, reject) =>
      httpGet(server.base + path, { agent: false, headers: { Cookie: cookie } }, resolve).on("error", reject),
    );
    firstByteMs = performance.now() - sent;
    if (response.statusCode !== 200) {
      const text = (await response.toArray()).join("").slice(0, 300);
      throw new Error(`${path} answered ${response.statusCode}: ${text}`);
    }
    for await (const chunk of response as AsyncIterable<Buffer>) {
      bytes += chunk.byteLength;
      reader.write(chunk);
    }
  } finally {
    clearInterval(sampler);
  }
  const ms = performance.now() - sent;
  sample();
  const cpuAfter = cpuMs(pid);
  const rssAfter = rss();
  const content = await reader.end();
  if (content.problem) throw new Error(`${path}: ${content.problem}`);
  if (workerd.current() !== pid) {
    // Replaced while it answered: its figures are no one process's.
    return { ms, firstByteMs, bytes, rows: content.rows, workerdCpuMs: undefined, rssBefore, rssPeak: undefined, rssAfter: undefined };
  }
  const workerdCpuMs = cpuBefore !== undefined && cpuAfter !== undefined ? cpuAfter - cpuBefore : undefined;
  return { ms, firstByteMs, bytes, rows: content.rows, workerdCpuMs, rssBefore, rssPeak, rssAfter };
}

function describe(label: string, reading: Reading): string {
  const growth = reading.rssPeak !== undefined && reading.rssBefore !== undefined ? reading.rssPeak - reading.rssBefore : undefined;
  return (
    `${label.padEnd(22)} ${msText(reading.ms).padStart(9)} (first byte ${msText(reading.firstByteMs)})  ` +
    `${size(reading.bytes).padStart(8)}  ${count(reading.rows).padStart(6)} rows  workerd CPU ${reading.workerdCpuMs ?? "n/a"} ms, ` +
    `RSS ${mb(reading.rssBefore)} → peak ${mb(reading.rssPeak)} (${signedMb(growth)}) → ${mb(reading.rssAfter)}`
  );
}

const peakGrowth = (reading: Reading) =>
  reading.rssPeak !== undefined && reading.rssBefore !== undefined ? reading.rssPeak - reading.rssBefore : undefined;

interface Kind {
  name: string;
  path: string;
  reader: () => BodyReader;
  target?: number;
}

interface Timed {
  kind: Kind;
  readings: Reading[];
}

/** `WARM_UPS` untimed requests, then `RUNS` timed ones. */
async function timeKind(kind: Kind, cookie: string): Promise<Timed> {
  const readings: Reading[] = [];
  for (let run = 1 - WARM_UPS; run <= RUNS; run++) {
    const reading = await get(kind.path, cookie, kind.reader());
    console.log(describe(`${run > 0 ? `run ${run}` : "warm-up"} ${kind.name}`, reading));
    if (run > 0) readings.push(reading);
  }
  return { kind, readings };
}

/**
 * Runs the benchmark's own writes (the extra trailers, and removing them) in a transaction without
 * the app's statement timeout (10 s) and without triggers (`session_replication_role = replica`;
 * the bench database's user is its superuser): the audit triggers would write a log row for each
 * of the 45,000 trailers, which took 17–19 s for the insert and 20–50 s for the delete on this
 * 2-core machine, and nothing a report reads. Foreign key actions do not run either: a removal
 * deletes the history rows itself.
 */
async function untriggered<T>(db: Database, work: (tx: Transaction) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local statement_timeout = 0`);
    await tx.execute(sql`set local session_replication_role = replica`);
    return work(tx);
  });
}

/** `extra` more trailers in the account by SQL, each with its open location history entry, at the account's own locations. */
async function addTrailers(accountId: number, extra: number): Promise<number> {
  return withDatabase(async (db) => {
    await untriggered(db, (tx) =>
      tx.execute(sql`
      with places as (select array_agg(distinct trailer_location) as names from trailers where account_id = ${accountId}),
      added as (
        insert into trailers (account_id, company_owner, trailer_number, trailer_location, type, license_state, license_plate,
                              is_loaded, load_number, is_tray, tray_count, red_tagged, yellow_tagged, in_shop, tagged_description)
        select ${accountId}, (array['ACME', 'SCHNEIDER', 'J.B. HUNT', 'WERNER'])[1 + n % 4], ${EXTRA_PREFIX} || lpad(n::text, 6, '0'),
               names[1 + n % array_length(names, 1)], (array['dry_53', 'reefer_53', 'liftgate_53', 'dry_48'])[1 + n % 4], 'MA',
               ${EXTRA_PREFIX} || n, n % 3 = 0, case when n % 3 = 0 then 'LD' || n end, n % 3 = 1 and n % 2 = 0,
               case when n % 3 = 1 and n % 2 = 0 then 1 + n % 8 else 0 end, n % 11 = 0, n % 11 = 5,
               names[1 + n % array_length(names, 1)] = 'Shop',
               case when n % 11 = 0 then 'Brakes, left side' when n % 11 = 5 then 'Door seal torn' end
        from generate_series(1, ${extra}) as n, places
        returning id, trailer_location
      )
      insert into trailer_location_history (trailer_id, account_id, location, entry_time)
      select id, ${accountId}, trailer_location, now() - (id % 97) * interval '1 hour' from added`),
    );
    await db.execute(sql`vacuum analyze trailers, trailer_location_history`);
    return trailerCount(db, accountId);
  });
}

async function removeAddedTrailers(accountId: number): Promise<number> {
  return withDatabase(async (db) => {
    const added = sql`select id from trailers where account_id = ${accountId} and trailer_number like ${`${EXTRA_PREFIX}%`}`;
    await untriggered(db, async (tx) => {
      await tx.execute(sql`delete from trailer_location_history where trailer_id in (${added})`);
      await tx.execute(sql`delete from trailers where id in (${added})`);
    });
    await db.execute(sql`vacuum analyze trailers, trailer_location_history`);
    return trailerCount(db, accountId);
  });
}

async function trailerCount(db: Database, accountId: number, where = sql`true`): Promise<number> {
  const counted = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from trailers where account_id = ${accountId} and ${where}`,
  );
  return counted.rows[0].n;
}

/** The same reports built in this process straight from the database: the cursor alone, the CSV, the workbook. */
async function nodeReference(user: Parameters<typeof actorOf>[0]): Promise<Map<string, number>> {
  return withDatabase(async (db) => {
    const ctx: ServiceContext = { db, actor: actorOf(user), events: { send() {} } };
    const query = { type: "trailers", view: DEFAULT_VIEW } as const;
    const open = (output: "csv" | "xlsx") => openReport(ctx, { query, output, timeZone: "America/New_York" });
    const jobs: [string, () => Promise<number>][] = [
      [
        "cursor only",
        async () => {
          let rows = 0;
          for await (const batch of readTrailerListing(db, await trailerListing(ctx, trailerQueryOf(user.accountId!, DEFAULT_VIEW))))
            rows += batch.length;
          return rows;
        },
      ],
      [
        "CSV",
        async () => {
          let bytes = 0;
          const stream = reportCsv(await open("csv")).getReader();
          for (let next = await stream.read(); !next.done; next = await stream.read()) bytes += next.value.byteLength;
          return bytes;
        },
      ],
      ["XLSX", async () => (await reportXlsx(await open("xlsx"))).byteLength],
    ];
    const medians = new Map<string, number>();
    for (const [name, job] of jobs) {
      const times: number[] = [];
      let result = 0;
      for (let run = 1 - WARM_UPS; run <= NODE_RUNS; run++) {
        const started = performance.now();
        result = await job();
        if (run > 0) times.push(performance.now() - started);
      }
      medians.set(name, median(times));
      console.log(`in Node, ${name.padEnd(11)} median ${msText(median(times)).padStart(8)} of ${NODE_RUNS} (${count(result)})`);
    }
    return medians;
  });
}

/** Prints a Markdown table, its columns padded to their widest cell (numbers right-aligned). */
function printTable(header: string[], rows: string[][]) {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column].length)));
  const numeric = header.map((_, column) => column > 0 && rows.every((row) => /^[−+]?[\d.,]+ ?[a-zA-Z]*$|^n\/a$/.test(row[column])));
  const line = (cells: string[]) =>
    `| ${cells.map((cell, column) => (numeric[column] ? cell.padStart(widths[column]) : cell.padEnd(widths[column]))).join(" | ")} |`;
  console.log(line(header));
  console.log(`| ${widths.map((width, column) => (numeric[column] ? `${"-".repeat(width - 1)}:` : "-".repeat(width))).join(" | ")} |`);
  for (const row of rows) console.log(line(row));
}

const loadAverage = (load: number[]) => load.map((value) => value.toFixed(1)).join(" ");

await runBenchmark({ stop: stopServer }, async () => {
  const started = Date.now();
  const loadAtStart = os.loadavg();
  await server.ready;
  const { user, cookie } = await withDatabase((db) => signInForBench(server.base, db, "manager@acme.test"));
  const accountId = user.accountId!;
  const [trailers, red] = await withDatabase(async (db) =>
    Promise.all([trailerCount(db, accountId), trailerCount(db, accountId, sql`red_tagged`)]),
  );
  if (trailers !== ACCOUNT_TRAILERS) throw new Error(`Acme Boston has ${trailers} trailers, not ${ACCOUNT_TRAILERS}`);
  const rss = () => workerd.rss();
  serverGroups = serverGroupsOf(workerd.current());
  console.log(
    `ready in ${((Date.now() - started) / 1000).toFixed(1)} s: Acme Boston has ${count(trailers)} trailers (${red} red tagged); ` +
      `workerd pid ${workerd.current() ?? "not found"}`,
  );
  const rssIdle = rss();
  console.log(`workerd RSS before the first report: ${mb(rssIdle)}\n`);

  const csv: Kind = { name: "CSV", path: "/reports/trailers.csv", reader: () => csvReader(trailers), target: CSV_TARGET_MS };
  const timedCsv = await timeKind(csv, cookie);
  const rssAfterCsv = rss();

  // The CSV of ten times the rows, streamed: workerd should hold about as much as for 5,100.
  const addStarted = performance.now();
  const bigCount = await addTrailers(accountId, EXTRA_TRAILERS);
  console.log(
    `\nadded ${count(EXTRA_TRAILERS)} trailers with their history by SQL in ${msText(performance.now() - addStarted)}: ` +
      `Acme Boston has ${count(bigCount)}; RSS now ${mb(rss())}`,
  );
  const bigReadings: Reading[] = [];
  for (let run = 1; run <= BIG_RUNS; run++) {
    const reading = await get("/reports/trailers.csv", cookie, csvReader(bigCount));
    bigReadings.push(reading);
    console.log(describe(`big CSV ${run}`, reading));
  }
  const removeStarted = performance.now();
  const removed = await removeAddedTrailers(accountId);
  if (removed !== trailers) throw new Error(`${removed} trailers left after removing the extra ones, not ${trailers}`);
  console.log(`removed them again in ${msText(performance.now() - removeStarted)}: ${count(removed)} trailers; RSS now ${mb(rss())}\n`);

  const others: Kind[] = [
    { name: "CSV status=red", path: "/reports/trailers.csv?status=red", reader: () => csvReader(red, "Red Tagged") },
    { name: "print page", path: "/reports/trailers", reader: () => pageReader(trailers) },
    { name: "XLSX", path: "/reports/trailers.xlsx", reader: () => workbookReader(trailers), target: XLSX_TARGET_MS },
  ];
  const timed = [timedCsv];
  for (const kind of others) timed.push(await timeKind(kind, cookie));
  const rssEnd = rss();
  console.log();
  const inNode = await nodeReference(user);

  // The figures.
  const smallGrowth = timedCsv.readings.map(peakGrowth).filter((growth) => growth !== undefined);
  const bigGrowth = bigReadings.map(peakGrowth).filter((growth) => growth !== undefined);
  // At least three requests of each size measured in one process (all of them, unless workerd was replaced).
  const measured = smallGrowth.length >= Math.min(3, RUNS) && bigGrowth.length >= Math.min(3, BIG_RUNS);
  const flat = measured && highest(bigGrowth) <= highest(smallGrowth) + STREAM_GROWTH_SLACK;
  const verdicts = new Map<string, boolean>();
  const rows = [
    ...timed,
    { kind: { name: `CSV, ${count(bigReadings[0]?.rows ?? 0)} rows`, path: "", reader: csv.reader }, readings: bigReadings },
  ].map(({ kind, readings }) => {
    const times = readings.map((reading) => reading.ms);
    const cpu = readings.map((reading) => reading.workerdCpuMs).filter((ms) => ms !== undefined);
    const growth = readings.map(peakGrowth).filter((bytes) => bytes !== undefined);
    if (kind.target !== undefined) verdicts.set(kind.name, median(times) <= kind.target);
    return [
      `trailers ${kind.name}`,
      count(readings[0]?.rows ?? 0),
      size(readings[0]?.bytes ?? 0),
      msText(median(times)),
      msText(percentile(sorted(times), 95)),
      msText(median(readings.map((reading) => reading.firstByteMs))),
      cpu.length ? msText(median(cpu)) : "n/a",
      growth.length ? signedMb(highest(growth)) : "n/a",
      kind.target === undefined ? "" : `≤ ${msText(kind.target)}: ${verdicts.get(kind.name) ? "PASS" : "FAIL"}`,
    ];
  });
  const fast = [...verdicts.values()].every(Boolean);
  console.log(
    `\nAcme Boston, ${count(trailers)} trailers, as its manager, through workerd, one request at a time: ${RUNS} timed runs ` +
      `(${BIG_RUNS} of the ${count(bigReadings[0]?.rows ?? 0)}-row CSV) after ${WARM_UPS} untimed; load average ${loadAverage(loadAtStart)} at the start, ${loadAverage(os.loadavg())} at the end`,
  );
  printTable(
    ["report", "rows", "size", "median", `p95 (max of ${RUNS})`, "first byte", "workerd CPU", "workerd RSS peak growth (max)", "target"],
    rows,
  );
  console.log(
    `workerd RSS: ${mb(rssIdle)} before the first report, ${mb(rssAfterCsv)} after the ${count(trailers)}-row CSVs, ${mb(rssEnd)} at the end. ` +
      `Peak growth while streaming the CSV: ${count(trailers)} rows ${signedMb(median(smallGrowth))} median, ${signedMb(highest(smallGrowth))} max; ` +
      `${count(bigReadings[0]?.rows ?? 0)} rows ${signedMb(median(bigGrowth))} median, ${signedMb(highest(bigGrowth))} max ` +
      `(${flat ? "flat" : measured ? "grows with the rows" : "not measured"}: at most ${signedMb(STREAM_GROWTH_SLACK)} over the smaller one's max)`,
  );
  console.log(
    `In Node straight from the database (no workerd, no HTTP), medians of ${NODE_RUNS}: cursor only ${msText(inNode.get("cursor only") ?? 0)}, ` +
      `CSV ${msText(inNode.get("CSV") ?? 0)}, XLSX ${msText(inNode.get("XLSX") ?? 0)}`,
  );
  if (workerd.restarts) {
    console.log(
      `wrangler dev replaced workerd ${workerd.restarts} time(s) during the run: the request that met it waited for the new process, ` +
        "and its memory and CPU are left out",
    );
  }
  const medianOf = (name: string) =>
    msText(median(timed.find((entry) => entry.kind.name === name)?.readings.map((reading) => reading.ms) ?? []));
  console.log(
    `${fast && flat ? "PASS" : "FAIL"}: CSV median ${medianOf("CSV")} (≤ ${msText(CSV_TARGET_MS)}), XLSX median ${medianOf("XLSX")} ` +
      `(≤ ${msText(XLSX_TARGET_MS)}), workerd memory ${flat ? "flat" : measured ? "not flat" : "not measured"} while streaming the CSV`,
  );
  return fast && flat;
});
