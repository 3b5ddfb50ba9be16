import { useRouteLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { csrfFromCookie } from "#app/browser/api-client";

/** The CSRF token the root loader gave the page ("" before it has one). */
export function usePageCsrf(): string {
  return useRouteLoaderData<{ csrf?: string }>("root")?.csrf ?? "";
}

/**
 * The hidden CSRF field every Remix form carries (checked by server.ts before any action runs).
 * When the page comes back into view it takes the token from the cookie, which the latest
 * response set: a sign-in in another tab changes the token, and this form still works.
 */
export function CsrfInput() {
  const fromLoader = usePageCsrf();
  const [token, setToken] = useState(fromLoader);
  useEffect(() => {
    const refresh = () => setToken(csrfFromCookie() ?? fromLoader);
    refresh();
    window.addEventListener("focus", refresh);
    document.addEventListener("visibilitychange", refresh);
    return () => {
      window.removeEventListener("focus", refresh);
      document.removeEventListener("visibilitychange", refresh);
    };
  }, [fromLoader]);
  return <input type="hidden" name="csrf" value={token} />;
}
