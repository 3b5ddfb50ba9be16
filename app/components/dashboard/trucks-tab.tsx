import {
  activeFilters,
  countedOptions,
  addHref,
  TRUCK_STATUS_FILTERS,
  viewHref,
  type DashboardView,
  type TruckList,
  type TruckListRow,
  type TruckSort,
} from "#app/domain/dashboard";
import { assetColumns, DataTable, type Column } from "./data-table";
import { FilterForm, RadioFilter } from "./filter-form";
import { AddButton, ListCount, Listing } from "./listing";
import { TruckIcon } from "./truck-icon";

const COLUMNS: Column<TruckListRow>[] = [
  { ...assetColumns.location, sort: "location" },
  { heading: "Truck", cell: () => <TruckIcon /> },
  { ...assetColumns.number("Number", "/trucks"), sort: "number" },
  { ...assetColumns.type, sort: "type" },
  { heading: "Make", cell: (row) => row.make, sort: "make" },
  { heading: "Model", cell: (row) => row.model, sort: "model" },
  { ...assetColumns.timeAtLocation, sort: "time" },
  { heading: "Assigned To", cell: (row) => row.assignedTo, sort: "assigned" },
  { heading: "Status", cell: (row) => row.status, sort: "status" },
  { ...assetColumns.tag, sort: "tag" },
] satisfies (Column<TruckListRow> & { sort?: TruckSort })[];

/**
 * The Trucks tab: filters by location, status and assignee; a table sorted by any of its columns'
 * headings. Add New Truck is always there: a link for those who may add trucks, otherwise a
 * disabled button with `cannotAdd`, the reason.
 */
export function TrucksTab({
  view,
  trucks,
  cannotAdd,
  canReport,
}: {
  view: DashboardView;
  trucks: TruckList;
  cannotAdd: string | null;
  canReport: boolean;
}) {
  const { locations, assigned, assignees } = trucks.options;
  const locationOptions = [
    { value: "all", label: `All (${locations.all})` },
    ...locations.byLocation.map(({ location, count }) => ({ value: location, label: `${location} (${count})` })),
  ];
  const assigneeOptions = [
    { value: "all", label: `All (${assigned.all})` },
    { value: "unassigned", label: `Unassigned (${assigned.unassigned})` },
    ...assignees.map(({ alphaCode, trucks: count }) => ({ value: alphaCode, label: `${alphaCode} (${count})` })),
  ];
  return (
    <div className="space-y-3">
      <AddButton to={addHref("/trucks/new", view)} label="Add New Truck" disabledReason={cannotAdd} />
      <FilterForm
        view={view}
        active={activeFilters(view)}
        resetTo={viewHref(view, { location: "all", status: "all", assigned: "all", page: 1 })}
      >
        <RadioFilter legend="Location" name="location" value={view.location} options={locationOptions} />
        <div className="grid gap-3 md:grid-cols-2">
          <RadioFilter
            legend="Status"
            name="status"
            value={view.status}
            options={countedOptions(TRUCK_STATUS_FILTERS, trucks.options.status)}
          />
          <RadioFilter legend="Assigned To" name="assigned" value={view.assigned} options={assigneeOptions} />
        </div>
      </FilterForm>
      <ListCount total={trucks.total} noun="truck" report={canReport ? { type: "trucks", view } : null} />
      <Listing view={view} total={trucks.total} shown={trucks.rows.length} empty="No trucks found matching your filters">
        <DataTable
          columns={COLUMNS}
          rows={trucks.rows}
          view={view}
          rowHref={(row) => `/trucks/${row.id}`}
          rowClassName={(row) => (row.status === "Red Tagged" ? "text-red-700" : undefined)}
        />
      </Listing>
    </div>
  );
}
