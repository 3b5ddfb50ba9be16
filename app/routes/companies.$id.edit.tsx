import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AccountDialog } from "~/components/companies/account-dialog";
import { AccountsTable } from "~/components/companies/accounts-table";
import { CsrfInput } from "~/components/csrf-input";
import { ErrorSummary } from "~/components/ui/error-summary";
import { InputField } from "~/components/ui/field";
import { buttonStyles } from "~/components/ui/modal";
import { accountSchema, COMPANY_MESSAGES, companySchema } from "~/domain/companies";
import { actorOf, requirePage } from "~/lib/guards.server";
import { createAccount, deleteAccount, updateAccount } from "~/services/accounts.server";
import { getCompany, renameCompany } from "~/services/companies.server";
import { ServiceError } from "~/services/errors.server";

export const meta: MetaFunction = () => [{ title: "Edit Company · Yardline" }];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { user } = await requirePage(request, context);
  try {
    const company = await getCompany(context.db(), actorOf(user), Number(params.id));
    const asked = new URL(request.url).searchParams.get("account");
    const editing = asked === "new" ? ("new" as const) : (company.accounts.find((account) => String(account.id) === asked) ?? null);
    return { company, editing };
  } catch (error) {
    if (error instanceof ServiceError && error.status === 404) return data({ company: null, editing: null }, { status: 404 });
    throw error;
  }
}

type ActionData =
  | { intent: "rename"; result: SubmissionResult<string[]>; saved: boolean }
  | { intent: "save-account"; result: SubmissionResult<string[]> }
  | { intent: "delete-account" | "unknown"; errors: string[] };

/** Three actions, told apart by `intent`: rename the company, save an account (add or edit), delete an account. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const { user } = await requirePage(request, context);
  const actor = actorOf(user);
  const db = context.db();
  const companyId = Number(params.id);
  const formData = await request.formData();
  const intent = formData.get("intent");
  const refusedWith = async <T,>(work: () => Promise<T>): Promise<string[] | T> => {
    try {
      return await work();
    } catch (error) {
      if (error instanceof ServiceError) return error.errors;
      throw error;
    }
  };

  if (intent === "rename") {
    const submission = parseWithZod(formData, { schema: companySchema });
    if (submission.status !== "success") return data<ActionData>({ intent, result: submission.reply(), saved: false }, { status: 400 });
    const outcome = await refusedWith(() => renameCompany(db, actor, companyId, submission.value));
    if (Array.isArray(outcome)) return data<ActionData>({ intent, result: submission.reply({ formErrors: outcome }), saved: false }, { status: 400 });
    return data<ActionData>({ intent, result: submission.reply(), saved: true });
  }

  if (intent === "save-account") {
    const submission = parseWithZod(formData, { schema: accountSchema.omit({ company_id: true }) });
    if (submission.status !== "success") return data<ActionData>({ intent, result: submission.reply() }, { status: 400 });
    const accountId = Number(formData.get("account_id"));
    const outcome = await refusedWith(() =>
      accountId ? updateAccount(db, actor, accountId, submission.value) : createAccount(db, actor, { ...submission.value, company_id: companyId }),
    );
    if (Array.isArray(outcome)) return data<ActionData>({ intent, result: submission.reply({ formErrors: outcome }) }, { status: 400 });
    return redirect(`/companies/${companyId}/edit`);
  }

  if (intent === "delete-account") {
    const outcome = await refusedWith(() => deleteAccount(db, actor, Number(formData.get("account_id"))));
    if (Array.isArray(outcome)) return data<ActionData>({ intent, errors: outcome }, { status: 409 });
    return redirect(`/companies/${companyId}/edit`);
  }

  return data<ActionData>({ intent: "unknown", errors: ["Unknown action"] }, { status: 400 });
}

export default function EditCompany() {
  const { company, editing } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  if (!company) return <CompanyNotFound />;
  return (
    <section className="mx-auto max-w-3xl space-y-6">
      <div>
        <h1 className="text-2xl font-semibold">Edit Company</h1>
        <p className="break-words text-slate-600">{company.company_name}</p>
      </div>
      <RenameCompanyForm
        key={company.id}
        companyName={company.company_name}
        lastResult={actionData?.intent === "rename" ? actionData.result : undefined}
        saved={actionData?.intent === "rename" && actionData.saved}
      />
      <div className="rounded-lg border border-slate-200 bg-white p-5">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 className="text-lg font-medium">Accounts</h2>
          <Link to="?account=new" preventScrollReset className={buttonStyles.primary}>
            Add Account
          </Link>
        </div>
        <div className="mt-3">
          <ErrorSummary errors={actionData && "errors" in actionData ? actionData.errors : []} heading="The account was not deleted:" />
        </div>
        {company.accounts.length === 0 ? (
          <p className="mt-3 text-slate-600">{COMPANY_MESSAGES.noAccounts}</p>
        ) : (
          <AccountsTable accounts={company.accounts} />
        )}
      </div>
      {editing ? (
        <AccountDialog
          key={editing === "new" ? "new" : editing.id}
          account={editing === "new" ? null : editing}
          lastResult={actionData?.intent === "save-account" ? actionData.result : undefined}
        />
      ) : null}
    </section>
  );
}

function RenameCompanyForm({
  companyName,
  lastResult,
  saved,
}: {
  companyName: string;
  lastResult: SubmissionResult<string[]> | undefined;
  saved: boolean;
}) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "rename-company",
    lastResult,
    defaultValue: { company_name: companyName },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: companySchema }),
    shouldRevalidate: "onInput",
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4 rounded-lg border border-slate-200 bg-white p-5">
      <CsrfInput />
      <input type="hidden" name="intent" value="rename" />
      <ErrorSummary errors={form.errors ?? []} />
      <InputField label="Company Name" field={fields.company_name} />
      {saved ? (
        <p role="status" className="text-sm text-green-700">
          Company saved
        </p>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Link to="/companies" className={buttonStyles.secondary}>
          Back to Companies
        </Link>
        <button type="submit" className={buttonStyles.primary} disabled={navigation.state !== "idle"}>
          Save
        </button>
      </div>
    </Form>
  );
}

function CompanyNotFound() {
  return (
    <section className="mx-auto max-w-lg rounded-lg border border-slate-200 bg-white p-6">
      <h1 className="text-xl font-semibold">{COMPANY_MESSAGES.companyNotFound}</h1>
      <Link to="/companies" className={`${buttonStyles.secondary} mt-4`}>
        Back to Companies
      </Link>
    </section>
  );
}
