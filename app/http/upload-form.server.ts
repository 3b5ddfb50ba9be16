import { UPLOAD_MESSAGES } from "#app/domain/trailer-upload";
import { ServiceError } from "#app/services/errors.server";
import type { UploadedFile } from "#app/services/trailer-upload.server";
import { BODY_TOO_LARGE_PREFIX, BodyTooLarge } from "#app/lib/request-limits.server";

/** What the upload form and `POST /api/trailers/bulk-upload` send: the file, the admin's account, and whether only to check. */
export interface UploadForm {
  accountId: string | null;
  file: UploadedFile | null;
  dryRun: boolean;
}

/** The cap's error as the runtime passes it on: itself, as a cause, or by its message. */
function isBodyTooLarge(error: unknown): boolean {
  if (error instanceof BodyTooLarge) return true;
  if (!(error instanceof Error)) return false;
  return error.cause instanceof BodyTooLarge || error.message.startsWith(BODY_TOO_LARGE_PREFIX);
}

function isTrue(value: FormDataEntryValue | null): boolean {
  return typeof value === "string" && ["true", "1", "on", "yes"].includes(value.trim().toLowerCase());
}

/**
 * Reads the multipart form of an upload (the page's and the API's alike). A body past its cap
 * (server.ts streams it capped) is a 413 with the file limit's message; a body that is not a form
 * is "Please select a file to upload". `dry_run` (or the page's Check file button, `intent=check`)
 * checks without adding.
 */
export async function readUploadForm(request: Request): Promise<UploadForm> {
  let form: FormData;
  try {
    form = await request.formData();
  } catch (error) {
    if (isBodyTooLarge(error)) {
      throw new ServiceError(413, UPLOAD_MESSAGES.tooLarge, "file");
    }
    throw new ServiceError(400, UPLOAD_MESSAGES.fileRequired, "file");
  }
  const entry = form.get("file");
  const account = form.get("account_id");
  const file =
    entry instanceof File && entry.name && entry.size > 0 ? { name: entry.name, bytes: new Uint8Array(await entry.arrayBuffer()) } : null;
  return {
    accountId: typeof account === "string" && account.trim() ? account.trim() : null,
    file,
    dryRun: isTrue(form.get("dry_run")) || form.get("intent") === "check",
  };
}
