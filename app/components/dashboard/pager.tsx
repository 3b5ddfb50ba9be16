import { Link } from "@remix-run/react";
import { buttonStyles } from "#app/components/ui/styles";
import { PAGE_SIZES, pageNumbers, viewHref, type DashboardView } from "#app/domain/dashboard";

const pageLink = "inline-flex min-h-10 min-w-10 items-center justify-center rounded-md border px-2 text-sm";

/**
 * A list's pages: Previous, the first, the last and the pages around the current one, Next; and
 * the rows per page. All plain links, in the address: they work without JavaScript.
 */
export function Pager({ view, total }: { view: DashboardView; total: number }) {
  const pages = Math.max(1, Math.ceil(total / view.size));
  if (total <= PAGE_SIZES[0]) return null;
  return (
    <div className="mt-3 flex flex-wrap items-center justify-between gap-3 text-sm">
      {pages > 1 ? (
        <nav aria-label="Pages" className="flex flex-wrap items-center gap-1">
          {view.page > 1 ? (
            <Link to={viewHref(view, { page: view.page - 1 })} className={buttonStyles.secondary} rel="prev">
              Previous
            </Link>
          ) : null}
          <ol className="flex flex-wrap items-center gap-1">
            {pageNumbers(view.page, pages).map((page, index) =>
              page === "gap" ? (
                <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-slate-500">
                  …
                </li>
              ) : (
                <li key={page}>
                  {page === view.page ? (
                    <span aria-current="page" className={`${pageLink} border-brand-600 bg-brand-50 font-semibold text-brand-700`}>
                      <span className="sr-only">Page </span>
                      {page}
                    </span>
                  ) : (
                    <Link to={viewHref(view, { page })} className={`${pageLink} border-slate-300 bg-white hover:bg-slate-50`}>
                      <span className="sr-only">Page </span>
                      {page}
                    </Link>
                  )}
                </li>
              ),
            )}
          </ol>
          {view.page < pages ? (
            <Link to={viewHref(view, { page: view.page + 1 })} className={buttonStyles.secondary} rel="next">
              Next
            </Link>
          ) : null}
          <span className="ml-1 text-slate-600">
            Page {view.page} of {pages}
          </span>
        </nav>
      ) : (
        <span />
      )}
      <nav aria-label="Rows per page" className="flex items-center gap-1">
        <span className="text-slate-600">Rows per page:</span>
        {PAGE_SIZES.map((size) =>
          size === view.size ? (
            <span key={size} aria-current="true" className={`${pageLink} border-brand-600 bg-brand-50 font-semibold text-brand-700`}>
              {size}
            </span>
          ) : (
            <Link key={size} to={viewHref(view, { size, page: 1 })} className={`${pageLink} border-slate-300 bg-white hover:bg-slate-50`}>
              {size}
            </Link>
          ),
        )}
      </nav>
    </div>
  );
}
