import { Form, Link } from "@remix-run/react";
import { CsrfInput } from "~/components/csrf-input";
import { ErrorSummary } from "~/components/ui/error-summary";
import { buttonStyles } from "~/components/ui/modal";

/** A detail view of a building or yard: its fields, Back, Update and a confirmed Delete. */
export function PlaceDetail({
  title,
  rows,
  editTo,
  canEdit,
  canDelete,
  confirmDelete,
  errors,
}: {
  title: string;
  rows: [string, string][];
  editTo: string;
  canEdit: boolean;
  canDelete: boolean;
  confirmDelete: string;
  errors: string[];
}) {
  return (
    <section className="mx-auto max-w-xl space-y-4">
      <h1 className="text-2xl font-semibold">{title}</h1>
      <ErrorSummary errors={errors} heading="The change was refused:" />
      <dl className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white">
        {rows.map(([label, value]) => (
          <div key={label} className="grid grid-cols-[9rem_1fr] gap-2 px-4 py-2.5 text-sm">
            <dt className="font-medium text-slate-600">{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <DetailActions backTo="/" editTo={canEdit ? editTo : null} confirmDelete={canDelete ? confirmDelete : null} />
    </section>
  );
}

/** Back, Update (when the viewer may edit) and a confirmed Delete (when the viewer may delete). */
export function DetailActions({ backTo, editTo, confirmDelete }: { backTo: string; editTo: string | null; confirmDelete: string | null }) {
  return (
    <div className="flex flex-wrap gap-2">
      <Link to={backTo} className={buttonStyles.secondary}>
        Back
      </Link>
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
    </div>
  );
}

export { RefusalView as NotFound } from "~/components/error-boundary";
