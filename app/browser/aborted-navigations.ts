/**
 * A navigation that a newer one replaces (a redirect, a second submit, a click while a page
 * loads) is aborted. React Router's single fetch can let that abort escape as an unhandled
 * `AbortError` although nothing failed: the newer navigation goes on (remix-run/react-router
 * issue 14203). Such an error is dropped here; any other error still reaches the console.
 */
export function ignoreAbortedNavigations(target: Window): void {
  const isAbort = (reason: unknown) => reason instanceof DOMException && reason.name === "AbortError";
  target.addEventListener("unhandledrejection", (event) => {
    if (isAbort(event.reason)) event.preventDefault();
  });
  target.addEventListener("error", (event) => {
    if (isAbort(event.error)) event.preventDefault();
  });
}
