import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation, useRouteError, type ClientActionFunctionArgs } from "@remix-run/react";
import { keepPageAfterFailure, orFailure } from "#app/browser/failed-actions";
import { RetryForm } from "#app/components/error-boundary";
import { CompanyCard } from "#app/components/companies/company-card";
import { CsrfInput } from "#app/components/csrf-input";
import { ErrorSummary } from "#app/components/ui/error-summary";
import { buttonStyles } from "#app/components/ui/styles";
import { COMPANY_MESSAGES } from "#app/domain/companies";
import { failureKind, FORM_FAILURES, LIST_FAILED } from "#app/domain/failures";
import { searchTextOf } from "#app/domain/search";
import { pageRoute, refusalOf } from "#app/http/answers.server";
import { requirePage } from "#app/http/guards.server";
import { companiesTestInfo, listCompanies, seedTestCompany } from "#app/services/companies.server";
import type { StatementBudget } from "#app/http/route-methods";

export const statementBudget = { GET: 4 } satisfies StatementBudget;

export const meta: MetaFunction = () => [{ title: "Company List · Yardline" }];

/**
 * Every company for admins (with the debug information of `GET /api/companies/test`); a
 * non-admin's own company. The header's search (`q`) narrows the list to the companies whose
 * name or one of whose accounts' names contains it.
 */
export const loader = pageRoute(async ({ request, context }: LoaderFunctionArgs) => {
  const { ctx, user } = await requirePage(request, context);
  const search = searchTextOf(new URL(request.url).searchParams);
  const [companies, debug] = await Promise.all([listCompanies(ctx, { search }), user.isAdmin ? companiesTestInfo(ctx) : null]);
  return { companies, search, isAdmin: user.isAdmin, debug };
});

/** Seed Test Company (admins, while there is no company). */
export async function action({ request, context }: ActionFunctionArgs) {
  const { ctx } = await requirePage(request, context);
  return refusalOf(async () => {
    await seedTestCompany(ctx);
    return redirect("/companies");
  }, FORM_FAILURES.seedTestCompany);
}

/** A seed that failed (a server error, no answer) is listed like a refusal, under "Failed to seed test company". */
export async function clientAction({ serverAction }: ClientActionFunctionArgs) {
  return orFailure(() => serverAction<typeof action>(), FORM_FAILURES.seedTestCompany);
}

export const shouldRevalidate = keepPageAfterFailure;

export default function CompanyList() {
  const { companies, search, isAdmin, debug } = useLoaderData<typeof loader>();
  const actionData = useActionData<{ errors?: string[] }>();
  const navigation = useNavigation();
  return (
    <section className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-semibold">Company List</h1>
        {isAdmin ? (
          <div className="flex flex-wrap gap-2">
            {debug?.count === 0 ? (
              <Form method="post">
                <CsrfInput />
                <button type="submit" className={buttonStyles.secondary} disabled={navigation.state !== "idle"}>
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
      <ErrorSummary errors={actionData?.errors ?? []} heading="Failed to seed test company" />
      {search && companies.length ? (
        <p className="text-sm text-slate-700" role="status">
          {companies.length} {companies.length === 1 ? "company matches" : "companies match"} &quot;{search}&quot;
        </p>
      ) : null}
      {companies.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-600">
          {search ? COMPANY_MESSAGES.noMatch : COMPANY_MESSAGES.noCompanies}
        </p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {companies.map((company) => (
            <CompanyCard key={company.id} company={company} editable={isAdmin} />
          ))}
        </ul>
      )}
      {debug ? (
        <details className="group rounded-lg border border-slate-200 bg-white p-3 text-sm">
          <summary className="cursor-pointer font-medium">
            <span className="group-open:hidden">Show Debug Info</span>
            <span className="hidden group-open:inline">Hide Debug Info</span>
          </summary>
          <pre className="mt-2 max-h-96 overflow-auto whitespace-pre-wrap break-all text-xs">{JSON.stringify(debug, null, 2)}</pre>
        </details>
      ) : null}
    </section>
  );
}

/**
 * The list failed to load: the spec's "Error loading companies:" panel with the reason (the
 * server's message, or that it could not be reached), and Retry, which loads the list again
 * (without JavaScript, the page's address again).
 */
export function ErrorBoundary() {
  const error = useRouteError();
  const failure = failureKind(error);
  const reason =
    failure.kind === "refused"
      ? failure.message
      : failure.kind === "unreachable"
        ? "The server could not be reached."
        : (failure.reason ?? LIST_FAILED.companies);
  return (
    <section role="alert" className="mx-auto max-w-xl rounded-lg border border-red-200 bg-red-50 p-6">
      <h1 className="text-xl font-semibold text-red-800">Company List</h1>
      <p className="mt-2 text-red-800">
        <strong>Error loading companies:</strong> {reason}
      </p>
      <RetryForm />
    </section>
  );
}
