import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { CsrfInput } from "#app/components/csrf-input";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { buttonStyles } from "#app/components/ui/styles";
import { MESSAGES, SESSION_WARNING_SECONDS, TIMEOUT_MAX_HOURS, TIMEOUT_MIN_HOURS, formatHoursAndMinutes } from "#app/domain/auth";
import { timeoutSchema } from "#app/domain/auth-schemas";
import { FORM_FAILURES, type FailedForm } from "#app/domain/failures";
import { pageRoute, submitForm } from "#app/http/answers.server";
import { keepPageAfterFailure } from "#app/browser/failed-actions";
import { formClientAction } from "#app/browser/failed-forms";
import { requirePage } from "#app/http/guards.server";
import { readTimeoutHours, updateTimeoutHours } from "#app/services/settings.server";
import type { StatementBudget } from "#app/http/route-methods";

export const statementBudget = { GET: 2 } satisfies StatementBudget;

export const meta: MetaFunction = () => [{ title: "Settings · Yardline" }];

export const loader = pageRoute(async ({ request, context }: LoaderFunctionArgs) => {
  const { ctx } = await requirePage(request, context);
  return { timeoutHours: await readTimeoutHours(ctx) };
});

const FAILED: FailedForm = { failure: FORM_FAILURES.saveSettings };

export async function action({ request, context }: ActionFunctionArgs) {
  const { ctx } = await requirePage(request, context);
  return submitForm(
    request,
    timeoutSchema,
    async (value) => {
      await updateTimeoutHours(ctx, value);
      return { saved: true as const };
    },
    FAILED,
  );
}

/** A save that failed (the server's error, or no answer) says so beside the field, which keeps what was typed. */
export const clientAction = formClientAction(timeoutSchema, FAILED);

export const shouldRevalidate = keepPageAfterFailure;

const RECOMMENDATIONS = [
  ["2-4 hours", "High security"],
  ["4-8 hours", "Balanced"],
  ["8+ hours", "Low security"],
  ["0.01-0.05 hours", "Testing"],
] as const;

export default function Settings() {
  const { timeoutHours } = useLoaderData<typeof loader>();
  const actionData = useActionData<SubmissionResult<string[]> | { saved: true }>();
  const navigation = useNavigation();
  const [showSaved, setShowSaved] = useState(false);
  const [form, fields] = useForm({
    lastResult: !actionData || "saved" in actionData ? undefined : actionData,
    defaultValue: { timeout_hours: String(timeoutHours) },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: timeoutSchema }),
    shouldRevalidate: "onInput",
  });

  useEffect(() => {
    if (!actionData || !("saved" in actionData)) return;
    setShowSaved(true);
    const timer = window.setTimeout(() => setShowSaved(false), 3000);
    return () => window.clearTimeout(timer);
  }, [actionData]);

  return (
    <section className="mx-auto max-w-xl">
      <h1 className="text-2xl font-semibold">Settings</h1>
      <div className="mt-4 rounded-lg border border-slate-200 bg-white p-5">
        <h2 className="text-lg font-medium">Session Timeout</h2>
        <p className="mt-1 text-sm text-slate-600">
          Current timeout: <strong>{timeoutHours} hours</strong> ({formatHoursAndMinutes(timeoutHours)}). Users are warned{" "}
          {SESSION_WARNING_SECONDS} seconds before they are logged out for inactivity.
        </p>
        <Form method="post" {...getFormProps(form)} className="mt-4 space-y-3">
          <CsrfInput />
          <label htmlFor={fields.timeout_hours.id} className="block text-sm font-medium">
            Auto-logout timeout (hours)
          </label>
          <input
            {...getInputProps(fields.timeout_hours, { type: "number" })}
            key={fields.timeout_hours.key}
            min={TIMEOUT_MIN_HOURS}
            max={TIMEOUT_MAX_HOURS}
            step={0.01}
            className="w-40 rounded-md border border-slate-300 px-3 py-2 text-base"
          />
          <p id={fields.timeout_hours.errorId} className="text-sm text-red-700">
            {fields.timeout_hours.errors}
          </p>
          {form.errors?.length && navigation.state === "idle" ? (
            <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
              {form.errors.join(" ")}
            </p>
          ) : null}
          {showSaved ? (
            <p role="status" className="rounded-md bg-green-50 p-3 text-sm text-green-800">
              {MESSAGES.timeoutUpdated}
            </p>
          ) : null}
          <button type="submit" className={buttonStyles.primary} disabled={navigation.state !== "idle"}>
            Save
          </button>
        </Form>
        <h3 className="mt-6 text-sm font-medium">Recommendations</h3>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700">
          {RECOMMENDATIONS.map(([range, label]) => (
            <li key={range}>
              {range}: {label}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
