import { CFB, utils, write as writeWorkbook } from "@e965/xlsx";
import { toCsv } from "#app/lib/csv.server";
import { reportFooter, type ReportCell, type ReportColumn } from "#app/domain/reports";
import { wallClock } from "#app/domain/time-zones";
import type { Report } from "#app/services/reports.server";
import { ServiceError } from "#app/services/errors.server";

/**
 * The three ways a report is read: a CSV file streamed a batch at a time, an Excel workbook, and
 * a page for printing, streamed too. Each writes the report's columns and rows as they are: the
 * service has decided what they hold.
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

/** The report as CSV: UTF-8 with a byte order mark, CRLF, RFC 4180 quoting, times as ISO, no cell a spreadsheet would run. */
export function reportCsv(report: Report): ReadableStream<Uint8Array> {
  return streamOf(report, {
    head: toCsv([report.columns.map((column) => column.header)], { bom: true }),
    rows: (batch) => toCsv(batch),
    tail: () => "",
  });
}

/**
 * Adds a frozen header row to the first sheet of a workbook SheetJS wrote (its community edition
 * writes no panes): the sheet view gains a pane below row 1.
 */
function freezeHeaderRow(file: Uint8Array<ArrayBuffer>): Uint8Array<ArrayBuffer> {
  const zip = CFB.read(file, { type: "array" });
  const sheet = CFB.find(zip, "/xl/worksheets/sheet1.xml");
  if (!sheet?.content) return file;
  const xml = new TextDecoder().decode(sheet.content as Uint8Array);
  const frozen = xml.replace(
    /<sheetView ([^>]*?)\/>/,
    '<sheetView $1><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/><selection pane="bottomLeft" activeCell="A2" sqref="A2"/></sheetView>',
  );
  sheet.content = encoder.encode(frozen) as unknown as typeof sheet.content;
  sheet.size = (sheet.content as Uint8Array).length;
  return new Uint8Array(CFB.write(zip, { fileType: "zip", type: "array", compression: true }) as ArrayBuffer);
}

function sheetCell(value: ReportCell, timeZone: string): ReportCell {
  // Spreadsheets know no time zones: a time is written as the viewer's clock shows it.
  return value instanceof Date ? wallClock(timeZone, value) : value;
}

/**
 * The report as an Excel workbook: one sheet, numbers as numbers and times as dates, the header
 * row frozen and filterable, columns as wide as their content usually is. Built whole, so a
 * report over XLSX_ROW_LIMIT rows is refused (413) before anything is sent.
 */
export async function reportXlsx(report: Report): Promise<Uint8Array<ArrayBuffer>> {
  const options = { cellDates: true, dateNF: "yyyy-mm-dd hh:mm", UTC: true };
  const sheet = utils.aoa_to_sheet([report.columns.map((column) => column.header)], options);
  let rows = 0;
  for await (const batch of report.batches) {
    rows += batch.length;
    if (rows > XLSX_ROW_LIMIT) throw new ServiceError(413, XLSX_TOO_LARGE);
    utils.sheet_add_aoa(
      sheet,
      batch.map((row) => row.map((value) => sheetCell(value, report.timeZone))),
      { ...options, origin: -1 },
    );
  }
  sheet["!cols"] = report.columns.map((column) => ({ wch: column.width }));
  sheet["!autofilter"] = { ref: utils.encode_range({ s: { r: 0, c: 0 }, e: { r: rows, c: report.columns.length - 1 } }) };
  const book = utils.book_new();
  utils.book_append_sheet(book, sheet, report.title.slice(0, 31));
  book.Props = { Title: `${report.account} - ${report.title}`, Author: "Yardline" };
  const file = writeWorkbook(book, { type: "array", bookType: "xlsx", compression: true, cellDates: true }) as ArrayBuffer;
  return freezeHeaderRow(new Uint8Array(file));
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
  const cell = (column: ReportColumn, value: ReportCell) => {
    const shown = value === null ? "" : value instanceof Date ? times.format(value) : String(value);
    return `<td${column.kind === "number" ? ' class="number"' : ""}>${escapeHtml(shown)}</td>`;
  };
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
<thead><tr>${report.columns.map((column) => `<th scope="col">${escapeHtml(column.header)}</th>`).join("")}</tr></thead>
<tbody>
`;
  return streamOf(report, {
    head,
    rows: (batch) => batch.map((row) => `<tr>${row.map((value, index) => cell(report.columns[index], value)).join("")}</tr>\n`).join(""),
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
