import { Link, useNavigate } from "@remix-run/react";
import { Table } from "#app/components/ui/table";
import { sortedColumn, viewHref, type DashboardView } from "#app/domain/dashboard";

export interface Column<Row> {
  heading: string;
  /**
   * The cell's classes. The table pads its cells and keeps them to one line (`app/tailwind.css`,
   * "record-table"); `wrap` lets a cell wrap, and a table with cards on a phone places its cells by
   * `card-title`, `card-icon`, `card-late`, `card-note` and `table-only`.
   */
  className?: string;
  cell: (row: Row) => React.ReactNode;
  /** The sort column the heading toggles, for a sortable table. */
  sort?: string;
}

/** What inside a row keeps its own click: links, buttons, form fields. */
const OWN_CLICK = "a, button, input, select, textarea, label, summary, [role=button], [role=link]";

/**
 * Whether a click on a row should open the row's page: a plain left click (a click with a modifier
 * key is left to the browser), not on a control of its own, and not the end of a text selection.
 */
export function opensRow(event: React.MouseEvent<HTMLElement>): boolean {
  if (event.defaultPrevented || event.button !== 0) return false;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return false;
  const target = event.target instanceof Element ? event.target : null;
  if (target?.closest(OWN_CLICK)) return false;
  const selection = typeof window === "undefined" ? null : window.getSelection();
  return !selection || selection.isCollapsed;
}

/**
 * A dashboard table: one row a record, one cell a column; sortable headings are links. With
 * `rowHref`, a click anywhere on a row opens the record's page (the link in its cells stays the
 * way there for the keyboard and without JavaScript). With `cardsOnPhone` the same rows show as
 * cards below md, laid out by their columns' classes: one list for every screen.
 */
export function DataTable<Row extends { id: number }>({
  columns,
  rows,
  view,
  rowHref,
  rowClassName,
  cardsOnPhone = false,
}: {
  columns: Column<Row>[];
  rows: Row[];
  view: DashboardView;
  rowHref?: (row: Row) => string;
  rowClassName?: (row: Row) => string | undefined;
  cardsOnPhone?: boolean;
}) {
  const navigate = useNavigate();
  return (
    <Table
      className={`record-table overflow-x-auto rounded-lg border border-slate-200 bg-white${rowHref ? " clickable" : ""}${cardsOnPhone ? " cards-on-phone" : ""}`}
      headings={columns.map((column) => (
        <ColumnHeading key={column.heading} column={column} view={view} />
      ))}
    >
      {rows.map((row) => (
        <tr
          key={row.id}
          className={rowClassName?.(row) || undefined}
          onClick={
            rowHref
              ? (event) => {
                  if (opensRow(event)) navigate(rowHref(row));
                }
              : undefined
          }
        >
          {columns.map((column) => (
            <td key={column.heading} className={column.className}>
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
  const sorted = sort !== undefined && sortedColumn(view) === sort;
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
          {sorted ? <span aria-hidden="true">{view.order === "asc" ? " ▲" : " ▼"}</span> : null}
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

/** The columns the Trailers and Trucks tables share; `number` links to the asset's page and titles its card. */
export const assetColumns = {
  location: { heading: "Location", className: "font-medium", cell: (row) => row.location },
  type: { heading: "Type", className: "card-late", cell: (row) => row.type },
  timeAtLocation: { heading: "Time at Location", cell: (row) => row.timeAtLocation },
  tag: { heading: "Tag Description", className: "card-note", cell: (row) => row.tag },
  number: (heading: string, path: string): Column<AssetRow> => ({
    heading,
    className: "card-title",
    cell: (row) => <Link to={`${path}/${row.id}`}>{row.number}</Link>,
  }),
} satisfies Record<string, Column<AssetRow> | ((heading: string, path: string) => Column<AssetRow>)>;
