import { getFormProps, useForm, type DefaultValue, type FormMetadata, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useNavigation } from "@remix-run/react";
import type { z } from "zod";
import { CsrfInput } from "#app/components/csrf-input";
import { ErrorSummary } from "#app/components/ui/error-summary";
import { buttonStyles } from "#app/components/ui/styles";
import type { AssigneeChoice } from "#app/domain/assets";

/** A trailer or truck form's fields as strings, as its page fills them. */
type AssetFormValues<Schema extends z.ZodType> = Partial<Record<keyof z.input<Schema>, string>>;

/** What a trailer or truck page gives its form. */
export interface AssetFormProps<Schema extends z.ZodType> {
  title: string;
  submitLabel: string;
  cancelTo: string;
  defaultValue: AssetFormValues<Schema>;
  choices: {
    /** The account's locations, for the Location type-ahead. */
    locations: string[];
    /** The account's users, for the assignee type-ahead. */
    users: AssigneeChoice[];
    /** An admin adding an asset chooses its account; otherwise null. */
    accounts: { id: number; label: string }[] | null;
  };
  lastResult: SubmissionResult<string[]> | undefined;
  /** Where the form posts, when not to the page's own address. */
  action?: string;
}

/** What Add New Trailer and Add Truck load: the account's choices, and the account (an admin's `?account=`). */
type AddFormChoices = AssetFormProps<z.ZodType>["choices"] & { accountId: number | null };

/**
 * The choices of Add New Trailer and Add Truck: those of the account the page was opened for (the
 * loader's), or of the account an admin loaded without JavaScript ("Load this account's
 * locations", `addAssetAction`), with the form as it was typed. The form then posts with that
 * account in the address, so an answer with errors lists the same account's choices.
 */
export function addFormChoices(
  loaded: AddFormChoices,
  answer: SubmissionResult<string[]> | { accountLoaded: { choices: AddFormChoices; typed: SubmissionResult<string[]> } } | undefined,
) {
  const { choices, lastResult } =
    answer && "accountLoaded" in answer
      ? { choices: answer.accountLoaded.choices, lastResult: answer.accountLoaded.typed }
      : { choices: loaded, lastResult: answer };
  const { accountId, ...lists } = choices;
  const reloaded = choices !== loaded && accountId;
  return {
    /** The Account field's first value. */
    account: accountId ? String(accountId) : "",
    form: { choices: lists, lastResult, action: reloaded ? `?account=${accountId}` : undefined },
  };
}

/**
 * The Conform form of a trailer or truck: validated in the page by the same schema as on the
 * server, first on submit, then as the user types.
 */
export function useAssetForm<Schema extends z.ZodType<Record<string, unknown>, Record<string, unknown>>>(
  schema: Schema,
  { lastResult, defaultValue }: { lastResult: SubmissionResult<string[]> | undefined; defaultValue: DefaultValue<z.input<Schema>> },
) {
  return useForm<z.input<Schema>, z.output<Schema>>({
    lastResult,
    defaultValue,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
}

/**
 * An add or update page of a trailer or truck: its heading, a posted form with the CSRF token
 * and a summary of the errors (each once, in the order given), its fields, then Cancel and submit.
 */
export function AssetFormPage<Values extends Record<string, unknown>>({
  title,
  form,
  errors,
  cancelTo,
  submitLabel,
  action,
  children,
}: {
  title: string;
  form: FormMetadata<Values>;
  errors: (string[] | undefined)[];
  cancelTo: string;
  submitLabel: string;
  action?: string;
  children: React.ReactNode;
}) {
  const busy = useNavigation().state !== "idle";
  return (
    <section className="mx-auto max-w-2xl">
      <h1 className="text-2xl font-semibold">{title}</h1>
      <Form
        method="post"
        action={action}
        {...getFormProps(form)}
        className="mt-4 space-y-4 rounded-lg border border-slate-200 bg-white p-5"
      >
        <CsrfInput />
        <ErrorSummary errors={[...new Set([form.errors, ...errors].flatMap((list) => list ?? []))]} />
        {children}
        <div className="flex flex-wrap justify-end gap-2">
          <Link to={cancelTo} className={buttonStyles.secondary}>
            Cancel
          </Link>
          <button type="submit" disabled={busy} className={buttonStyles.primary}>
            {submitLabel}
          </button>
        </div>
      </Form>
    </section>
  );
}
