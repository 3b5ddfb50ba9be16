import {
  activeFilters,
  addHref,
  countedOptions,
  filterOptions,
  TIME_SORTS,
  TRAILER_LOAD_FILTERS,
  TRAILER_STATUS_FILTERS,
  sortedColumn,
  viewHref,
  type DashboardView,
  type TrailerList,
  type TrailerListRow,
  type TrailerSort,
} from "#app/domain/dashboard";
import { assetColumns, DataTable, type Column } from "./data-table";
import { FilterForm, RadioFilter } from "./filter-form";
import { AddButton, ListCount, Listing } from "./listing";
import { TrailerIcon } from "./trailer-icon";

const COLUMNS: Column<TrailerListRow>[] = [
  { ...assetColumns.location, sort: "location" },
  { heading: "Trailer", className: "card-icon", cell: (row) => <TrailerIcon state={row.state} /> },
  { ...assetColumns.type, sort: "type" },
  { heading: "State - Plate", className: "table-only", cell: (row) => row.statePlate, sort: "plate" },
  { ...assetColumns.number("Trailer Number", "/trailers"), sort: "number" },
  { ...assetColumns.timeAtLocation, sort: "time" },
  { heading: "Load # OR Trays", cell: (row) => row.load, sort: "load" },
  { heading: "Current User", className: "table-only wrap", cell: (row) => row.currentUser, sort: "user" },
  { ...assetColumns.tag, sort: "tag" },
] satisfies (Column<TrailerListRow> & { sort?: TrailerSort })[];

/** The Trailers tab: filters by location, status, load and time at location; a table from md up, its rows cards on a phone. */
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
      <FilterForm
        view={view}
        active={activeFilters(view)}
        resetTo={viewHref(view, { location: "all", status: "all", load: "all", column: "", order: "asc", page: 1 })}
      >
        <RadioFilter legend="Location" name="location" value={view.location} options={locationOptions} />
        <div className="grid gap-3 md:grid-cols-3">
          <RadioFilter
            legend="Status"
            name="status"
            value={view.status}
            options={countedOptions(TRAILER_STATUS_FILTERS, trailers.statusCounts)}
          />
          <RadioFilter
            legend="Load Type"
            name="load"
            value={view.load}
            options={countedOptions(TRAILER_LOAD_FILTERS, trailers.loadCounts)}
          />
          <RadioFilter
            legend="Time at Location"
            name="sort"
            value={sortedColumn(view) === "time" ? view.order : ""}
            options={filterOptions(TIME_SORTS)}
          />
        </div>
      </FilterForm>
      <ListCount total={trailers.total} noun="trailer" report={canReport ? { type: "trailers", view } : null} />
      <Listing view={view} total={trailers.total} shown={trailers.rows.length} empty="No trailers found matching your filters">
        <DataTable
          columns={COLUMNS}
          rows={trailers.rows}
          view={view}
          rowHref={(row) => `/trailers/${row.id}`}
          rowClassName={(row) => (row.redTagged ? "text-red-700" : undefined)}
          cardsOnPhone
        />
      </Listing>
    </div>
  );
}
