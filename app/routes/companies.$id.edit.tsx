import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigate, useNavigation } from "@remix-run/react";
import type { z } from "zod";
import { CsrfInput } from "~/components/csrf-input";
import { ErrorSummary } from "~/components/ui/error-summary";
import { InputField } from "~/components/ui/field";
import { buttonStyles } from "~/components/ui/modal";
import { accountSchema, COMPANY_MESSAGES, companySchema } from "~/domain/companies";
import { actorOf, requirePage } from "~/lib/guards.server";
import { createAccount, deleteAccount, getCompany, renameCompany, updateAccount } from "~/services/companies.server";
import { ServiceError } from "~/services/errors.server";

export const meta: MetaFunction = () => [{ title: "Edit Company · Yardline" }];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { user } = await requirePage(request, context);
  const editing = new URL(request.url).searchParams.get("account");
  try {
    const company = await getCompany(context.db(), actorOf(user), Number(params.id));
    const account = editing && editing !== "new" ? (company.accounts.find((row) => row.id === Number(editing)) ?? null) : null;
    return { company, editing: editing === "new" ? ("new" as const) : account };
  } catch (error) {
    if (error instanceof ServiceError && error.status === 404) return data({ company: null, editing: null }, { status: 404 });
    throw error;
  }
}

/** Rename the company, save an account (add or edit), or delete an account. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const { user } = await requirePage(request, context);
  const actor = actorOf(user);
  const db = context.db();
  const companyId = Number(params.id);
  const formData = await request.formData();
  const intent = formData.get("intent");
  try {
    if (intent === "rename") {
      const submission = parseWithZod(formData, { schema: companySchema });
      if (submission.status !== "success") return data({ intent, result: submission.reply(), errors: [] as string[] }, { status: 400 });
      await renameCompany(db, actor, companyId, submission.value);
      return { intent, result: submission.reply(), errors: [] as string[], saved: "Company saved" };
    }
    if (intent === "save-account") {
      const submission = parseWithZod(formData, { schema: accountSchema });
      if (submission.status !== "success") return data({ intent, result: submission.reply(), errors: [] as string[] }, { status: 400 });
      const accountId = Number(formData.get("account_id"));
      if (accountId) await updateAccount(db, actor, accountId, submission.value);
      else await createAccount(db, actor, { ...submission.value, company_id: companyId });
      return redirect(`/companies/${companyId}/edit`);
    }
    if (intent === "delete-account") {
      await deleteAccount(db, actor, Number(formData.get("account_id")));
      return redirect(`/companies/${companyId}/edit`);
    }
    return data({ intent, result: undefined, errors: ["Unknown action"] }, { status: 400 });
  } catch (error) {
    if (error instanceof ServiceError) return data({ intent, result: undefined, errors: error.errors }, { status: error.status });
    throw error;
  }
}

export default function EditCompany() {
  const { company, editing } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    lastResult: actionData?.intent === "rename" ? actionData.result : undefined,
    defaultValue: { company_name: company?.company_name ?? "" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: companySchema }),
    shouldRevalidate: "onInput",
  });
  if (!company) {
    return (
      <section className="mx-auto max-w-lg rounded-lg border border-slate-200 bg-white p-6">
        <h1 className="text-xl font-semibold">{COMPANY_MESSAGES.companyNotFound}</h1>
        <Link to="/companies" className={`${buttonStyles.secondary} mt-4`}>
          Back to Companies
        </Link>
      </section>
    );
  }
  const refused = actionData && actionData.intent !== "save-account" ? actionData.errors : [];
  return (
    <section className="mx-auto max-w-3xl space-y-6">
      <h1 className="text-2xl font-semibold">Edit Company</h1>
      <ErrorSummary errors={refused} heading="The change was refused:" />
      <Form method="post" {...getFormProps(form)} className="space-y-4 rounded-lg border border-slate-200 bg-white p-5">
        <CsrfInput />
        <input type="hidden" name="intent" value="rename" />
        <InputField label="Company Name" field={fields.company_name} />
        {actionData && "saved" in actionData ? (
          <p role="status" className="text-sm text-green-700">
            {actionData.saved}
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          <Link to="/companies" className={buttonStyles.secondary}>
            Back to Companies
          </Link>
          <button type="submit" className={buttonStyles.primary} disabled={navigation.state !== "idle"}>
            Save
          </button>
        </div>
      </Form>

      <div className="rounded-lg border border-slate-200 bg-white p-5">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 className="text-lg font-medium">Accounts</h2>
          <Link to="?account=new" className={buttonStyles.primary}>
            Add Account
          </Link>
        </div>
        {company.accounts.length === 0 ? (
          <p className="mt-3 text-slate-600">No accounts found for this company.</p>
        ) : (
          <div className="mt-3 overflow-x-auto">
            <table className="min-w-full text-left text-sm">
              <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
                <tr>
                  {["Account Name", "Location", "Yards", "Buildings", "Actions"].map((heading) => (
                    <th key={heading} scope="col" className="whitespace-nowrap px-3 py-2">
                      {heading}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {company.accounts.map((account) => (
                  <tr key={account.id}>
                    <td className="px-3 py-2 font-medium">{account.account_name}</td>
                    <td className="whitespace-nowrap px-3 py-2">{account.location}</td>
                    <td className="px-3 py-2">{account.yard_count}</td>
                    <td className="px-3 py-2">{account.building_count}</td>
                    <td className="px-3 py-2">
                      <div className="flex gap-2">
                        <Link to={`?account=${account.id}`} className={buttonStyles.secondary} aria-label={`Edit ${account.account_name}`}>
                          Edit
                        </Link>
                        <Form
                          method="post"
                          onSubmit={(event) => !confirm("Are you sure you want to delete this account?") && event.preventDefault()}
                        >
                          <CsrfInput />
                          <input type="hidden" name="account_id" value={account.id} />
                          <button
                            type="submit"
                            name="intent"
                            value="delete-account"
                            className={buttonStyles.danger}
                            aria-label={`Delete ${account.account_name}`}
                          >
                            Delete
                          </button>
                        </Form>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
      {editing ? (
        <AccountDialog
          account={editing === "new" ? null : editing}
          lastResult={actionData?.intent === "save-account" ? actionData.result : undefined}
          errors={actionData?.intent === "save-account" ? actionData.errors : []}
        />
      ) : null}
    </section>
  );
}

type AccountRow = NonNullable<NonNullable<ReturnType<typeof useLoaderData<typeof loader>>["company"]>>["accounts"][number];

/** The Add/Edit Account dialog: a form in an overlay, addressed by `?account=new|{id}` so it works without JavaScript. */
function AccountDialog({
  account,
  lastResult,
  errors,
}: {
  account: AccountRow | null;
  lastResult: SubmissionResult<string[]> | undefined;
  errors: string[];
}) {
  const navigate = useNavigate();
  const navigation = useNavigation();
  const [form, fields] = useForm<z.input<typeof accountSchema>>({
    lastResult,
    defaultValue: account
      ? {
          account_name: account.account_name,
          location: account.location,
          yard_count: String(account.yard_count),
          building_count: String(account.building_count),
        }
      : { yard_count: "0", building_count: "0" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: accountSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const title = account ? "Edit Account" : "Add Account";
  return (
    <div
      className="fixed inset-0 z-40 flex items-start justify-center overflow-y-auto bg-black/50 p-3 pt-[8vh]"
      onKeyDown={(event) => event.key === "Escape" && navigate("?", { preventScrollReset: true })}
    >
      <div role="dialog" aria-modal="true" aria-labelledby="account-dialog-title" className="w-full max-w-md rounded-lg bg-white p-5 shadow-xl">
        <h2 id="account-dialog-title" className="text-lg font-semibold">
          {title}
        </h2>
        <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4">
          <CsrfInput />
          <input type="hidden" name="intent" value="save-account" />
          {account ? <input type="hidden" name="account_id" value={account.id} /> : null}
          <ErrorSummary errors={[...new Set([...errors, ...(form.errors ?? [])])]} />
          <InputField label="Account Name" field={fields.account_name} autoFocus />
          <InputField label="Location" field={fields.location} placeholder="Boston, MA" />
          <div className="grid grid-cols-2 gap-3">
            <InputField label="Yards" field={fields.yard_count} type="number" min={0} />
            <InputField label="Buildings" field={fields.building_count} type="number" min={0} />
          </div>
          <div className="flex justify-end gap-2">
            <Link to="?" className={buttonStyles.secondary} preventScrollReset>
              Cancel
            </Link>
            <button type="submit" className={buttonStyles.primary} disabled={navigation.state !== "idle"}>
              Save Account
            </button>
          </div>
        </Form>
      </div>
    </div>
  );
}
