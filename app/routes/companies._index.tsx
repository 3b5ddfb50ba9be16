import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data, redirect } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { CsrfInput } from "~/components/csrf-input";
import { ErrorSummary } from "~/components/ui/error-summary";
import { buttonStyles } from "~/components/ui/modal";
import { actorOf, requirePage } from "~/lib/guards.server";
import { companiesTestInfo, listCompanies, seedTestCompany } from "~/services/companies.server";
import { ServiceError } from "~/services/errors.server";

export const meta: MetaFunction = () => [{ title: "Company List · Yardline" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user } = await requirePage(request, context);
  const actor = actorOf(user);
  const [companies, debug] = await Promise.all([
    listCompanies(context.db(), actor),
    user.isAdmin ? companiesTestInfo(context.db(), actor) : null,
  ]);
  return { companies, isAdmin: user.isAdmin, debug };
}

/** Seed Test Company (admins, when there is no company yet). */
export async function action({ request, context }: ActionFunctionArgs) {
  const { user } = await requirePage(request, context);
  try {
    await seedTestCompany(context.db(), actorOf(user));
    return redirect("/companies");
  } catch (error) {
    if (error instanceof ServiceError) return data({ errors: error.errors }, { status: error.status });
    throw error;
  }
}

export default function CompanyList() {
  const { companies, isAdmin, debug } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <section>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-semibold">Company List</h1>
        {isAdmin ? (
          <div className="flex flex-wrap gap-2">
            {debug?.count === 0 ? (
              <Form method="post">
                <CsrfInput />
                <button type="submit" className={buttonStyles.secondary}>
                  Seed Test Company
                </button>
              </Form>
            ) : null}
            <Link to="/companies/new" className={buttonStyles.primary}>
              Add New Company
            </Link>
          </div>
        ) : null}
      </div>
      <div className="mt-3">
        <ErrorSummary errors={actionData?.errors ?? []} heading="Failed to seed test company" />
      </div>
      {companies.length === 0 ? (
        <p className="mt-4 rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-600">No companies found.</p>
      ) : (
        <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {companies.map((company) => (
            <li key={company.id} className="rounded-lg border border-slate-200 bg-white p-4">
              <h2 className="font-semibold">{company.company_name}</h2>
              <p className="text-sm text-slate-600">
                {company.account_count === 0
                  ? "No accounts"
                  : `${company.account_count} account${company.account_count === 1 ? "" : "s"}`}
              </p>
              <p className="text-xs text-slate-500">Created {new Date(company.created_at).toLocaleDateString()}</p>
              {isAdmin ? (
                <Link to={`/companies/${company.id}/edit`} className={`${buttonStyles.secondary} mt-3`}>
                  Edit
                </Link>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {debug ? (
        <details className="mt-6 rounded-lg border border-slate-200 bg-white p-3 text-sm">
          <summary className="cursor-pointer font-medium">Show Debug Info</summary>
          <pre className="mt-2 max-h-96 overflow-auto whitespace-pre-wrap break-all text-xs">{JSON.stringify(debug, null, 2)}</pre>
        </details>
      ) : null}
    </section>
  );
}
