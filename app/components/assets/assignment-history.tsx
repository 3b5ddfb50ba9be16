import { useId } from "react";
import { LocalTime } from "#app/components/ui/local-time";
import { Table } from "#app/components/ui/table";
import type { UserHistoryEntry } from "#app/domain/trailers";

/** A trailer's User Assignment History, newest first: when, to whom, by whom. */
export function AssignmentHistory({ entries, heading: Heading = "h2" }: { entries: UserHistoryEntry[]; heading?: "h2" | "h3" }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-slate-200 bg-white p-4">
      <Heading id={headingId} className="text-lg font-medium">
        User Assignment History
      </Heading>
      {entries.length === 0 ? (
        <p className="mt-2 text-slate-600">No assignment history available.</p>
      ) : (
        <Table className="mt-2 overflow-x-auto" headings={["Date/Time", "Assigned User", "Updated By"]}>
          {entries.map((entry, index) => (
            <tr key={`${entry.time}-${index}`}>
              <td className="whitespace-nowrap px-3 py-2">
                <LocalTime iso={entry.time} />
              </td>
              <td className="px-3 py-2">{entry.assignee ?? "Unassigned"}</td>
              <td className="px-3 py-2">{entry.assigner ?? "Unknown"}</td>
            </tr>
          ))}
        </Table>
      )}
    </section>
  );
}
