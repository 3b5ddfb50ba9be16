import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useNavigation } from "@remix-run/react";
import type { z } from "zod";
import { CsrfInput } from "~/components/csrf-input";
import { ErrorSummary } from "~/components/ui/error-summary";
import { FieldErrors, InputField, inputStyles } from "~/components/ui/field";
import { buttonStyles } from "~/components/ui/modal";
import { buildingSchema, yardSchema } from "~/domain/places";

interface PlaceFormProps<Values> {
  title: string;
  submitLabel: string;
  cancelTo: string;
  defaultValue: Values;
  accounts: { id: number; label: string }[] | null;
  lastResult: SubmissionResult<string[]> | undefined;
}

function AccountSelect({ field, accounts }: { field: Parameters<typeof getSelectProps>[0]; accounts: { id: number; label: string }[] }) {
  return (
    <div>
      <label htmlFor={field.id} className="block text-sm font-medium">
        Account
      </label>
      <select {...getSelectProps(field)} key={field.key} className={inputStyles}>
        <option value="">Select an account</option>
        {accounts.map((account) => (
          <option key={account.id} value={account.id}>
            {account.label}
          </option>
        ))}
      </select>
      <FieldErrors id={field.errorId} errors={field.errors} />
      <p className="mt-1 text-xs text-slate-500">{accounts.length} accounts available</p>
    </div>
  );
}

function Actions({ cancelTo, submitLabel }: { cancelTo: string; submitLabel: string }) {
  const navigation = useNavigation();
  return (
    <div className="flex flex-wrap justify-end gap-2">
      <Link to={cancelTo} className={buttonStyles.secondary}>
        Cancel
      </Link>
      <button type="submit" className={buttonStyles.primary} disabled={navigation.state !== "idle"}>
        {submitLabel}
      </button>
    </div>
  );
}

/** Add New Building and Update Building. */
export function BuildingForm(props: PlaceFormProps<Partial<Record<keyof z.input<typeof buildingSchema>, string>>>) {
  const [form, fields] = useForm<z.input<typeof buildingSchema>>({
    lastResult: props.lastResult,
    defaultValue: props.defaultValue,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: buildingSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const errors = [...(form.errors ?? []), ...[fields.account_id, fields.building_name, fields.building_door_number].flatMap((f) => f.errors ?? [])];
  return (
    <section className="mx-auto max-w-lg">
      <h1 className="text-2xl font-semibold">{props.title}</h1>
      <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4 rounded-lg border border-slate-200 bg-white p-5">
        <CsrfInput />
        <ErrorSummary errors={[...new Set(errors)]} />
        {props.accounts ? <AccountSelect field={fields.account_id} accounts={props.accounts} /> : null}
        <InputField label="Building Name" field={fields.building_name} />
        <InputField label="Number of Dock Doors" field={fields.building_door_number} inputMode="numeric" />
        <Actions cancelTo={props.cancelTo} submitLabel={props.submitLabel} />
      </Form>
    </section>
  );
}

/** Add New Yard and Update Yard. */
export function YardForm(props: PlaceFormProps<Partial<Record<keyof z.input<typeof yardSchema>, string>>>) {
  const [form, fields] = useForm<z.input<typeof yardSchema>>({
    lastResult: props.lastResult,
    defaultValue: props.defaultValue,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: yardSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const errors = [...(form.errors ?? []), ...[fields.account_id, fields.name].flatMap((f) => f.errors ?? [])];
  return (
    <section className="mx-auto max-w-lg">
      <h1 className="text-2xl font-semibold">{props.title}</h1>
      <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4 rounded-lg border border-slate-200 bg-white p-5">
        <CsrfInput />
        <ErrorSummary errors={[...new Set(errors)]} />
        {props.accounts ? <AccountSelect field={fields.account_id} accounts={props.accounts} /> : null}
        <InputField label="Yard Name" field={fields.name} />
        <InputField label="Parking Location" field={fields.parking_location} />
        <label className="flex min-h-11 items-center gap-2 text-sm">
          <input {...getInputProps(fields.parking_spots, { type: "checkbox" })} key={fields.parking_spots.key} className="h-5 w-5" />
          Parking Spots Available
        </label>
        <Actions cancelTo={props.cancelTo} submitLabel={props.submitLabel} />
      </Form>
    </section>
  );
}
