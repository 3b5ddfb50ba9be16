import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData, type ClientActionFunctionArgs } from "@remix-run/react";
import { AssignmentHistory } from "#app/components/assets/assignment-history";
import { AssetDetailPage, type AssetPageFrame } from "#app/components/assets/detail-page";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { assetSummary, loadLabel, typeLabel, vehicleStatus } from "#app/domain/assets";
import { trailerMoveRequest } from "#app/domain/move-forms";
import { FORM_FAILURES } from "#app/domain/failures";
import { HISTORY_PAGE_PARAMS, pageQueryOf } from "#app/domain/list-pages";
import { recordActions } from "#app/domain/roles";
import { pageRoute, refusalOf } from "#app/http/answers.server";
import { keepPageAfterFailure, orFailure } from "#app/browser/failed-actions";
import { requirePage } from "#app/http/guards.server";
import { deleteTrailer, trailerAndStays, userHistory } from "#app/services/trailers.server";
import type { StatementBudget } from "#app/http/route-methods";

export const statementBudget = { GET: 4 } satisfies StatementBudget;

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  { title: loaded?.trailer ? `Trailer ${loaded.trailer.number} · Yardline` : "Trailer · Yardline" },
];

export const loader = pageRoute(async ({ request, params, context }: LoaderFunctionArgs) => {
  const { ctx, user } = await requirePage(request, context);
  const stays = pageQueryOf(new URL(request.url).searchParams, HISTORY_PAGE_PARAMS);
  const { trailer, activeMove, history } = await trailerAndStays(ctx, Number(params.id), stays);
  const assignments = await userHistory(ctx, trailer);
  return {
    trailer: {
      id: trailer.id,
      number: trailer.trailerNumber,
      rows: [
        ["Owner", trailer.companyOwner],
        ["Load Number", loadLabel(trailer)],
        ["Inspections (Last / Next)", `${trailer.lastInspection ?? "—"} / ${trailer.nextInspection ?? "—"}`],
        ["Maintenance (Last / Next)", `${trailer.lastMaintenance ?? "—"} / ${trailer.nextMaintenance ?? "—"}`],
        ["Current User", trailer.lastUser ?? "—"],
        ["Status", vehicleStatus(trailer)],
        ["Location", trailer.trailerLocation],
        ["Trailer Number", trailer.trailerNumber],
        ["Type", typeLabel(trailer.type)],
        ["Tagged Description", trailer.taggedDescription ?? "—"],
      ] as [string, string][],
    },
    page: {
      kind: "trailer",
      id: trailer.id,
      number: trailer.trailerNumber,
      backTo: "/",
      summary: assetSummary({ ...trailer, location: trailer.trailerLocation }, history.recent[0]),
      moveRequest: trailerMoveRequest(user, {
        id: trailer.id,
        accountId: trailer.accountId,
        number: trailer.trailerNumber,
        location: trailer.trailerLocation,
        activeMove,
      }),
      can: recordActions(user, trailer.accountId),
      history,
    } satisfies AssetPageFrame,
    assignments,
  };
});

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { ctx } = await requirePage(request, context);
  return refusalOf(async () => {
    await deleteTrailer(ctx, Number(params.id));
    return redirect("/");
  }, FORM_FAILURES.deleteTrailer);
}

/** A delete that failed (a server error, no answer) is listed like a refusal: "An error occurred while deleting the trailer." */
export async function clientAction({ serverAction }: ClientActionFunctionArgs) {
  return orFailure(() => serverAction<typeof action>(), FORM_FAILURES.deleteTrailer);
}

export const shouldRevalidate = keepPageAfterFailure;

export default function TrailerDetail() {
  const { trailer, page, assignments } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>() as { errors?: string[] } | undefined;
  return (
    <AssetDetailPage page={page} refusals={refused?.errors}>
      <dl className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white">
        {trailer.rows.map(([label, value]) => (
          <div key={label} className="grid grid-cols-[10rem_1fr] gap-2 px-4 py-2.5 text-sm">
            <dt className="font-medium text-slate-600">{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <AssignmentHistory entries={assignments} />
    </AssetDetailPage>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
