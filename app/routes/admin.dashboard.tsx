import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { MoveStatusPanel } from "~/components/moves/move-status-panel";
import { buttonStyles } from "~/components/ui/modal";
import { moveViewerOf } from "~/domain/moves";
import { canEditAssets } from "~/domain/roles";
import { requirePage } from "~/lib/guards.server";
import { movePanelFor } from "~/lib/move-forms.server";
import { accountChoices, accountSummaries } from "~/services/accounts.server";

export const meta: MetaFunction = () => [{ title: "Admin Dashboard · Yardline" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, ctx } = await requirePage(request, context);
  const [accounts, choices, moves] = await Promise.all([accountSummaries(ctx), accountChoices(ctx), movePanelFor(request, ctx, null)]);
  return data(
    { accounts, choices: choices ?? [], viewer: moveViewerOf(user), moves: moves.panel, canUpload: canEditAssets(user) },
    { headers: moves.headers },
  );
}

/**
 * Every account's moves, and the accounts across every company with their trailer, truck and user
 * counts; Bulk Upload Trailers, for all accounts or into one.
 */
export default function AdminDashboard() {
  const { accounts, choices, viewer, moves, canUpload } = useLoaderData<typeof loader>();
  return (
    <section>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-semibold">Admin Dashboard</h1>
        {canUpload ? (
          <Link to="/trailers/bulk-upload" className={buttonStyles.secondary}>
            Bulk Upload Trailers
          </Link>
        ) : null}
      </div>
      <MoveStatusPanel viewer={viewer} accountId={null} accounts={choices} panel={moves} />
      <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {accounts.map((account) => (
          <li key={account.id} className="rounded-lg border border-slate-200 bg-white p-4">
            <p className="text-xs uppercase tracking-wide text-slate-500">{account.companyName}</p>
            <h2 className="font-semibold">{account.accountName}</h2>
            <p className="text-sm text-slate-600">{account.location}</p>
            <dl className="mt-2 flex gap-4 text-sm">
              <div>
                <dt className="text-slate-500">Trailers</dt>
                <dd className="font-semibold">{account.trailers}</dd>
              </div>
              <div>
                <dt className="text-slate-500">Trucks</dt>
                <dd className="font-semibold">{account.trucks}</dd>
              </div>
              <div>
                <dt className="text-slate-500">Users</dt>
                <dd className="font-semibold">{account.users}</dd>
              </div>
            </dl>
            {canUpload ? (
              <Link
                to={`/trailers/bulk-upload?account=${account.id}`}
                aria-label={`Bulk upload trailers into ${account.accountName}`}
                className="mt-2 inline-block text-sm text-brand-700 underline-offset-2 hover:underline"
              >
                Bulk upload trailers
              </Link>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
