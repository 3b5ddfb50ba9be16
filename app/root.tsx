import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { AppHeader } from "#app/components/app-header";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { keepPageAfterFailure } from "#app/browser/failed-actions";
import { isLiveReload } from "#app/browser/realtime-client";
import { SessionManager } from "#app/components/session-manager";
import { socketRoomOf } from "#app/domain/realtime-events";
import stylesheet from "./tailwind.css?url";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const meta: MetaFunction = () => [{ title: "Yardline" }];

export async function loader({ context }: LoaderFunctionArgs) {
  const session = await context.session();
  const { token } = await context.csrf();
  const live = session.state === "live" && !session.user.firstLogin ? session : null;
  return {
    csrf: token,
    nonce: context.nonce,
    user: live
      ? {
          id: live.user.id,
          email: live.user.email,
          alphaCode: live.user.alphaCode,
          isAdmin: live.user.isAdmin,
          accountId: live.user.accountId,
        }
      : null,
    session: live
      ? {
          id: live.session.id,
          timeoutHours: live.timeoutHours,
          room: socketRoomOf(live.user),
          // How long the session has been idle by the server's clock: the page's timer starts from it.
          idleMs: Math.max(0, Date.now() - live.session.lastActivity.getTime()),
        }
      : null,
  };
}

/**
 * A live reload or poll (the same address, no form) asks for the page's own data only: who is
 * signed in, the CSRF token and the session's timer change only by navigating or a form. After a
 * failed form nothing reloads (keepPageAfterFailure).
 */
export const shouldRevalidate: ShouldRevalidateFunction = (args) =>
  isLiveReload() && args.formMethod === undefined && args.currentUrl.href === args.nextUrl.href ? false : keepPageAfterFailure(args);

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const nonce = data?.nonce;
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-slate-50 text-slate-900 antialiased">
        <AppHeader user={data?.user ?? null} />
        <main className="mx-auto w-full max-w-7xl px-3 py-4 sm:px-6">{children}</main>
        {data?.session ? <SessionManager key={data.session.id} {...data.session} /> : null}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
