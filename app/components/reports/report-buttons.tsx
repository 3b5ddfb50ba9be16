import { Printer, Sheet, FileSpreadsheet } from "lucide-react";
import { buttonStyles } from "#app/components/ui/styles";
import { REPORT_BUTTONS, REPORT_MESSAGES, reportHref, type ReportOutput, type ReportType } from "#app/domain/reports";

/**
 * Print Report and the spreadsheet downloads of a list (managers and above): Excel Report (CSV) and
 * Excel Workbook (.xlsx). They are links, so they work without JavaScript: Print opens the report's page in a window of its own, the others
 * download the file (the answer names it as an attachment, so the page stays; a refusal, such as
 * an empty list without JavaScript, is a page with the message). With JavaScript an empty list is refused at once with the spec's alert, and
 * a blocked pop-up is said.
 */
export function ReportButtons({
  type,
  params,
  total,
  label,
}: {
  type: ReportType;
  params: URLSearchParams | Record<string, string>;
  /** Rows the list has (every page): none, and there is nothing to report. */
  total: number;
  /** What the buttons are about, for screen readers ("Trailers"). */
  label: string;
}) {
  const href = (output: ReportOutput) => reportHref(type, output, params);
  const refuseEmpty = (event: React.MouseEvent, message: string) => {
    if (total > 0) return false;
    event.preventDefault();
    window.alert(message);
    return true;
  };
  const openPrint = (event: React.MouseEvent<HTMLAnchorElement>) => {
    if (refuseEmpty(event, REPORT_MESSAGES.noDataToPrint)) return;
    event.preventDefault();
    const opened = window.open(event.currentTarget.href, "_blank");
    if (!opened) {
      window.alert(REPORT_MESSAGES.popupsBlocked);
      return;
    }
    opened.opener = null;
  };
  const download = (event: React.MouseEvent) => refuseEmpty(event, REPORT_MESSAGES.noDataToExport);
  return (
    <div role="group" aria-label={`${label} reports`} className="flex flex-wrap gap-2">
      <a href={href("print")} target="_blank" rel="noopener" onClick={openPrint} className={buttonStyles.secondary}>
        <Printer aria-hidden className="mr-1.5 h-4 w-4" />
        {REPORT_BUTTONS.print}
      </a>
      <a href={href("csv")} onClick={download} className={buttonStyles.secondary}>
        <Sheet aria-hidden className="mr-1.5 h-4 w-4" />
        {REPORT_BUTTONS.csv}
      </a>
      <a href={href("xlsx")} onClick={download} className={buttonStyles.secondary}>
        <FileSpreadsheet aria-hidden className="mr-1.5 h-4 w-4" />
        {REPORT_BUTTONS.xlsx}
      </a>
    </div>
  );
}
