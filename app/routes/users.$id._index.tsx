import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation, type ClientActionFunctionArgs } from "@remix-run/react";
import { CsrfInput } from "#app/components/csrf-input";
import { ErrorSummary } from "#app/components/ui/error-summary";
import { buttonStyles } from "#app/components/ui/styles";
import { GeneralErrorBoundary, RefusalView } from "#app/components/error-boundary";
import { recordHistoryHref } from "#app/domain/audit";
import { FORM_FAILURES } from "#app/domain/failures";
import { canReadAuditLog } from "#app/domain/roles";
import { canDeactivateUser, canEditUser, canReactivateUser, detailRoleLabel } from "#app/domain/users";
import { pageRoute, refusalOf } from "#app/http/answers.server";
import { isActionFailure, keepPageAfterFailure, orFailure } from "#app/browser/failed-actions";
import { requirePage } from "#app/http/guards.server";
import { deactivateUser, getVisibleUser, publicUser, reactivateUser } from "#app/services/users.server";
import type { StatementBudget } from "#app/http/route-methods";
import { LocalTime } from "#app/components/ui/local-time";

export const statementBudget = { GET: 2 } satisfies StatementBudget;

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [{ title: `${loaded?.user?.email ?? "User"} · Yardline` }];

export const loader = pageRoute(async ({ request, params, context }: LoaderFunctionArgs) => {
  const { ctx, user: viewer } = await requirePage(request, context);
  const user = await getVisibleUser(ctx, Number(params.id));
  return {
    user: { ...publicUser(user), role_label: detailRoleLabel(user) },
    can: {
      update: canEditUser(viewer, user),
      deactivate: user.isActive && canDeactivateUser(viewer, user),
      reactivate: !user.isActive && canReactivateUser(viewer),
      history: canReadAuditLog(viewer),
    },
  };
});

/** Deactivate (its sessions end, their pages are told) or Reactivate; a refusal is listed on the page. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const { ctx } = await requirePage(request, context);
  const intent = (await request.formData()).get("intent");
  const change = intent === "deactivate" ? deactivateUser : intent === "reactivate" ? reactivateUser : null;
  if (!change) return data({ errors: ["Unknown action"] }, { status: 400 });
  return refusalOf(
    async () => {
      await change(ctx, Number(params.id));
      return { errors: [] as string[] };
    },
    intent === "reactivate" ? FORM_FAILURES.reactivateUser : FORM_FAILURES.deactivateUser,
  );
}

/** A change that failed (a server error, no answer) is listed like a refusal: "An error occurred while deactivating the user." (reactivating). */
export async function clientAction({ request, serverAction }: ClientActionFunctionArgs) {
  const intent = (await request.clone().formData()).get("intent");
  return orFailure(
    () => serverAction<typeof action>(),
    intent === "reactivate" ? FORM_FAILURES.reactivateUser : FORM_FAILURES.deactivateUser,
  );
}

export const shouldRevalidate = keepPageAfterFailure;

export default function UserDetail() {
  const { user, can } = useLoaderData<typeof loader>();
  const actionData = useActionData<{ errors?: string[] }>();
  const navigation = useNavigation();
  const rows: [string, React.ReactNode][] = [
    ["Email", user.email],
    ["Alpha Code", user.alpha_code ?? "—"],
    ...(user.driver_number !== null ? ([["Driver Number", String(user.driver_number)]] as [string, string][]) : []),
    ["Role", user.role_label],
    ["Status", user.is_active ? "Active" : "Inactive"],
    ["Created", <LocalTime key="created" iso={user.created_at} />],
    ["Last Updated", <LocalTime key="updated" iso={user.updated_at} />],
  ];
  const busy = navigation.state !== "idle";
  return (
    <section className="mx-auto max-w-xl">
      <div className="flex flex-wrap items-center gap-2">
        <h1 className="text-2xl font-semibold break-all">{user.email}</h1>
        <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-700">{user.role_label}</span>
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-medium ${user.is_active ? "bg-green-100 text-green-800" : "bg-slate-200 text-slate-700"}`}
        >
          {user.is_active ? "Active" : "Inactive"}
        </span>
      </div>
      <div className="mt-3">
        <ErrorSummary
          errors={actionData?.errors ?? []}
          heading={isActionFailure(actionData) ? "The change was not made:" : "The change was refused:"}
        />
      </div>
      <dl className="mt-4 divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white">
        {rows.map(([label, value]) => (
          <div key={label} className="grid grid-cols-[9rem_1fr] gap-2 px-4 py-3 text-sm">
            <dt className="font-medium text-slate-600">{label}</dt>
            <dd className="break-all">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-4 flex flex-wrap gap-2">
        <Link to="/" className={buttonStyles.secondary}>
          Back
        </Link>
        {can.history ? (
          <Link to={recordHistoryHref("users", user.id)} className={buttonStyles.secondary}>
            History
          </Link>
        ) : null}
        {can.update ? (
          <Link to={`/users/${user.id}/edit`} className={buttonStyles.primary}>
            Update
          </Link>
        ) : null}
        {can.deactivate ? (
          <Form method="post" onSubmit={(event) => !confirm("Are you sure you want to deactivate this user?") && event.preventDefault()}>
            <CsrfInput />
            <button type="submit" name="intent" value="deactivate" className={buttonStyles.danger} disabled={busy}>
              Deactivate
            </button>
          </Form>
        ) : null}
        {can.reactivate ? (
          <Form method="post" onSubmit={(event) => !confirm("Are you sure you want to reactivate this user?") && event.preventDefault()}>
            <CsrfInput />
            <button type="submit" name="intent" value="reactivate" className={buttonStyles.primary} disabled={busy}>
              Reactivate
            </button>
          </Form>
        ) : null}
      </div>
    </section>
  );
}

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      statusHandlers={{ 404: ({ message }) => <RefusalView message={message} backTo="/" backLabel="Back to the dashboard" /> }}
    />
  );
}
