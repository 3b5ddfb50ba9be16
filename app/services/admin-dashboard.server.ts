import type { AnalyticsQuery } from "#app/domain/analytics";
import { accountChoices, accountSummaries } from "./accounts.server";
import { adminAnalytics } from "./analytics.server";
import { listCompanies } from "./companies.server";
import type { ServiceContext } from "./context.server";

/**
 * The admin dashboard (`/admin/dashboard`): the companies to choose from, the chosen company's
 * account cards (narrowed by the header's search), the account chosen for the analytics, and the
 * Moves Summary and Location Analytics of that account, else of the company. An account outside
 * the chosen company is not chosen; one the search hides from the cards still is.
 */
export async function adminDashboard(ctx: ServiceContext, query: AnalyticsQuery, search: string) {
  const [companies, accounts, choices] = await Promise.all([
    listCompanies(ctx),
    accountSummaries(ctx, query.companyId, search),
    accountChoices(ctx),
  ]);
  const chosen = (rows: typeof accounts) => rows.find((row) => row.id === query.accountId) ?? null;
  const account = chosen(accounts) ?? (search && query.accountId !== null ? chosen(await accountSummaries(ctx, query.companyId)) : null);
  return {
    companies: companies.map((company) => ({ id: company.id, name: company.company_name })),
    accounts,
    account,
    search,
    analytics: await adminAnalytics(ctx, { ...query, accountId: account?.id ?? null }),
    timeZone: query.timeZone,
    choices: choices ?? [],
  };
}
