import { Link } from "@remix-run/react";
import { Table } from "~/components/ui/table";
import { viewHref, type DashboardView } from "~/domain/dashboard";

export interface Column<Row> {
  heading: string;
  /** The cell's classes beside its padding. */
  className?: string;
  cell: (row: Row) => React.ReactNode;
  /** The sort column the heading toggles, for a sortable table. */
  sort?: string;
}

/** A dashboard table: one row a record, one cell a column; sortable headings are links. */
export function DataTable<Row extends { id: number }>({
  columns,
  rows,
  view,
  rowClassName,
  className = "",
}: {
  columns: Column<Row>[];
  rows: Row[];
  view: DashboardView;
  rowClassName?: (row: Row) => string | undefined;
  className?: string;
}) {
  return (
    <Table
      className={`overflow-x-auto rounded-lg border border-slate-200 bg-white ${className}`}
      headings={columns.map((column) => (
        <ColumnHeading key={column.heading} column={column} view={view} />
      ))}
    >
      {rows.map((row) => (
        <tr key={row.id} className={rowClassName?.(row)}>
          {columns.map((column) => (
            <td key={column.heading} className={`px-3 py-2 ${column.className ?? ""}`}>
              {column.cell(row)}
            </td>
          ))}
        </tr>
      ))}
    </Table>
  );
}

function ColumnHeading<Row>({ column, view }: { column: Column<Row>; view: DashboardView }) {
  const { heading, sort } = column;
  const sorted = sort !== undefined && view.column === sort;
  return (
    <th
      scope="col"
      className="whitespace-nowrap px-3 py-2"
      aria-sort={sorted ? (view.order === "asc" ? "ascending" : "descending") : undefined}
    >
      {sort ? (
        <Link
          to={viewHref(view, { column: sort, order: sorted && view.order === "asc" ? "desc" : "asc", page: 1 })}
          className="hover:text-slate-900"
        >
          {heading}
          {sorted ? (view.order === "asc" ? " ▲" : " ▼") : ""}
        </Link>
      ) : (
        heading
      )}
    </th>
  );
}

interface AssetRow {
  id: number;
  location: string;
  number: string;
  type: string;
  timeAtLocation: string;
  tag: string;
}

/** The columns the Trailers and Trucks tables share; `number` links to the asset's page. */
export const assetColumns = {
  location: { heading: "Location", className: "whitespace-nowrap font-medium", cell: (row) => row.location },
  type: { heading: "Type", className: "whitespace-nowrap", cell: (row) => row.type },
  timeAtLocation: { heading: "Time at Location", className: "whitespace-nowrap", cell: (row) => row.timeAtLocation },
  tag: { heading: "Tag Description", cell: (row) => row.tag },
  number: (heading: string, path: string): Column<AssetRow> => ({
    heading,
    className: "whitespace-nowrap font-semibold",
    cell: (row) => (
      <Link to={`${path}/${row.id}`} className="underline-offset-2 hover:underline">
        {row.number}
      </Link>
    ),
  }),
} satisfies Record<string, Column<AssetRow> | ((heading: string, path: string) => Column<AssetRow>)>;
