import { utils, type CellObject } from "@e965/xlsx";
import { toCsv } from "#app/lib/csv.server";
import { writeTableWorkbook } from "#app/lib/workbook.server";
import { reportFooter, reportHeader, sheetCell, type ReportCell, type SheetCell } from "#app/domain/reports";
import type { Report } from "#app/services/reports.server";
import { ServiceError } from "#app/services/errors.server";

/**
 * The three ways a report is read: a CSV file streamed a batch at a time, an Excel workbook, and
 * a page for printing, streamed too. Each writes the report's columns and rows as they are (the
 * service has decided what they hold), every cell through the one formatter, `sheetCell`: times
 * as the report's local date and time, durations in hours, numbers as numbers.
 */

/**
 * Rows an Excel report holds at most. A workbook is built whole in the Worker's memory (128 MB on
 * Cloudflare): measured with a 100 MB heap, 20,000 rows of the trailers report peak at 80 MB and
 * 30,000 do not fit. A CSV has no limit.
 */
export const XLSX_ROW_LIMIT = 20_000;
export const XLSX_TOO_LARGE = `This report has more than ${XLSX_ROW_LIMIT.toLocaleString("en-US")} rows: download it as CSV, or narrow the list with its filters`;

const encoder = new TextEncoder();

/** A stream that writes `head`, then each batch of rows through `row`, then `tail`; reading stops the source when the reader goes away. */
function streamOf(report: Report, parts: { head: string; rows(batch: ReportCell[][]): string; tail(count: number): string }) {
  const batches = report.batches[Symbol.asyncIterator]();
  let started = false;
  let count = 0;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!started) {
          started = true;
          controller.enqueue(encoder.encode(parts.head));
          return;
        }
        try {
          const next = await batches.next();
          if (next.done) {
            controller.enqueue(encoder.encode(parts.tail(count)));
            controller.close();
            return;
          }
          count += next.value.length;
          controller.enqueue(encoder.encode(parts.rows(next.value)));
        } catch (error) {
          controller.error(error);
        }
      },
      async cancel() {
        await batches.return?.(undefined);
      },
    },
    { highWaterMark: 0 },
  );
}

/** The report's headings: a time column names the report's zone. */
function headersOf(report: Report): string[] {
  return report.columns.map((column) => reportHeader(column, report.timeZone));
}

/** The cells of a batch of rows as `sheetCell` writes them, each read through `pick`. */
function cellsOf<Cell>(report: Report, batch: ReportCell[][], pick: (cell: SheetCell) => Cell): Cell[][] {
  return batch.map((row) => row.map((value, index) => pick(sheetCell(report.columns[index], value, report.timeZone))));
}

/**
 * The report as CSV: UTF-8 with a byte order mark, CRLF, RFC 4180 quoting, times as the report's
 * local "YYYY-MM-DD HH:mm" (its zone in the heading), hours with two decimals, no cell a
 * spreadsheet would run.
 */
export function reportCsv(report: Report): ReadableStream<Uint8Array> {
  return streamOf(report, {
    head: toCsv([headersOf(report)], { bom: true }),
    rows: (batch) => toCsv(cellsOf(report, batch, (cell) => cell.text)),
    tail: () => "",
  });
}

/** Days from 1899-12-30 to the Unix epoch: a spreadsheet's date serial is days since then. */
const SERIAL_EPOCH_DAYS = 25_569;

/**
 * A cell as the workbook holds it: text as text, a number with its format, a time as the serial
 * number of its local date and time with the date format, so every spreadsheet reads a date.
 */
function workbookCell(cell: SheetCell): CellObject | string | null {
  const { value, format } = cell;
  if (value === null || typeof value === "string") return value;
  const number = value instanceof Date ? value.getTime() / 86_400_000 + SERIAL_EPOCH_DAYS : value;
  return format ? { t: "n", v: number, z: format } : { t: "n", v: number };
}

/**
 * The report as an Excel workbook: one sheet, numbers as numbers and times as dates (the same
 * cells as the CSV, typed), the header row bold, frozen and filterable, columns as wide as their
 * content usually is, printed landscape one page wide with the header on every page. Built
 * whole, so a report over XLSX_ROW_LIMIT rows is refused (413) before anything is sent.
 */
export async function reportXlsx(report: Report): Promise<Uint8Array<ArrayBuffer>> {
  const sheet = utils.aoa_to_sheet([headersOf(report)]);
  let rows = 0;
  for await (const batch of report.batches) {
    rows += batch.length;
    if (rows > XLSX_ROW_LIMIT) throw new ServiceError(413, XLSX_TOO_LARGE);
    utils.sheet_add_aoa(sheet, cellsOf(report, batch, workbookCell), { origin: -1 });
  }
  sheet["!cols"] = report.columns.map((column) => ({ wch: column.width }));
  sheet["!autofilter"] = { ref: utils.encode_range({ s: { r: 0, c: 0 }, e: { r: rows, c: report.columns.length - 1 } }) };
  return writeTableWorkbook(sheet, { name: report.title, title: `${report.account} - ${report.title}` });
}

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ESCAPES[character]);
}

function timeFormat(timeZone: string) {
  return new Intl.DateTimeFormat("en-US", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  });
}

const PRINT_STYLE = `
  :root { color: #0f172a; font: 10pt/1.35 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  body { margin: 16px; }
  header { display: flex; justify-content: space-between; align-items: flex-start; gap: 16px; margin-bottom: 12px; }
  h1 { font-size: 16pt; margin: 0 0 4px; }
  header p { margin: 2px 0; color: #334155; }
  button { font: inherit; padding: 8px 16px; min-height: 44px; border: 1px solid #1e3a8a; background: #1e40af; color: #fff; border-radius: 6px; cursor: pointer; }
  table { width: 100%; border-collapse: collapse; }
  thead { display: table-header-group; }
  tfoot { display: table-footer-group; }
  th, td { border: 1px solid #cbd5e1; padding: 3px 5px; text-align: left; vertical-align: top; overflow-wrap: anywhere; }
  th { background: #e2e8f0; font-weight: 600; }
  td.number { text-align: right; font-variant-numeric: tabular-nums; }
  tr { break-inside: avoid; }
  footer { margin-top: 12px; color: #475569; font-size: 9pt; }
  @page { margin: 12mm; }
  @media print {
    body { margin: 0; }
    .no-print { display: none; }
    th { background: #e2e8f0 !important; -webkit-print-color-adjust: exact; print-color-adjust: exact; }
  }
`;

/**
 * The report as a page for paper (Letter or A4, landscape for wide lists): a heading with the
 * account, the report, the filters and the time; the table, its header repeated on every printed
 * page; the footer notice with the year. No navigation. Once loaded it opens the print dialog,
 * and its Print button does again. Streamed a batch of rows at a time.
 */
export function reportPrintPage(report: Report, nonce: string): ReadableStream<Uint8Array> {
  const times = timeFormat(report.timeZone);
  const numeric = report.columns.map((column) => column.kind === "number" || column.kind === "hours");
  const cell = (text: string, index: number) => `<td${numeric[index] ? ' class="number"' : ""}>${escapeHtml(text)}</td>`;
  const heading = `${report.account} - ${report.title}`;
  const wide = report.columns.length > 6;
  const head = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(heading)}</title>
<style>${PRINT_STYLE}${wide ? "@page { size: landscape; }" : ""}</style></head>
<body>
<header>
<div>
<h1>${escapeHtml(report.account)} — ${escapeHtml(report.title)}</h1>
<p>${report.filters.length ? `Filters: ${report.filters.map(escapeHtml).join("; ")}` : "Filters: none"}</p>
<p>Generated ${escapeHtml(times.format(report.generatedAt))} (${escapeHtml(report.timeZone)})</p>
</div>
<button type="button" class="no-print" id="print-report">Print</button>
</header>
<main>
<table>
<thead><tr>${headersOf(report)
    .map((header) => `<th scope="col">${escapeHtml(header)}</th>`)
    .join("")}</tr></thead>
<tbody>
`;
  return streamOf(report, {
    head,
    rows: (batch) =>
      cellsOf(report, batch, (cell) => cell.text)
        .map((row) => `<tr>${row.map(cell).join("")}</tr>\n`)
        .join(""),
    tail: (count) => `</tbody>
</table>
</main>
<footer><p>${count.toLocaleString("en-US")} ${count === 1 ? "row" : "rows"}</p><p>${escapeHtml(reportFooter(report.generatedAt))}</p></footer>
<script nonce="${nonce}">
document.getElementById("print-report").addEventListener("click", function () { window.print(); });
window.addEventListener("load", function () { window.print(); });
</script>
</body></html>
`,
  });
}

/** A refusal the report's address answers when it is opened in a window: the message, and the way back. */
export function reportRefusalPage(status: number, message: string, back: string): Response {
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Yardline</title></head>
<body><main role="alert"><h1>${escapeHtml(message)}</h1><p><a href="${escapeHtml(back)}">Back to the dashboard</a></p></main></body></html>`;
  return new Response(html, { status, headers: { "Content-Type": "text/html; charset=utf-8" } });
}
