import { useRouteLoaderData } from "@remix-run/react";
import type { loader as rootLoader } from "~/root";

/** The hidden CSRF field every Remix form carries (checked by server.ts before any action runs). */
export function CsrfInput() {
  const data = useRouteLoaderData<typeof rootLoader>("root");
  return <input type="hidden" name="csrf" value={data?.csrf ?? ""} />;
}
