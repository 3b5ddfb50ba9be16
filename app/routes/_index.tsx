import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { requirePage } from "~/lib/guards.server";
import { accountSummary } from "~/services/accounts.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.account ? `${data.account.accountName} Dashboard · Yardline` : "Dashboard · Yardline" },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user } = await requirePage(request, context);
  const account = user.accountId === null ? null : await accountSummary(context.db(), user.accountId);
  return { account };
}

export default function Dashboard() {
  const { account } = useLoaderData<typeof loader>();
  if (!account) {
    return <p className="text-slate-700">No account selected. Please contact support if this persists.</p>;
  }
  const counts = [
    ["Trailers", account.trailers],
    ["Trucks", account.trucks],
    ["Yards", account.yards],
    ["Buildings", account.buildings],
  ] as const;
  return (
    <section>
      <h1 className="text-2xl font-semibold">{account.accountName} Dashboard</h1>
      <p className="text-sm text-slate-600">{account.location}</p>
      <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
        {counts.map(([label, count]) => (
          <div key={label} className="rounded-lg border border-slate-200 bg-white p-4">
            <dt className="text-sm text-slate-600">{label}</dt>
            <dd className="text-2xl font-semibold">{count}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
