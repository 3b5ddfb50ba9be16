import { Link } from "@remix-run/react";
import { ArrowRightLeft } from "lucide-react";
import { LocalTime } from "#app/components/ui/local-time";
import { buttonStyles } from "#app/components/ui/styles";
import { MOVED, type AssetSummary } from "#app/domain/assets";
import type { MoveRequest } from "#app/domain/move-forms";

const TONE_STYLE: Record<AssetSummary["tone"], string> = {
  red: "bg-red-100 text-red-900 ring-red-300",
  yellow: "bg-amber-100 text-amber-900 ring-amber-300",
  shop: "bg-blue-100 text-blue-900 ring-blue-300",
  available: "bg-green-100 text-green-900 ring-green-300",
};

/**
 * The top of a trailer's or truck's page: its number as the page's heading, then where it
 * stands, its status (with the tag's description), its time at location and who moved it last;
 * under them the page's actions (`children`) and, on a trailer's page for a manager, Request
 * move or why no move can be requested. Two facts a row on a phone, four at a desk.
 */
export function AssetSummaryHeader({
  kind,
  number,
  summary,
  moveRequest,
  children,
}: {
  kind: "trailer" | "truck";
  number: string;
  summary: AssetSummary;
  moveRequest: MoveRequest | null;
  children: React.ReactNode;
}) {
  return (
    <header aria-labelledby="asset-heading" className="rounded-lg border border-slate-200 bg-white p-4" data-testid="asset-summary">
      <h1 id="asset-heading" className="break-words text-2xl font-semibold sm:text-3xl">
        <span className="block text-xs font-semibold uppercase tracking-wide text-slate-500">
          {kind === "trailer" ? "Trailer" : "Truck"}
        </span>{" "}
        {number}
      </h1>
      <dl className="mt-3 grid grid-cols-2 gap-2 sm:gap-3 lg:grid-cols-4">
        <Fact label="Location" name="location">
          <span className="text-lg font-semibold">{summary.location}</span>
        </Fact>
        <Fact label="Status" name="status">
          <span className={`inline-block rounded-md px-2 py-0.5 text-sm font-semibold ring-1 ring-inset ${TONE_STYLE[summary.tone]}`}>
            {summary.status}
          </span>
        </Fact>
        <Fact label="Time at Location" name="time-at-location">
          <span className="font-semibold">{summary.timeAtLocation}</span>
          {summary.since ? (
            <span className="block text-xs text-slate-600">
              {summary.timeAtLocation === MOVED ? "left " : "since "}
              <LocalTime iso={summary.since} />
            </span>
          ) : null}
        </Fact>
        <Fact label="Last Moved By" name="moved-by">
          <span className="font-semibold">{summary.movedBy}</span>
        </Fact>
      </dl>
      <div className="mt-4 flex flex-wrap items-center gap-2 empty:hidden">
        {moveRequest && "href" in moveRequest ? (
          <Link to={moveRequest.href} className={buttonStyles.primary}>
            <ArrowRightLeft aria-hidden className="mr-1 h-4 w-4" /> Request move
          </Link>
        ) : null}
        {children}
      </div>
      {moveRequest && "blocked" in moveRequest ? (
        <p className="mt-3 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="move-request-blocked">
          {moveRequest.blocked}
        </p>
      ) : null}
    </header>
  );
}

function Fact({ label, name, children }: { label: string; name: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0 rounded-md bg-slate-50 px-3 py-2">
      <dt className="text-xs font-semibold uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-0.5 break-words" data-fact={name}>
        {children}
      </dd>
    </div>
  );
}
