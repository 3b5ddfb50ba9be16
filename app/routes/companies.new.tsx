import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { CsrfInput } from "~/components/csrf-input";
import { ErrorSummary } from "~/components/ui/error-summary";
import { InputField } from "~/components/ui/field";
import { buttonStyles } from "~/components/ui/modal";
import { companySchema } from "~/domain/companies";
import { actorOf, requirePage } from "~/lib/guards.server";
import { createCompany } from "~/services/companies.server";
import { ServiceError } from "~/services/errors.server";

export const meta: MetaFunction = () => [{ title: "Create New Company · Yardline" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requirePage(request, context);
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { user } = await requirePage(request, context);
  const submission = parseWithZod(await request.formData(), { schema: companySchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  try {
    await createCompany(context.db(), actorOf(user), submission.value);
    return redirect("/companies");
  } catch (error) {
    if (error instanceof ServiceError) return data(submission.reply({ formErrors: error.errors }), { status: error.status });
    throw error;
  }
}

export default function CreateCompany() {
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
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
        <div className="flex justify-end gap-2">
          <Link to="/companies" className={buttonStyles.secondary}>
            Cancel
          </Link>
          <button type="submit" className={buttonStyles.primary} disabled={navigation.state !== "idle"}>
            Create Company
          </button>
        </div>
      </Form>
    </section>
  );
}
