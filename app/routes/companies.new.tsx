import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData } from "@remix-run/react";
import { CsrfInput } from "#app/components/csrf-input";
import { ErrorSummary } from "#app/components/ui/error-summary";
import { InputField } from "#app/components/ui/field";
import { FormActions } from "#app/components/ui/form-parts";
import { companySchema } from "#app/domain/companies";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { FORM_FAILURES, type FailedForm } from "#app/domain/failures";
import { keepPageAfterFailure } from "#app/browser/failed-actions";
import { formClientAction } from "#app/browser/failed-forms";
import { submitForm } from "#app/http/answers.server";
import { requirePage } from "#app/http/guards.server";
import { createCompany } from "#app/services/companies.server";
import type { StatementBudget } from "#app/http/route-methods";

export const statementBudget = { GET: 1 } satisfies StatementBudget;

export const meta: MetaFunction = () => [{ title: "Create New Company · Yardline" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requirePage(request, context);
  return null;
}

const FAILED: FailedForm = { failure: FORM_FAILURES.createCompany };

/** Creates the company, then the list; a refusal lands on its field; a failure above the form, as typed. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { ctx } = await requirePage(request, context);
  return submitForm(
    request,
    companySchema,
    async (value) => {
      await createCompany(ctx, value);
      return redirect("/companies");
    },
    FAILED,
  );
}

/** A create that failed (a server error, no answer): "Failed to create company" above the form, as typed. */
export const clientAction = formClientAction(companySchema, FAILED);
export const shouldRevalidate = keepPageAfterFailure;

export default function CreateCompany() {
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm({
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: companySchema }),
    shouldRevalidate: "onInput",
  });
  return (
    <section className="mx-auto max-w-lg">
      <h1 className="text-2xl font-semibold">Create New Company</h1>
      <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4 rounded-lg border border-slate-200 bg-white p-5">
        <CsrfInput />
        <ErrorSummary errors={form.errors ?? []} />
        <InputField label="Company Name" field={fields.company_name} autoFocus />
        <FormActions cancelTo="/companies" submitLabel="Create Company" />
      </Form>
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
