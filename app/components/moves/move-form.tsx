import { useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { CsrfInput } from "#app/components/csrf-input";
import { MOVE_FORM, withoutMoveDraft, type MoveOutcome } from "#app/domain/move-forms";
import { useHydrated } from "#app/browser/hydrated";
import { pageOrigin } from "#app/browser/realtime-client";

/** The page a move form returns to: this one, without an open Create Move form. */
export function usePageBack(): string {
  const { pathname, search } = useLocation();
  const params = withoutMoveDraft(new URLSearchParams(search)).toString();
  return params ? `${pathname}?${params}` : pathname;
}

/**
 * The hidden fields of every move form: the CSRF token, the page to go back to, and, once the
 * page's script runs, the wish to get the answer as data (sent without it, the form is answered
 * with a redirect back to the page).
 */
export function MoveFormFields() {
  const hydrated = useHydrated();
  return (
    <>
      <CsrfInput />
      <input type="hidden" name={MOVE_FORM.back} value={usePageBack()} />
      {hydrated ? (
        <>
          <input type="hidden" name={MOVE_FORM.reply} value="data" />
          <input type="hidden" name={MOVE_FORM.origin} value={pageOrigin()} />
        </>
      ) : null}
    </>
  );
}

/** Calls `onOutcome` once for each new answer a move form's fetcher got. */
export function useOutcome(outcome: MoveOutcome | undefined, onOutcome: (outcome: MoveOutcome) => void): void {
  const handled = useRef(outcome);
  const latest = useRef(onOutcome);
  latest.current = onOutcome;
  useEffect(() => {
    if (!outcome || outcome === handled.current) return;
    handled.current = outcome;
    latest.current(outcome);
  }, [outcome]);
}
