import { Link, useNavigation } from "@remix-run/react";
import { buttonStyles } from "~/components/ui/modal";
import { ReportButtons } from "~/components/reports/report-buttons";
import { TAB_LABEL, viewParams, type DashboardView } from "~/domain/dashboard";
import type { ListReportType } from "~/domain/reports";
import { Pager } from "./pager";

/** A tab's Add button, at the right above its list; `more` links (Bulk Upload Trailers) sit beside it. */
export function AddButton({ to, label, more = [] }: { to: string; label: string; more?: { to: string; label: string }[] }) {
  return (
    <div className="flex flex-wrap justify-end gap-2">
      {more.map((link) => (
        <Link key={link.to} to={link.to} className={buttonStyles.secondary}>
          {link.label}
        </Link>
      ))}
      <Link to={to} className={buttonStyles.primary}>
        {label}
      </Link>
    </div>
  );
}

/**
 * A tab's list: dimmed while the next view of the dashboard loads, a message when no row matches
 * the filters, and its pages under it.
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
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location?.pathname === "/";
  return (
    <>
      <div aria-busy={loading} className={loading ? "opacity-60 transition-opacity" : undefined}>
        {loading ? <p className="sr-only">Loading…</p> : null}
        {shown === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-600">{empty}</p>
        ) : (
          children
        )}
      </div>
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
