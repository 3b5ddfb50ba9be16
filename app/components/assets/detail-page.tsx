import { Form, Link, useActionData } from "@remix-run/react";
import { ArrowLeft } from "lucide-react";
import { AssetSummaryHeader } from "./asset-summary";
import { LocationHistoryPanel, type HistoryPage } from "./location-history-panel";
import { CsrfInput } from "#app/components/csrf-input";
import { ErrorSummary } from "#app/components/ui/error-summary";
import { buttonStyles } from "#app/components/ui/styles";
import { recordHistoryHref } from "#app/domain/audit";
import { concernsAsset } from "#app/domain/realtime-events";
import { PLACE_PAGES, type PlaceKind } from "#app/domain/places";
import { useLiveRevalidation } from "#app/browser/realtime-client";
import { assetPollMs, POLL_MS } from "#app/domain/polling";
import type { AssetSummary } from "#app/domain/assets";
import type { MoveRequest } from "#app/domain/move-forms";

/**
 * The detail page of a building or yard: its fields, Back, Update and a confirmed Delete (whose
 * refusal is listed on the page), as far as `can` allows. It follows the place live.
 */
export function PlaceDetailPage({
  kind,
  id,
  title,
  rows,
  can,
}: {
  kind: PlaceKind;
  id: number;
  title: string;
  rows: [label: string, value: React.ReactNode][];
  can: { edit: boolean; delete: boolean; history: boolean };
}) {
  const actionData = useActionData<{ errors?: string[] }>();
  const page = PLACE_PAGES[kind];
  useLiveRevalidation((event) => event.type === "account_data_changed" && event.what === kind && event.id === id, POLL_MS.other);
  return (
    <section className="mx-auto max-w-xl space-y-4">
      <h1 className="text-2xl font-semibold">{title}</h1>
      <ErrorSummary errors={actionData?.errors ?? []} heading="The change was refused:" />
      <dl className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white">
        {rows.map(([label, value]) => (
          <div key={label} className="grid grid-cols-[9rem_1fr] gap-2 px-4 py-2.5 text-sm">
            <dt className="font-medium text-slate-600">{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <DetailActions
        backTo="/"
        editTo={can.edit ? `${page.path}/${id}/edit` : null}
        confirmDelete={can.delete ? page.confirmDelete : null}
        historyTo={can.history ? recordHistoryHref(`${kind}s`, id) : null}
      />
    </section>
  );
}

/** Back, Update (when the viewer may edit) and a confirmed Delete (when the viewer may delete). */
export function DetailActions({
  backTo,
  editTo,
  confirmDelete,
  historyTo = null,
}: {
  backTo: string;
  editTo: string | null;
  confirmDelete: string | null;
  /** Admins: the record's History in the audit log. */
  historyTo?: string | null;
}) {
  return (
    <div className="flex flex-wrap gap-2">
      <Link to={backTo} className={buttonStyles.secondary}>
        Back
      </Link>
      <RecordActions editTo={editTo} confirmDelete={confirmDelete} historyTo={historyTo} />
    </div>
  );
}

/** History (admins), Update (when the viewer may edit) and a confirmed Delete (when the viewer may delete). */
function RecordActions({
  editTo,
  confirmDelete,
  historyTo,
}: {
  editTo: string | null;
  confirmDelete: string | null;
  historyTo: string | null;
}) {
  return (
    <>
      {historyTo ? (
        <Link to={historyTo} className={buttonStyles.secondary}>
          History
        </Link>
      ) : null}
      {editTo ? (
        <Link to={editTo} className={buttonStyles.primary}>
          Update
        </Link>
      ) : null}
      {confirmDelete ? (
        <Form method="post" onSubmit={(event) => !confirm(confirmDelete) && event.preventDefault()}>
          <CsrfInput />
          <button type="submit" name="intent" value="delete" className={buttonStyles.danger}>
            Delete
          </button>
        </Form>
      ) : null}
    </>
  );
}

/** What a trailer's or truck's page shows around its own fields, as its loader gives it. */
export interface AssetPageFrame {
  kind: "trailer" | "truck";
  id: number;
  /** The trailer's or truck's number, the page's heading. */
  number: string;
  backTo: string;
  summary: AssetSummary;
  /** A trailer's page, for a viewer who may create moves: Request move, or why not (null: neither). */
  moveRequest: MoveRequest | null;
  can: { edit: boolean; delete: boolean; report: boolean; history: boolean };
  history: HistoryPage;
}

/**
 * The page of one trailer or truck: Back, then its summary (number, location, status, time at
 * location, who moved it last) with Request move and Update / History / Delete, a refused delete's
 * reasons, its fields (`children`) and its location history; it follows the asset's events live.
 */
export function AssetDetailPage({
  page,
  refusals,
  children,
}: {
  page: AssetPageFrame;
  refusals: string[] | undefined;
  children: React.ReactNode;
}) {
  const { kind, id, can } = page;
  useLiveRevalidation((event) => concernsAsset(event, kind, id), assetPollMs(kind));
  return (
    <section className="mx-auto max-w-3xl space-y-4">
      <Link to={page.backTo} className={buttonStyles.secondary}>
        <ArrowLeft aria-hidden className="mr-1 h-4 w-4" /> Back
      </Link>
      <AssetSummaryHeader kind={kind} number={page.number} summary={page.summary} moveRequest={page.moveRequest}>
        <RecordActions
          editTo={can.edit ? `/${kind}s/${id}/edit` : null}
          confirmDelete={can.delete ? `Are you sure you want to delete this ${kind}?` : null}
          historyTo={can.history ? recordHistoryHref(`${kind}s`, id) : null}
        />
      </AssetSummaryHeader>
      <ErrorSummary errors={refusals ?? []} heading={`The ${kind} was not deleted:`} />
      {children}
      <LocationHistoryPanel
        history={page.history}
        report={can.report ? { type: kind === "trailer" ? "trailer-history" : "truck-history", id } : null}
      />
    </section>
  );
}
