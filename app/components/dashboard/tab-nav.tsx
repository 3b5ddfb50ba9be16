import { Link } from "@remix-run/react";
import { TAB_LABEL, viewHref, type DashboardTab, type DashboardView } from "#app/domain/dashboard";

/** The dashboard's tabs as links: a tab opens on its first page with its filters reset. */
export function TabNav({ tabs, view }: { tabs: DashboardTab[]; view: DashboardView }) {
  return (
    <nav aria-label="Dashboard tabs" className="mt-4 flex gap-1 overflow-x-auto border-b border-slate-200">
      {tabs.map((tab) => (
        <Link
          key={tab}
          to={viewHref(view, { tab, page: 1, location: "all", status: "all", load: "all", role: "all", column: "", order: "asc" })}
          aria-current={view.tab === tab ? "page" : undefined}
          className={`whitespace-nowrap border-b-2 px-4 py-3 text-sm font-medium ${
            view.tab === tab ? "border-brand-600 text-brand-700" : "border-transparent text-slate-600 hover:text-slate-900"
          }`}
        >
          {TAB_LABEL[tab]}
        </Link>
      ))}
    </nav>
  );
}
