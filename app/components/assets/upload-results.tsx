import { Link } from "@remix-run/react";
import { useEffect, useMemo, useRef } from "react";
import { buttonStyles } from "#app/components/ui/styles";
import { Table } from "#app/components/ui/table";
import {
  COLUMN_HELP,
  csvDataUrl,
  REJECTED_FILE_NAME,
  REQUIRED_COLUMNS,
  TEMPLATE_FILE_NAME,
  UPLOAD_COLUMNS,
  UPLOAD_LIMITS,
  type UploadResults,
} from "#app/domain/trailer-upload";

const TEMPLATE_PATH = "/trailers/bulk-upload/template";
const count = (value: number) => value.toLocaleString("en-US");

/** The columns of the file and their rules (a native disclosure: keyboard and no JavaScript included), and the template. */
export function TemplateHelp() {
  return (
    <div className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
      <details>
        <summary className="cursor-pointer font-medium">Template help: the columns of the file</summary>
        <div className="mt-3 space-y-2 text-sm text-slate-700">
          <p>
            The first row names the columns (in any order; case, spaces and underscores do not matter); each row under it is one trailer.
            Blank rows are skipped, and errors name the row as the spreadsheet numbers it (the header is row 1).
          </p>
          <p>
            At most {count(UPLOAD_LIMITS.fileBytes / 1024 / 1024)} MB ({count(UPLOAD_LIMITS.xlsBytes / 1024 / 1024)} MB for .xls) and{" "}
            {count(UPLOAD_LIMITS.rows)} rows; CSV (comma or semicolon), .xls or .xlsx (the first sheet). Only the first{" "}
            {UPLOAD_LIMITS.columns} columns, up to the header&apos;s last name, are read.
          </p>
          <p>Required columns: {REQUIRED_COLUMNS.join(", ")}. Every other column may be left out or left blank.</p>
          <Table headings={["Column", "Rule"]} className="overflow-x-auto rounded-md border border-slate-200">
            {UPLOAD_COLUMNS.map((column) => (
              <tr key={column}>
                <td className="px-3 py-2 font-mono text-xs">{column}</td>
                <td className="px-3 py-2">{COLUMN_HELP[column]}</td>
              </tr>
            ))}
          </Table>
        </div>
      </details>
      <a href={TEMPLATE_PATH} download={TEMPLATE_FILE_NAME} className={buttonStyles.secondary}>
        Download Template CSV
      </a>
    </div>
  );
}

/** What the page shows of an upload: its counts, its rejected rows and where to go next. */
export interface ShownUpload {
  results: UploadResults;
  /** All the rejected rows; `results.errors` holds the first of them. */
  errorCount: number;
  rejectedCsv: string | null;
  /** The dashboard of the account the trailers went into. */
  dashboard: string;
}

/**
 * The results panel: Total Records, Successfully Added (for Check file: Ready to Add), Errors, the
 * error table, the rejected rows as a CSV to fix and upload again, and Return to Dashboard. It
 * takes the focus when it arrives, so a keyboard or screen reader user lands on it.
 */
export function UploadResultsPanel({ upload }: { upload: ShownUpload }) {
  const { results, errorCount, rejectedCsv, dashboard } = upload;
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [upload]);
  const rejectedHref = useMemo(() => (rejectedCsv ? csvDataUrl(rejectedCsv) : null), [rejectedCsv]);
  const stats: [string, number][] = [
    ["Total Records", results.total],
    [results.dry_run ? "Ready to Add" : "Successfully Added", results.success],
    ["Errors", errorCount],
  ];
  return (
    <section aria-labelledby="upload-results" className="space-y-4 rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="upload-results" ref={heading} tabIndex={-1} className="text-lg font-semibold">
        {results.dry_run ? "Check Results" : "Upload Results"}
      </h2>
      {results.dry_run ? (
        <p className="text-sm text-slate-700">Checked only: nothing was added. Upload the file to add the trailers that are ready.</p>
      ) : null}
      <dl className="grid grid-cols-3 gap-2 text-center">
        {stats.map(([label, value]) => (
          <div key={label} className="rounded-md bg-slate-50 p-2">
            <dt className="text-xs text-slate-600 sm:text-sm">{label}</dt>
            <dd className="text-xl font-semibold">{count(value)}</dd>
          </div>
        ))}
      </dl>
      {results.errors.length ? (
        <>
          <Table headings={["Row", "Trailer Number", "Error"]}>
            {results.errors.map((error) => (
              <tr key={error.row}>
                <td className="px-3 py-2">{error.row}</td>
                <td className="whitespace-nowrap px-3 py-2">{error.trailer_number}</td>
                <td className="px-3 py-2 text-red-700">{error.error}</td>
              </tr>
            ))}
          </Table>
          {errorCount > results.errors.length ? (
            <p className="text-sm text-slate-600">
              The first {count(results.errors.length)} of {count(errorCount)} errors; the rejected rows&apos; CSV has them all.
            </p>
          ) : null}
        </>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {rejectedHref ? (
          <a href={rejectedHref} download={REJECTED_FILE_NAME} className={buttonStyles.secondary}>
            Download rejected rows (CSV)
          </a>
        ) : null}
        <Link to={dashboard} className={buttonStyles.primary}>
          Return to Dashboard
        </Link>
      </div>
    </section>
  );
}
