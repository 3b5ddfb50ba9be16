import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation, type ClientActionFunctionArgs } from "@remix-run/react";
import { useEffect, useState } from "react";
import { CsrfInput } from "#app/components/csrf-input";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { TermsDialog } from "#app/components/terms-dialog";
import { FormAlert } from "#app/components/ui/form-parts";
import { FieldErrors, InputField } from "#app/components/ui/field";
import { buttonStyles } from "#app/components/ui/styles";
import { OtherSessionDialog } from "#app/components/other-session-dialog";
import { MESSAGES, REPLACE_OTHER_SESSION, type SessionInfo } from "#app/domain/auth";
import { loginSchema } from "#app/domain/auth-schemas";
import { PUBLIC_GUIDE_PATH } from "#app/domain/route-access";
import { clientOf, pendingLoginHeaders, pendingLoginTicket, signedInCookies, systemContext } from "#app/http/auth-responses.server";
import { homeOf } from "#app/http/guards.server";
import { orFailedWrite } from "#app/http/answers.server";
import { FORM_FAILURES } from "#app/domain/failures";
import { isActionFailure, keepPageAfterFailure, orFailure } from "#app/browser/failed-actions";
import { logIn, logInReplacingOther, sessionInfo, type LoginOutcome } from "#app/services/auth.server";
import type { StatementBudget } from "#app/http/route-methods";

export const statementBudget = { GET: 0 } satisfies StatementBudget;

export const meta: MetaFunction = () => [{ title: "Log In · Yardline" }];

const REMEMBERED_EMAIL = "yardline.rememberedEmail";
const REASONS: Record<string, string> = {
  timeout: MESSAGES.sessionTimedOut,
  invalidated: MESSAGES.sessionInvalidated,
  deactivated: MESSAGES.accountDeactivated,
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await context.session();
  if (session.state === "live") {
    throw redirect(session.user.firstLogin ? "/change-password" : homeOf(session.user));
  }
  const reason = new URL(request.url).searchParams.get("reason");
  return { notice: reason ? (REASONS[reason] ?? null) : null };
}

type LoginAnswer = { result: SubmissionResult<string[]> | null; activeSession: SessionInfo | null };

const PASSWORD = { hideFields: ["password"] };
/** The dialog's form has no fields: its messages go above the login form. */
const dialogResult = (errors: string[]): SubmissionResult<string[]> => ({ status: "error", error: { "": errors } });

/**
 * Log In, and "Log Out Other Session" of the dialog that a login of an account live elsewhere
 * opens (it carries no password: the refused login left a short-lived ticket in a cookie). A
 * sign-in the server failed to write says so above the form, which keeps the email.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  if (formData.get("intent") === REPLACE_OTHER_SESSION) {
    return orFailedWrite(
      async () => {
        const outcome = await logInReplacingOther(systemContext(context), pendingLoginTicket(request), clientOf(request, context));
        return answerLogin(request, outcome, dialogResult);
      },
      FORM_FAILURES.logOutOtherSession,
      (errors): LoginAnswer => ({ result: dialogResult(errors), activeSession: null }),
    );
  }
  const submission = parseWithZod(formData, { schema: loginSchema });
  if (submission.status !== "success") {
    return data<LoginAnswer>({ result: submission.reply(PASSWORD), activeSession: null }, { status: 400 });
  }
  const refusal = (errors: string[]) => submission.reply({ formErrors: errors, ...PASSWORD });
  return orFailedWrite(
    async () => answerLogin(request, await logIn(systemContext(context), submission.value, clientOf(request, context)), refusal),
    FORM_FAILURES.login,
    (errors): LoginAnswer => ({ result: refusal(errors), activeSession: null }),
  );
}

/**
 * A sign-in that failed (a server error, no answer): "An error occurred. Please try again." (or
 * "An unexpected error occurred. Please try again.", "Failed to log out other session. Please try
 * again.") above the form, which keeps the email.
 */
export async function clientAction({ request, serverAction }: ClientActionFunctionArgs) {
  const formData = await request.clone().formData();
  const replacing = formData.get("intent") === REPLACE_OTHER_SESSION;
  const answer = await orFailure(() => serverAction<typeof action>(), replacing ? FORM_FAILURES.logOutOtherSession : FORM_FAILURES.login);
  if (!isActionFailure(answer)) return answer;
  const result = replacing
    ? dialogResult(answer.errors)
    : parseWithZod(formData, { schema: loginSchema }).reply({ formErrors: answer.errors, ...PASSWORD });
  return { result, activeSession: null, failed: true as const };
}

export const shouldRevalidate = keepPageAfterFailure;

/** Signed in: home (or the password change); refused: the message on the form; live elsewhere: the dialog. */
function answerLogin(request: Request, outcome: LoginOutcome, refusal: (errors: string[]) => SubmissionResult<string[]>) {
  if (outcome.kind === "refused")
    return data<LoginAnswer>({ result: refusal([outcome.error]), activeSession: null }, { status: outcome.status });
  if (outcome.kind === "active_elsewhere") {
    return data<LoginAnswer>(
      { result: null, activeSession: sessionInfo(outcome.other) },
      { headers: pendingLoginHeaders(request, outcome) },
    );
  }
  const destination = outcome.user.firstLogin ? "/change-password" : homeOf(outcome.user);
  return redirect(destination, { headers: signedInCookies(request, outcome) });
}

export default function LoginPage() {
  const { notice } = useLoaderData<typeof loader>();
  const actionData = useActionData<LoginAnswer>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: loginSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const [agreed, setAgreed] = useState(false);
  const [hydrated, setHydrated] = useState(false);
  const [remember, setRemember] = useState(false);
  // The email typed before a failed or refused sign-in (sent back by the server: without JavaScript the page is drawn anew).
  const [email, setEmail] = useState(() => String(actionData?.result?.initialValue?.email ?? ""));
  // The answer whose dialog was cancelled: the next login attempt's answer opens it again.
  const [cancelled, setCancelled] = useState<LoginAnswer | null>(null);

  useEffect(() => {
    setHydrated(true);
    const remembered = window.localStorage.getItem(REMEMBERED_EMAIL);
    if (remembered) {
      setEmail((typed) => typed || remembered);
      setRemember(true);
    }
  }, []);

  function rememberEmail() {
    if (remember && email) window.localStorage.setItem(REMEMBERED_EMAIL, email.trim().toLowerCase());
    else window.localStorage.removeItem(REMEMBERED_EMAIL);
  }

  const submitting = navigation.state !== "idle" && navigation.formAction?.startsWith("/login");
  const other = actionData && actionData !== cancelled ? actionData.activeSession : null;
  return (
    <div className="mx-auto mt-6 w-full max-w-sm rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
      <h1 className="mb-4 text-xl font-semibold">Log In</h1>
      {notice ? (
        <p role="status" className="mb-4 rounded-md bg-amber-50 p-3 text-sm text-amber-800">
          {notice}
        </p>
      ) : null}
      <Form
        method="post"
        {...getFormProps(form)}
        onSubmit={(event) => {
          rememberEmail();
          form.onSubmit(event);
        }}
        className="space-y-4"
      >
        <CsrfInput />
        <FormAlert errors={form.errors} />
        <InputField
          label="Email"
          field={fields.email}
          type="email"
          value={email}
          onChange={(event) => setEmail(event.target.value.toLowerCase())}
          autoComplete="username"
        />
        <InputField label="Password" field={fields.password} type="password" autoComplete="current-password" />
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={remember} onChange={(event) => setRemember(event.target.checked)} className="h-5 w-5" />
          Remember my email
        </label>
        <div>
          <div className="flex items-start gap-2 text-sm">
            <input
              {...getInputProps(fields.agreed_to_terms, { type: "checkbox" })}
              key={fields.agreed_to_terms.key}
              checked={hydrated ? agreed : undefined}
              onChange={(event) => setAgreed(event.target.checked)}
              className="mt-0.5 h-5 w-5"
            />
            <span>
              <label htmlFor={fields.agreed_to_terms.id}>I have read and agree to the </label>
              <TermsDialog
                onAccept={() => setAgreed(true)}
                trigger={
                  <button type="button" className="text-brand-600 underline">
                    Terms of Use
                  </button>
                }
              />
            </span>
          </div>
          <FieldErrors id={fields.agreed_to_terms.errorId} errors={fields.agreed_to_terms.errors} />
        </div>
        <button type="submit" disabled={(hydrated && !agreed) || submitting} className={`${buttonStyles.primary} w-full`}>
          {submitting ? "Logging In..." : "Log In"}
        </button>
      </Form>
      <OtherSessionDialog other={other} onCancel={() => setCancelled(actionData ?? null)} busy={Boolean(submitting)} />
      <p className="mt-4 text-center text-xs text-slate-500">
        <Link to={PUBLIC_GUIDE_PATH} className="underline">
          User Manual
        </Link>
      </p>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
