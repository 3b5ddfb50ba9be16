import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { TermsDialog } from "~/components/terms-dialog";
import { loginSchema } from "~/domain/auth";
import { clientInfo, getLiveSession, sessionCookie } from "~/lib/guards.server";
import { logIn } from "~/services/auth.server";

export const meta: MetaFunction = () => [{ title: "Log In · Yardline" }];

const REMEMBERED_EMAIL = "yardline.rememberedEmail";

function homeOf(user: { isAdmin: boolean }): string {
  return user.isAdmin ? "/admin/dashboard" : "/";
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const live = await getLiveSession(request, context);
  if (live) throw redirect(homeOf(live.user));
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: loginSchema });
  if (submission.status !== "success") {
    return data(submission.reply({ hideFields: ["password"] }), { status: 400 });
  }
  const result = await logIn(context.db(), submission.value, clientInfo(request));
  if (!result.ok) {
    return data(submission.reply({ formErrors: [result.error], hideFields: ["password"] }), {
      status: result.status,
    });
  }
  return redirect(homeOf(result.user), { headers: { "Set-Cookie": sessionCookie(request, result.token) } });
}

export default function LoginPage() {
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: loginSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const [agreed, setAgreed] = useState(false);
  const [hydrated, setHydrated] = useState(false);
  const [remember, setRemember] = useState(false);
  const [email, setEmail] = useState("");

  useEffect(() => {
    setHydrated(true);
    const remembered = window.localStorage.getItem(REMEMBERED_EMAIL);
    if (remembered) {
      setEmail(remembered);
      setRemember(true);
    }
  }, []);

  function rememberEmail() {
    if (remember && email) window.localStorage.setItem(REMEMBERED_EMAIL, email.toLowerCase());
    else window.localStorage.removeItem(REMEMBERED_EMAIL);
  }

  const submitting = navigation.state !== "idle" && navigation.formAction === "/login";
  return (
    <div className="mx-auto mt-6 w-full max-w-sm rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
      <h1 className="mb-4 text-xl font-semibold">Log In</h1>
      <Form method="post" {...getFormProps(form)} onSubmit={(event) => { rememberEmail(); form.onSubmit(event); }} className="space-y-4">
        {form.errors ? (
          <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-700">
            {form.errors.join(" ")}
          </p>
        ) : null}
        <div>
          <label htmlFor={fields.email.id} className="block text-sm font-medium">
            Email
          </label>
          <input
            {...getInputProps(fields.email, { type: "email" })}
            key={fields.email.key}
            value={email}
            onChange={(event) => setEmail(event.target.value.toLowerCase())}
            autoComplete="username"
            className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2 text-base"
          />
          <p id={fields.email.errorId} className="mt-1 text-sm text-red-700">
            {fields.email.errors}
          </p>
        </div>
        <div>
          <label htmlFor={fields.password.id} className="block text-sm font-medium">
            Password
          </label>
          <input
            {...getInputProps(fields.password, { type: "password" })}
            key={fields.password.key}
            autoComplete="current-password"
            className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2 text-base"
          />
          <p id={fields.password.errorId} className="mt-1 text-sm text-red-700">
            {fields.password.errors}
          </p>
        </div>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={remember} onChange={(event) => setRemember(event.target.checked)} className="h-4 w-4" />
          Remember my email
        </label>
        <div>
          <label className="flex items-start gap-2 text-sm">
            <input
              {...getInputProps(fields.agreed_to_terms, { type: "checkbox" })}
              key={fields.agreed_to_terms.key}
              onChange={(event) => setAgreed(event.target.checked)}
              className="mt-0.5 h-4 w-4"
            />
            <span>
              I agree to the{" "}
              <TermsDialog
                trigger={
                  <button type="button" className="text-brand-600 underline">
                    Terms of Use
                  </button>
                }
              />
            </span>
          </label>
          <p id={fields.agreed_to_terms.errorId} className="mt-1 text-sm text-red-700">
            {fields.agreed_to_terms.errors}
          </p>
        </div>
        <button
          type="submit"
          disabled={(hydrated && !agreed) || submitting}
          className="w-full rounded-md bg-brand-600 px-4 py-3 font-medium text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-50"
        >
          {submitting ? "Logging In..." : "Log In"}
        </button>
      </Form>
    </div>
  );
}
