import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Check, Copy } from "lucide-react";
import { useState } from "react";
import { CsrfInput } from "#app/components/csrf-input";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { ErrorSummary } from "#app/components/ui/error-summary";
import { FieldErrors, InputField } from "#app/components/ui/field";
import { FormActions } from "#app/components/ui/form-parts";
import { buttonStyles, inputStyles } from "#app/components/ui/styles";
import { RoleRadioGroup } from "#app/components/users/role-radio-group";
import { needsDriverNumber, ROLE_LABEL, type Role } from "#app/domain/roles";
import { newUserSchema } from "#app/domain/user-schemas";
import { assignableRoles } from "#app/domain/users";
import { FORM_FAILURES, type FailedForm } from "#app/domain/failures";
import { keepPageAfterFailure } from "#app/browser/failed-actions";
import { formClientAction } from "#app/browser/failed-forms";
import { pageRoute, replyTo } from "#app/http/answers.server";
import { requirePage } from "#app/http/guards.server";
import { createUser } from "#app/services/users.server";
import { accountChoices } from "#app/services/accounts.server";
import type { StatementBudget } from "#app/http/route-methods";

export const statementBudget = { GET: 1 } satisfies StatementBudget;

export const meta: MetaFunction = () => [{ title: "Add New User · Yardline" }];

export const loader = pageRoute(async ({ request, context }: LoaderFunctionArgs) => {
  const { user, ctx } = await requirePage(request, context);
  return {
    roles: assignableRoles(user),
    isAdmin: user.isAdmin,
    accounts: (await accountChoices(ctx)) ?? [],
  };
});

type CreatedUser = { id: number; email: string; role: string; temporaryPassword: string };

const FAILED: FailedForm = { failure: FORM_FAILURES.signup };

/** Adds the user; the page then shows its temporary password once, above an empty form; a failure above the form, as typed. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { ctx } = await requirePage(request, context);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: newUserSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  return replyTo(
    submission,
    async () => {
      const { user, temporaryPassword } = await createUser(ctx, Object.fromEntries(formData));
      const created: CreatedUser = { id: user.id, email: user.email, role: ROLE_LABEL[submission.value.role], temporaryPassword };
      return { result: submission.reply({ resetForm: true }), created };
    },
    FAILED,
  );
}

/**
 * An add that failed: "An error occurred. Please try again." (a server failure) or "An unexpected
 * error occurred. Please try again." (no answer) above the form, as typed.
 */
export const clientAction = formClientAction(newUserSchema, FAILED);
export const shouldRevalidate = keepPageAfterFailure;

export default function AddNewUser() {
  const { roles, isAdmin, accounts } = useLoaderData<typeof loader>();
  const actionData = useActionData<SubmissionResult<string[]> | { result: SubmissionResult<string[]>; created: CreatedUser }>();
  const [form, fields] = useForm({
    lastResult: actionData && "created" in actionData ? actionData.result : actionData,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: newUserSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const [role, setRole] = useState<Role | undefined>((fields.role.initialValue as Role | undefined) ?? undefined);
  const allErrors = [
    ...(form.errors ?? []),
    ...[fields.role, fields.account_id, fields.alpha_code, fields.email, fields.driver_number].flatMap((field) => field.errors ?? []),
  ];
  const created = actionData && "created" in actionData ? actionData.created : null;

  return (
    <section className="mx-auto max-w-xl">
      <h1 className="text-2xl font-semibold">Add New User</h1>
      <p className="mt-1 text-sm text-slate-600">
        A new user gets a temporary password, shown to you once after creation, and must change it at first login. Each user gets a random
        one of their own: a shared default password would let anyone who knows it take over new accounts before their owners sign in.
      </p>
      {created ? <CreatedUserNotice {...created} /> : null}
      <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4 rounded-lg border border-slate-200 bg-white p-5">
        <CsrfInput />
        <ErrorSummary errors={[...new Set(allErrors)]} />
        <RoleRadioGroup name={fields.role.name} roles={roles} value={role} onChange={setRole} errorId={fields.role.errorId} />
        <FieldErrors id={fields.role.errorId} errors={fields.role.errors} />
        {isAdmin && role !== "admin" ? (
          <div>
            <label htmlFor={fields.account_id.id} className="block text-sm font-medium">
              Account
            </label>
            <select {...getInputProps(fields.account_id, { type: "text" })} key={fields.account_id.key} className={inputStyles}>
              <option value="">Select an account</option>
              {accounts.map((account) => (
                <option key={account.id} value={account.id}>
                  {account.companyName} · {account.accountName}
                </option>
              ))}
            </select>
            <FieldErrors id={fields.account_id.errorId} errors={fields.account_id.errors} />
          </div>
        ) : null}
        {role !== "security" ? (
          <InputField
            label="Alpha Code"
            field={fields.alpha_code}
            autoCapitalize="characters"
            onInput={(event) => {
              event.currentTarget.value = event.currentTarget.value.toUpperCase();
            }}
          />
        ) : null}
        <InputField
          label="Email"
          field={fields.email}
          type="email"
          autoComplete="off"
          onInput={(event) => {
            event.currentTarget.value = event.currentTarget.value.toLowerCase();
          }}
        />
        {role && needsDriverNumber(role) ? <InputField label="Driver Number" field={fields.driver_number} inputMode="numeric" /> : null}
        <FormActions cancelTo="/" submitLabel="Add User" />
      </Form>
    </section>
  );
}

function CreatedUserNotice({ id, email, role, temporaryPassword }: CreatedUser) {
  const [copied, setCopied] = useState(false);
  return (
    <div role="status" className="mt-4 rounded-lg border border-green-200 bg-green-50 p-4 text-sm text-green-900">
      <p>
        <Link to={`/users/${id}`} className="font-medium underline">
          {email}
        </Link>{" "}
        was added as {role}. Give them this temporary password; it is shown only once:
      </p>
      <div className="mt-2 flex items-center gap-2">
        <code data-testid="temporary-password" className="rounded bg-white px-3 py-2 font-mono text-base">
          {temporaryPassword}
        </code>
        <button
          type="button"
          className={buttonStyles.secondary}
          onClick={async () => {
            await navigator.clipboard?.writeText(temporaryPassword);
            setCopied(true);
          }}
        >
          {copied ? <Check aria-hidden className="mr-1 h-4 w-4" /> : <Copy aria-hidden className="mr-1 h-4 w-4" />}
          {copied ? "Copied" : "Copy"}
        </button>
      </div>
      <p className="mt-3">
        {/* The spec's Add New User ends on the dashboard: here once the password has been taken down. */}
        <Link to="/" className={buttonStyles.primary}>
          Done: back to the dashboard
        </Link>
      </p>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
