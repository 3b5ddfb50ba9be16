import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation, useParams, type ClientActionFunctionArgs } from "@remix-run/react";
import { AccountDialog } from "#app/components/companies/account-dialog";
import { AccountsTable } from "#app/components/companies/accounts-table";
import { CsrfInput } from "#app/components/csrf-input";
import { GeneralErrorBoundary, RefusalView } from "#app/components/error-boundary";
import { ErrorSummary } from "#app/components/ui/error-summary";
import { InputField } from "#app/components/ui/field";
import { buttonStyles } from "#app/components/ui/styles";
import { accountSchema, COMPANY_MESSAGES, companySchema } from "#app/domain/companies";
import { FORM_FAILURES, type FailedForm } from "#app/domain/failures";
import { keepPageAfterFailure, orFailure } from "#app/browser/failed-actions";
import { formClientAction } from "#app/browser/failed-forms";
import { pageRoute, refusalOf, replyTo } from "#app/http/answers.server";
import { requirePage } from "#app/http/guards.server";
import { createAccount, deleteAccount, updateAccount } from "#app/services/accounts.server";
import { getCompany, renameCompany } from "#app/services/companies.server";
import type { StatementBudget } from "#app/http/route-methods";

export const statementBudget = { GET: 3 } satisfies StatementBudget;

export const meta: MetaFunction = () => [{ title: "Edit Company · Yardline" }];

export const loader = pageRoute(async ({ request, params, context }: LoaderFunctionArgs) => {
  const { ctx } = await requirePage(request, context);
  const company = await getCompany(ctx, Number(params.id));
  const asked = new URL(request.url).searchParams.get("account");
  const editing = asked === "new" ? ("new" as const) : (company.accounts.find((account) => String(account.id) === asked) ?? null);
  return { company, editing };
});

/** The account dialog's fields (the company is the page's). */
const accountFormSchema = accountSchema.omit({ company_id: true });

const FAILED = {
  rename: { failure: FORM_FAILURES.saveCompany },
  "save-account": { failure: FORM_FAILURES.saveAccount },
} satisfies Record<string, FailedForm>;

/** Three actions, told apart by `intent`: rename the company, save an account (add or edit), delete an account. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const { ctx } = await requirePage(request, context);
  const companyId = Number(params.id);
  const formData = await request.formData();
  const intent = formData.get("intent");

  if (intent === "rename") {
    const submission = parseWithZod(formData, { schema: companySchema });
    if (submission.status !== "success") return data(submission.reply(), { status: 400 });
    return replyTo(
      submission,
      async () => {
        await renameCompany(ctx, companyId, submission.value);
        return { saved: true };
      },
      FAILED.rename,
    );
  }

  if (intent === "save-account") {
    const submission = parseWithZod(formData, { schema: accountFormSchema });
    if (submission.status !== "success") return data(submission.reply(), { status: 400 });
    const accountId = Number(formData.get("account_id"));
    return replyTo(
      submission,
      async () => {
        if (accountId) await updateAccount(ctx, accountId, submission.value);
        else await createAccount(ctx, { ...submission.value, company_id: companyId });
        return redirect(`/companies/${companyId}/edit`);
      },
      FAILED["save-account"],
    );
  }

  if (intent === "delete-account") {
    return refusalOf(async () => {
      await deleteAccount(ctx, Number(formData.get("account_id")));
      return redirect(`/companies/${companyId}/edit`);
    }, FORM_FAILURES.deleteAccount);
  }

  return data({ errors: ["Unknown action"] }, { status: 400 });
}

/**
 * A write that failed (a server error, no answer): the rename's "Failed to save company" or the
 * account's message above its form, as typed; a failed account delete listed like its refusals.
 */
export async function clientAction(args: ClientActionFunctionArgs) {
  const intent = (await args.request.clone().formData()).get("intent");
  if (intent === "rename") return formClientAction(companySchema, FAILED.rename)(args);
  if (intent === "save-account") return formClientAction(accountFormSchema, FAILED["save-account"])(args);
  return orFailure(() => args.serverAction<typeof action>(), FORM_FAILURES.deleteAccount);
}

export const shouldRevalidate = keepPageAfterFailure;

type ActionData = SubmissionResult<string[]> | { saved: true } | { errors: string[] };

/** The result of the form whose hidden `intent` was sent (each form shows only its own). */
function resultOf(actionData: ActionData | undefined, intent: string): SubmissionResult<string[]> | undefined {
  if (!actionData || !("initialValue" in actionData)) return undefined;
  return actionData.initialValue?.intent === intent ? actionData : undefined;
}

export default function EditCompany() {
  const { company, editing } = useLoaderData<typeof loader>();
  const actionData = useActionData<ActionData>();
  return (
    <section className="mx-auto max-w-3xl space-y-6">
      <div>
        <h1 className="text-2xl font-semibold">Edit Company</h1>
        <p className="break-words text-slate-600">{company.company_name}</p>
      </div>
      <RenameCompanyForm
        key={company.id}
        companyName={company.company_name}
        lastResult={resultOf(actionData, "rename")}
        saved={Boolean(actionData && "saved" in actionData)}
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
          lastResult={resultOf(actionData, "save-account")}
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

/** A missing company: "Company not found", and under it "Company with ID {id} not found" with the id it was opened with. */
export function ErrorBoundary() {
  const { id = "" } = useParams();
  return (
    <GeneralErrorBoundary
      statusHandlers={{
        404: ({ message }) => (
          <RefusalView
            message={message}
            detail={COMPANY_MESSAGES.companyWithIdNotFound(id)}
            backTo="/companies"
            backLabel="Back to Companies"
          />
        ),
      }}
    />
  );
}
