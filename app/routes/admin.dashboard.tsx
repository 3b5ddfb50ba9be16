import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData, useSubmit } from "@remix-run/react";
import { LocationAnalyticsPanel, MovesSummaryPanel, PeriodSwitch } from "#app/components/analytics/analytics-panels";
import { DoorsPanel, DriversPanel, DwellPanel, MovesPerDayPanel, ResponsePanel } from "#app/components/analytics/kpi-panels";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { MoveStatusPanel } from "#app/components/moves/move-status-panel";
import { buttonStyles, inputStyles } from "#app/components/ui/styles";
import type { AnalyticsPeriod } from "#app/domain/analytics";
import { moveViewerOf } from "#app/domain/moves";
import { SEARCH_PARAM, searchTextOf } from "#app/domain/search";
import { canEditAssets } from "#app/domain/roles";
import { pageRoute } from "#app/http/answers.server";
import { keepPageAfterFailure } from "#app/browser/failed-actions";
import { requirePage } from "#app/http/guards.server";
import { movePanelFor, viewerTimeZone } from "#app/http/move-forms.server";
import { analyticsQueryOf } from "#app/http/queries.server";
import { useLiveRevalidation } from "#app/browser/realtime-client";
import { POLL_MS } from "#app/domain/polling";
import { adminDashboard } from "#app/services/admin-dashboard.server";
import type { StatementBudget } from "#app/http/route-methods";
import { SubmitWithoutScript } from "#app/components/ui/form-parts";

export const statementBudget = { GET: 15 } satisfies StatementBudget;

export const meta: MetaFunction = () => [{ title: "Admin Dashboard · Yardline" }];

/**
 * `/admin/dashboard?company=&account=&period=&q=`: every account's moves; the company selector and
 * its accounts' cards; the Moves Summary and Location Analytics of the company, or of the account
 * chosen, for the period. The header's search (`q`) narrows the account cards (account or company
 * name) and the Move Status lists; the analytics stay those of the company or account chosen.
 */
export const loader = pageRoute(async ({ request, context }: LoaderFunctionArgs) => {
  const { user, ctx } = await requirePage(request, context);
  const params = new URL(request.url).searchParams;
  const query = analyticsQueryOf(params, viewerTimeZone(request));
  const search = searchTextOf(params);
  const [dashboard, moves] = await Promise.all([adminDashboard(ctx, query, search), movePanelFor(request, ctx, null)]);
  return data(
    {
      ...dashboard,
      viewer: moveViewerOf(user),
      moves: moves.panel,
      canUpload: canEditAssets(user),
    },
    { headers: moves.headers },
  );
});

function hrefOf(state: { company: number | null; account: number | null; period: AnalyticsPeriod; search: string }): string {
  const params = new URLSearchParams();
  if (state.company !== null) params.set("company", String(state.company));
  if (state.account !== null) params.set("account", String(state.account));
  if (state.period !== "today") params.set("period", state.period);
  if (state.search) params.set(SEARCH_PARAM, state.search);
  const text = params.toString();
  return text ? `/admin/dashboard?${text}` : "/admin/dashboard";
}

export default function AdminDashboard() {
  const { companies, accounts, account, search, analytics, timeZone, choices, viewer, moves, canUpload } = useLoaderData<typeof loader>();
  const submit = useSubmit();
  const company = analytics.company_id;
  const shown = new Set(accounts.map((row) => row.id));
  // Moves reload the page through the Move Status panel's own live reload (one reload per event:
  // two at once would interrupt each other and a move form's answer); trailers moving here.
  useLiveRevalidation(
    (event) =>
      event.type === "trailer_location_updated" &&
      (company === null || shown.has(event.account_id)) &&
      (account === null || event.account_id === account.id),
    POLL_MS.other,
  );
  const scope = account ? account.accountName : company === null ? "All Companies" : companies.find((row) => row.id === company)?.name;
  return (
    <section className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-semibold">Admin Dashboard</h1>
        {canUpload ? (
          <Link to="/trailers/bulk-upload" className={buttonStyles.secondary}>
            Bulk Upload Trailers
          </Link>
        ) : null}
      </div>
      <MoveStatusPanel viewer={viewer} accountId={null} accounts={choices} panel={moves} />

      <Form
        method="get"
        className="flex flex-wrap items-end gap-2"
        onChange={(event) => submit(event.currentTarget, { preventScrollReset: true })}
      >
        {analytics.period !== "today" ? <input type="hidden" name="period" value={analytics.period} /> : null}
        {search ? <input type="hidden" name={SEARCH_PARAM} value={search} /> : null}
        <label className="block min-w-64 text-sm font-medium">
          Company
          <select name="company" defaultValue={company ?? ""} className={inputStyles}>
            <option value="">All Companies</option>
            {companies.map((row) => (
              <option key={row.id} value={row.id}>
                {row.name}
              </option>
            ))}
          </select>
        </label>
        <SubmitWithoutScript label="Show" />
      </Form>

      {search ? (
        <p className="text-sm text-slate-700" role="status">
          {accounts.length
            ? `${accounts.length} ${accounts.length === 1 ? "account matches" : "accounts match"} "${search}".`
            : "No accounts match your search."}{" "}
          The search narrows the account cards and the Move Status lists; the analytics below cover {scope}.
        </p>
      ) : null}
      <ul aria-label="Accounts" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {accounts.map((row) => {
          const chosen = row.id === account?.id;
          return (
            <li
              key={row.id}
              className={`rounded-lg border bg-white p-4 ${chosen ? "border-brand-600 ring-2 ring-blue-200" : "border-slate-200"}`}
            >
              <p className="text-xs uppercase tracking-wide text-slate-500">{row.companyName}</p>
              <h2 className="font-semibold">
                <Link
                  to={hrefOf({ company, account: chosen ? null : row.id, period: analytics.period, search })}
                  preventScrollReset
                  aria-current={chosen ? "true" : undefined}
                  className="underline-offset-2 hover:underline"
                >
                  {row.accountName}
                </Link>
              </h2>
              <p className="text-sm text-slate-600">{row.location}</p>
              <dl className="mt-2 flex gap-4 text-sm">
                {(
                  [
                    ["Trailers", row.trailers],
                    ["Trucks", row.trucks],
                    ["Users", row.users],
                  ] as const
                ).map(([label, value]) => (
                  <div key={label}>
                    <dt className="text-slate-500">{label}</dt>
                    <dd className="font-semibold">{value}</dd>
                  </div>
                ))}
              </dl>
              <div className="mt-2 flex flex-wrap gap-x-4 text-sm">
                <Link
                  to={`/?account=${row.id}`}
                  className="text-brand-700 underline-offset-2 hover:underline"
                  aria-label={`Open ${row.accountName}'s trailers, trucks, yards, buildings and users`}
                >
                  Open account
                </Link>
                {canUpload ? (
                  <Link
                    to={`/trailers/bulk-upload?account=${row.id}`}
                    aria-label={`Bulk upload trailers into ${row.accountName}`}
                    className="text-brand-700 underline-offset-2 hover:underline"
                  >
                    Bulk upload trailers
                  </Link>
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>

      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-xl font-semibold">Analytics · {scope}</h2>
        <PeriodSwitch period={analytics.period} hrefOf={(period) => hrefOf({ company, account: account?.id ?? null, period, search })} />
      </div>
      <MovesSummaryPanel analytics={analytics} />
      <LocationAnalyticsPanel analytics={analytics} timeZone={timeZone} />
      <div className="grid gap-4 lg:grid-cols-2">
        <MovesPerDayPanel days={analytics.kpis.moves_per_day} />
        <ResponsePanel response={analytics.kpis.response} timeZone={timeZone} />
      </div>
      <DwellPanel dwell={analytics.kpis.dwell} timeZone={timeZone} />
      <div className="grid gap-4 lg:grid-cols-2">
        <DriversPanel drivers={analytics.kpis.drivers} />
        <DoorsPanel doors={analytics.kpis.doors} />
      </div>
    </section>
  );
}

/** A move form that failed leaves the page as it was (see `keepPageAfterFailure`). */
export const shouldRevalidate = keepPageAfterFailure;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
