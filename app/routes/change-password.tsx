import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useNavigation } from "@remix-run/react";
import { Check, X } from "lucide-react";
import { useState } from "react";
import { CsrfInput } from "#app/components/csrf-input";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { FormAlert } from "#app/components/ui/form-parts";
import { InputField } from "#app/components/ui/field";
import { buttonStyles } from "#app/components/ui/styles";
import { PASSWORD_RULES } from "#app/domain/auth";
import { newPasswordSchema } from "#app/domain/auth-schemas";
import { FORM_FAILURES, type FailedForm } from "#app/domain/failures";
import { keepPageAfterFailure } from "#app/browser/failed-actions";
import { formClientAction } from "#app/browser/failed-forms";
import { submitForm } from "#app/http/answers.server";
import { homeOf, requirePage } from "#app/http/guards.server";
import { changeOwnPassword } from "#app/services/auth.server";
import type { StatementBudget } from "#app/http/route-methods";

export const statementBudget = { GET: 1 } satisfies StatementBudget;

export const meta: MetaFunction = () => [{ title: "Change Password · Yardline" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user } = await requirePage(request, context);
  if (!user.firstLogin) throw redirect(homeOf(user));
  return null;
}

/** A failure says "An error occurred while changing your password"; the passwords are never sent back. */
const FAILED: FailedForm = { failure: FORM_FAILURES.changePassword, hideFields: ["password", "confirm_password"] };

/** The first-login change only: a later change of one's own password needs the current one (Edit User, `POST /api/auth/change-password`). */
export async function action({ request, context }: ActionFunctionArgs) {
  const { ctx, user } = await requirePage(request, context);
  if (!user.firstLogin) throw redirect(homeOf(user));
  return submitForm(
    request,
    newPasswordSchema,
    async (value) => {
      await changeOwnPassword(ctx, value);
      return redirect(homeOf(user));
    },
    FAILED,
  );
}

/** A change that failed (a server error, no answer): its message above the form, which is sent again as it is. */
export const clientAction = formClientAction(newPasswordSchema, FAILED);
export const shouldRevalidate = keepPageAfterFailure;

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
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby="change-password-title"
        className="w-full max-w-md rounded-lg bg-white p-5 shadow-xl"
      >
        <h1 id="change-password-title" className="text-lg font-semibold">
          Change Your Password
        </h1>
        <p className="mt-1 text-sm text-slate-600">This is your first login. Choose a new password to continue.</p>
        <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4">
          <CsrfInput />
          <FormAlert errors={form.errors} />
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

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
