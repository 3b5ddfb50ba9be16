import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { Form, Link, useLocation, useRouteLoaderData, useSearchParams, useSubmit } from "@remix-run/react";
import { CircleUser, LayoutDashboard, Search, Truck } from "lucide-react";
import { useState } from "react";
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
  const location = useLocation();
  const [searchParams] = useSearchParams();
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-7xl items-center gap-2 px-3 py-2 sm:gap-4 sm:px-6">
        <Link to="/" className="flex shrink-0 items-center gap-2 font-bold text-brand-700" aria-label="Yardline home">
          <Truck aria-hidden className="h-6 w-6" />
          <span className="hidden sm:inline">Yardline</span>
        </Link>
        {user ? (
          <>
            <Form method="get" action={location.pathname} role="search" className="flex min-w-0 flex-1">
              {[...searchParams.entries()]
                .filter(([name]) => name !== "q" && name !== "page" && name !== "cursor" && name !== "details")
                .map(([name, value]) => (
                  <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
                ))}
              <label className="relative flex w-full max-w-md items-center">
                <span className="sr-only">Search</span>
                <Search aria-hidden className="pointer-events-none absolute left-2 h-4 w-4 text-slate-400" />
                <input
                  type="search"
                  name="q"
                  defaultValue={searchParams.get("q") ?? ""}
                  placeholder="Search"
                  className="w-full rounded-md border border-slate-300 py-2 pl-8 pr-2 text-base sm:text-sm"
                />
              </label>
            </Form>
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
