import { useLocation, useNavigation } from "@remix-run/react";
import { parseDashboardView, TAB_LABEL, viewParams, type DashboardTab } from "#app/domain/dashboard";

/**
 * The dashboard tab the page is loading, when a navigation to another view of the dashboard (a
 * tab, a filter, a sort, a page, a search, an account) is under way; null otherwise. Navigations
 * that keep the view (opening the Create Move dialog) and the page's reload after a form's POST
 * do not count: the list they show does not change.
 */
export function useLoadingTab(): DashboardTab | null {
  const navigation = useNavigation();
  const location = useLocation();
  if (navigation.state !== "loading" || navigation.location.pathname !== "/") return null;
  if (navigation.formMethod && navigation.formMethod.toUpperCase() !== "GET") return null;
  const next = parseDashboardView(new URLSearchParams(navigation.location.search));
  const current = parseDashboardView(new URLSearchParams(location.search));
  if (location.pathname === "/" && viewParams(next).toString() === viewParams(current).toString()) return null;
  return next.tab;
}

/**
 * The open tab's region ("Dashboard list"): while the next view loads it is marked busy and its
 * content dimmed, and a status ("Loading trucks...") shows over it. The status sits outside the
 * busy region (screen readers hold back what a busy region says) and is always in the page, so
 * its text is announced when it appears.
 */
export function TabRegion({ tabs, children }: { tabs: DashboardTab[]; children: React.ReactNode }) {
  const loading = useLoadingTab();
  const what = loading && tabs.includes(loading) ? TAB_LABEL[loading].toLowerCase() : "";
  return (
    <div className="mt-4">
      {/* Zero height and sticky: the status stays in sight below the page's header on a long list, and moves nothing. */}
      <p role="status" className={loading ? "sticky top-20 z-10 flex h-0 items-start justify-center overflow-visible" : "sr-only"}>
        {loading ? (
          <span className="mt-2 flex items-center gap-2 whitespace-nowrap rounded-full bg-slate-900 px-4 py-2 text-sm font-medium text-white shadow-lg">
            <span aria-hidden className="h-3.5 w-3.5 animate-spin rounded-full border-2 border-white border-t-transparent" />
            {what ? `Loading ${what}...` : "Loading..."}
          </span>
        ) : null}
      </p>
      <div
        role="region"
        aria-label="Dashboard list"
        aria-busy={loading !== null}
        className={loading ? "opacity-50 transition-opacity" : undefined}
      >
        {children}
      </div>
    </div>
  );
}
