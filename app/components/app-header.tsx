import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { Link, useLocation, useNavigate, useRouteLoaderData, useSearchParams, useSubmit } from "@remix-run/react";
import { CircleUser, LayoutDashboard, Search, Truck } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { paramsKeptBySearch, SEARCH_PARAM, searchHref, searchTarget } from "~/domain/search";
import { csrfFromCookie } from "~/lib/api-client";
import type { loader as rootLoader } from "~/root";
import { TermsDialog } from "./terms-dialog";

export interface HeaderUser {
  id: number;
  email: string;
  alphaCode: string | null;
  isAdmin: boolean;
}

const menuItem = "block w-full cursor-pointer rounded px-3 py-2 text-left text-sm outline-none data-[highlighted]:bg-slate-100";

/** The header of every page: logo, global search (the `q` URL parameter), admin shortcut, profile menu. */
export function AppHeader({ user }: { user: HeaderUser | null }) {
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-7xl items-center gap-2 px-3 py-2 sm:gap-4 sm:px-6">
        <Link to="/" className="flex shrink-0 items-center gap-2 font-bold text-brand-700" aria-label="Yardline home">
          <Truck aria-hidden className="h-6 w-6" />
          <span className="hidden sm:inline">Yardline</span>
        </Link>
        {user ? (
          <>
            <GlobalSearch />
            {user.isAdmin ? (
              <Link
                to="/admin/dashboard"
                className="hidden items-center gap-1 rounded-md px-2 py-2 text-sm text-slate-700 hover:bg-slate-100 sm:flex"
              >
                <LayoutDashboard aria-hidden className="h-4 w-4" /> Admin Dashboard
              </Link>
            ) : null}
            <ProfileMenu user={user} />
          </>
        ) : (
          <div className="flex-1" />
        )}
      </div>
    </header>
  );
}

/**
 * The global search. On the dashboards, the company list and the audit log it narrows the page's
 * own lists, keeping the page's view (tab, filters, account, open list) and starting again from
 * its first page; on any other page it searches the account dashboard (`searchTarget`). Without
 * JavaScript it is a GET form carrying the view as it was rendered; with it, the address is built
 * from the page's address at the moment of the submit, so a view that has just changed is never
 * carried back.
 */
function GlobalSearch() {
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);
  const query = searchParams.get(SEARCH_PARAM) ?? "";
  // The box shows the search of the page shown (a search cleared elsewhere, Back), unless it is being typed in.
  useEffect(() => {
    if (input.current && document.activeElement !== input.current) input.current.value = query;
  }, [query]);
  return (
    <form
      method="get"
      action={searchTarget(location.pathname)}
      role="search"
      className="flex min-w-0 flex-1"
      onSubmit={(event) => {
        event.preventDefault();
        const text = new FormData(event.currentTarget).get(SEARCH_PARAM);
        const here = window.location;
        navigate(searchHref(here.pathname, new URLSearchParams(here.search), typeof text === "string" ? text : ""));
      }}
    >
      {paramsKeptBySearch(location.pathname, searchParams).map(([name, value], index) => (
        <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
      ))}
      <label className="relative flex w-full max-w-md items-center">
        <span className="sr-only">Search</span>
        <Search aria-hidden className="pointer-events-none absolute left-2 h-4 w-4 text-slate-400" />
        <input
          ref={input}
          type="search"
          name={SEARCH_PARAM}
          defaultValue={query}
          placeholder="Search"
          maxLength={200}
          className="w-full rounded-md border border-slate-300 py-2 pl-8 pr-2 text-base sm:text-sm"
        />
      </label>
    </form>
  );
}

function ProfileMenu({ user }: { user: HeaderUser }) {
  const [termsOpen, setTermsOpen] = useState(false);
  const submit = useSubmit();
  const csrf = useRouteLoaderData<typeof rootLoader>("root")?.csrf;
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        className="flex shrink-0 items-center gap-1 rounded-md px-2 py-2 text-sm text-slate-700 hover:bg-slate-100"
        aria-label="Profile menu"
      >
        <CircleUser aria-hidden className="h-6 w-6" />
        <span className="hidden md:inline">{user.alphaCode ?? user.email}</span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={6} className="z-40 min-w-52 rounded-md border bg-white p-1 shadow-lg">
          <DropdownMenu.Item asChild className={menuItem}>
            <Link to="/">Home Page</Link>
          </DropdownMenu.Item>
          {user.isAdmin ? (
            <>
              <DropdownMenu.Item asChild className={menuItem}>
                <Link to="/admin/dashboard">Admin Dashboard</Link>
              </DropdownMenu.Item>
              <DropdownMenu.Item asChild className={menuItem}>
                <Link to="/companies">Company List</Link>
              </DropdownMenu.Item>
              <DropdownMenu.Item asChild className={menuItem}>
                <Link to="/audit-logs">Audit Logs</Link>
              </DropdownMenu.Item>
              <DropdownMenu.Item asChild className={menuItem}>
                <Link to="/settings">Settings</Link>
              </DropdownMenu.Item>
            </>
          ) : null}
          <DropdownMenu.Item asChild className={menuItem}>
            <Link to="/how-to">User Manual</Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item className={menuItem} onSelect={() => setTermsOpen(true)}>
            User Agreement
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <DropdownMenu.Item
            className={menuItem}
            onSelect={() => submit({ csrf: csrfFromCookie() ?? csrf ?? "" }, { method: "post", action: "/logout" })}
          >
            Log Out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
      <TermsDialog open={termsOpen} onOpenChange={setTermsOpen} />
    </DropdownMenu.Root>
  );
}
