import { FileSpreadsheet, Printer, Sheet } from "lucide-react";
import { buttonStyles } from "#app/components/ui/styles";
import { REPORT_BUTTONS } from "#app/domain/reports";
import { dayIn } from "#app/domain/time-zones";

const FIELD = "mt-1 block min-h-11 w-full rounded-md border border-slate-300 px-3 py-2 text-sm";

/**
 * The moves report of a period (managers and above): the moves requested from one day to another
 * in the viewer's time zone (narrowed by the global search, as the panel's lists are), printed or downloaded. A plain GET form, so it works without
 * JavaScript; Print opens the report in a window of its own.
 */
export function MovesReportForm({ accountId, timeZone, search }: { accountId: number | null; timeZone: string; search: string }) {
  const today = dayIn(timeZone);
  return (
    <details className="mt-3 rounded-md border border-slate-200 p-3">
      <summary className="cursor-pointer text-sm font-medium">Moves report</summary>
      <form method="get" action="/reports/moves" className="mt-3 grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
        {accountId !== null ? <input type="hidden" name="account" value={accountId} /> : null}
        <input type="hidden" name="tz" value={timeZone} />
        {search ? <input type="hidden" name="q" value={search} /> : null}
        <label className="text-sm">
          From
          <input type="date" name="from" defaultValue={today} min="1900-01-01" max="2100-12-31" required className={FIELD} />
        </label>
        <label className="text-sm">
          To
          <input type="date" name="to" defaultValue={today} min="1900-01-01" max="2100-12-31" required className={FIELD} />
        </label>
        <div role="group" aria-label="Moves report" className="flex flex-wrap gap-2">
          <button type="submit" formTarget="_blank" className={buttonStyles.secondary}>
            <Printer aria-hidden className="mr-1.5 h-4 w-4" />
            {REPORT_BUTTONS.print}
          </button>
          <button type="submit" formAction="/reports/moves.csv" className={buttonStyles.secondary}>
            <Sheet aria-hidden className="mr-1.5 h-4 w-4" />
            {REPORT_BUTTONS.csv}
          </button>
          <button type="submit" formAction="/reports/moves.xlsx" className={buttonStyles.secondary}>
            <FileSpreadsheet aria-hidden className="mr-1.5 h-4 w-4" />
            {REPORT_BUTTONS.xlsx}
          </button>
        </div>
      </form>
    </details>
  );
}
