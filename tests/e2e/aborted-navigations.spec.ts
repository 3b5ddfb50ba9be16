import { expect, test, visit } from "./fixtures";

/**
 * An aborted navigation's `AbortError` that escapes React Router is dropped by the page
 * (app/browser/aborted-navigations.ts); every other error still reaches the console, where the
 * suite's watch fails the test that provoked it.
 */
test("the page drops an escaped AbortError and keeps every other error", async ({ page }) => {
  await visit(page, "/login");
  // Unhandled for real: the watch would fail this test were it reported.
  await page.evaluate(() => {
    void Promise.reject(new DOMException("signal is aborted without reason", "AbortError"));
  });
  // Only an AbortError is dropped: the page's listener cancels the one event and not the other.
  const cancelled = await page.evaluate(() =>
    [new DOMException("aborted", "AbortError"), new Error("a real failure")].map((reason) => {
      const promise = Promise.reject(reason);
      promise.catch(() => undefined);
      const event = new PromiseRejectionEvent("unhandledrejection", { promise, reason, cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    }),
  );
  expect(cancelled).toEqual([true, false]);
});
