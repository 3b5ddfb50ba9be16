import { Link } from "@remix-run/react";
import { buttonStyles } from "#app/components/ui/styles";
import { DASHBOARD_PAGE_SIZE, viewHref, type DashboardView } from "#app/domain/dashboard";

/** Previous and Next links of a list longer than a page (plain links: they work without JavaScript). */
export function Pager({ view, total }: { view: DashboardView; total: number }) {
  const pages = Math.max(1, Math.ceil(total / DASHBOARD_PAGE_SIZE));
  if (pages === 1) return null;
  return (
    <nav aria-label="Pages" className="mt-3 flex items-center justify-between gap-2 text-sm">
      {view.page > 1 ? (
        <Link to={viewHref(view, { page: view.page - 1 })} className={buttonStyles.secondary}>
          Previous
        </Link>
      ) : (
        <span />
      )}
      <span>
        Page {view.page} of {pages}
      </span>
      {view.page < pages ? (
        <Link to={viewHref(view, { page: view.page + 1 })} className={buttonStyles.secondary}>
          Next
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
