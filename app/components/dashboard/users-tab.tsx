import { Link } from "@remix-run/react";
import { buttonStyles } from "#app/components/ui/styles";
import {
  activeFilters,
  filterOptions,
  USER_STATUS_FILTERS,
  viewHref,
  type DashboardView,
  type UserList,
  type UserListRow,
  type UserSort,
} from "#app/domain/dashboard";
import { ROLE_LABEL } from "#app/domain/roles";
import { DataTable, type Column } from "./data-table";
import { FilterForm, RadioFilter } from "./filter-form";
import { ListCount, Listing } from "./listing";

const COLUMNS: Column<UserListRow>[] = [
  {
    heading: "Alpha Code",
    className: "font-semibold",
    cell: (row) => (
      <Link to={`/users/${row.id}`} className="text-brand-700 underline-offset-2 hover:underline">
        {row.alphaCode ?? "—"}
      </Link>
    ),
    sort: "alpha",
  },
  { heading: "Email", cell: (row) => row.email, sort: "email" },
  { heading: "Role", cell: (row) => row.role, sort: "role" },
  { heading: "Driver Number", cell: (row) => row.driverNumber ?? "", sort: "driver" },
  { heading: "Account", cell: (row) => row.account, sort: "account" },
  { heading: "Status", cell: (row) => (row.active ? "Active" : "Inactive"), sort: "status" },
] satisfies (Column<UserListRow> & { sort?: UserSort })[];

/** The Users tab (managerial roles): the users at or below the viewer's rank, by role and status. */
export function UsersTab({ view, users, canReport }: { view: DashboardView; users: UserList; canReport: boolean }) {
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-slate-600">Users can only be seen at an equal or lower role level than yours.</p>
        <Link to="/signup" className={buttonStyles.primary}>
          Add New User
        </Link>
      </div>
      <FilterForm view={view} active={activeFilters(view)} resetTo={viewHref(view, { role: "all", status: "all", page: 1 })}>
        <div className="grid gap-3 md:grid-cols-2">
          <RadioFilter
            legend="Role"
            name="role"
            value={view.role}
            options={[{ value: "all", label: "All" }, ...users.roles.map((role) => ({ value: role, label: ROLE_LABEL[role] }))]}
          />
          <RadioFilter legend="Status" name="status" value={view.status} options={filterOptions(USER_STATUS_FILTERS)} />
        </div>
      </FilterForm>
      <ListCount total={users.total} noun="user" report={canReport ? { type: "users", view } : null} />
      <Listing view={view} total={users.total} shown={users.rows.length} empty="No users found matching your filters">
        <DataTable
          columns={COLUMNS}
          rows={users.rows}
          view={view}
          rowHref={(row) => `/users/${row.id}`}
          rowClassName={(row) => (row.active ? undefined : "opacity-50")}
        />
      </Listing>
    </div>
  );
}
