import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import * as Dialog from "@radix-ui/react-dialog";
import { Form, Link, useNavigate, useNavigation } from "@remix-run/react";
import { CsrfInput } from "#app/components/csrf-input";
import { ErrorSummary } from "#app/components/ui/error-summary";
import { InputField } from "#app/components/ui/field";
import { buttonStyles } from "#app/components/ui/styles";
import { accountFormValues, accountSchema, type AccountInput } from "#app/domain/companies";

export type AccountFormValues = ReturnType<typeof accountFormValues>;

export interface EditedAccount {
  id: number;
  account_name: string;
  location: string;
  yard_count: number;
  building_count: number;
}

/**
 * The Add/Edit Account dialog. It is addressed by the URL (`?account=new` or `?account={id}`), so
 * the server renders it open and it works without JavaScript; the content is not portalled for the
 * same reason. Escape, a click outside and Cancel all go back to the page without the parameter.
 */
export function AccountDialog({
  account,
  lastResult,
}: {
  account: EditedAccount | null;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const navigate = useNavigate();
  const navigation = useNavigation();
  const [form, fields] = useForm<AccountFormValues, AccountInput>({
    id: `account-${account?.id ?? "new"}`,
    lastResult,
    defaultValue: accountFormValues(account ?? undefined),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: accountSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const title = account ? "Edit Account" : "Add Account";
  const close = () => navigate("?", { preventScrollReset: true, replace: true });
  return (
    <Dialog.Root open onOpenChange={(open) => !open && close()}>
      <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
      <Dialog.Content
        aria-describedby={undefined}
        className="fixed inset-x-3 top-[5vh] z-50 mx-auto max-h-[90vh] max-w-md overflow-y-auto rounded-lg bg-white p-5 shadow-xl"
      >
        <Dialog.Title className="text-lg font-semibold">{title}</Dialog.Title>
        <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4">
          <CsrfInput />
          <input type="hidden" name="intent" value="save-account" />
          {account ? <input type="hidden" name="account_id" value={account.id} /> : null}
          <ErrorSummary errors={form.errors ?? []} heading="Failed to save account:" />
          <InputField label="Account Name" field={fields.account_name} />
          <InputField label="Location" field={fields.location} placeholder="Boston, MA" autoComplete="off">
            <p className="mt-1 text-xs text-slate-500">City, two-letter state (e.g., Boston, MA)</p>
          </InputField>
          <div className="grid grid-cols-2 gap-3">
            <InputField label="Yards" field={fields.yard_count} type="number" min={0} step={1} inputMode="numeric" />
            <InputField label="Buildings" field={fields.building_count} type="number" min={0} step={1} inputMode="numeric" />
          </div>
          <div className="flex flex-wrap justify-end gap-2">
            <Link to="?" replace preventScrollReset className={buttonStyles.secondary}>
              Cancel
            </Link>
            <button type="submit" className={buttonStyles.primary} disabled={navigation.state !== "idle"}>
              Save Account
            </button>
          </div>
        </Form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
