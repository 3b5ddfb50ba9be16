import { Form, Link } from "@remix-run/react";
import { CsrfInput } from "#app/components/csrf-input";
import { Table } from "#app/components/ui/table";
import { buttonStyles } from "#app/components/ui/styles";
import { COMPANY_MESSAGES } from "#app/domain/companies";
import type { EditedAccount } from "./account-dialog";

/** The accounts of a company (Account Name, Location, Yards, Buildings, Actions); it scrolls inside its own box on a phone. */
export function AccountsTable({ accounts }: { accounts: EditedAccount[] }) {
  return (
    <Table
      className="mt-3 overflow-x-auto rounded-md border border-slate-200"
      headings={["Account Name", "Location", "Yards", "Buildings", "Actions"]}
    >
      {accounts.map((account) => (
        <tr key={account.id}>
          <td className="whitespace-nowrap px-3 py-2 font-medium">{account.account_name}</td>
          <td className="whitespace-nowrap px-3 py-2">{account.location}</td>
          <td className="px-3 py-2">{account.yard_count}</td>
          <td className="px-3 py-2">{account.building_count}</td>
          <td className="px-3 py-2">
            <div className="flex gap-2">
              <Link
                to={`?account=${account.id}`}
                preventScrollReset
                className={buttonStyles.secondary}
                aria-label={`Edit ${account.account_name}`}
              >
                Edit
              </Link>
              <Form
                method="post"
                preventScrollReset
                onSubmit={(event) => {
                  if (!window.confirm(COMPANY_MESSAGES.deleteConfirmation)) event.preventDefault();
                }}
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
    </Table>
  );
}
