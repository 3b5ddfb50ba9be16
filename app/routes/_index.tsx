import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData, useNavigation, useSubmit } from "@remix-run/react";
import { ArrowUp } from "lucide-react";
import { useEffect, useState } from "react";
import { TrailerIcon } from "~/components/dashboard/trailer-icon";
import { inputStyles } from "~/components/ui/field";
import { buttonStyles } from "~/components/ui/modal";
import { DASHBOARD_PAGE_SIZE as PAGE_SIZE, parseDashboardView, TAB_LABEL, viewHref, type DashboardView } from "~/domain/dashboard";
import { moveViewerOf } from "~/domain/moves";
import { MoveStatusPanel } from "~/components/moves/move-status-panel";
import { canEditAssets, ROLE_LABEL } from "~/domain/roles";
import { pageRoute } from "~/lib/answers.server";
import { requirePage } from "~/lib/guards.server";
import { movePanelFor } from "~/lib/move-forms.server";
import { useLiveRevalidation } from "~/lib/realtime-client";
import { accountDashboard } from "~/services/dashboard.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.account ? `${data.account.accountName} Dashboard · Yardline` : "Dashboard · Yardline" },
];


export const loader = pageRoute(async ({ request, context }: LoaderFunctionArgs) => {
  const { ctx, user } = await requirePage(request, context);
  const dashboard = await accountDashboard(ctx, parseDashboardView(new URL(request.url).searchParams));
  const moves = await movePanelFor(request, ctx, dashboard.account?.id ?? null);
  return data(
    { ...dashboard, moves: moves.panel, viewer: moveViewerOf(user), isAdmin: user.isAdmin, canEditAssets: canEditAssets(user) },
    { headers: moves.headers },
  );
});

type Loaded = ReturnType<typeof useLoaderData<typeof loader>>;

export default function Dashboard() {
  const data = useLoaderData<typeof loader>();
  const { view, account, isAdmin } = data;
  useLiveRevalidation((event) => "account_id" in event && event.account_id === account?.id, 30_000);
  return (
    <section>
      {isAdmin ? <AccountSelector accounts={data.accounts} view={view} /> : null}
      {account ? (
        <>
          <h1 className="text-2xl font-semibold">{account.accountName} Dashboard</h1>
          <p className="text-sm text-slate-600">{account.location}</p>
        </>
      ) : (
        <h1 className="text-2xl font-semibold">Dashboard</h1>
      )}
      {account || isAdmin ? (
        <MoveStatusPanel viewer={data.viewer} accountId={account?.id ?? null} accounts={isAdmin ? data.accounts : undefined} panel={data.moves} />
      ) : null}
      <nav aria-label="Dashboard tabs" className="mt-4 flex gap-1 overflow-x-auto border-b border-slate-200">
        {data.tabs.map((tab) => (
          <Link
            key={tab}
            to={viewHref(view, { tab, page: 1, location: "all", status: "all", load: "all", role: "all" })}
            aria-current={view.tab === tab ? "page" : undefined}
            className={`whitespace-nowrap border-b-2 px-4 py-3 text-sm font-medium ${
              view.tab === tab ? "border-brand-600 text-brand-700" : "border-transparent text-slate-600 hover:text-slate-900"
            }`}
          >
            {TAB_LABEL[tab]}
          </Link>
        ))}
      </nav>
      <div className="mt-4">
        {!account ? (
          <p className="text-slate-700">
            {isAdmin
              ? `Please select an account to view ${view.tab}`
              : "No account selected. Please contact support if this persists."}
          </p>
        ) : data.trailers ? (
          <TrailersTab view={view} trailers={data.trailers} canAdd={data.canEditAssets} />
        ) : data.users ? (
          <UsersTab view={view} users={data.users} />
        ) : data.trucks ? (
          <TrucksTab view={view} trucks={data.trucks} />
        ) : data.yards ? (
          <Cards
            empty="No yards found for this account."
            addLabel="Add New Yard"
            addFirstLabel="Add your first yard"
            addTo={`/yards/new${view.account ? `?account=${view.account}` : ""}`}
            canAdd={data.canEditAssets}
            items={data.yards.map((yard) => ({
              id: yard.id,
              href: `/yards/${yard.id}`,
              title: yard.name,
              badge: yard.parkingSpots ? "Parking Spots Available" : "No Parking Spots",
              good: yard.parkingSpots,
              lines: [yard.parkingLocation ?? "", yard.lastEntry ? `Last entry ${new Date(yard.lastEntry).toLocaleString()}` : ""],
            }))}
          />
        ) : data.buildings ? (
          <Cards
            empty="No buildings found for this account."
            addLabel="Add New Building"
            addFirstLabel="Add your first building"
            addTo={`/buildings/new${view.account ? `?account=${view.account}` : ""}`}
            canAdd={data.canEditAssets}
            items={data.buildings.map((building) => ({
              id: building.id,
              href: `/buildings/${building.id}`,
              title: building.name,
              badge: `${building.doors} dock door${building.doors === 1 ? "" : "s"}`,
              good: true,
              lines: [`Building #${building.id}`],
            }))}
          />
        ) : null}
      </div>
      <ScrollToTop />
    </section>
  );
}

function AccountSelector({ accounts, view }: { accounts: Loaded["accounts"]; view: DashboardView }) {
  const submit = useSubmit();
  const companies = [...new Set(accounts.map((account) => account.companyName))];
  return (
    <Form method="get" className="mb-4 flex flex-wrap items-end gap-2" onChange={(event) => submit(event.currentTarget)}>
      <input type="hidden" name="tab" value={view.tab} />
      <label className="block min-w-64 flex-1 text-sm font-medium">
        Accounts across ALL Companies:
        <select name="account" defaultValue={view.account ?? ""} className={inputStyles}>
          <option value="">Select Company</option>
          {companies.map((company) => (
            <optgroup key={company} label={company}>
              {accounts
                .filter((account) => account.companyName === company)
                .map((account) => (
                  <option key={account.id} value={account.id}>
                    {account.accountName}
                  </option>
                ))}
            </optgroup>
          ))}
        </select>
      </label>
      <noscript>
        <button type="submit" className={buttonStyles.secondary}>
          Show
        </button>
      </noscript>
    </Form>
  );
}

/** A radio group of a GET filter form; with JavaScript the form submits on change. */
function RadioFilter({
  legend,
  name,
  value,
  options,
}: {
  legend: string;
  name: string;
  value: string;
  options: { value: string; label: string }[];
}) {
  return (
    <fieldset className="min-w-0">
      <legend className="mb-1 text-xs font-semibold uppercase tracking-wide text-slate-500">{legend}</legend>
      <div className="flex flex-wrap gap-1.5">
        {options.map((option) => (
          <label
            key={option.value}
            className="flex min-h-10 cursor-pointer items-center gap-1.5 rounded-full border border-slate-300 bg-white px-3 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:checked]:text-brand-700"
          >
            <input type="radio" name={name} value={option.value} defaultChecked={value === option.value} className="sr-only" />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function FilterForm({ view, children, resetTo }: { view: DashboardView; children: React.ReactNode; resetTo: string }) {
  const submit = useSubmit();
  return (
    <Form
      method="get"
      className="space-y-3 rounded-lg border border-slate-200 bg-white p-3"
      onChange={(event) => submit(event.currentTarget, { preventScrollReset: true })}
    >
      <input type="hidden" name="tab" value={view.tab} />
      {view.account ? <input type="hidden" name="account" value={view.account} /> : null}
      {view.q ? <input type="hidden" name="q" value={view.q} /> : null}
      {children}
      <div className="flex flex-wrap gap-2">
        <noscript>
          <button type="submit" className={buttonStyles.primary}>
            Apply Filters
          </button>
        </noscript>
        <Link to={resetTo} className={buttonStyles.secondary}>
          Reset Filters
        </Link>
      </div>
    </Form>
  );
}

function Pager({ view, total }: { view: DashboardView; total: number }) {
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  if (pages === 1) return null;
  return (
    <nav aria-label="Pages" className="mt-3 flex items-center justify-between gap-2 text-sm">
      {view.page > 1 ? (
        <Link to={viewHref(view, { page: view.page - 1 })} className={buttonStyles.secondary}>
          Previous
        </Link>
      ) : (
        <span />
      )}
      <span>
        Page {view.page} of {pages}
      </span>
      {view.page < pages ? (
        <Link to={viewHref(view, { page: view.page + 1 })} className={buttonStyles.secondary}>
          Next
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

function Loading({ children }: { children: React.ReactNode }) {
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location?.pathname === "/";
  return (
    <div aria-busy={loading} className={loading ? "opacity-60 transition-opacity" : undefined}>
      {loading ? <p className="sr-only">Loading…</p> : null}
      {children}
    </div>
  );
}

function TrailersTab({
  view,
  trailers,
  canAdd,
}: {
  view: DashboardView;
  trailers: NonNullable<Loaded["trailers"]>;
  canAdd: boolean;
}) {
  const locationOptions = [
    { value: "all", label: `All (${trailers.counts.all})` },
    ...trailers.counts.byLocation.map(({ location, count }) => ({ value: location, label: `${location} (${count})` })),
  ];
  return (
    <div className="space-y-3">
      {canAdd ? (
        <div className="flex justify-end">
          <Link to={`/trailers/new${view.account ? `?account=${view.account}` : ""}`} className={buttonStyles.primary}>
            Add New Trailer
          </Link>
        </div>
      ) : null}
      <FilterForm view={view} resetTo={viewHref(view, { location: "all", status: "all", load: "all", sort: "asc", page: 1 })}>
        <RadioFilter legend="Location" name="location" value={view.location} options={locationOptions} />
        <div className="grid gap-3 md:grid-cols-3">
          <RadioFilter
            legend="Status"
            name="status"
            value={view.status}
            options={[
              { value: "all", label: "All" },
              { value: "red", label: "Red Tagged" },
              { value: "yellow", label: "Yellow Tagged" },
              { value: "available", label: "Available" },
            ]}
          />
          <RadioFilter
            legend="Load Type"
            name="load"
            value={view.load}
            options={[
              { value: "all", label: "All" },
              { value: "loaded", label: "Loaded" },
              { value: "empty", label: "Empty" },
              { value: "trays", label: "With Trays" },
            ]}
          />
          <RadioFilter
            legend="Time at Location"
            name="sort"
            value={view.sort}
            options={[
              { value: "asc", label: "Newest First" },
              { value: "desc", label: "Oldest First" },
            ]}
          />
        </div>
      </FilterForm>
      <p className="text-sm text-slate-600" aria-live="polite">
        {trailers.total} trailer{trailers.total === 1 ? "" : "s"}
      </p>
      <Loading>
        {trailers.rows.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-600">
            No trailers found matching your filters
          </p>
        ) : (
          <>
            <ul className="space-y-2 md:hidden" aria-label="Trailers">
              {trailers.rows.map((row) => (
                <li
                  key={row.id}
                  className={`rounded-lg border bg-white p-3 ${row.redTagged ? "border-red-300 text-red-700" : "border-slate-200"}`}
                >
                  <div className="flex items-center justify-between gap-2">
                    <Link to={`/trailers/${row.id}`} className="text-lg font-semibold text-brand-700 underline-offset-2 hover:underline">
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
            <div className="hidden overflow-x-auto rounded-lg border border-slate-200 bg-white md:block">
              <table className="min-w-full text-left text-sm">
                <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
                  <tr>
                    {["Location", "Trailer", "Type", "State - Plate", "Trailer Number", "Time at Location", "Load # OR Trays", "Current User", "Tag Description"].map(
                      (heading) => (
                        <th key={heading} scope="col" className="whitespace-nowrap px-3 py-2">
                          {heading}
                        </th>
                      ),
                    )}
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {trailers.rows.map((row) => (
                    <tr key={row.id} className={row.redTagged ? "text-red-700" : undefined}>
                      <td className="whitespace-nowrap px-3 py-2 font-medium">{row.location}</td>
                      <td className="px-3 py-2">
                        <TrailerIcon state={row.state} />
                      </td>
                      <td className="whitespace-nowrap px-3 py-2">{row.type}</td>
                      <td className="whitespace-nowrap px-3 py-2">{row.statePlate}</td>
                      <td className="whitespace-nowrap px-3 py-2 font-semibold">
                        <Link to={`/trailers/${row.id}`} className="underline-offset-2 hover:underline">
                          {row.number}
                        </Link>
                      </td>
                      <td className="whitespace-nowrap px-3 py-2">{row.timeAtLocation}</td>
                      <td className="whitespace-nowrap px-3 py-2">{row.load}</td>
                      <td className="px-3 py-2">{row.currentUser}</td>
                      <td className="px-3 py-2">{row.tag}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </Loading>
      <Pager view={view} total={trailers.total} />
    </div>
  );
}

function UsersTab({ view, users }: { view: DashboardView; users: NonNullable<Loaded["users"]> }) {
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-slate-600">Users can only be seen at an equal or lower role level than yours.</p>
        <Link to="/signup" className={buttonStyles.primary}>
          Add New User
        </Link>
      </div>
      <FilterForm view={view} resetTo={viewHref(view, { role: "all", status: "all", page: 1 })}>
        <div className="grid gap-3 md:grid-cols-2">
          <RadioFilter
            legend="Role"
            name="role"
            value={view.role}
            options={[{ value: "all", label: "All" }, ...users.roles.map((role) => ({ value: role, label: ROLE_LABEL[role] }))]}
          />
          <RadioFilter
            legend="Status"
            name="status"
            value={view.status}
            options={[
              { value: "all", label: "All" },
              { value: "active", label: "Active" },
              { value: "inactive", label: "Inactive" },
            ]}
          />
        </div>
      </FilterForm>
      <Loading>
        {users.rows.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-600">
            No users found matching your filters
          </p>
        ) : (
          <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
            <table className="min-w-full text-left text-sm">
              <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
                <tr>
                  {["Alpha Code", "Email", "Role", "Driver Number", "Account", "Status"].map((heading) => (
                    <th key={heading} scope="col" className="whitespace-nowrap px-3 py-2">
                      {heading}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {users.rows.map((row) => (
                  <tr key={row.id} className={row.active ? undefined : "opacity-50"}>
                    <td className="whitespace-nowrap px-3 py-2 font-semibold">
                      <Link to={`/users/${row.id}`} className="text-brand-700 underline-offset-2 hover:underline">
                        {row.alphaCode ?? "—"}
                      </Link>
                    </td>
                    <td className="px-3 py-2">{row.email}</td>
                    <td className="whitespace-nowrap px-3 py-2">{row.role}</td>
                    <td className="px-3 py-2">{row.driverNumber ?? ""}</td>
                    <td className="whitespace-nowrap px-3 py-2">{row.account}</td>
                    <td className="px-3 py-2">{row.active ? "Active" : "Inactive"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Loading>
      <Pager view={view} total={users.total} />
    </div>
  );
}

function TrucksTab({ view, trucks }: { view: DashboardView; trucks: NonNullable<Loaded["trucks"]> }) {
  const headers: [string, string | null][] = [
    ["Location", "location"],
    ["Number", "number"],
    ["Type", "type"],
    ["Make", "make"],
    ["Model", "model"],
    ["Time at Location", null],
    ["Assigned To", "assigned"],
    ["Status", "status"],
    ["Tag Description", null],
  ];
  return (
    <div className="space-y-3">
      <div className="flex justify-end">
        <Link to={`/trucks/new${view.account ? `?account=${view.account}` : ""}`} className={buttonStyles.primary}>
          Add New Truck
        </Link>
      </div>
      <FilterForm view={view} resetTo={viewHref(view, { location: "all", status: "all", assigned: "all", page: 1 })}>
        <input type="hidden" name="column" value={view.column} />
        <input type="hidden" name="order" value={view.order} />
        <RadioFilter
          legend="Location"
          name="location"
          value={view.location}
          options={[
            { value: "all", label: "All" },
            ...trucks.options.locations.map(({ location, trucks: count }) => ({ value: location, label: `${location} (${count})` })),
          ]}
        />
        <div className="grid gap-3 md:grid-cols-2">
          <RadioFilter
            legend="Status"
            name="status"
            value={view.status}
            options={[
              { value: "all", label: "All" },
              { value: "red", label: "Red Tagged" },
              { value: "yellow", label: "Yellow Tagged" },
              { value: "shop", label: "Shop" },
              { value: "available", label: "Available" },
            ]}
          />
          <RadioFilter
            legend="Assigned To"
            name="assigned"
            value={view.assigned}
            options={[
              { value: "all", label: "All" },
              { value: "unassigned", label: "Unassigned" },
              ...trucks.options.assignees.map((code) => ({ value: code, label: code })),
            ]}
          />
        </div>
      </FilterForm>
      <p className="text-sm text-slate-600">
        {trucks.total} truck{trucks.total === 1 ? "" : "s"}
      </p>
      <Loading>
        {trucks.rows.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-600">
            No trucks found matching your filters
          </p>
        ) : (
          <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
            <table className="min-w-full text-left text-sm">
              <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
                <tr>
                  {headers.map(([heading, column]) => (
                    <th
                      key={heading}
                      scope="col"
                      className="whitespace-nowrap px-3 py-2"
                      aria-sort={column && view.column === column ? (view.order === "asc" ? "ascending" : "descending") : undefined}
                    >
                      {column ? (
                        <Link
                          to={viewHref(view, {
                            column,
                            order: view.column === column && view.order === "asc" ? "desc" : "asc",
                            page: 1,
                          })}
                          className="hover:text-slate-900"
                        >
                          {heading}
                          {view.column === column ? (view.order === "asc" ? " ▲" : " ▼") : ""}
                        </Link>
                      ) : (
                        heading
                      )}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {trucks.rows.map((row) => (
                  <tr key={row.id} className={row.status === "Red Tagged" ? "text-red-700" : undefined}>
                    <td className="whitespace-nowrap px-3 py-2 font-medium">{row.location}</td>
                    <td className="whitespace-nowrap px-3 py-2 font-semibold">
                      <Link to={`/trucks/${row.id}`} className="underline-offset-2 hover:underline">
                        {row.number}
                      </Link>
                    </td>
                    <td className="whitespace-nowrap px-3 py-2">{row.type}</td>
                    <td className="px-3 py-2">{row.make}</td>
                    <td className="px-3 py-2">{row.model}</td>
                    <td className="whitespace-nowrap px-3 py-2">{row.timeAtLocation}</td>
                    <td className="whitespace-nowrap px-3 py-2">{row.assignedTo}</td>
                    <td className="whitespace-nowrap px-3 py-2">{row.status}</td>
                    <td className="px-3 py-2">{row.tag}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Loading>
      <Pager view={view} total={trucks.total} />
    </div>
  );
}

function Cards({
  items,
  empty,
  addLabel,
  addFirstLabel,
  addTo,
  canAdd,
}: {
  items: { id: number; href: string; title: string; badge: string; good: boolean; lines: string[] }[];
  empty: string;
  addLabel: string;
  addFirstLabel: string;
  addTo: string;
  canAdd: boolean;
}) {
  if (!items.length) {
    return (
      <div className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-600">
        <p>{empty}</p>
        {canAdd ? (
          <Link to={addTo} className="mt-2 inline-block text-brand-700 underline">
            {addFirstLabel}
          </Link>
        ) : null}
      </div>
    );
  }
  return (
    <>
      {canAdd ? (
        <div className="mb-3 flex justify-end">
          <Link to={addTo} className={buttonStyles.primary}>
            {addLabel}
          </Link>
        </div>
      ) : null}
    <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
      {items.map((item) => (
        <li key={item.id} className="relative rounded-lg border border-slate-200 bg-white p-4 hover:border-brand-600">
          <div className="flex items-start justify-between gap-2">
            <h2 className="font-semibold">
              <Link to={item.href} className="after:absolute after:inset-0">
                {item.title}
              </Link>
            </h2>
            <span
              className={`rounded-full px-2 py-0.5 text-xs font-medium ${item.good ? "bg-green-100 text-green-800" : "bg-slate-200 text-slate-700"}`}
            >
              {item.badge}
            </span>
          </div>
          {item.lines.filter(Boolean).map((line) => (
            <p key={line} className="mt-1 text-sm text-slate-600">
              {line}
            </p>
          ))}
        </li>
      ))}
    </ul>
    </>
  );
}

function ScrollToTop() {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const onScroll = () => setVisible(window.scrollY > 300);
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);
  if (!visible) return null;
  return (
    <button
      type="button"
      aria-label="Scroll to top"
      onClick={() => window.scrollTo({ top: 0, behavior: "smooth" })}
      className="fixed bottom-4 right-4 z-20 rounded-full bg-brand-600 p-3 text-white shadow-lg"
    >
      <ArrowUp aria-hidden className="h-5 w-5" />
    </button>
  );
}
