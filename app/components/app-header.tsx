import { Link, useLocation, useNavigate, useSearchParams, useSubmit } from "@remix-run/react";
import { CircleUser, LayoutDashboard, Search, Truck } from "lucide-react";
import { Suspense, useEffect, useId, useRef, useState } from "react";
import { paramsKeptBySearch, SEARCH_PARAM, searchHref, searchTarget } from "#app/domain/search";
import { csrfFromCookie } from "#app/browser/api-client";
import { usePageCsrf } from "./csrf-input";
import { deferred } from "#app/components/ui/deferred";

const { Component: TermsDialog, preload: preloadTermsDialog } = deferred(() =>
  import("./terms-dialog").then((module) => module.TermsDialog),
);

export interface HeaderUser {
  id: number;
  email: string;
  alphaCode: string | null;
  isAdmin: boolean;
}

const menuItem = "block w-full cursor-pointer rounded px-3 py-2 text-left text-sm outline-none hover:bg-slate-100 focus:bg-slate-100";

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

const menuItems = (menu: HTMLElement | null) => Array.from(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);

/**
 * The profile menu: a button that opens a list of links and actions (a menu button: arrow keys,
 * Home and End move between the items, Escape closes it and gives focus back to the button, a
 * click elsewhere or Tab away closes it). The terms of use load when asked for.
 */
function ProfileMenu({ user }: { user: HeaderUser }) {
  const [open, setOpen] = useState(false);
  const [termsOpen, setTermsOpen] = useState(false);
  const submit = useSubmit();
  const csrf = usePageCsrf();
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  // Where focus goes when the menu opens: the first item (Enter, Space, click, ArrowDown) or the last (ArrowUp).
  const focusOnOpen = useRef<"first" | "last">("first");

  const items = () => menuItems(menu.current);
  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) button.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    void preloadTermsDialog().catch(() => undefined);
    const list = menuItems(menu.current);
    (focusOnOpen.current === "last" ? list.at(-1) : list[0])?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open]);

  const onMenuKeyDown = (event: React.KeyboardEvent) => {
    const list = items();
    const at = list.indexOf(document.activeElement as HTMLElement);
    const move = (index: number) => {
      event.preventDefault();
      list[(index + list.length) % list.length]?.focus();
    };
    if (event.key === "ArrowDown") move(at + 1);
    else if (event.key === "ArrowUp") move(at - 1);
    else if (event.key === "Home") move(0);
    else if (event.key === "End") move(list.length - 1);
    else if (event.key === "Escape") {
      event.preventDefault();
      close(true);
    } else if (event.key === "Tab") setOpen(false);
  };

  const link = (to: string, label: string) => (
    <Link to={to} role="menuitem" tabIndex={-1} className={menuItem} onClick={() => close(false)}>
      {label}
    </Link>
  );
  const action = (label: string, onSelect: () => void) => (
    <button type="button" role="menuitem" tabIndex={-1} className={menuItem} onClick={onSelect}>
      {label}
    </button>
  );

  return (
    <div ref={root} className="relative shrink-0">
      <button
        ref={button}
        type="button"
        className="flex items-center gap-1 rounded-md px-2 py-2 text-sm text-slate-700 hover:bg-slate-100"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => {
          focusOnOpen.current = "first";
          setOpen(!open);
        }}
        onKeyDown={(event) => {
          if (event.key === "ArrowDown" || event.key === "ArrowUp") {
            event.preventDefault();
            focusOnOpen.current = event.key === "ArrowUp" ? "last" : "first";
            setOpen(true);
          }
        }}
      >
        <CircleUser aria-hidden className="h-6 w-6" />
        {/* Its name holds the words it shows (the user's code, on wider screens). */}
        <span className="sr-only">Profile menu</span>
        <span className="hidden md:inline">{user.alphaCode ?? user.email}</span>
      </button>
      {open ? (
        <div
          ref={menu}
          id={menuId}
          role="menu"
          aria-label="Profile menu"
          onKeyDown={onMenuKeyDown}
          className="absolute right-0 top-full z-40 mt-1.5 min-w-52 rounded-md border bg-white p-1 shadow-lg"
        >
          {link("/", "Home Page")}
          {user.isAdmin ? (
            <>
              {link("/admin/dashboard", "Admin Dashboard")}
              {link("/companies", "Company List")}
              {link("/audit-logs", "Audit Logs")}
              {link("/settings", "Settings")}
            </>
          ) : null}
          {link("/how-to", "User Manual")}
          {action("User Agreement", () => {
            close(true);
            setTermsOpen(true);
          })}
          <div role="separator" className="my-1 h-px bg-slate-200" />
          {action("Log Out", () => {
            close(false);
            submit({ csrf: csrfFromCookie() ?? csrf }, { method: "post", action: "/logout" });
          })}
        </div>
      ) : null}
      {termsOpen ? (
        <Suspense fallback={null}>
          <TermsDialog open onOpenChange={setTermsOpen} />
        </Suspense>
      ) : null}
    </div>
  );
}
