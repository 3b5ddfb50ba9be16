import { isRouteErrorResponse, Link, useRouteError, type ErrorResponse } from "@remix-run/react";
import { buttonStyles } from "~/components/ui/modal";

type StatusHandler = (info: { error: ErrorResponse; message: string }) => React.ReactNode;

/** The message a refusal was thrown with (a service's `{ message }`, or plain text). */
function messageOf(error: ErrorResponse): string {
  if (typeof error.data === "string" && error.data) return error.data;
  const message = (error.data as { message?: unknown } | null)?.message;
  return typeof message === "string" ? message : "The page could not be shown.";
}

/** A refusal's page: its message as the heading and a way back. */
export function RefusalView({ message, backTo = "/", backLabel = "Back" }: { message: string; backTo?: string; backLabel?: string }) {
  return (
    <section role="alert" className="mx-auto max-w-xl rounded-lg border border-slate-200 bg-white p-6">
      <h1 className="text-xl font-semibold">{message}</h1>
      <Link to={backTo} className={`${buttonStyles.secondary} mt-4`}>
        {backLabel}
      </Link>
    </section>
  );
}

/**
 * The error boundary of every route: a thrown response is shown by its status's handler (a
 * missing record: its "… not found" message and a way back), anything else as an unexpected error.
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
    const handler = statusHandlers?.[error.status] ?? defaultStatusHandler;
    return <>{handler({ error, message: messageOf(error) })}</>;
  }
  return (
    <section role="alert" className="mx-auto max-w-lg rounded-lg border border-red-200 bg-white p-6 shadow-sm">
      <h1 className="text-lg font-semibold text-red-700">Something went wrong</h1>
      <p className="mt-2 text-slate-700">An unexpected error occurred. Please try again.</p>
      <a href="/" className="mt-4 inline-block text-brand-600 underline">
        Back to the dashboard
      </a>
    </section>
  );
}
