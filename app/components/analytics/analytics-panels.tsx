import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import {
  ANALYTICS_HELP,
  ANALYTICS_MESSAGES,
  ANALYTICS_PERIOD_LABEL,
  ANALYTICS_PERIODS,
  type Analytics,
  type AnalyticsPeriod,
} from "#app/domain/analytics";
import { timeIn } from "#app/domain/time-zones";

/** Today, Past 7 Days, Past 30 Days: links that keep the rest of the address. */
export function PeriodSwitch({ period, hrefOf }: { period: AnalyticsPeriod; hrefOf: (period: AnalyticsPeriod) => string }) {
  return (
    <nav aria-label="Period" className="inline-flex overflow-hidden rounded-lg border border-slate-300 bg-white text-sm">
      {ANALYTICS_PERIODS.map((option) => (
        <Link
          key={option}
          to={hrefOf(option)}
          preventScrollReset
          aria-current={option === period ? "true" : undefined}
          className={`px-3 py-1.5 ${option === period ? "bg-brand-700 font-semibold text-white" : "text-slate-700 hover:bg-slate-100"}`}
        >
          {ANALYTICS_PERIOD_LABEL[option]}
        </Link>
      ))}
    </nav>
  );
}

export function Panel({ title, help, children }: { title: string; help: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 className="text-lg font-semibold">{title}</h2>
      <p className="text-xs text-slate-500">{help}</p>
      <div className="mt-3">{children}</div>
    </section>
  );
}

const number = (value: number | null, unit = "") =>
  value === null ? ANALYTICS_MESSAGES.noData : `${value.toLocaleString("en-US")}${unit}`;

/** The period's moves by state, the success rate and the average move time. */
export function MovesSummaryPanel({ analytics }: { analytics: Analytics }) {
  const summary = analytics.moves_summary;
  const figures: [string, string, string?][] = [
    ["Total Moves", number(summary.total)],
    ["Requested", number(summary.requested)],
    ["In Progress", number(summary.in_progress)],
    ["Finished", number(summary.finished)],
    ["Cancelled", number(summary.cancelled)],
    ["Success Rate", number(summary.success_rate, "%"), ANALYTICS_HELP.successRate],
    [
      "Average Move Time",
      summary.average_move_minutes === null ? ANALYTICS_MESSAGES.noData : `${summary.average_move_minutes} min`,
      ANALYTICS_HELP.averageMove,
    ],
  ];
  return (
    <Panel title="Moves Summary" help={ANALYTICS_HELP.period}>
      {summary.total === 0 ? <p className="mb-2 text-sm text-slate-600">{ANALYTICS_MESSAGES.noMoves}</p> : null}
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4 lg:grid-cols-7">
        {figures.map(([label, value, help]) => (
          <div key={label} className="rounded-md bg-slate-50 p-2" title={help}>
            <dt className="text-xs text-slate-600">{label}</dt>
            <dd className="text-xl font-bold" data-figure={label}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
    </Panel>
  );
}

/** A ranked list with a bar per row: the bar is decoration, the number is the text. */
function Ranked({ rows, label }: { rows: { name: string; moves: number }[]; label: string }) {
  if (rows.length === 0) return <p className="text-sm text-slate-600">{ANALYTICS_MESSAGES.noMoves}</p>;
  const most = Math.max(...rows.map((row) => row.moves));
  return (
    <ol aria-label={label} className="space-y-1 text-sm">
      {rows.map((row) => (
        <li key={row.name} className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-2">
          <span className="relative truncate">
            <span aria-hidden className="absolute inset-y-0 left-0 rounded bg-blue-100" style={{ width: `${(100 * row.moves) / most}%` }} />
            <span className="relative px-1">{row.name}</span>
          </span>
          <span className="font-semibold tabular-nums">{row.moves.toLocaleString("en-US")}</span>
        </li>
      ))}
    </ol>
  );
}

/** Top locations, popular routes and idle trailers. */
export function LocationAnalyticsPanel({ analytics, timeZone }: { analytics: Analytics; timeZone: string }) {
  return (
    <Panel title="Location Analytics" help={ANALYTICS_HELP.period}>
      <div className="grid gap-4 md:grid-cols-3">
        <div>
          <h3 className="font-semibold">Top Locations</h3>
          <p className="mb-1 text-xs text-slate-500">{ANALYTICS_HELP.topLocations}</p>
          <Ranked label="Top Locations" rows={analytics.top_locations.map((row) => ({ name: row.location, moves: row.moves }))} />
        </div>
        <div>
          <h3 className="font-semibold">Popular Routes</h3>
          <p className="mb-1 text-xs text-slate-500">{ANALYTICS_HELP.topRoutes}</p>
          <Ranked
            label="Popular Routes"
            rows={analytics.top_routes.map((row) => ({ name: `${row.from} → ${row.to}`, moves: row.moves }))}
          />
        </div>
        <div>
          <h3 className="font-semibold">
            Idle Trailers <span data-figure="Idle Trailers">{analytics.idle_trailer_count.toLocaleString("en-US")}</span>
          </h3>
          <p className="mb-1 text-xs text-slate-500">{ANALYTICS_HELP.idleTrailers}</p>
          {analytics.idle_trailers.length === 0 ? (
            <p className="text-sm text-slate-600">No idle trailers</p>
          ) : (
            <StayList label="Idle Trailers" stays={analytics.idle_trailers} timeZone={timeZone} />
          )}
        </div>
      </div>
    </Panel>
  );
}

/** Trailers and where they stand since when, each linking to its trailer. */
export function StayList({
  label,
  stays,
  timeZone,
}: {
  label: string;
  stays: { id: number; trailer_number: string; location: string; since: string }[];
  timeZone: string;
}) {
  return (
    <ul aria-label={label} className="max-h-64 space-y-1 overflow-y-auto text-sm">
      {stays.map((stay) => (
        <li key={stay.id} className="flex justify-between gap-2">
          <Link to={`/trailers/${stay.id}`} className="font-medium text-brand-700 underline-offset-2 hover:underline">
            {stay.trailer_number}
          </Link>
          <span className="truncate text-slate-600">{stay.location}</span>
          <time dateTime={stay.since} className="whitespace-nowrap text-slate-500">
            since {timeIn(timeZone, stay.since)}
          </time>
        </li>
      ))}
    </ul>
  );
}
