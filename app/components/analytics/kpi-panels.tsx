import { Link } from "@remix-run/react";
import { Panel, StayList } from "./analytics-panels";
import { ANALYTICS_HELP, ANALYTICS_MESSAGES, durationText, type Kpis, type Spread } from "#app/domain/analytics";
import { timeIn } from "#app/domain/time-zones";

const cell = "px-2 py-1 text-left";
const numberCell = "px-2 py-1 text-right tabular-nums";

/** A horizontal bar for a percentage (decoration: the number beside it is the text). */
function Bar({ percent, tone }: { percent: number | null; tone: string }) {
  return (
    <span aria-hidden className="inline-block h-2 w-24 overflow-hidden rounded bg-slate-100 align-middle">
      <span className={`block h-full ${tone}`} style={{ width: `${percent ?? 0}%` }} />
    </span>
  );
}

function spreadCells(spread: Spread) {
  return (
    <>
      <td className={numberCell}>{durationText(spread.median)}</td>
      <td className={numberCell}>{durationText(spread.p90)}</td>
      <td className={numberCell}>{spread.count.toLocaleString("en-US")}</td>
    </>
  );
}

export function DwellPanel({ dwell, timeZone }: { dwell: Kpis["dwell"]; timeZone: string }) {
  return (
    <Panel title="Dwell Time" help={ANALYTICS_HELP.dwell}>
      <div className="grid gap-4 lg:grid-cols-2">
        <table className="w-full text-sm">
          <caption className="sr-only">Dwell time by kind of location</caption>
          <thead className="text-xs text-slate-600">
            <tr>
              <th className={cell}>Location</th>
              <th className={numberCell}>Median</th>
              <th className={numberCell}>90th percentile</th>
              <th className={numberCell}>Stays</th>
            </tr>
          </thead>
          <tbody>
            {dwell.by_kind.map((row) => (
              <tr key={row.kind} className="border-t border-slate-100">
                <th scope="row" className={cell}>
                  {row.kind === "Door" ? "Doors" : row.kind === "Yard" ? "Yards" : row.kind}
                </th>
                {spreadCells(row)}
              </tr>
            ))}
          </tbody>
        </table>
        <div>
          <h3 className="text-sm font-semibold">Longest stays now</h3>
          {dwell.longest_stays.length === 0 ? (
            <p className="text-sm text-slate-600">{ANALYTICS_MESSAGES.noData}</p>
          ) : (
            <StayList
              label="Longest stays now"
              stays={dwell.longest_stays.map((stay) => ({ ...stay, id: stay.trailer_id }))}
              timeZone={timeZone}
            />
          )}
        </div>
      </div>
    </Panel>
  );
}

export function ResponsePanel({ response, timeZone }: { response: Kpis["response"]; timeZone: string }) {
  return (
    <Panel title="Move Response and Drive Time" help={ANALYTICS_HELP.response}>
      <table className="w-full text-sm">
        <caption className="sr-only">Move response and drive time</caption>
        <thead className="text-xs text-slate-600">
          <tr>
            <th className={cell}>Step</th>
            <th className={numberCell}>Median</th>
            <th className={numberCell}>90th percentile</th>
            <th className={numberCell}>Moves</th>
          </tr>
        </thead>
        <tbody>
          <tr className="border-t border-slate-100">
            <th scope="row" className={cell}>
              Request → Accept
            </th>
            {spreadCells(response.request_to_accept)}
          </tr>
          <tr className="border-t border-slate-100">
            <th scope="row" className={cell}>
              Accept → Finish
            </th>
            {spreadCells(response.accept_to_finish)}
          </tr>
        </tbody>
      </table>
      <p className="mt-2 text-sm">
        Waiting now: <strong data-figure="Waiting now">{response.waiting_now.toLocaleString("en-US")}</strong>
        {response.oldest_waiting ? (
          <>
            {" "}
            · oldest requested{" "}
            <time dateTime={response.oldest_waiting.requested_at}>{timeIn(timeZone, response.oldest_waiting.requested_at)}</time>
          </>
        ) : null}
      </p>
    </Panel>
  );
}

export function DriversPanel({ drivers }: { drivers: Kpis["drivers"] }) {
  return (
    <Panel title="Driver Productivity" help={ANALYTICS_HELP.drivers}>
      {drivers.length === 0 ? (
        <p className="text-sm text-slate-600">{ANALYTICS_MESSAGES.noMoves}</p>
      ) : (
        <table className="w-full text-sm">
          <caption className="sr-only">Finished moves per driver</caption>
          <thead className="text-xs text-slate-600">
            <tr>
              <th className={numberCell}>#</th>
              <th className={cell}>Driver</th>
              <th className={numberCell}>Finished</th>
              <th className={numberCell}>Active hours</th>
              <th className={numberCell}>Moves per hour</th>
            </tr>
          </thead>
          <tbody>
            {drivers.map((driver, index) => (
              <tr key={driver.user_id ?? `unknown-${index}`} className="border-t border-slate-100">
                <td className={numberCell}>{index + 1}</td>
                <th scope="row" className={cell}>
                  {driver.driver}
                </th>
                <td className={numberCell}>{driver.finished}</td>
                <td className={numberCell}>{driver.active_hours}</td>
                <td className={numberCell}>{driver.moves_per_hour ?? ANALYTICS_MESSAGES.noData}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Panel>
  );
}

export function DoorsPanel({ doors }: { doors: Kpis["doors"] }) {
  const percent = (value: number | null) => (value === null ? ANALYTICS_MESSAGES.noData : `${value}%`);
  return (
    <Panel title="Door Utilisation" help={ANALYTICS_HELP.doors}>
      {doors.length === 0 ? (
        <p className="text-sm text-slate-600">No buildings</p>
      ) : (
        <table className="w-full text-sm">
          <caption className="sr-only">Door utilisation by building</caption>
          <thead className="text-xs text-slate-600">
            <tr>
              <th className={cell}>Building</th>
              <th className={numberCell}>Doors</th>
              <th className={numberCell}>Occupied now</th>
              <th className={numberCell}>Over the period</th>
            </tr>
          </thead>
          <tbody>
            {doors.map((building) => (
              <tr key={building.building_id} className="border-t border-slate-100">
                <th scope="row" className={cell}>
                  <Link to={`/buildings/${building.building_id}`} className="text-brand-700 underline-offset-2 hover:underline">
                    {building.building}
                  </Link>
                </th>
                <td className={numberCell}>{building.doors}</td>
                <td className={numberCell}>
                  {building.occupied_now} · {percent(building.now_percent)} <Bar percent={building.now_percent} tone="bg-brand-600" />
                </td>
                <td className={numberCell}>
                  {percent(building.period_percent)} <Bar percent={building.period_percent} tone="bg-slate-500" />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Panel>
  );
}

const OUTCOMES = [
  { key: "finished", label: "Finished", tone: "fill-green-600", swatch: "bg-green-600" },
  { key: "cancelled", label: "Cancelled", tone: "fill-red-500", swatch: "bg-red-500" },
  { key: "other", label: "Requested or in progress", tone: "fill-slate-400", swatch: "bg-slate-400" },
] as const;

const hundredths = (value: number) => Math.round(value * 100) / 100;

/** Moves per day as stacked bars (SVG), with the same figures as a table for screen readers and print. */
export function MovesPerDayPanel({ days }: { days: Kpis["moves_per_day"] }) {
  const most = Math.max(1, ...days.map((day) => day.finished + day.cancelled + day.other));
  const width = 100 / Math.max(days.length, 1);
  const total = days.reduce((sum, day) => sum + day.finished + day.cancelled + day.other, 0);
  return (
    <Panel title="Moves per Day" help={ANALYTICS_HELP.movesPerDay}>
      {total === 0 ? (
        <p className="text-sm text-slate-600">{ANALYTICS_MESSAGES.noMoves}</p>
      ) : (
        <>
          <svg viewBox="0 0 100 40" preserveAspectRatio="none" className="h-40 w-full" aria-hidden>
            {days.map((day, index) => {
              let top = 40;
              return OUTCOMES.map((outcome) => {
                const height = (40 * day[outcome.key]) / most;
                top -= height;
                // An empty part draws nothing; a hundredth of the chart is finer than a pixel.
                if (day[outcome.key] === 0) return null;
                return (
                  <rect
                    key={`${day.day}-${outcome.key}`}
                    x={hundredths(index * width + width * 0.15)}
                    width={hundredths(width * 0.7)}
                    y={hundredths(top)}
                    height={hundredths(height)}
                    className={outcome.tone}
                  >
                    <title>{`${day.day}: ${day[outcome.key]} ${outcome.label.toLowerCase()}`}</title>
                  </rect>
                );
              });
            })}
          </svg>
          <div className="flex justify-between text-[10px] text-slate-500" aria-hidden>
            <span>{days[0]?.day}</span>
            <span>{days.at(-1)?.day}</span>
          </div>
          <ul className="mt-1 flex flex-wrap gap-3 text-xs text-slate-600" aria-hidden>
            {OUTCOMES.map((outcome) => (
              <li key={outcome.key} className="flex items-center gap-1">
                <span className={`inline-block h-2 w-2 rounded-sm ${outcome.swatch}`} /> {outcome.label}
              </li>
            ))}
          </ul>
          <table className="sr-only">
            <caption>Moves per day</caption>
            <thead>
              <tr>
                <th>Day</th>
                {OUTCOMES.map((outcome) => (
                  <th key={outcome.key}>{outcome.label}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {days.map((day) => (
                <tr key={day.day}>
                  <th scope="row">{day.day}</th>
                  {OUTCOMES.map((outcome) => (
                    <td key={outcome.key}>{day[outcome.key]}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </Panel>
  );
}
