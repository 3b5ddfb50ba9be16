import { ReportButtons } from "#app/components/reports/report-buttons";
import { Table } from "#app/components/ui/table";
import { historyTimeAtLocation, JUST_ARRIVED, MOVED } from "#app/domain/assets";
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

/** Current location, the latest 5 stays as a timeline, and the complete history. */
export function LocationHistoryPanel({
  entries,
  report,
}: {
  entries: HistoryEntry[];
  /** Managers and above: the history's report (print, CSV, Excel). */
  report?: { type: "trailer-history" | "truck-history"; id: number } | null;
}) {
  if (!entries.length) {
    return (
      <section className="rounded-lg border border-slate-200 bg-white p-4">
        <h2 className="text-lg font-medium">Location History</h2>
        <p className="mt-2 text-slate-600">No location history available</p>
      </section>
    );
  }
  // The latest entry: open, it is where the asset stands; closed, the asset has moved on ('Moved').
  const latest = entries[0];
  const timeThere = historyTimeAtLocation(entries);
  return (
    <section className="space-y-4 rounded-lg border border-slate-200 bg-white p-4" aria-label="Location History">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-medium">Location History</h2>
        {report ? (
          <ReportButtons type={report.type} params={{ id: String(report.id) }} total={entries.length} label="Location history" />
        ) : null}
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
          {entries.slice(0, 5).map((entry) => (
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
      <details>
        <summary className="cursor-pointer text-sm font-medium">Complete History ({entries.length})</summary>
        <Table className="mt-2 overflow-x-auto" headings={["Location", "Entry Time", "Exit Time", "Duration", "Changed By"]}>
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
      </details>
    </section>
  );
}
