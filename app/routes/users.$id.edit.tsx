import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import type { z } from "zod";
import { CsrfInput } from "#app/components/csrf-input";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { ErrorSummary } from "#app/components/ui/error-summary";
import { FieldErrors, InputField } from "#app/components/ui/field";
import { FormActions } from "#app/components/ui/form-parts";
import { RoleRadioGroup } from "#app/components/users/role-radio-group";
import { needsDriverNumber, roleOf, type Role } from "#app/domain/roles";
import { FORM_FAILURES, type FailedForm } from "#app/domain/failures";
import { editUserSchema } from "#app/domain/user-schemas";
import { assignableRoles, canEditUser } from "#app/domain/users";
import { pageRoute, replyTo } from "#app/http/answers.server";
import { keepPageAfterFailure } from "#app/browser/failed-actions";
import { formClientAction } from "#app/browser/failed-forms";
import { requirePage } from "#app/http/guards.server";
import { getVisibleUser, updateUser } from "#app/services/users.server";
import type { StatementBudget } from "#app/http/route-methods";

export const statementBudget = { GET: 2 } satisfies StatementBudget;

export const meta: MetaFunction = () => [{ title: "Edit User · Yardline" }];

export const loader = pageRoute(async ({ request, params, context }: LoaderFunctionArgs) => {
  const { ctx, user: viewer } = await requirePage(request, context);
  const user = await getVisibleUser(ctx, Number(params.id));
  if (!canEditUser(viewer, user)) throw redirect(`/users/${user.id}`);
  const role = roleOf(user);
  const roles = assignableRoles(viewer);
  return {
    user: {
      id: user.id,
      email: user.email,
      alpha_code: user.alphaCode ?? "",
      driver_number: user.driverNumber === null ? "" : String(user.driverNumber),
      role,
    },
    roles: roles.includes(role) ? roles : [role, ...roles],
    /** Editing oneself: a new password needs the current one. */
    self: user.id === viewer.id,
  };
});

/** A failure says "Failed to update user"; the passwords are never sent back. */
const FAILED: FailedForm = { failure: FORM_FAILURES.updateUser, hideFields: ["current_password", "password", "confirm_password"] };

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { ctx } = await requirePage(request, context);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: editUserSchema });
  if (submission.status !== "success") return data(submission.reply({ hideFields: FAILED.hideFields }), { status: 400 });
  return replyTo(
    submission,
    async () => {
      // The form holds the whole record it edits: a driver number it does not show (the role needs none) is cleared.
      const user = await updateUser(ctx, Number(params.id), { driver_number: "", ...Object.fromEntries(formData) });
      return redirect(`/users/${user.id}`);
    },
    FAILED,
  );
}

/** An update that failed (a server error, no answer): "Failed to update user" above the form, as typed (passwords aside). */
export const clientAction = formClientAction(editUserSchema, FAILED);
export const shouldRevalidate = keepPageAfterFailure;

export default function EditUser() {
  const { user, roles, self } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm<z.input<typeof editUserSchema>>({
    lastResult,
    defaultValue: user,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: editUserSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const [role, setRole] = useState<Role | undefined>(user.role);
  const errors = [
    ...(form.errors ?? []),
    ...[
      fields.role,
      fields.alpha_code,
      fields.email,
      fields.driver_number,
      fields.current_password,
      fields.password,
      fields.confirm_password,
    ].flatMap((field) => field.errors ?? []),
  ];
  return (
    <section className="mx-auto max-w-xl">
      <h1 className="text-2xl font-semibold">Edit User</h1>
      <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4 rounded-lg border border-slate-200 bg-white p-5">
        <CsrfInput />
        <ErrorSummary errors={[...new Set(errors)]} />
        <InputField
          label="Alpha Code"
          field={fields.alpha_code}
          onInput={(event) => {
            event.currentTarget.value = event.currentTarget.value.toUpperCase();
          }}
        />
        <InputField
          label="Email"
          field={fields.email}
          type="email"
          onInput={(event) => {
            event.currentTarget.value = event.currentTarget.value.toLowerCase();
          }}
        />
        {role && needsDriverNumber(role) ? <InputField label="Driver Number" field={fields.driver_number} inputMode="numeric" /> : null}
        <RoleRadioGroup name={fields.role.name} roles={roles} value={role} onChange={setRole} errorId={fields.role.errorId} />
        <FieldErrors id={fields.role.errorId} errors={fields.role.errors} />
        {self ? (
          <InputField
            label="Current Password (to change your password)"
            field={fields.current_password}
            type="password"
            autoComplete="current-password"
          />
        ) : null}
        <InputField label="New Password (optional)" field={fields.password} type="password" autoComplete="new-password">
          <p className="mt-1 text-sm text-slate-600">
            {self
              ? "At least 8 characters, with an upper case letter, a lower case letter, a number and a special character."
              : "At least 8 characters, with an upper case letter, a lower case letter, a number and a special character. The user is signed out and must choose a new password at the next sign-in."}
          </p>
        </InputField>
        <InputField label="Confirm Password" field={fields.confirm_password} type="password" autoComplete="new-password" />
        <FormActions cancelTo={`/users/${user.id}`} submitLabel="Update" />
      </Form>
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
