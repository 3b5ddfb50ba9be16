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
import { TRUCK_TYPES, typeLabel, US_STATES } from "~/domain/assets";
import { SHOP } from "~/domain/locations";
import { TRUCK_STATUSES, truckSchema } from "~/domain/trucks";

export type TruckFormValues = Partial<Record<keyof z.input<typeof truckSchema>, string>>;

const FIELD_ORDER = [
  "account_id",
  "truck_number",
  "truck_location",
  "license_plate",
  "license_state",
  "type",
  "year",
  "make",
  "model",
  "tagged_description",
  "last_inspection",
  "next_inspection",
  "last_maintenance",
  "next_maintenance",
] as const;

const STATUS_LABEL: Record<(typeof TRUCK_STATUSES)[number], string> = {
  available: "Available",
  red: "Red Tagged",
  yellow: "Yellow Tagged",
  shop: "Shop",
};

const upperOnInput = (event: React.FormEvent<HTMLInputElement>) => {
  event.currentTarget.value = event.currentTarget.value.toUpperCase();
};

/**
 * Add Truck (status as independent checkboxes) and Update Truck (status as one radio: Available,
 * Red Tagged, Yellow Tagged, Shop). Choosing Shop puts the truck in the Shop.
 */
export function TruckForm({
  title,
  submitLabel,
  cancelTo,
  defaultValue,
  locations,
  users,
  accounts,
  statusAsRadio,
  lastResult,
}: {
  title: string;
  submitLabel: string;
  cancelTo: string;
  defaultValue: TruckFormValues;
  locations: string[];
  users: AssigneeChoice[];
  accounts: { id: number; label: string }[] | null;
  statusAsRadio: boolean;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const navigation = useNavigation();
  const [form, fields] = useForm<z.input<typeof truckSchema>>({
    lastResult,
    defaultValue,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: truckSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const [location, setLocation] = useState(defaultValue.truck_location ?? "");
  const [status, setStatus] = useState(defaultValue.status ?? "available");
  const errors = [...(form.errors ?? []), ...FIELD_ORDER.flatMap((name) => fields[name].errors ?? [])];
  const { defaultValue: _typed, ...locationProps } = getInputProps(fields.truck_location, { type: "text" });
  const thisYear = new Date().getFullYear();

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
          <InputField label="Truck Number" field={fields.truck_number} onInput={upperOnInput} />
          <div>
            <label htmlFor={fields.truck_location.id} className="block text-sm font-medium">
              Location
            </label>
            <input
              {...locationProps}
              key={fields.truck_location.key}
              list="truck-locations"
              autoComplete="off"
              value={location}
              onChange={(event) => setLocation(event.target.value)}
              className={inputStyles}
            />
            <datalist id="truck-locations">
              {locations.map((option) => (
                <option key={option} value={option} />
              ))}
            </datalist>
            <FieldErrors id={fields.truck_location.errorId} errors={fields.truck_location.errors} />
          </div>
          <div>
            <label htmlFor={fields.type.id} className="block text-sm font-medium">
              Type
            </label>
            <select {...getSelectProps(fields.type)} key={fields.type.key} className={inputStyles}>
              <option value="">Select a type</option>
              {TRUCK_TYPES.map((type) => (
                <option key={type} value={type}>
                  {typeLabel(type)}
                </option>
              ))}
            </select>
            <FieldErrors id={fields.type.errorId} errors={fields.type.errors} />
          </div>
          <InputField label="Year" field={fields.year} inputMode="numeric" maxLength={4} placeholder={`1900–${thisYear}`} />
          <InputField label="Make" field={fields.make} />
          <InputField label="Model" field={fields.model} />
          <InputField label="License Plate" field={fields.license_plate} onInput={upperOnInput} />
          <div>
            <label htmlFor={fields.license_state.id} className="block text-sm font-medium">
              License State
            </label>
            <input
              {...getInputProps(fields.license_state, { type: "text" })}
              key={fields.license_state.key}
              list="truck-license-states"
              maxLength={2}
              autoComplete="off"
              onInput={upperOnInput}
              className={inputStyles}
            />
            <datalist id="truck-license-states">
              {US_STATES.map((state) => (
                <option key={state.code} value={state.code}>
                  {state.name}
                </option>
              ))}
            </datalist>
            <FieldErrors id={fields.license_state.errorId} errors={fields.license_state.errors} />
          </div>
        </div>

        {statusAsRadio ? (
          <fieldset>
            <legend className="text-sm font-medium">Status</legend>
            <div className="mt-1 flex flex-wrap gap-2">
              {TRUCK_STATUSES.map((value) => (
                <label key={value} className="flex min-h-11 items-center gap-2 rounded-md border border-slate-300 px-3 text-sm">
                  <input
                    type="radio"
                    name={fields.status.name}
                    value={value}
                    checked={status === value}
                    onChange={() => {
                      setStatus(value);
                      if (value === "shop") setLocation(SHOP);
                    }}
                    className="h-4 w-4"
                  />
                  {STATUS_LABEL[value]}
                </label>
              ))}
            </div>
          </fieldset>
        ) : (
          <fieldset className="flex flex-wrap gap-3">
            <legend className="text-sm font-medium">Status</legend>
            {(["red_tagged", "yellow_tagged", "in_shop"] as const).map((name) => (
              <label key={name} className="flex min-h-11 items-center gap-2 text-sm">
                <input
                  {...getInputProps(fields[name], { type: "checkbox" })}
                  key={fields[name].key}
                  onChange={(event) => {
                    if (name === "in_shop" && event.target.checked) setLocation(SHOP);
                  }}
                  className="h-5 w-5"
                />
                {name === "red_tagged" ? "Red Tagged" : name === "yellow_tagged" ? "Yellow Tagged" : "Shop"}
              </label>
            ))}
          </fieldset>
        )}
        <InputField label="Tagged Description" field={fields.tagged_description} />

        <AssigneeField label="Assigned To" field={fields.assigned_user} users={users} />

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
