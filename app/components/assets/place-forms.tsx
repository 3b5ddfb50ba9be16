import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useActionData } from "@remix-run/react";
import { CsrfInput } from "#app/components/csrf-input";
import { ErrorSummary } from "#app/components/ui/error-summary";
import { FieldErrors, InputField, SelectField } from "#app/components/ui/field";
import { inputStyles } from "#app/components/ui/styles";
import { AccountOptions, FormActions } from "#app/components/ui/form-parts";
import { US_STATES } from "#app/domain/assets";
import { PLACE_PAGES, PLACE_SCHEMAS, type PlaceKind } from "#app/domain/places";

type Fields = ReturnType<typeof useForm<Record<string, unknown>>>[1];

function AccountSelect({ field, accounts }: { field: Fields[string]; accounts: { id: number; label: string }[] }) {
  return (
    <div>
      <label htmlFor={field.id} className="block text-sm font-medium">
        Account
      </label>
      <select {...getSelectProps(field)} key={field.key} className={inputStyles}>
        <AccountOptions accounts={accounts} />
      </select>
      <FieldErrors id={field.errorId} errors={field.errors} />
      <p className="mt-1 text-xs text-slate-500">{accounts.length} accounts available</p>
    </div>
  );
}

const STATE_OPTIONS = US_STATES.map((state) => ({ value: state.code, label: `${state.name} (${state.code})` }));

/** Where the place is and what it is: every field optional. */
function AddressFields({ fields }: { fields: Fields }) {
  return (
    <fieldset className="space-y-4 rounded-md border border-slate-200 p-4">
      <legend className="px-1 text-sm font-medium">Address</legend>
      <InputField label="Street Address" field={fields.address} autoComplete="street-address" />
      <div className="grid gap-4 sm:grid-cols-[1fr_12rem_8rem]">
        <InputField label="City" field={fields.city} autoComplete="address-level2" />
        <SelectField label="State" field={fields.state} placeholder="Select a state" options={STATE_OPTIONS} />
        <InputField label="Zip Code" field={fields.zip_code} inputMode="numeric" autoComplete="postal-code" />
      </div>
      <InputField label="Description" field={fields.description} />
    </fieldset>
  );
}

/** The fields of each kind of place, in the order the form shows them. */
const PLACE_FIELDS: Record<PlaceKind, (fields: Fields) => React.ReactNode> = {
  building: (fields) => (
    <>
      <InputField label="Building Name" field={fields.building_name} />
      <InputField label="Number of Dock Doors" field={fields.building_door_number} inputMode="numeric" />
      <InputField label="Location" field={fields.location} />
      <AddressFields fields={fields} />
    </>
  ),
  yard: (fields) => (
    <>
      <InputField label="Yard Name" field={fields.name} />
      <InputField label="Parking Location" field={fields.parking_location} />
      <label className="flex min-h-11 items-center gap-2 text-sm">
        <input {...getInputProps(fields.parking_spots, { type: "checkbox" })} key={fields.parking_spots.key} className="h-5 w-5" />
        Parking Spots Available
      </label>
      <AddressFields fields={fields} />
    </>
  ),
};

/**
 * Add New Building / Update Building and Add New Yard / Update Yard: the page of a place form.
 * `accounts`: an admin adding one chooses its account. Every error is listed above the form too.
 */
export function PlaceFormPage({
  kind,
  mode,
  defaultValue,
  accounts = null,
  cancelTo,
}: {
  kind: PlaceKind;
  mode: "add" | "update";
  defaultValue: Record<string, string>;
  accounts?: { id: number; label: string }[] | null;
  cancelTo: string;
}) {
  const lastResult = useActionData<SubmissionResult<string[]>>();
  const [form, fields] = useForm<Record<string, unknown>>({
    lastResult,
    defaultValue,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: PLACE_SCHEMAS[kind] }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const errors = [...(form.errors ?? []), ...Object.values(form.allErrors).flat()];
  const titles = PLACE_PAGES[kind].formTitles;
  return (
    <section className="mx-auto max-w-lg">
      <h1 className="text-2xl font-semibold">{mode === "add" ? titles.add : titles.update}</h1>
      <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4 rounded-lg border border-slate-200 bg-white p-5">
        <CsrfInput />
        <ErrorSummary errors={[...new Set(errors)]} />
        {accounts ? <AccountSelect field={fields.account_id} accounts={accounts} /> : null}
        {PLACE_FIELDS[kind](fields)}
        <FormActions cancelTo={cancelTo} submitLabel={mode === "add" ? titles.submit : "Update"} />
      </Form>
    </section>
  );
}
