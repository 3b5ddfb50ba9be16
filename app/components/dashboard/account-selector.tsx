import { Form, useSubmit } from "@remix-run/react";
import { inputStyles } from "#app/components/ui/styles";
import type { AccountOption, DashboardView } from "#app/domain/dashboard";
import { SubmitWithoutScript } from "#app/components/ui/form-parts";

/** An admin's choice of account, grouped by company; a GET form (a Show button without JavaScript). */
export function AccountSelector({ accounts, view }: { accounts: AccountOption[]; view: DashboardView }) {
  const submit = useSubmit();
  const companies = [...new Set(accounts.map((account) => account.companyName))];
  return (
    <Form method="get" className="mb-4 flex flex-wrap items-end gap-2" onChange={(event) => submit(event.currentTarget)}>
      <input type="hidden" name="tab" value={view.tab} />
      <label className="block min-w-64 flex-1 text-sm font-medium">
        Accounts across ALL Companies:
        <select name="account" defaultValue={view.account ?? ""} className={inputStyles}>
          <option value="">Select Company</option>
          {companies.map((company) => (
            <optgroup key={company} label={company}>
              {accounts
                .filter((account) => account.companyName === company)
                .map((account) => (
                  <option key={account.id} value={account.id}>
                    {account.accountName}
                  </option>
                ))}
            </optgroup>
          ))}
        </select>
      </label>
      <SubmitWithoutScript label="Show" />
    </Form>
  );
}
