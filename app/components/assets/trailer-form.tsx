import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useNavigation } from "@remix-run/react";
import { useState } from "react";
import type { z } from "zod";
import { AssigneeField, type AssigneeChoice } from "~/components/assets/assignee-field";
import { CsrfInput } from "~/components/csrf-input";
import { ErrorSummary } from "~/components/ui/error-summary";
import { FieldErrors, InputField, inputStyles } from "~/components/ui/field";
import { buttonStyles } from "~/components/ui/modal";
import { TRAILER_TYPES, typeLabel, US_STATES } from "~/domain/assets";
import { SHOP } from "~/domain/locations";
import { trailerSchema } from "~/domain/trailers";

/** The fields whose errors the summary lists, in the order of the form. */
const FIELD_ORDER = [
  "account_id",
  "trailer_number",
  "company_owner",
  "trailer_location",
  "type",
  "license_state",
  "license_plate",
  "load_number",
  "tray_count",
  "tagged_description",
] as const;

export type TrailerFormValues = Partial<Record<keyof z.input<typeof trailerSchema>, string>>;

export interface TrailerFormProps {
  title: string;
  submitLabel: string;
  cancelTo: string;
  defaultValue: TrailerFormValues;
  locations: string[];
  users: AssigneeChoice[];
  accounts: { id: number; label: string }[] | null;
  lastResult: SubmissionResult<string[]> | undefined;
}

const upperOnInput = (event: React.FormEvent<HTMLInputElement>) => {
  const input = event.currentTarget;
  const caret = input.selectionStart;
  input.value = input.value.toUpperCase();
  if (caret !== null) input.setSelectionRange(caret, caret);
};

/**
 * Add New Trailer and Update Trailer. Location and license state are type-ahead lists (native
 * datalists: keyboard navigation included, and the form works without JavaScript); choosing the
 * Shop location ticks Shop and ticking Shop moves the trailer to the Shop; the load type is one
 * of Loaded, Tray, Empty.
 */
export function TrailerForm({ title, submitLabel, cancelTo, defaultValue, locations, users, accounts, lastResult }: TrailerFormProps) {
  const navigation = useNavigation();
  const [form, fields] = useForm<z.input<typeof trailerSchema>>({
    lastResult,
    defaultValue,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: trailerSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const [location, setLocation] = useState(defaultValue.trailer_location ?? "");
  const [inShop, setInShop] = useState(defaultValue.in_shop === "on");
  const [loadType, setLoadType] = useState(defaultValue.load_type ?? "empty");
  const errors = [
    ...(form.errors ?? []),
    ...FIELD_ORDER.flatMap((name) => fields[name].errors ?? []),
  ];
  const { defaultValue: _typed, ...locationProps } = getInputProps(fields.trailer_location, { type: "text" });

  return (
    <section className="mx-auto max-w-2xl">
      <h1 className="text-2xl font-semibold">{title}</h1>
      <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4 rounded-lg border border-slate-200 bg-white p-5">
        <CsrfInput />
        <ErrorSummary errors={[...new Set(errors)]} />
        {accounts ? (
          <div>
            <label htmlFor={fields.account_id.id} className="block text-sm font-medium">
              Account
            </label>
            <select {...getSelectProps(fields.account_id)} key={fields.account_id.key} className={inputStyles}>
              <option value="">Select an account</option>
              {accounts.map((account) => (
                <option key={account.id} value={account.id}>
                  {account.label}
                </option>
              ))}
            </select>
            <FieldErrors id={fields.account_id.errorId} errors={fields.account_id.errors} />
          </div>
        ) : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <InputField label="Trailer Number" field={fields.trailer_number} onInput={upperOnInput} />
          <InputField label="Owner" field={fields.company_owner} onInput={upperOnInput} />
          <div>
            <label htmlFor={fields.trailer_location.id} className="block text-sm font-medium">
              Location
            </label>
            <input
              {...locationProps}
              key={fields.trailer_location.key}
              list="trailer-locations"
              autoComplete="off"
              value={location}
              onChange={(event) => {
                setLocation(event.target.value);
                setInShop(event.target.value.trim().toLowerCase() === SHOP.toLowerCase());
              }}
              className={inputStyles}
            />
            <datalist id="trailer-locations">
              {locations.map((option) => (
                <option key={option} value={option} />
              ))}
            </datalist>
            <FieldErrors id={fields.trailer_location.errorId} errors={fields.trailer_location.errors} />
          </div>
          <div>
            <label htmlFor={fields.type.id} className="block text-sm font-medium">
              Type
            </label>
            <select {...getSelectProps(fields.type)} key={fields.type.key} className={inputStyles}>
              <option value="">Select a type</option>
              {TRAILER_TYPES.map((type) => (
                <option key={type} value={type}>
                  {typeLabel(type)}
                </option>
              ))}
            </select>
            <FieldErrors id={fields.type.errorId} errors={fields.type.errors} />
          </div>
          <div>
            <label htmlFor={fields.license_state.id} className="block text-sm font-medium">
              License State
            </label>
            <input
              {...getInputProps(fields.license_state, { type: "text" })}
              key={fields.license_state.key}
              list="license-states"
              autoComplete="off"
              maxLength={2}
              onInput={upperOnInput}
              className={inputStyles}
            />
            <datalist id="license-states">
              {US_STATES.map((state) => (
                <option key={state.code} value={state.code}>
                  {state.name}
                </option>
              ))}
            </datalist>
            <FieldErrors id={fields.license_state.errorId} errors={fields.license_state.errors} />
          </div>
          <InputField label="License Plate" field={fields.license_plate} onInput={upperOnInput} />
        </div>

        <fieldset>
          <legend className="text-sm font-medium">Load Type</legend>
          <div className="mt-1 flex flex-wrap gap-2">
            {(["loaded", "tray", "empty"] as const).map((value) => (
              <label key={value} className="flex min-h-11 items-center gap-2 rounded-md border border-slate-300 px-3 text-sm">
                <input
                  type="radio"
                  name={fields.load_type.name}
                  value={value}
                  checked={loadType === value}
                  onChange={() => setLoadType(value)}
                  className="h-4 w-4"
                />
                {value === "loaded" ? "Loaded" : value === "tray" ? "Tray" : "Empty"}
              </label>
            ))}
          </div>
        </fieldset>
        {loadType === "loaded" ? <InputField label="Load Number" field={fields.load_number} /> : null}
        {loadType === "tray" ? <InputField label="Tray Count" field={fields.tray_count} type="number" min={1} /> : null}
        {loadType === "empty" ? <p className="text-sm text-slate-600">Status: Empty</p> : null}

        <fieldset className="flex flex-wrap gap-3">
          <legend className="text-sm font-medium">Tags</legend>
          <label className="flex min-h-11 items-center gap-2 text-sm">
            <input {...getInputProps(fields.red_tagged, { type: "checkbox" })} key={fields.red_tagged.key} className="h-5 w-5" />
            Red Tagged
          </label>
          <label className="flex min-h-11 items-center gap-2 text-sm">
            <input {...getInputProps(fields.yellow_tagged, { type: "checkbox" })} key={fields.yellow_tagged.key} className="h-5 w-5" />
            Yellow Tagged
          </label>
          <label className="flex min-h-11 items-center gap-2 text-sm">
            <input
              type="checkbox"
              name={fields.in_shop.name}
              checked={inShop}
              onChange={(event) => {
                setInShop(event.target.checked);
                if (event.target.checked) setLocation(SHOP);
              }}
              className="h-5 w-5"
            />
            Shop
          </label>
        </fieldset>
        <InputField label="Tagged Description" field={fields.tagged_description} />

        <AssigneeField label="Assign User" field={fields.assigned_user} users={users} />

        <div className="grid gap-4 sm:grid-cols-2">
          <InputField label="Last Inspection" field={fields.last_inspection} type="date" />
          <InputField label="Next Inspection" field={fields.next_inspection} type="date" />
          <InputField label="Last Maintenance" field={fields.last_maintenance} type="date" />
          <InputField label="Next Maintenance" field={fields.next_maintenance} type="date" />
        </div>

        <div className="flex flex-wrap justify-end gap-2">
          <Link to={cancelTo} className={buttonStyles.secondary}>
            Cancel
          </Link>
          <button type="submit" className={buttonStyles.primary} disabled={navigation.state !== "idle"}>
            {submitLabel}
          </button>
        </div>
      </Form>
    </section>
  );
}
