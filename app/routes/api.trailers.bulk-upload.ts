import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireApi } from "#app/http/guards.server";
import { readUploadForm } from "#app/http/upload-form.server";
import { asRefusal } from "#app/services/errors.server";
import { requireUploader, uploadTrailers } from "#app/services/trailer-upload.server";
import type { StatementBudget } from "#app/http/route-methods";

export const statementBudget = { POST: 8 } satisfies StatementBudget;

/**
 * `POST /api/trailers/bulk-upload`: multipart `file`, `account_id` (admins), `dry_run`. Answers
 * the spec's `{ success, error, results: { total, success, errors: [{ row, trailer_number, error }] } }`
 * (with `results.dry_run`); a refusal is `success: false` with `error`, `errors`, `field` and its status.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  try {
    const { ctx } = await requireApi(context);
    requireUploader(ctx);
    const form = await readUploadForm(request);
    const { results } = await uploadTrailers(ctx, form);
    return Response.json({ success: true, error: null, results });
  } catch (caught) {
    const refusal = asRefusal(caught);
    if (!refusal) throw caught;
    return Response.json(
      { success: false, error: refusal.message, errors: refusal.errors, ...(refusal.field ? { field: refusal.field } : {}), results: null },
      { status: refusal.status },
    );
  }
}
