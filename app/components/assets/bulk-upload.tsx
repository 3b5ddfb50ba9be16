import { Form, isRouteErrorResponse, Link, useNavigation, useRouteError } from "@remix-run/react";
import { useRef, useState } from "react";
import { CsrfInput } from "#app/components/csrf-input";
import { AccountOptions } from "#app/components/ui/form-parts";
import { buttonStyles, inputStyles } from "#app/components/ui/styles";
import { fileRefusal, UPLOAD_EXTENSIONS, UPLOAD_MESSAGES } from "#app/domain/trailer-upload";
import { TemplateHelp, UploadResultsPanel, type ShownUpload } from "./upload-results";

const UPLOAD_PATH = "/trailers/bulk-upload";

/**
 * The action's answer: the upload's results, or a refusal with its message and the field it is
 * about; with the account the form named (an admin's), so the page keeps it chosen.
 */
export type UploadAnswer = { account: string | null } & (({ ok: true } & ShownUpload) | { ok: false; error: string; field: string | null });

/** The messages of the form: next to the account or the file, or (the upload failed) above the form. */
interface FormErrors {
  account_id?: string;
  file?: string;
  failed?: string;
}

/** What the page says before sending, and what the server says of a choice, sits next to the field it is about. */
const CHOICE_MESSAGES = new Set<string>([UPLOAD_MESSAGES.fileRequired, UPLOAD_MESSAGES.fileType, UPLOAD_MESSAGES.tooLarge]);

function errorsOf(answer: UploadAnswer | undefined): FormErrors {
  if (!answer || answer.ok) return {};
  if (answer.field === "account_id") return { account_id: answer.error };
  if (answer.field === "file" && CHOICE_MESSAGES.has(answer.error)) return { file: answer.error };
  return { failed: answer.error || UPLOAD_MESSAGES.failed };
}

/** The form's checks before sending (the service makes the same on arrival): a file that may be sent; an admin's account. */
function choiceErrors(form: HTMLFormElement, choosesAccount: boolean): FormErrors {
  const file = form.elements.namedItem("file") as HTMLInputElement;
  const account = form.elements.namedItem("account_id") as HTMLSelectElement | null;
  const errors: FormErrors = {};
  if (choosesAccount && !account?.value) errors.account_id = UPLOAD_MESSAGES.accountRequired;
  const refused = fileRefusal(file.files?.[0] ?? null);
  if (refused) errors.file = refused;
  return errors;
}

function FieldMessage({ id, message }: { id: string; message?: string }) {
  return (
    <p id={id} aria-live="polite" className="mt-1 text-sm text-red-700 empty:hidden">
      {message}
    </p>
  );
}

/**
 * Bulk Upload Trailers: the template, an admin's account, the file, Check file and Upload, and the
 * results. A plain multipart form posted to the page (it works without JavaScript); with
 * JavaScript the choices are checked before sending, the button reads "Uploading..." while it
 * runs, and the results replace the last ones in place.
 */
export function BulkUpload({
  accounts,
  accountId,
  home,
  answer,
}: {
  /** An admin's choice of account; null for everyone else (their own account). */
  accounts: { id: number; label: string }[] | null;
  accountId: number | null;
  /** Where Cancel goes: the dashboard the user lands on. */
  home: string;
  answer: UploadAnswer | undefined;
}) {
  const navigation = useNavigation();
  const sending = navigation.state !== "idle" && navigation.formAction === UPLOAD_PATH ? navigation.formData?.get("intent") : null;
  const [errors, setErrors] = useState<FormErrors>(() => errorsOf(answer));
  const [answered, setAnswered] = useState(answer);
  if (answer !== answered) {
    setAnswered(answer);
    setErrors(errorsOf(answer));
  }
  const accountRef = useRef<HTMLSelectElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);

  function checkChoices(event: React.FormEvent<HTMLFormElement>) {
    const found = choiceErrors(event.currentTarget, accounts !== null);
    if (!found.account_id && !found.file) return;
    event.preventDefault();
    setErrors(found);
    (found.account_id ? accountRef : fileRef).current?.focus();
  }

  return (
    <section className="mx-auto max-w-3xl space-y-4">
      <h1 className="text-2xl font-semibold">Bulk Upload Trailers</h1>
      <p className="text-slate-700">Add many trailers at once from a CSV or Excel file: one row a trailer, under a header row.</p>
      <TemplateHelp />
      <Form
        method="post"
        action={UPLOAD_PATH}
        encType="multipart/form-data"
        noValidate
        onSubmit={checkChoices}
        aria-labelledby="upload-form-title"
        className="space-y-4 rounded-lg border border-slate-200 bg-white p-4"
      >
        {/* First: the server reads the CSRF field from the body's first part. */}
        <CsrfInput />
        <h2 id="upload-form-title" className="text-lg font-semibold">
          Upload a file
        </h2>
        {errors.failed ? (
          <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
            <p className="font-medium">{UPLOAD_MESSAGES.failed}</p>
            {errors.failed !== UPLOAD_MESSAGES.failed ? <p id="upload-failed">{errors.failed}</p> : null}
          </div>
        ) : null}
        {accounts ? (
          <div>
            <label htmlFor="upload-account" className="block text-sm font-medium">
              Account
            </label>
            <select
              ref={accountRef}
              id="upload-account"
              name="account_id"
              defaultValue={answer?.account ?? accountId ?? ""}
              aria-invalid={errors.account_id ? true : undefined}
              aria-describedby="upload-account-error"
              onChange={() => setErrors((current) => ({ ...current, account_id: undefined }))}
              className={inputStyles}
            >
              <AccountOptions accounts={accounts} />
            </select>
            <FieldMessage id="upload-account-error" message={errors.account_id} />
          </div>
        ) : null}
        <div>
          <label htmlFor="upload-file" className="block text-sm font-medium">
            File (.csv, .xls, .xlsx)
          </label>
          <input
            ref={fileRef}
            id="upload-file"
            type="file"
            name="file"
            accept={UPLOAD_EXTENSIONS.join(",")}
            aria-invalid={errors.file ? true : undefined}
            aria-describedby={`upload-file-error${errors.failed ? " upload-failed" : ""}`}
            onChange={() => setErrors((current) => ({ account_id: current.account_id }))}
            className={`${inputStyles} file:mr-3 file:rounded file:border-0 file:bg-slate-100 file:px-3 file:py-1`}
          />
          <FieldMessage id="upload-file-error" message={errors.file} />
        </div>
        <div className="flex flex-wrap justify-end gap-2">
          <Link to={home} className={buttonStyles.secondary}>
            Cancel
          </Link>
          <button type="submit" name="intent" value="check" disabled={Boolean(sending)} className={buttonStyles.secondary}>
            {sending === "check" ? "Checking..." : "Check file"}
          </button>
          <button type="submit" name="intent" value="upload" disabled={Boolean(sending)} className={buttonStyles.primary}>
            {sending === "upload" ? "Uploading..." : "Upload"}
          </button>
        </div>
      </Form>
      <div aria-live="polite">{answer?.ok ? <UploadResultsPanel upload={answer} /> : null}</div>
    </section>
  );
}

/** Remix's single fetch throws this when the server's answer is not its data (an HTML error page from a proxy, say). */
function isUndecodableAnswer(error: unknown): boolean {
  return error instanceof Error && error.message.startsWith("Unable to decode turbo-stream");
}

/**
 * When the upload itself broke: an answer that is not the page's data (check the file format), a
 * refusal thrown as a response ("Failed to upload trailers" and its reason), or anything else
 * ("An error occurred during upload"). Try again reloads the page.
 */
export function UploadErrorBoundary() {
  const error = useRouteError();
  const response = isRouteErrorResponse(error) ? error : null;
  const reason = (response?.data as { message?: unknown } | null)?.message;
  let message: string = isUndecodableAnswer(error) ? UPLOAD_MESSAGES.notJson : UPLOAD_MESSAGES.unexpected;
  if (response) message = typeof reason === "string" && reason ? reason : UPLOAD_MESSAGES.failed;
  return (
    <section role="alert" className="mx-auto max-w-xl space-y-3 rounded-lg border border-red-200 bg-white p-6">
      <h1 className="text-2xl font-semibold">Bulk Upload Trailers</h1>
      {response ? <p className="font-medium text-red-700">{UPLOAD_MESSAGES.failed}</p> : null}
      {message !== UPLOAD_MESSAGES.failed ? <p className="text-red-700">{message}</p> : null}
      <div className="flex flex-wrap gap-2">
        <a href={UPLOAD_PATH} className={buttonStyles.primary}>
          Try again
        </a>
        <a href="/" className={buttonStyles.secondary}>
          Return to Dashboard
        </a>
      </div>
    </section>
  );
}
