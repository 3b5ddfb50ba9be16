import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useNavigation } from "@remix-run/react";
import { Check, X } from "lucide-react";
import { useState } from "react";
import { CsrfInput } from "~/components/csrf-input";
import { InputField } from "~/components/ui/field";
import { buttonStyles } from "~/components/ui/modal";
import { MESSAGES, PASSWORD_RULES, newPasswordSchema } from "~/domain/auth";
import { homeOf, requirePage } from "~/lib/guards.server";
import { changeOwnPassword } from "~/services/auth.server";

export const meta: MetaFunction = () => [{ title: "Change Password · Yardline" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user } = await requirePage(request, context);
  if (!user.firstLogin) throw redirect(homeOf(user));
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { user } = await requirePage(request, context);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: newPasswordSchema });
  if (submission.status !== "success") {
    return data(submission.reply({ hideFields: ["password", "confirm_password"] }), { status: 400 });
  }
  const outcome = await changeOwnPassword(context.db(), user, submission.value);
  if (!outcome.ok) {
    return data(submission.reply({ formErrors: outcome.errors.length ? outcome.errors : [MESSAGES.passwordChangeFailed] }), {
      status: 400,
    });
  }
  return redirect(homeOf(user));
}

/** The first-login password change: the only page such a user can open. */
export default function ChangePassword() {
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const [password, setPassword] = useState("");
  const [form, fields] = useForm({
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: newPasswordSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <div className="fixed inset-0 z-40 flex items-start justify-center bg-black/50 p-3 pt-[8vh]">
      <div role="dialog" aria-modal="true" aria-labelledby="change-password-title" className="w-full max-w-md rounded-lg bg-white p-5 shadow-xl">
        <h1 id="change-password-title" className="text-lg font-semibold">
          Change Your Password
        </h1>
        <p className="mt-1 text-sm text-slate-600">This is your first login. Choose a new password to continue.</p>
        <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4">
          <CsrfInput />
          {form.errors ? (
            <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-700">
              {form.errors.join(" ")}
            </p>
          ) : null}
          <InputField
            label="New Password"
            field={fields.password}
            type="password"
            autoComplete="new-password"
            onInput={(event) => setPassword(event.currentTarget.value)}
          >
            <ul aria-label="Password requirements" className="mt-2 space-y-1 text-sm">
              {PASSWORD_RULES.map((rule) => {
                const met = rule.test(password);
                return (
                  <li key={rule.label} className={`flex items-center gap-2 ${met ? "text-green-700" : "text-slate-600"}`}>
                    {met ? <Check aria-hidden className="h-4 w-4" /> : <X aria-hidden className="h-4 w-4" />}
                    <span>{rule.label}</span>
                    <span className="sr-only">{met ? "(met)" : "(not met)"}</span>
                  </li>
                );
              })}
            </ul>
          </InputField>
          <InputField label="Confirm Password" field={fields.confirm_password} type="password" autoComplete="new-password" />
          <div className="flex flex-wrap justify-end gap-2">
            <button type="submit" form="logout-form" className={buttonStyles.secondary}>
              Log Out
            </button>
            <button type="submit" className={buttonStyles.primary} disabled={navigation.state !== "idle"}>
              Change Password
            </button>
          </div>
        </Form>
        <Form method="post" action="/logout" id="logout-form">
          <CsrfInput />
        </Form>
      </div>
    </div>
  );
}
