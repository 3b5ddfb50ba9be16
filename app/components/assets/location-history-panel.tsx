import { useSearchParams } from "@remix-run/react";
import { ReportButtons } from "#app/components/reports/report-buttons";
import { NewerOlderLinks } from "#app/components/ui/page-links";
import { Table } from "#app/components/ui/table";
import { historyTimeAtLocation, JUST_ARRIVED, MOVED, NO_LOCATION_HISTORY } from "#app/domain/assets";
import { HISTORY_ANCHOR, HISTORY_PAGE_PARAMS, pageHref, pageRange, type CountedPage } from "#app/domain/list-pages";
import { LocalTime } from "#app/components/ui/local-time";

export interface HistoryEntry {
  id: number;
  location: string;
  entry_time: string;
  exit_time: string | null;
  duration_seconds: number;
  duration_formatted: string;
  current_duration_formatted: string | null;
  user_alpha_code: string | null;
}

/** A page of the Complete History, with the newest stays (Current Location and Recent Locations). */
export interface HistoryPage extends CountedPage<HistoryEntry> {
  recent: HistoryEntry[];
}

/**
 * Current location, the latest 5 stays as a timeline, and the complete history with how many
 * stays there are, a page at a time: Newer and Older are links (the page's place is in its URL),
 * and the history opens by itself on a page a link led to.
 */
export function LocationHistoryPanel({
  history,
  report,
}: {
  history: HistoryPage;
  /** Managers and above: the history's report (print, CSV, Excel). */
  report?: { type: "trailer-history" | "truck-history"; id: number } | null;
}) {
  const [searchParams] = useSearchParams();
  const { entries, recent, total } = history;
  if (!recent.length) {
    return (
      <section className="rounded-lg border border-slate-200 bg-white p-4" aria-label="Location History">
        <h2 className="text-lg font-medium">Location History</h2>
        <p className="mt-2 text-slate-600">{NO_LOCATION_HISTORY}</p>
      </section>
    );
  }
  // The latest entry: open, it is where the asset stands; closed, the asset has moved on ('Moved').
  const latest = recent[0];
  const timeThere = historyTimeAtLocation(recent);
  const linkTo = (to: { before?: string | null; after?: string | null }) =>
    pageHref(searchParams, HISTORY_PAGE_PARAMS, to, { hash: HISTORY_ANCHOR });
  const paged = searchParams.has(HISTORY_PAGE_PARAMS.before) || searchParams.has(HISTORY_PAGE_PARAMS.after);
  return (
    <section className="space-y-4 rounded-lg border border-slate-200 bg-white p-4" aria-label="Location History">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-medium">Location History</h2>
        {report ? <ReportButtons type={report.type} params={{ id: String(report.id) }} total={total} label="Location history" /> : null}
      </div>
      <div className="rounded-md bg-brand-50 p-3">
        <p className="text-xs font-semibold uppercase tracking-wide text-brand-700">Current Location</p>
        <p className="text-xl font-semibold" data-testid="current-location">
          {latest.location}
        </p>
        <p className="text-sm text-slate-700" data-testid="time-at-location">
          {timeThere === MOVED || timeThere === JUST_ARRIVED ? timeThere : `${timeThere} at this location`} ·{" "}
          {latest.exit_time ? "left " : "since "}
          <LocalTime iso={latest.exit_time ?? latest.entry_time} /> · changed by {latest.user_alpha_code ?? "Unknown"}
        </p>
      </div>
      <div>
        <h3 className="text-sm font-medium">Recent Locations</h3>
        <ol className="mt-2 space-y-2 border-l-2 border-slate-200 pl-4">
          {recent.map((entry) => (
            <li key={entry.id} className="text-sm">
              <span className="font-medium">{entry.location}</span> — <LocalTime iso={entry.entry_time} />
              {entry.exit_time ? (
                <>
                  {" to "}
                  <LocalTime iso={entry.exit_time} />
                </>
              ) : (
                " (current)"
              )}
            </li>
          ))}
        </ol>
      </div>
      <details id={HISTORY_ANCHOR} open={paged || undefined} className="space-y-2">
        <summary className="cursor-pointer text-sm font-medium">Complete History ({total.toLocaleString("en-US")})</summary>
        <p className="text-sm text-slate-600" data-testid="history-range">
          {pageRange("Stays", history.offset, entries.length, total)}
        </p>
        <Table
          className="mt-2 overflow-x-auto"
          label="Complete History"
          headings={["Location", "Entry Time", "Exit Time", "Duration", "Changed By"]}
        >
          {entries.map((entry) => (
            <tr key={entry.id}>
              <td className="whitespace-nowrap px-3 py-2 font-medium">{entry.location}</td>
              <td className="whitespace-nowrap px-3 py-2">
                <LocalTime iso={entry.entry_time} />
              </td>
              <td className="whitespace-nowrap px-3 py-2">{entry.exit_time ? <LocalTime iso={entry.exit_time} /> : "Current"}</td>
              <td className="whitespace-nowrap px-3 py-2">{entry.duration_formatted}</td>
              <td className="px-3 py-2">{entry.user_alpha_code ?? "Unknown"}</td>
            </tr>
          ))}
        </Table>
        <NewerOlderLinks
          label="Complete History pages"
          newer={history.newer ? linkTo({ after: history.newer }) : null}
          older={history.older ? linkTo({ before: history.older }) : null}
          newerText="Newer stays"
          olderText="Older stays"
        />
      </details>
    </section>
  );
}
