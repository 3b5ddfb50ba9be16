import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { AccountSelector } from "#app/components/dashboard/account-selector";
import { Breadcrumb } from "#app/components/ui/breadcrumb";
import { buildingCard, PlaceCards, yardCard } from "#app/components/dashboard/place-cards";
import { ScrollToTop } from "#app/components/dashboard/scroll-to-top";
import { TabNav } from "#app/components/dashboard/tab-nav";
import { TabRegion } from "#app/components/dashboard/tab-region";
import { TrailersTab } from "#app/components/dashboard/trailers-tab";
import { TrucksTab } from "#app/components/dashboard/trucks-tab";
import { UsersTab } from "#app/components/dashboard/users-tab";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { parseDashboardView } from "#app/domain/dashboard";
import { moveViewerOf } from "#app/domain/moves";
import { MoveStatusPanel } from "#app/components/moves/move-status-panel";
import { canEditAssets, canPrintReports } from "#app/domain/roles";
import { deniedBecause } from "#app/domain/route-access";
import { pageRoute } from "#app/http/answers.server";
import { keepPageAfterFailure } from "#app/browser/failed-actions";
import { requirePage } from "#app/http/guards.server";
import { movePanelFor } from "#app/http/move-forms.server";
import { useLiveRevalidation } from "#app/browser/realtime-client";
import { dashboardPollMs } from "#app/domain/polling";
import { accountDashboard } from "#app/services/dashboard.server";
import type { StatementBudget } from "#app/http/route-methods";

// The dashboard reads 6 statements; open Create Move adds its locations (7), and opened for a
// trailer (`?trailer=`, Request move on the trailer's page) that trailer, read before its From (8).
export const statementBudget = { GET: 8 } satisfies StatementBudget;

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.account ? `${data.account.accountName} Dashboard · Yardline` : "Dashboard · Yardline" },
];

export const loader = pageRoute(async ({ request, context }: LoaderFunctionArgs) => {
  const { ctx, user } = await requirePage(request, context);
  const dashboard = await accountDashboard(ctx, parseDashboardView(new URL(request.url).searchParams));
  const moves = await movePanelFor(request, ctx, dashboard.account?.id ?? null);
  return data(
    {
      ...dashboard,
      moves: moves.panel,
      viewer: moveViewerOf(user),
      isAdmin: user.isAdmin,
      canEditAssets: canEditAssets(user),
      canReport: canPrintReports(user),
      cannotAddTrucks: deniedBecause("/trucks/new", user, "add trucks"),
    },
    { headers: moves.headers },
  );
});

export default function Dashboard() {
  const data = useLoaderData<typeof loader>();
  const { view, account, isAdmin } = data;
  useLiveRevalidation((event) => "account_id" in event && event.account_id === account?.id, dashboardPollMs(view.tab));
  return (
    <section>
      {isAdmin && account ? (
        <Breadcrumb trail={[{ label: "Admin Dashboard", to: "/admin/dashboard" }, { label: `${account.accountName} Dashboard` }]} />
      ) : null}
      {isAdmin ? <AccountSelector accounts={data.accounts} view={view} /> : null}
      {account ? (
        <>
          <h1 className="text-2xl font-semibold">{account.accountName} Dashboard</h1>
          <p className="text-sm text-slate-600">{account.location}</p>
        </>
      ) : (
        <h1 className="text-2xl font-semibold">Dashboard</h1>
      )}
      {account || isAdmin ? (
        <MoveStatusPanel
          viewer={data.viewer}
          accountId={account?.id ?? null}
          accounts={isAdmin ? data.accounts : undefined}
          panel={data.moves}
        />
      ) : null}
      <TabNav tabs={data.tabs} view={view} />
      <TabRegion tabs={data.tabs}>
        {!account ? (
          <p className="text-slate-700">
            {isAdmin ? `Please select an account to view ${view.tab}` : "No account selected. Please contact support if this persists."}
          </p>
        ) : data.trailers ? (
          <TrailersTab view={view} trailers={data.trailers} canAdd={data.canEditAssets} canReport={data.canReport} />
        ) : data.users ? (
          <UsersTab view={view} users={data.users} canReport={data.canReport} />
        ) : data.trucks ? (
          <TrucksTab view={view} trucks={data.trucks} cannotAdd={data.cannotAddTrucks} canReport={data.canReport} />
        ) : data.yards ? (
          <PlaceCards place="yards" cards={data.yards.map(yardCard)} view={view} canAdd={data.canEditAssets} canReport={data.canReport} />
        ) : data.buildings ? (
          <PlaceCards
            place="buildings"
            cards={data.buildings.map(buildingCard)}
            view={view}
            canAdd={data.canEditAssets}
            canReport={data.canReport}
          />
        ) : null}
      </TabRegion>
      <ScrollToTop />
    </section>
  );
}

/** A move form that failed leaves the page as it was (see `keepPageAfterFailure`). */
export const shouldRevalidate = keepPageAfterFailure;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
