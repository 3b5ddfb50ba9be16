import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { BulkUpload, type UploadAnswer } from "#app/components/assets/bulk-upload";
import { DEFAULT_VIEW, viewHref } from "#app/domain/dashboard";
import { ERROR_ROWS_SHOWN } from "#app/domain/trailer-upload";
import { FORM_FAILURES } from "#app/domain/failures";
import { orFailedWrite, pageRoute } from "#app/http/answers.server";
import { homeOf, requirePage } from "#app/http/guards.server";
import { readUploadForm } from "#app/http/upload-form.server";
import { accountChoices } from "#app/services/accounts.server";
import { requireUploader, uploadTrailers } from "#app/services/trailer-upload.server";
import type { StatementBudget } from "#app/http/route-methods";

export const statementBudget = { GET: 1 } satisfies StatementBudget;

export { UploadErrorBoundary as ErrorBoundary } from "#app/components/assets/bulk-upload";
export const meta: MetaFunction = () => [{ title: "Bulk Upload Trailers · Yardline" }];

/** Admins choose the account (`?account=` preselects it); everyone else uploads into their own. */
export const loader = pageRoute(async ({ request, context }: LoaderFunctionArgs) => {
  const { ctx, user } = await requirePage(request, context);
  const accounts = await accountChoices(ctx);
  const requested = Number(new URL(request.url).searchParams.get("account"));
  return {
    accounts: accounts?.map(({ id, label }) => ({ id, label })) ?? null,
    accountId: accounts?.some((account) => account.id === requested) ? requested : null,
    home: homeOf(user),
  };
});

/**
 * The upload form (multipart: `file`, `account_id` for admins, `intent=check` for Check file),
 * with or without JavaScript. The results come back with the first rows of the error table and
 * the rejected rows as CSV; a refusal comes back with its message and the field it is about, a
 * failure ("Failed to upload trailers", a 503's reason) above the form; each with the account the
 * form named, which the page keeps chosen.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const { ctx, user } = await requirePage(request, context);
  let account: string | null = null;
  return orFailedWrite(
    async () => {
      requireUploader(ctx);
      const form = await readUploadForm(request);
      account = form.accountId;
      const { results, rejectedCsv } = await uploadTrailers(ctx, form);
      const answer: UploadAnswer = {
        ok: true,
        account,
        results: { ...results, errors: results.errors.slice(0, ERROR_ROWS_SHOWN) },
        errorCount: results.errors.length,
        rejectedCsv,
        dashboard: viewHref(DEFAULT_VIEW, { account: user.isAdmin ? Number(form.accountId) : null }),
      };
      return answer;
    },
    FORM_FAILURES.uploadTrailers,
    (errors, refusal): UploadAnswer => ({ ok: false, account, error: errors[0], field: refusal?.field ?? null }),
  );
}

export default function BulkUploadTrailers() {
  const { accounts, accountId, home } = useLoaderData<typeof loader>();
  return <BulkUpload accounts={accounts} accountId={accountId} home={home} answer={useActionData<typeof action>()} />;
}
