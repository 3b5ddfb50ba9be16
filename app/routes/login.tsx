import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { CsrfInput } from "~/components/csrf-input";
import { TermsDialog } from "~/components/terms-dialog";
import { FieldErrors, InputField } from "~/components/ui/field";
import { BlockingDialog, buttonStyles } from "~/components/ui/modal";
import { describeDevice } from "~/domain/devices";
import { MESSAGES, loginSchema } from "~/domain/auth";
import { closeReplacedSession, signedInCookies } from "~/lib/auth-responses.server";
import { clientInfo, homeOf } from "~/lib/guards.server";
import { logIn, sessionInfo } from "~/services/auth.server";

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

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: loginSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: ["password"] }), activeSession: null }, { status: 400 });
  }
  const outcome = await logIn(context.db(), submission.value, clientInfo(request));
  if (outcome.kind === "refused") {
    return data(
      { result: submission.reply({ formErrors: [outcome.error], hideFields: ["password"] }), activeSession: null },
      { status: outcome.status },
    );
  }
  if (outcome.kind === "active_elsewhere") {
    // Nothing was created; the page asks whether to log out the other session.
    return data({ result: null, activeSession: sessionInfo(outcome.other) });
  }
  closeReplacedSession(context, outcome);
  const destination = outcome.user.firstLogin ? "/change-password" : homeOf(outcome.user);
  return redirect(destination, { headers: signedInCookies(request, outcome) });
}

export default function LoginPage() {
  const { notice } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
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
  const [email, setEmail] = useState("");
  const [otherSessionOpen, setOtherSessionOpen] = useState(false);

  useEffect(() => {
    setHydrated(true);
    const remembered = window.localStorage.getItem(REMEMBERED_EMAIL);
    if (remembered) {
      setEmail(remembered);
      setRemember(true);
    }
  }, []);

  useEffect(() => {
    setOtherSessionOpen(Boolean(actionData?.activeSession));
  }, [actionData]);

  function rememberEmail() {
    if (remember && email) window.localStorage.setItem(REMEMBERED_EMAIL, email.trim().toLowerCase());
    else window.localStorage.removeItem(REMEMBERED_EMAIL);
  }

  const submitting = navigation.state !== "idle" && navigation.formAction?.startsWith("/login");
  const other = actionData?.activeSession;
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
        {form.errors ? (
          <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-700">
            {form.errors.join(" ")}
          </p>
        ) : null}
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
          <input
            type="checkbox"
            checked={remember}
            onChange={(event) => setRemember(event.target.checked)}
            className="h-5 w-5"
          />
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
      <BlockingDialog
        open={otherSessionOpen && Boolean(other)}
        title="Account Already Logged In"
        actions={
          <>
            <button type="button" className={buttonStyles.secondary} onClick={() => setOtherSessionOpen(false)}>
              Cancel
            </button>
            <button
              type="submit"
              form={form.id}
              name="force_login"
              value="on"
              className={buttonStyles.danger}
              disabled={submitting}
            >
              Log Out Other Session
            </button>
          </>
        }
      >
        <p>This account is already logged in on another device:</p>
        {other ? (
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
            <dt className="font-medium">Device</dt>
            <dd>{describeDevice(other.user_agent)}</dd>
            <dt className="font-medium">IP address</dt>
            <dd>{other.ip_address ?? "Unknown"}</dd>
            <dt className="font-medium">Login time</dt>
            <dd>{new Date(other.login_time).toLocaleString()}</dd>
            <dt className="font-medium">Last activity</dt>
            <dd>{new Date(other.last_activity).toLocaleString()}</dd>
          </dl>
        ) : null}
        <p className="mt-3">Log out the other session and continue here?</p>
      </BlockingDialog>
      <p className="mt-4 text-center text-xs text-slate-500">
        <Link to="/how-to" className="underline">
          User Manual
        </Link>
      </p>
    </div>
  );
}
