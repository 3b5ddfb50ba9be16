import { Link } from "@remix-run/react";
import { buttonStyles } from "#app/components/ui/styles";
import { formatCreatedDate } from "#app/domain/companies";

/** A company on the Company List: its name, how many accounts it has, when it was created, and Edit for admins. */
export function CompanyCard({
  company,
  editable,
}: {
  company: { id: number; company_name: string; account_count: number; created_at: string };
  editable: boolean;
}) {
  const accounts = company.account_count;
  return (
    <li className="flex flex-col rounded-lg border border-slate-200 bg-white p-4">
      <h2 className="break-words font-semibold">{company.company_name}</h2>
      <p className="text-sm text-slate-600">{accounts === 0 ? "No accounts" : `${accounts} account${accounts === 1 ? "" : "s"}`}</p>
      <p className="text-xs text-slate-500">Created {formatCreatedDate(company.created_at)}</p>
      {editable ? (
        <Link
          to={`/companies/${company.id}/edit`}
          className={`${buttonStyles.secondary} mt-3 self-start`}
          aria-label={`Edit ${company.company_name}`}
        >
          Edit
        </Link>
      ) : null}
    </li>
  );
}
