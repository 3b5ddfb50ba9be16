import { Link } from "@remix-run/react";
import {
  addHref,
  filterOptions,
  TIME_SORTS,
  TRAILER_LOAD_FILTERS,
  TRAILER_STATUS_FILTERS,
  viewHref,
  type DashboardView,
  type TrailerList,
  type TrailerListRow,
} from "~/domain/dashboard";
import { assetColumns, DataTable, type Column } from "./data-table";
import { FilterForm, RadioFilter } from "./filter-form";
import { AddButton, ListCount, Listing } from "./listing";
import { TrailerIcon } from "./trailer-icon";

const COLUMNS: Column<TrailerListRow>[] = [
  assetColumns.location,
  { heading: "Trailer", cell: (row) => <TrailerIcon state={row.state} /> },
  assetColumns.type,
  { heading: "State - Plate", className: "whitespace-nowrap", cell: (row) => row.statePlate },
  assetColumns.number("Trailer Number", "/trailers"),
  assetColumns.timeAtLocation,
  { heading: "Load # OR Trays", className: "whitespace-nowrap", cell: (row) => row.load },
  { heading: "Current User", cell: (row) => row.currentUser },
  assetColumns.tag,
];

/** The Trailers tab: filters by location, status, load and time at location; cards on a phone, a table from md up. */
export function TrailersTab({
  view,
  trailers,
  canAdd,
  canReport,
}: {
  view: DashboardView;
  trailers: TrailerList;
  canAdd: boolean;
  canReport: boolean;
}) {
  const locationOptions = [
    { value: "all", label: `All (${trailers.counts.all})` },
    ...trailers.counts.byLocation.map(({ location, count }) => ({ value: location, label: `${location} (${count})` })),
  ];
  return (
    <div className="space-y-3">
      {canAdd ? (
        <AddButton
          to={addHref("/trailers/new", view)}
          label="Add New Trailer"
          more={[{ to: addHref("/trailers/bulk-upload", view), label: "Bulk Upload Trailers" }]}
        />
      ) : null}
      <FilterForm view={view} resetTo={viewHref(view, { location: "all", status: "all", load: "all", sort: "asc", page: 1 })}>
        <RadioFilter legend="Location" name="location" value={view.location} options={locationOptions} />
        <div className="grid gap-3 md:grid-cols-3">
          <RadioFilter legend="Status" name="status" value={view.status} options={filterOptions(TRAILER_STATUS_FILTERS)} />
          <RadioFilter legend="Load Type" name="load" value={view.load} options={filterOptions(TRAILER_LOAD_FILTERS)} />
          <RadioFilter legend="Time at Location" name="sort" value={view.sort} options={filterOptions(TIME_SORTS)} />
        </div>
      </FilterForm>
      <ListCount total={trailers.total} noun="trailer" report={canReport ? { type: "trailers", view } : null} />
      <Listing view={view} total={trailers.total} shown={trailers.rows.length} empty="No trailers found matching your filters">
        <TrailerCards rows={trailers.rows} />
        <DataTable
          columns={COLUMNS}
          rows={trailers.rows}
          view={view}
          rowHref={(row) => `/trailers/${row.id}`}
          rowClassName={(row) => (row.redTagged ? "text-red-700" : undefined)}
          className="hidden md:block"
        />
      </Listing>
    </div>
  );
}

function TrailerCards({ rows }: { rows: TrailerListRow[] }) {
  return (
    <ul className="space-y-2 md:hidden" aria-label="Trailers">
      {rows.map((row) => (
        <li
          key={row.id}
          className={`relative rounded-lg border bg-white p-3 ${row.redTagged ? "border-red-300 text-red-700" : "border-slate-200"}`}
        >
          <div className="flex items-center justify-between gap-2">
            <Link
              to={`/trailers/${row.id}`}
              className="text-lg font-semibold text-brand-700 underline-offset-2 after:absolute after:inset-0 hover:underline"
            >
              {row.number}
            </Link>
            <TrailerIcon state={row.state} />
          </div>
          <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm">
            <span className="font-medium">{row.location}</span>
            <span>{row.timeAtLocation}</span>
            <span>{row.load}</span>
            <span>{row.type}</span>
          </div>
          {row.tag ? <p className="mt-1 text-sm">{row.tag}</p> : null}
        </li>
      ))}
    </ul>
  );
}
