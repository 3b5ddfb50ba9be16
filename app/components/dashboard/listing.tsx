import { Link } from "@remix-run/react";
import { useId } from "react";
import { buttonStyles } from "#app/components/ui/styles";
import { ReportButtons } from "#app/components/reports/report-buttons";
import { TAB_LABEL, viewParams, type DashboardView } from "#app/domain/dashboard";
import type { ListReportType } from "#app/domain/reports";
import { Pager } from "./pager";

/**
 * A tab's Add button, at the right above its list; `more` links (Bulk Upload Trailers) sit beside it.
 * With `disabledReason` (the viewer may not open the Add page) it is a disabled button, not a link,
 * with the reason shown beside it as its description.
 */
export function AddButton({
  to,
  label,
  more = [],
  disabledReason,
}: {
  to: string;
  label: string;
  more?: { to: string; label: string }[];
  disabledReason?: string | null;
}) {
  const reasonId = useId();
  return (
    <div className="flex flex-wrap items-center justify-end gap-2">
      {more.map((link) => (
        <Link key={link.to} to={link.to} className={buttonStyles.secondary}>
          {link.label}
        </Link>
      ))}
      {disabledReason ? (
        <>
          <p id={reasonId} className="text-sm text-slate-600">
            {disabledReason}
          </p>
          <button type="button" disabled aria-describedby={reasonId} className={buttonStyles.primary}>
            {label}
          </button>
        </>
      ) : (
        <Link to={to} className={buttonStyles.primary}>
          {label}
        </Link>
      )}
    </div>
  );
}

/**
 * A tab's list: a message when no row matches the filters, and its pages under it (the tab's
 * region, `TabRegion`, shows that the next view is loading).
 */
export function Listing({
  view,
  total,
  shown,
  empty,
  children,
}: {
  view: DashboardView;
  total: number;
  /** Rows on this page. */
  shown: number;
  empty: string;
  children: React.ReactNode;
}) {
  return (
    <>
      {shown === 0 ? <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-600">{empty}</p> : children}
      <Pager view={view} total={total} />
    </>
  );
}

/** "150 trailers", "1 truck"; and, for managers and above, the list's report buttons beside it. */
export function ListCount({
  total,
  noun,
  report,
}: {
  total: number;
  noun: string;
  report?: { type: ListReportType; view: DashboardView } | null;
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <p className="text-sm text-slate-600" aria-live="polite">
        {total} {noun}
        {total === 1 ? "" : "s"}
      </p>
      {report ? <ReportButtons type={report.type} params={viewParams(report.view)} total={total} label={TAB_LABEL[report.type]} /> : null}
    </div>
  );
}
