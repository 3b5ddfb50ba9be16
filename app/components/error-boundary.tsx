import { isRouteErrorResponse, Link, useLocation, useRevalidator, useRouteError, type ErrorResponse } from "@remix-run/react";
import { buttonStyles } from "#app/components/ui/styles";
import { loadFailure } from "#app/domain/failures";

type StatusHandler = (info: { error: ErrorResponse; message: string }) => React.ReactNode;

/** The message a refusal was thrown with (a service's `{ message }`, or plain text). */
function messageOf(error: ErrorResponse): string {
  if (typeof error.data === "string" && error.data) return error.data;
  const message = (error.data as { message?: unknown } | null)?.message;
  return typeof message === "string" ? message : "The page could not be shown.";
}

/** A refusal's page: its message as the heading and a way back. */
export function RefusalView({
  message,
  detail,
  backTo = "/",
  backLabel = "Back",
}: {
  message: string;
  /** A line under the message. */
  detail?: string;
  backTo?: string;
  backLabel?: string;
}) {
  return (
    <section role="alert" className="mx-auto max-w-xl rounded-lg border border-slate-200 bg-white p-6">
      <h1 className="text-xl font-semibold">{message}</h1>
      {detail ? <p className="mt-2 break-words text-slate-700">{detail}</p> : null}
      <Link to={backTo} className={`${buttonStyles.secondary} mt-4`}>
        {backLabel}
      </Link>
    </section>
  );
}

/**
 * Retry: loads the page's data again; before the page's script runs (or without it), a GET of the
 * page's address with its parameters.
 */
export function RetryForm() {
  const { pathname, search } = useLocation();
  const revalidator = useRevalidator();
  const retrying = revalidator.state === "loading";
  return (
    <form
      method="get"
      action={pathname}
      className="mt-4 flex flex-wrap gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (revalidator.state === "idle") revalidator.revalidate();
      }}
    >
      {[...new URLSearchParams(search)].map(([name, value], index) => (
        <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className={buttonStyles.primary} disabled={retrying}>
        {retrying ? "Retrying..." : "Retry"}
      </button>
    </form>
  );
}

/**
 * A page whose data failed to load: the page's own message (`loadFailureMessage`: "Failed to
 * fetch trailers" on the Trailers tab, …), the reason when the server gave one, and Retry, which
 * loads the page's data again (the page's address again before its script runs). The header
 * stays, so the user can go elsewhere.
 */
export function LoadFailureView({ error }: { error: unknown }) {
  const { pathname, search } = useLocation();
  const { message, reason } = loadFailure(pathname, new URLSearchParams(search), error);
  return (
    <section role="alert" className="mx-auto max-w-xl rounded-lg border border-red-200 bg-white p-6">
      <h1 className="text-xl font-semibold text-red-800">{message}</h1>
      {reason ? <p className="mt-2 text-slate-700">{reason}</p> : null}
      <RetryForm />
    </section>
  );
}

/**
 * The error boundary of every route: a refusal (4xx) is shown by its status's handler (a missing
 * record: its "… not found" message and a way back); a server error or a failed request, by the
 * page's failure message with Retry — never a stack or a raw status.
 */
export function GeneralErrorBoundary({
  statusHandlers,
  defaultStatusHandler = ({ message }) => <RefusalView message={message} />,
}: {
  statusHandlers?: Record<number, StatusHandler>;
  defaultStatusHandler?: StatusHandler;
}) {
  const error = useRouteError();
  if (isRouteErrorResponse(error)) {
    const handler = statusHandlers?.[error.status] ?? (error.status >= 500 ? null : defaultStatusHandler);
    if (handler) return <>{handler({ error, message: messageOf(error) })}</>;
  }
  return <LoadFailureView error={error} />;
}
